/**
 * Translation through i18next (docs/decisions/026-languages.md): one instance per process side,
 * initialised synchronously with the catalogues it holds (the browser: the page's language only;
 * the server: all five). `t` functions are fixed to one language: a render, a mail or a PDF asks
 * for its own and never changes a global language.
 */
import i18next, { type TFunction, type i18n as I18n } from 'i18next';
import type { Language } from '../languages.js';
import type { Catalogue } from './catalogue.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
    returnNull: false;
  }
}

export type Translate = TFunction<'translation'>;
export type { I18n };

/** `catalogues`: whole ones (the server) or parts of them (the browser adds the others as it needs them). */
export function createI18n(catalogues: Partial<Record<Language, object>>, language: Language): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries(catalogues).map(([lang, catalogue]) => [lang, { translation: catalogue }]));
  void instance.init({
    lng: language,
    // Every catalogue has every key (catalogues.test.ts): no fallback, no missing-key lookups.
    fallbackLng: false,
    resources,
    initAsync: false,
    // React, the mails' templates and the PDF escape what they print.
    interpolation: { escapeValue: false },
  });
  return instance;
}
