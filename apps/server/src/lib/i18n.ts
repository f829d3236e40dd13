/**
 * The server's translations (docs/decisions/026-languages.md, 028-message-files.md): every
 * language's whole catalogue (its four message files), a `t` fixed to each language.
 */
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_HEADER,
  LANGUAGE_INFO,
  createTranslator,
  isLanguage,
  type Language,
  type Translate,
} from '@agro/shared';
import { CATALOGUES } from '@agro/shared/i18n/all';

const fixed = Object.fromEntries(LANGUAGES.map((l) => [l, createTranslator(l, CATALOGUES[l]).t])) as Record<Language, Translate>;

/** The text function of `language`. */
export const translator = (language: Language): Translate => fixed[language];

/**
 * The language of the page a request came from: the web app names it in LANGUAGE_HEADER; a client
 * that does not (SPEC.md's) gets English, as before.
 */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const value = headers[LANGUAGE_HEADER];
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** A mail's HTML in `language`: English as it was; another language marked, Arabic right to left. */
export function mailHtml(html: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return html;
  const { tag, dir } = LANGUAGE_INFO[language];
  return `<div lang="${tag}" dir="${dir}">\n${html}\n</div>`;
}
