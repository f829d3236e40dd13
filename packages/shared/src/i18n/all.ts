/** Every language's catalogue, for the server (the browser loads only the page's: apps/web/src/lib/i18n.ts). */
import type { Language } from '../languages.js';
import ar from './ar.js';
import type { Catalogue } from './catalogue.js';
import de from './de.js';
import en from './en.js';
import es from './es.js';
import fr from './fr.js';

export const CATALOGUES: Record<Language, Catalogue> = { en, ar, es, fr, de };
