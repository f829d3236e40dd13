/**
 * The shape of a message catalogue: the English one's. A catalogue of another language that lacks
 * a key or has one more does not compile; catalogues.test.ts checks it again at run time, with the
 * texts left identical to English.
 */
import type en from './en.js';

export type Catalogue = typeof en;
