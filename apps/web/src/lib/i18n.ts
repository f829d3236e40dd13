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
  createI18n,
  languageBase,
  splitLanguage,
  type AdminCatalogue,
  type AppCatalogue,
  type I18n,
  type Language,
  type PublicCatalogue,
  type Translate,
} from '@agro/shared';

/** The public pages' texts of each language: the first page loads its language's (one chunk). */
const LOADERS: Record<Language, () => Promise<{ default: PublicCatalogue }>> = {
  en: () => import('@agro/shared/i18n/en'),
  ar: () => import('@agro/shared/i18n/ar'),
  es: () => import('@agro/shared/i18n/es'),
  fr: () => import('@agro/shared/i18n/fr'),
  de: () => import('@agro/shared/i18n/de'),
};

/** The private screens' texts: loaded with those screens (app/router.tsx), never on the public first page. */
const APP_LOADERS: Record<Language, () => Promise<{ default: AppCatalogue }>> = {
  en: () => import('@agro/shared/i18n/en-app'),
  ar: () => import('@agro/shared/i18n/ar-app'),
  es: () => import('@agro/shared/i18n/es-app'),
  fr: () => import('@agro/shared/i18n/fr-app'),
  de: () => import('@agro/shared/i18n/de-app'),
};

let language: Language = DEFAULT_LANGUAGE;
let instance: I18n | undefined;
let translate: Translate | undefined;
/** One i18next instance per catalogue (the server's render switches between them page by page). */
const made = new Map<object, { instance: I18n; t: Translate }>();

/** Makes `catalogue` (a whole one, or the public part) the one `t` reads, as `lang`. */
export function setCatalogue(lang: Language, catalogue: PublicCatalogue & Partial<AppCatalogue>): void {
  language = lang;
  let entry = made.get(catalogue);
  if (!entry) {
    const created = createI18n({ [lang]: catalogue }, lang);
    entry = { instance: created, t: created.getFixedT(lang) };
    made.set(catalogue, entry);
  }
  instance = entry.instance;
  translate = entry.t;
}

/** The administrators' screens' texts: loaded with those screens (app/router.tsx). */
const ADMIN_LOADERS: Record<Language, () => Promise<{ default: AdminCatalogue }>> = {
  en: () => import('@agro/shared/i18n/en-admin'),
  ar: () => import('@agro/shared/i18n/ar-admin'),
  es: () => import('@agro/shared/i18n/es-admin'),
  fr: () => import('@agro/shared/i18n/fr-admin'),
  de: () => import('@agro/shared/i18n/de-admin'),
};

/** The parts added to each instance (a whole catalogue, the server's, has them from the start). */
const added = new WeakMap<I18n, Map<'app' | 'admin', Promise<void>>>();

function addPart(part: 'app' | 'admin', load: () => Promise<{ default: object }>): Promise<void> {
  const target = instance;
  if (!target) return Promise.resolve();
  const parts = added.get(target) ?? new Map<'app' | 'admin', Promise<void>>();
  added.set(target, parts);
  let loading = parts.get(part);
  if (!loading) {
    const lang = language;
    loading = load().then(({ default: texts }) => {
      target.addResourceBundle(lang, 'translation', texts, true, false);
    });
    parts.set(part, loading);
  }
  return loading;
}

/**
 * English message -> its key in the catalogue's `messages` section (SPEC's texts, en-app.ts), for
 * localizeMessage. Built from the English app part: on an English page nothing is needed (its
 * messages are already the English ones); on another language's page that part comes with the
 * page's own app part (private screens only, never on the public first page).
 */
let messageKeys: Map<string, string> | undefined;

/** Makes the `messages` section of the English app part the one localizeMessage looks texts up in. */
export function setMessageSource(messages: object): void {
  const keys = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (!keys.has(value)) keys.set(value, path);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
    }
  };
  walk(messages, 'messages');
  messageKeys = keys;
}

/** Adds the private screens' texts of the page's language (their own chunk), once. */
export const loadAppTexts = (): Promise<void> => {
  const own = addPart('app', APP_LOADERS[language]);
  if (language === DEFAULT_LANGUAGE || messageKeys) return own;
  return Promise.all([
    own,
    APP_LOADERS[DEFAULT_LANGUAGE]().then(({ default: english }) => {
      setMessageSource(english.messages);
    }),
  ]).then(() => undefined);
};

/**
 * A message a person sees (a validation message, a toast, the server's error), given in English as
 * SPEC.md words it (shared messages.ts): the page language's text for it. English pages, a text the
 * catalogue does not know (a message the server wrote) and a page whose private screens' texts are
 * not loaded get the English text unchanged.
 */
export function localizeMessage(english: string): string {
  if (language === DEFAULT_LANGUAGE || !messageKeys || !instance || !translate) return english;
  const key = messageKeys.get(english);
  if (!key || !instance.exists(key, { lng: language })) return english;
  return (translate as unknown as (k: string) => string)(key);
}

/**
 * Ready to localize a message: on a page in another language than English, the private screens'
 * texts (which hold SPEC's messages) are fetched first, so a toast a public page shows ('Products
 * fetched successfully') reads in the page's language too. Toasts come after the first render, so
 * this chunk never weighs on the first page; if it cannot be fetched, the English text shows.
 */
let ready: { language: Language; done: Promise<void> } | undefined;
export function messagesReady(): Promise<void> {
  // One promise per page: toasts wait on the same one, so they keep the order they were made in.
  if (ready?.language !== language) {
    ready = {
      language,
      done: language === DEFAULT_LANGUAGE ? Promise.resolve() : loadAppTexts().catch(() => undefined),
    };
  }
  return ready.done;
}

/** Adds the administrators' screens' texts of the page's language (their own chunk), once. */
export const loadAdminTexts = (): Promise<void> => addPart('admin', ADMIN_LOADERS[language]);

/** The `t` of another language than the page's (its chunk loaded on demand): the language suggestion's. */
export async function translatorOf(lang: Language): Promise<Translate> {
  return createI18n({ [lang]: (await LOADERS[lang]()).default }, lang).getFixedT(lang);
}

/** Loads the catalogue of `lang` (its own chunk) and makes it the page's. */
export async function loadLanguage(lang: Language): Promise<void> {
  setCatalogue(lang, (await LOADERS[lang]()).default);
}

/** The page's text for `key` in its language. */
export const t = ((...args: Parameters<Translate>) => {
  if (!translate) throw new Error('No message catalogue loaded: call loadLanguage() first');
  return (translate as unknown as (...a: unknown[]) => string)(...args);
}) as Translate;

/** The page's language. */
export const pageLanguage = (): Language => language;

/** The language an address of the site is in (its prefix). */
export const languageOfPath = (pathname: string): Language => splitLanguage(pathname).language;

/** The router's basename for the page's language ('' or '/ar'). */
export const routerBase = (): string => languageBase(language);

/** The page's locale for Intl (packages/shared/src/languages.ts: which digits Arabic uses and why). */
export const intlLocale = (): string => LANGUAGE_INFO[language].intl;
