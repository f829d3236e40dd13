/**
 * The server's refusals that carry a value (an order's step, a quote's status, a day), in the
 * language of the page that asked (issue 28): the web app names it in the x-site-language header; a
 * client that does not (SPEC.md's) gets the English text, as before. SPEC's own messages hold no
 * value and are translated by the page (localizeMessage); these are built by order.ts and
 * quote-desk-texts.ts with the value inside, so the page cannot look them up. Each English
 * template of the catalogue's `refusals` section is read back as a pattern; its values are named
 * in the language too (a step, a status, an action).
 */
import { DEFAULT_LANGUAGE, type Language } from '@agro/shared';
import { CATALOGUES } from '@agro/shared/i18n/all';
import { translator } from './i18n.js';

const { actions: ENGLISH_ACTIONS, ...TEMPLATES } = CATALOGUES.en.refusals;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = (Object.entries(TEMPLATES) as [keyof typeof TEMPLATES, string][]).map(([key, template]) => {
  const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
  const source = template
    .split(/\{\{\w+\}\}/)
    .map(escapeRegExp)
    .join('(.+?)');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

const ACTION_OF = new Map(Object.entries(ENGLISH_ACTIONS).map(([action, past]) => [past, action]));

/**
 * The sample requests' answers (issue 43, server.json's accountMessages.samples): read by the
 * samples' screens only, so the server says them in the page's language; `state` is a request's status.
 */
const SAMPLE_PATTERNS = (
  Object.entries(CATALOGUES.en.accountMessages.samples) as [keyof typeof CATALOGUES.en.accountMessages.samples, string][]
).map(([key, template]) => {
  const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
  const source = template
    .split(/\{\{\w+\}\}/)
    .map(escapeRegExp)
    .join('(.+?)');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});
const SAMPLE_STATUS_OF = new Map(Object.entries(CATALOGUES.en.sampleStatuses).map(([status, label]) => [label, status]));

function localizeSampleText(message: string, language: Language): string | undefined {
  for (const { key, names, pattern } of SAMPLE_PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const t = translator(language);
    const named = (name: string, value: string): string =>
      name === 'state' ? t(`sampleStatuses.${SAMPLE_STATUS_OF.get(value) ?? value}`, { defaultValue: value }) : value;
    const values = Object.fromEntries(names.map((name, i) => [name, named(name, match[i + 1]!)]));
    return t(`accountMessages.samples.${key}`, { ...values, defaultValue: message });
  }
  return undefined;
}

/** `message` in `language` when it is one of the refusals above; any other message unchanged. */
export function localizeRefusal(message: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return message;
  const sample = localizeSampleText(message, language);
  if (sample !== undefined) return sample;
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const t = translator(language);
    const named = (name: string, value: string): string => {
      if (name === 'step' || name === 'expected') return t(`orderSteps.${value}`, { defaultValue: value });
      if (name === 'status') return t(`quoteStatus.${value}`, { defaultValue: value });
      if (name === 'action') return t(`refusals.actions.${ACTION_OF.get(value) ?? value}`, { defaultValue: value });
      return value;
    };
    const values = Object.fromEntries(names.map((name, i) => [name, named(name, match[i + 1]!)]));
    // A key of the English file's `refusals`, chosen at run time: its own text is the default.
    return t(`refusals.${key}`, { ...values, defaultValue: message });
  }
  return message;
}
