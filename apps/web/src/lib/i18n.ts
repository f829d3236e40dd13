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
 * English message -> its key in the catalogue (SPEC's texts: the app part's `messages` section,
 * en-app.ts; the administrators' `adminMessages`, en-admin.ts), for localizeMessage. Built from the
 * English parts: on an English page nothing is needed (its messages are already the English ones);
 * on another language's page each comes with the page's own part (private screens only, never on
 * the public first page).
 */
type MessageSection = 'messages' | 'adminMessages';
const messageKeys = new Map<MessageSection, Map<string, string>>();

/**
 * Makes `messages` (a section of an English catalogue part, by default the app part's `messages`)
 * one that localizeMessage looks texts up in, under the key `section`.
 */
export function setMessageSource(messages: object, section: MessageSection = 'messages'): void {
  const keys = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (!keys.has(value)) keys.set(value, path);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
    }
  };
  walk(messages, section);
  messageKeys.set(section, keys);
}

/**
 * Adds a part of the page language's catalogue (its own chunk), once; on another language's page,
 * the English part's `section` too, for localizeMessage.
 */
function loadPart(
  part: 'app' | 'admin',
  loaders: Record<Language, () => Promise<{ default: object }>>,
  section: MessageSection,
): Promise<void> {
  const own = addPart(part, loaders[language]);
  if (language === DEFAULT_LANGUAGE || messageKeys.has(section)) return own;
  const english = loaders[DEFAULT_LANGUAGE]().then(({ default: texts }) =>
    setMessageSource((texts as Record<MessageSection, object>)[section], section),
  );
  return Promise.all([own, english]).then(() => undefined);
}

/** Adds the private screens' texts of the page's language (their own chunk), once. */
export const loadAppTexts = (): Promise<void> => loadPart('app', APP_LOADERS, 'messages');

/** Adds the administrators' screens' texts of the page's language (their own chunk), once. */
export const loadAdminTexts = (): Promise<void> => loadPart('admin', ADMIN_LOADERS, 'adminMessages');

/**
 * A message a person sees (a validation message, a toast, the server's error), given in English as
 * SPEC.md words it (shared messages.ts): the page language's text for it. English pages, a text the
 * catalogue does not know (a message the server wrote) and a page whose private screens' texts are
 * not loaded get the English text unchanged.
 */
export function localizeMessage(english: string): string {
  if (language === DEFAULT_LANGUAGE || !instance || !translate) return english;
  for (const keys of messageKeys.values()) {
    const key = keys.get(english);
    if (key && instance.exists(key, { lng: language })) return (translate as unknown as (k: string) => string)(key);
  }
  return english;
}

/**
 * A success toast's text: the server's message on an English page (SPEC.md shows it as the server
 * words it), the catalogue's text for it on another language's page (the server writes English).
 */
export const serverTextOr = (server: string | undefined, own: string): string => (language === DEFAULT_LANGUAGE ? server || own : own);

/**
 * Ready to localize an error toast: the server's error message is English, and on a public page of
 * another language the private screens' texts (which hold SPEC's messages) are not loaded yet; they
 * are fetched first (after the first render, never on the first page's happy path) so the error
 * reads in the page's language. If they cannot be fetched, the English text shows.
 */
let ready: { language: Language; done: Promise<void> } | undefined;
export function messagesReady(): Promise<void> {
  if (ready?.language !== language) {
    ready = {
      language,
      done: language === DEFAULT_LANGUAGE ? Promise.resolve() : loadAppTexts().catch(() => undefined),
    };
  }
  return ready.done;
}

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
