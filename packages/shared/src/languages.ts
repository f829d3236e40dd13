/**
 * The buyers' languages (issue 28, docs/decisions/026-languages.md). English is the default and
 * keeps every address it has; the others live under /{lang}/. Plain constants: the first page
 * reads them (no zod here).
 */
export const LANGUAGES = ['en', 'ar', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The languages that have an address prefix (/ar/, /es/...): all but the default. */
export const PREFIXED_LANGUAGES = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE) as readonly Exclude<Language, 'en'>[];

/** The cookie that remembers a chosen language (a year; read by the server for the suggestion banner only). */
export const LANGUAGE_COOKIE = 'lang';
/** The header the web app sends with each API call: the page's language, for the messages the server writes. */
export const LANGUAGE_HEADER = 'x-site-language';

export interface LanguageInfo {
  /** The language's own name, as the switcher shows it. */
  nativeName: string;
  dir: 'ltr' | 'rtl';
  /** Open Graph's locale (language_TERRITORY). */
  ogLocale: string;
  /** BCP 47 tag for lang and hreflang. */
  tag: string;
  /**
   * The locale of Intl's dates, numbers and money. English keeps en-IN (the site's formats as they
   * were). Arabic is written with Western digits (0-9, `nu-latn`): the digits of the trade's own
   * papers in the Gulf (invoices, letters of credit, bills of lading, our quotation), so a quantity
   * or price reads the same on the page as on the documents; browsers differ on plain `ar`.
   */
  intl: string;
}

export const LANGUAGE_INFO: Record<Language, LanguageInfo> = {
  en: { nativeName: 'English', dir: 'ltr', ogLocale: 'en_IN', tag: 'en', intl: 'en-IN' },
  ar: { nativeName: 'العربية', dir: 'rtl', ogLocale: 'ar_AE', tag: 'ar', intl: 'ar-u-nu-latn' },
  es: { nativeName: 'Español', dir: 'ltr', ogLocale: 'es_ES', tag: 'es', intl: 'es' },
  fr: { nativeName: 'Français', dir: 'ltr', ogLocale: 'fr_FR', tag: 'fr', intl: 'fr' },
  de: { nativeName: 'Deutsch', dir: 'ltr', ogLocale: 'de_DE', tag: 'de', intl: 'de' },
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language an address is in and the address without its prefix: '/ar/products' -> ar, '/products'. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  const prefix = match?.[1];
  if (prefix && prefix !== DEFAULT_LANGUAGE && isLanguage(prefix)) {
    const rest = pathname.slice(3);
    return { language: prefix, path: rest === '' ? '/' : rest };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/** The address of `path` ('/products', '/products?x=1') in `language`: English unprefixed, '/ar/' for Arabic's home. */
export function localizedPath(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}/` : path.startsWith('/?') ? `/${language}/${path.slice(1)}` : `/${language}${path}`;
}

/** The router's basename of a language: '' for English, '/ar' for Arabic. */
export const languageBase = (language: Language): string => (language === DEFAULT_LANGUAGE ? '' : `/${language}`);

/**
 * The language an Accept-Language header prefers among ours (quality values honoured), or
 * undefined. It only suggests (a banner): nothing redirects by language.
 */
export function preferredLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: range.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.base).find(isLanguage);
}
