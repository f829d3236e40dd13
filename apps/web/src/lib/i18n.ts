/**
 * The page's language in the browser (docs/decisions/026-languages.md): its address says it
 * (/ar/..., English unprefixed), only its catalogue is loaded (a chunk of its own), and it does not
 * change while the page lives: the switcher loads the other language's address. `t` is fixed to
 * that language; the server's render sets it per page (entry-server.tsx) just before rendering,
 * which is synchronous.
 */
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_INFO,
  createTranslator,
  languageBase,
  splitLanguage,
  type Language,
  type Texts,
  type Translate,
  type TranslateOptions,
  type Translator,
} from '@agro/shared';
import { adminMessages as englishAdminMessages, messages as englishMessages } from '@agro/shared/locales/en/messages.json';

export type Loader = () => Promise<{ default: Texts }>;

/**
 * Every language's message files that a browser reads, each its own chunk, loaded when needed
 * (docs/translations.md): `public` with the first page; `about` (the about page's texts) and `legal`
 * (the privacy and terms pages') with those pages, before they render or hydrate (app/router.tsx,
 * docs/decisions/044-page-texts-with-their-page.md); `product` (products' trade details, the
 * products page's filters) by what shows them, off the first page (components/products/product-texts.ts); `messages` (what the code also reads in
 * English: toasts, validation, the server's answers) with the private screens, or before an error
 * toast on a public page (the English one is on the first page already: the shared constants import
 * it); `desk` (what the code reads in English that only private screens show: the administrators'
 * messages, threads, order steps), `app` with the private screens and `admin` with the
 * administrators' (app/router.tsx).
 * `server.json` never reaches a browser.
 */
type BrowserPart = 'public' | PagePart | 'messages' | 'desk' | 'app' | 'admin';
/** The parts a public page loads with its code (app/router.tsx): one page's texts, off the first page of the others. */
export type PagePart = 'about' | 'legal';
const FILES = import.meta.glob<{ default: Texts }>(
  '../../../../packages/shared/locales/*/{public,about,legal,messages,desk,app,admin}.json',
);
const loader = (lang: Language, part: BrowserPart): Loader => {
  const load = FILES[`../../../../packages/shared/locales/${lang}/${part}.json`];
  if (!load) throw new Error(`no message file ${lang}/${part}.json`);
  return load;
};

let language: Language = DEFAULT_LANGUAGE;
let current: Translator | undefined;
/** One translator per list of parts (the server's render switches between whole catalogues page by page). */
const made = new WeakMap<Texts, Array<{ parts: Texts[]; translator: Translator }>>();

/** Makes `parts` (a whole catalogue's, or the public part) the texts `t` reads, as `lang`. */
export function setCatalogue(lang: Language, ...parts: [Texts, ...Texts[]]): void {
  language = lang;
  const known = made.get(parts[0]) ?? [];
  made.set(parts[0], known);
  let entry = known.find((e) => e.parts.length === parts.length && e.parts.every((part, i) => part === parts[i]));
  if (!entry) {
    entry = { parts, translator: createTranslator(lang, ...parts) };
    known.push(entry);
  }
  current = entry.translator;
}

/** The parts added to each translator (a whole catalogue, the server's, has them from the start). */
type LaterPart = Exclude<BrowserPart, 'public'> | 'product';
const added = new WeakMap<Translator, Map<LaterPart, Promise<void>>>();

/** Adds a part of the page language's catalogue (its own chunk) to the page's texts, once. */
export function addPart(part: LaterPart, load: Loader): Promise<void> {
  const target = current;
  if (!target) return Promise.resolve();
  const parts = added.get(target) ?? new Map<LaterPart, Promise<void>>();
  added.set(target, parts);
  let loading = parts.get(part);
  if (!loading) {
    loading = load().then(({ default: texts }) => target.add(texts));
    parts.set(part, loading);
  }
  return loading;
}

/**
 * English message -> its key in the catalogue (SPEC's texts and the other messages the code gives
 * in English), for localizeMessage: the `messages` and `adminMessages` sections of
 * locales/en/messages.json (the file the shared constants already brought to the first page), then
 * those sections' rest and `thread` in locales/en/desk.json once a private screen has loaded it
 * (only private screens show those). The first key found for a text is kept.
 */
let messageKeys: Map<string, string> | undefined;
function addMessageKeys(texts: Texts, section: string): void {
  const keys = (messageKeys ??= new Map<string, string>());
  for (const [key, text] of leaves(texts, section)) if (!keys.has(text)) keys.set(text, key);
}
function firstPageKeys(): void {
  addMessageKeys(englishMessages, 'messages');
  addMessageKeys(englishAdminMessages, 'adminMessages');
}
function messageKeyOf(english: string): string | undefined {
  if (!messageKeys) firstPageKeys();
  return messageKeys?.get(english);
}

