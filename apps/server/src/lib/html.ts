import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type Language } from '@agro/shared';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escape text for HTML (and XML: the sitemap) element content and quoted attributes. */
export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The web app's index.html with `<html lang dir>` of `language` (English as built: lang="en"). */
export function htmlInLanguage(html: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return html;
  const { tag, dir } = LANGUAGE_INFO[language];
  return html.replace(/<html lang="[^"]*">/, `<html lang="${tag}" dir="${dir}">`);
}
