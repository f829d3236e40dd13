/**
 * Translation (docs/decisions/028-message-files.md): the message files are i18next's JSON format
 * (nested keys, `{{name}}` placeholders, plurals as `key_one`, `key_other`... by the language's
 * CLDR rules, `key_zero` for 0 where a text has it), read by this small function instead of the
 * i18next runtime, which weighed 13 kB gzip on every first page. A `t` is fixed to one language: a
 * render, a mail or a PDF asks for its own and never changes a global language.
 */
import type { Language } from '../languages.js';
import type { MessageKey, Texts } from './catalogue.js';

/** Values for the placeholders; `count` also picks the plural form; `defaultValue` answers a key the catalogue lacks. */
export type TranslateOptions = { readonly count?: number; readonly defaultValue?: string } & Readonly<
  Record<string, string | number | null | undefined>
>;

export interface Translate {
  (key: MessageKey, options?: TranslateOptions): string;
  /** A key made at run time (a status's name): `defaultValue` answers one the catalogue lacks. */
  (key: string, options: TranslateOptions & { readonly defaultValue: string }): string;
}

/** A language's texts and its `t`; parts loaded later (a private screen's) are added to it. */
export interface Translator {
  readonly language: Language;
  readonly t: Translate;
  /** Adds a part of the catalogue (its keys merged in, deeply). */
  add(texts: Texts): void;
  /** Whether `key` names a text (or a plural text). */
  has(key: string): boolean;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
const rulesOf = (language: Language): Intl.PluralRules => {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
};

function merge(target: Record<string, string | Texts>, source: Texts): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') {
      const copy = { ...existing };
      merge(copy, value);
      target[key] = copy;
    } else target[key] = value;
  }
}

/** Parts of a catalogue as one (a section may be split between files: desk.json adds to messages.json's). */
export function mergeTexts(...parts: Texts[]): Texts {
  const root: Record<string, string | Texts> = {};
  for (const part of parts) merge(root, part);
  return root;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * `text` with its placeholders filled, as i18next fills them: one not among `values` stays as
 * written (components/ui/fill.tsx fills it with an element); one given as null or undefined reads
 * as nothing.
 */
export function interpolate(text: string, values: TranslateOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

/** The translator of `language` over `parts` (a whole catalogue, or the parts loaded so far). */
export function createTranslator(language: Language, ...parts: Texts[]): Translator {
  const root: Record<string, string | Texts> = {};
  for (const part of parts) merge(root, part);

  /** The text of `key`: its plural form for `count` when it has forms. */
  const lookup = (key: string, count: number | undefined): string | undefined => {
    const path = key.split('.');
    const last = path.pop() ?? '';
    let node: string | Texts | undefined = root;
    for (const segment of path) node = typeof node === 'object' ? node[segment] : undefined;
    if (typeof node !== 'object') return undefined;
    const texts = node;
    const text = (name: string) => (typeof texts[name] === 'string' ? (texts[name] as string) : undefined);
    if (count !== undefined) {
      const form =
        (count === 0 ? text(`${last}_zero`) : undefined) ?? text(`${last}_${rulesOf(language).select(count)}`) ?? text(`${last}_other`);
      if (form !== undefined) return form;
    }
    return text(last);
  };

  const t: Translate = (key: string, options?: TranslateOptions) => {
    const text = lookup(key, options?.count) ?? options?.defaultValue ?? key;
    return options ? interpolate(text, options) : text;
  };

  return {
    language,
    t,
    add: (texts) => merge(root, texts),
    has: (key) => lookup(key, undefined) !== undefined || lookup(key, 1) !== undefined,
  };
}