/** The English desk file's messages added to localizeMessage's keys (a page in another language), once. */
let englishDesk: Promise<void> | undefined;
function englishDeskKeys(): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return Promise.resolve();
  englishDesk ??= loader(DEFAULT_LANGUAGE, 'desk')().then(({ default: desk }) => {
    if (!messageKeys) firstPageKeys();
    for (const section of ['messages', 'adminMessages', 'thread'] as const) {
      const texts = desk[section];
      if (texts && typeof texts === 'object') addMessageKeys(texts, section);
    }
  });
  return englishDesk;
}

function leaves(texts: Texts, prefix: string): Array<[string, string]> {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}.${key}`, value] as [string, string]] : leaves(value, `${prefix}.${key}`),
  );
}

const both = (...loading: Promise<void>[]): Promise<void> => Promise.all(loading).then(() => undefined);

/**
 * Adds a page's texts of the page's language (`about` or `legal`: a chunk of its own), once. (The
 * server's catalogue is whole already: there it adds the same texts again.)
 */
export const loadPageTexts = (part: PagePart): Promise<void> => addPart(part, loader(language, part));

/** Adds the private screens' texts of the page's language (their own chunks), once. */
export const loadAppTexts = (): Promise<void> =>
  both(
    addPart('messages', loader(language, 'messages')),
    addPart('desk', loader(language, 'desk')),
    addPart('app', loader(language, 'app')),
    englishDeskKeys(),
  );

/** Adds the administrators' screens' texts of the page's language (their own chunks), once. */
export const loadAdminTexts = (): Promise<void> =>
  both(
    addPart('messages', loader(language, 'messages')),
    addPart('desk', loader(language, 'desk')),
    addPart('admin', loader(language, 'admin')),
    englishDeskKeys(),
  );

/**
 * A message a person sees (a validation message, a toast, the server's error), given in English as
 * SPEC.md words it (shared messages.ts): the page language's text for it. English pages, a text the
 * catalogue does not know (a message the server wrote) and a page whose private screens' texts are
 * not loaded get the English text unchanged.
 */
export function localizeMessage(english: string): string {
  const translator = current;
  if (language === DEFAULT_LANGUAGE || !translator) return english;
  const key = messageKeyOf(english);
  // A key found at run time: the page's texts are asked whether they have it (loaded) first.
  return key && translator.has(key) ? translator.t(key, { defaultValue: english }) : english;
}

/**
 * A success toast's text: the server's message on an English page (SPEC.md shows it as the server
 * words it), the catalogue's text for it on another language's page (the server writes English).
 */
export const serverTextOr = (server: string | undefined, own: string): string => (language === DEFAULT_LANGUAGE ? server || own : own);

/**
 * Ready to localize an error toast: the server's error message is English, and on a public page of
 * another language the page language's messages part is not loaded yet; it is fetched first (after
 * the first render, never on the first page's happy path) so the error reads in the page's
 * language. If it cannot be fetched, the English text shows.
 */
let ready: { language: Language; done: Promise<void> } | undefined;
export function messagesReady(): Promise<void> {
  if (ready?.language !== language) {
    ready = {
      language,
      done: language === DEFAULT_LANGUAGE ? Promise.resolve() : addPart('messages', loader(language, 'messages')).catch(() => undefined),
    };
  }
  return ready.done;
}

/** The `t` of another language than the page's (its chunk loaded on demand): the language suggestion's. */
export async function translatorOf(lang: Language): Promise<Translate> {
  return createTranslator(lang, (await loader(lang, 'public')()).default).t;
}

/** Loads the catalogue of `lang` (its own chunk) and makes it the page's. */
export async function loadLanguage(lang: Language): Promise<void> {
  setCatalogue(lang, (await loader(lang, 'public')()).default);
}

/** The page's text for `key` in its language. */
export const t: Translate = (key: string, options?: TranslateOptions) => {
  if (!current) throw new Error('No message catalogue loaded: call loadLanguage() first');
  return (current.t as (key: string, options?: TranslateOptions) => string)(key, options);
};

/** The page's language. */
export const pageLanguage = (): Language => language;

/** The language an address of the site is in (its prefix). */
export const languageOfPath = (pathname: string): Language => splitLanguage(pathname).language;

/** The router's basename for the page's language ('' or '/ar'). */
export const routerBase = (): string => languageBase(language);

/** The page's locale for Intl (packages/shared/src/languages.ts: which digits Arabic uses and why). */
export const intlLocale = (): string => LANGUAGE_INFO[language].intl;
