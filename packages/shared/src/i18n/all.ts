/** Every language's whole catalogue, for the server (the browser loads only the parts it shows: apps/web/src/lib/i18n.ts). */
import type { Language } from '../languages.js';
import arAdmin from './ar-admin.js';
import arApp from './ar-app.js';
import arServer from './ar-server.js';
import ar from './ar.js';
import type { Catalogue } from './catalogue.js';
import deAdmin from './de-admin.js';
import deApp from './de-app.js';
import deServer from './de-server.js';
import de from './de.js';
import enAdmin from './en-admin.js';
import enApp from './en-app.js';
import enServer from './en-server.js';
import en from './en.js';
import esAdmin from './es-admin.js';
import esApp from './es-app.js';
import esServer from './es-server.js';
import es from './es.js';
import frAdmin from './fr-admin.js';
import frApp from './fr-app.js';
import frServer from './fr-server.js';
import fr from './fr.js';

export const CATALOGUES: Record<Language, Catalogue> = {
  en: { ...en, ...enApp, ...enAdmin, ...enServer },
  ar: { ...ar, ...arApp, ...arAdmin, ...arServer },
  es: { ...es, ...esApp, ...esAdmin, ...esServer },
  fr: { ...fr, ...frApp, ...frAdmin, ...frServer },
  de: { ...de, ...deApp, ...deAdmin, ...deServer },
};
