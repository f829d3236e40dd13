/**
 * The shape of a message catalogue: the English one's, every text a string (English takes some
 * from constants typed as their exact words). A catalogue of another language that lacks a key or
 * has one more does not compile; catalogues.test.ts checks it again at run time, with the texts
 * left identical to English.
 */
import type en from './en.js';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export type Catalogue = Texts<typeof en>;
