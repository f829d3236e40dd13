/**
 * The checks a translation passes (catalogues.test.ts runs them; `npm run messages` prints them and
 * records a translation as made from today's English): docs/translations.md says how to use them.
 * Node only: reads the message files' folder.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Language } from '../../src/languages.js';
import { PLURAL_FORMS, type PluralForm, type Texts } from '../../src/i18n/catalogue.js';

/** The message files' folder (packages/shared/locales). */
export const LOCALES = new URL('../../locales/', import.meta.url);

/** Every text of a tree as 'a.b.c' -> text. */
export function leaves(value: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof inner === 'string') out.set(path, inner);
    else for (const [k, v] of leaves(inner, path)) out.set(k, v);
  }
  return out;
}

/** A text of a language: a plain one (its form is '') or a plural one (its forms by CLDR name). */
export interface Message {
  plural: boolean;
  forms: Map<PluralForm | '', string>;
}

const PLURAL_KEY = new RegExp(`^(.*)_(${PLURAL_FORMS.join('|')})$`);

/**
 * A language's texts by key (a plural text under its key without the form), whichever file holds
 * them: a key lives in one file (the page merges them). A key is plural when it ends in a CLDR
 * form's name and the file has more than one form of it.
 */
export function messageShape(files: Record<string, Texts>): Map<string, Message> {
  const out = new Map<string, Message>();
  const seen = new Map<string, string>();
  for (const [part, texts] of Object.entries(files)) {
    const all = leaves(texts);
    for (const key of all.keys()) {
      const id = PLURAL_KEY.exec(key)?.[1] ?? key;
      if (seen.has(id) && seen.get(id) !== part)
        throw new Error(`${id} is in two message files (${seen.get(id)} and ${part}): a key lives in one`);
    }
    for (const [key, text] of all) {
      const match = PLURAL_KEY.exec(key);
      const base = match?.[1];
      const isPlural = !!match && !!base && PLURAL_FORMS.filter((f) => all.has(`${base}_${f}`)).length > 1;
      const id = isPlural ? base! : key;
      seen.set(id, part);
      const message = out.get(id) ?? { plural: isPlural, forms: new Map() };
      message.forms.set(isPlural ? (match![2] as PluralForm) : '', text);
      out.set(id, message);
    }
  }
  return out;
}

/** What a translation was made from: key -> a hash of the English text(s) then. */
export type Stamp = Record<string, string>;

const stampFile = (language: Language) => new URL(`${language}/sources.json`, LOCALES);

export function stampOf(language: Language): Stamp {
  const file = stampFile(language);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Stamp) : {};
}

/** The hash of an English text (all forms of a plural one), as a stamp records it. */
export function sourceHash(message: Message): string {
  const text = [...message.forms]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([form, value]) => `${form}\u0000${value}`)
    .join('\u0001');
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** The keys whose English changed (or is new) since the translation was made: they need a translator's look. */
export function staleTranslations(english: Record<string, Texts>, stamp: Stamp): string[] {
  return [...messageShape(english)].filter(([id, message]) => stamp[id] !== sourceHash(message)).map(([id]) => id);
}

/** Records `language`'s translation of `ids` (or of every text) as made from today's English. */
export function writeStamp(language: Language, english: Record<string, Texts>, ids?: string[]): void {
  const stamp = stampOf(language);
  for (const [id, message] of messageShape(english)) if (!ids || ids.includes(id)) stamp[id] = sourceHash(message);
  const known = new Set(messageShape(english).keys());
  const kept = Object.fromEntries(
    Object.entries(stamp)
      .filter(([id]) => known.has(id))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  fs.writeFileSync(stampFile(language), `${JSON.stringify(kept, null, 2)}\n`);
}

/** Why a text is translated differently from another with the same English: key -> a note for translators. */
export type Contexts = Record<string, string>;

export function contexts(): Contexts {
  const file = new URL('context.json', LOCALES);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Contexts) : {};
}

/**
 * One English text translated two ways within a language: each such text with its keys and
 * translations, unless every key but those of one translation has a context that says why.
 * Plural texts are left out (their forms are the language's, not English's).
 */
export function duplicateTranslations(
  english: Record<string, Texts>,
  translation: Record<string, Texts>,
  notes: Contexts = contexts(),
): string[] {
  const own = messageShape(translation);
  const byEnglish = new Map<string, Array<{ id: string; text: string }>>();
  for (const [id, message] of messageShape(english)) {
    const text = own.get(id)?.forms.get('');
    const source = message.forms.get('');
    if (message.plural || source === undefined || text === undefined) continue;
    byEnglish.set(source, [...(byEnglish.get(source) ?? []), { id, text }]);
  }
  const out: string[] = [];
  for (const [source, uses] of byEnglish) {
    const unexplained = new Set(uses.filter((u) => !(u.id in notes)).map((u) => u.text));
    if (new Set(uses.map((u) => u.text)).size > 1 && unexplained.size > 1)
      out.push(`"${source}": ${uses.map((u) => `${u.id} "${u.text}"`).join(', ')}`);
  }
  return out;
}
