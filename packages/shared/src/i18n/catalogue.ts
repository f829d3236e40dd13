/**
 * The shape of the message catalogue: the English message files' (packages/shared/locales/en/),
 * read as JSON. Other languages' files are data a translator edits; catalogues.test.ts checks each
 * against English (every key, no extra one, the same placeholders, the plural forms its language has).
 *
 * A language's catalogue is nine files, loaded where they are read (docs/translations.md):
 * `public.json` the public pages' texts (the first page loads it) but for the about page's in
 * `about.json` and the privacy and terms pages' in `legal.json` (each loaded with its pages, decision
 * 044), `product.json` a product's trade
 * details and the products page's filters (loaded with the products page, and with a product's page
 * when the app draws it: a first page keeps the server's block), `messages.json` the messages and
 * labels the code also reads in English that a public page may show (toasts, validation, the
 * server's answers, statuses: the English file is imported by that code, the others load with the
 * private screens or before an error toast), `desk.json` those only private screens show (the
 * administrators' messages, threads, order steps: English imported by that code, off the first
 * page; the others load with the private screens), `app.json` the
 * private screens' (loaded with them), `admin.json` the administrators' screens' (loaded with
 * them), `server.json` what only the server writes (mails, the quotation PDF), never sent to a browser.
 */
import type enAbout from '../../locales/en/about.json';
import type enAdmin from '../../locales/en/admin.json';
import type enApp from '../../locales/en/app.json';
import type enDesk from '../../locales/en/desk.json';
import type enLegal from '../../locales/en/legal.json';
import type enMessages from '../../locales/en/messages.json';
import type enProduct from '../../locales/en/product.json';
import type enPublic from '../../locales/en/public.json';
import type enServer from '../../locales/en/server.json';

export type PublicCatalogue = typeof enPublic;
export type AboutCatalogue = typeof enAbout;
export type LegalCatalogue = typeof enLegal;
export type ProductCatalogue = typeof enProduct;
export type MessagesCatalogue = typeof enMessages;
export type DeskCatalogue = typeof enDesk;
export type AppCatalogue = typeof enApp;
export type AdminCatalogue = typeof enAdmin;
export type ServerCatalogue = typeof enServer;
export type Catalogue = PublicCatalogue &
  AboutCatalogue &
  LegalCatalogue &
  ProductCatalogue &
  MessagesCatalogue &
  DeskCatalogue &
  AppCatalogue &
  AdminCatalogue &
  ServerCatalogue;

/** A nested set of texts, as every language's message file is. */
export interface Texts {
  readonly [key: string]: string | Texts;
}

/** The CLDR plural forms a text may have (`key_one`, `key_other`...). */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

type Base<K extends string> = K extends `${infer B}_${PluralForm}` ? B : K;
type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${Base<K>}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every text's key, 'a.b.c'; a plural text's without its form ('products.showing', not 'products.showing_one'). */
export type MessageKey = Keys<Catalogue>;
