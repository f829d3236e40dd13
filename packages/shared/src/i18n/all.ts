/** Every language's whole catalogue, for the server (the browser loads only the parts it shows: apps/web/src/lib/i18n.ts). */
import arAbout from '../../locales/ar/about.json';
import arAdmin from '../../locales/ar/admin.json';
import arApp from '../../locales/ar/app.json';
import arDesk from '../../locales/ar/desk.json';
import arLegal from '../../locales/ar/legal.json';
import arMessages from '../../locales/ar/messages.json';
import arProduct from '../../locales/ar/product.json';
import arPublic from '../../locales/ar/public.json';
import arServer from '../../locales/ar/server.json';
import deAbout from '../../locales/de/about.json';
import deAdmin from '../../locales/de/admin.json';
import deApp from '../../locales/de/app.json';
import deDesk from '../../locales/de/desk.json';
import deLegal from '../../locales/de/legal.json';
import deMessages from '../../locales/de/messages.json';
import deProduct from '../../locales/de/product.json';
import dePublic from '../../locales/de/public.json';
import deServer from '../../locales/de/server.json';
import enAbout from '../../locales/en/about.json';
import enAdmin from '../../locales/en/admin.json';
import enApp from '../../locales/en/app.json';
import enDesk from '../../locales/en/desk.json';
import enLegal from '../../locales/en/legal.json';
import enMessages from '../../locales/en/messages.json';
import enProduct from '../../locales/en/product.json';
import enPublic from '../../locales/en/public.json';
import enServer from '../../locales/en/server.json';
import esAbout from '../../locales/es/about.json';
import esAdmin from '../../locales/es/admin.json';
import esApp from '../../locales/es/app.json';
import esDesk from '../../locales/es/desk.json';
import esLegal from '../../locales/es/legal.json';
import esMessages from '../../locales/es/messages.json';
import esProduct from '../../locales/es/product.json';
import esPublic from '../../locales/es/public.json';
import esServer from '../../locales/es/server.json';
import frAbout from '../../locales/fr/about.json';
import frAdmin from '../../locales/fr/admin.json';
import frApp from '../../locales/fr/app.json';
import frDesk from '../../locales/fr/desk.json';
import frLegal from '../../locales/fr/legal.json';
import frMessages from '../../locales/fr/messages.json';
import frProduct from '../../locales/fr/product.json';
import frPublic from '../../locales/fr/public.json';
import frServer from '../../locales/fr/server.json';
import type { Language } from '../languages.js';
import type { Catalogue, Texts } from './catalogue.js';
import { mergeTexts } from './translator.js';

/** The message file parts, in the order a page loads them. */
export const PARTS = ['public', 'about', 'legal', 'product', 'messages', 'desk', 'app', 'admin', 'server'] as const;
export type Part = (typeof PARTS)[number];

/** Every language's parts, as its message files hold them. */
export const MESSAGE_FILES: Record<Language, Record<Part, Texts>> = {
  en: {
    public: enPublic,
    about: enAbout,
    legal: enLegal,
    product: enProduct,
    messages: enMessages,
    desk: enDesk,
    app: enApp,
    admin: enAdmin,
    server: enServer,
  },
  ar: {
    public: arPublic,
    about: arAbout,
    legal: arLegal,
    product: arProduct,
    messages: arMessages,
    desk: arDesk,
    app: arApp,
    admin: arAdmin,
    server: arServer,
  },
  es: {
    public: esPublic,
    about: esAbout,
    legal: esLegal,
    product: esProduct,
    messages: esMessages,
    desk: esDesk,
    app: esApp,
    admin: esAdmin,
    server: esServer,
  },
  fr: {
    public: frPublic,
    about: frAbout,
    legal: frLegal,
    product: frProduct,
    messages: frMessages,
    desk: frDesk,
    app: frApp,
    admin: frAdmin,
    server: frServer,
  },
  de: {
    public: dePublic,
    about: deAbout,
    legal: deLegal,
    product: deProduct,
    messages: deMessages,
    desk: deDesk,
    app: deApp,
    admin: deAdmin,
    server: deServer,
  },
};

/**
 * Every language's whole catalogue, read as English's shape (a plural text's forms are the
 * language's own: tools/messages/messages.test.ts checks every file against English).
 */
export const CATALOGUES = Object.fromEntries(
  Object.entries(MESSAGE_FILES).map(([language, parts]) => [language, mergeTexts(...PARTS.map((part) => parts[part]))]),
) as Record<Language, Catalogue>;
