/**
 * The shape of a message catalogue: the English one's, every text a string (English takes some
 * from constants typed as their exact words). A catalogue of another language that lacks a key or
 * has one more does not compile; catalogues.test.ts checks it again at run time, with the texts
 * left identical to English.
 *
 * A language's catalogue is three files, loaded where they are read (docs/decisions/026-languages.md):
 * `{lang}.ts` the public pages' texts (the first page loads it), `{lang}-app.ts` the private
 * screens' (loaded with them), `{lang}-admin.ts` the administrators' screens' (loaded with them),
 * `{lang}-server.ts` what only the server writes (mails, the quotation PDF), never sent to a browser.
 */
import type enAdmin from './en-admin.js';
import type enApp from './en-app.js';
import type enServer from './en-server.js';
import type en from './en.js';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export type PublicCatalogue = Texts<typeof en>;
export type AppCatalogue = Texts<typeof enApp>;
export type AdminCatalogue = Texts<typeof enAdmin>;
export type ServerCatalogue = Texts<typeof enServer>;
export type Catalogue = PublicCatalogue & AppCatalogue & AdminCatalogue & ServerCatalogue;
