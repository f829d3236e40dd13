/** The German catalogue. Incoterms and units stay as the trade writes them. */
import { SITE } from '../site.js';
import type { Catalogue } from './catalogue.js';

const de: Catalogue = {
  language: {
    switcherLabel: 'Sprache',
    suggestion: 'Diese Seite gibt es auch auf Deutsch.',
    suggestionLink: 'Auf Deutsch lesen',
    dismiss: 'Schließen',
  },
  nav: {
    skipToContent: 'Zum Inhalt springen',
    loading: 'Wird geladen...',
    main: 'Hauptnavigation',
    mainMenu: 'Hauptmenü',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schließen',
    home: 'Startseite',
    products: 'Produkte',
    gallery: 'Galerie',
    about: 'Über uns',
    contact: 'Kontakt',
    addProduct: 'Produkt hinzufügen',
    inquiries: 'Anfragen',
    settings: 'Einstellungen',
    profile: 'Profil',
    register: 'Registrieren',
    login: 'Anmelden',
    logout: 'Abmelden',
    cancel: 'Abbrechen',
    emailTo: 'E-Mail an {{email}}',
  },
  head: {
    defaultTitle: `${SITE.companyName} | Exporteur von naturbelassenem Jaggery und Röstzwiebeln`,
    defaultDescription: `${SITE.companyName}: naturbelassener Jaggery, Röstzwiebeln und mehr, exportiert aus Kolhapur, Maharashtra, Indien, an Käufer in aller Welt.`,
    titleOf: `{{name}} | ${SITE.companyName}`,
    aboutName: 'Über uns',
    aboutDescription: `Unsere Geschichte, unser Auftrag und unsere Zertifizierungen: ${SITE.companyName}, Exporteur aus Kolhapur, Maharashtra, Indien, seit Mai 2025.`,
    productsName: 'Unsere Produkte',
    productsDescription:
      'Naturbelassener Jaggery, Röstzwiebeln und Non-Food-Waren aus Kolhapur, Maharashtra, Indien, als Schüttgut, im Einzelhandel, als Eigenmarke und in Exportverpackung.',
    galleryName: 'Galerie',
    galleryDescription: `Fotos unserer Produkte, ihrer Verarbeitung und Verpackung bei ${SITE.companyName}.`,
    privacyName: 'Datenschutzerklärung',
    privacyDescription: `Wie ${SITE.companyName} mit Ihren personenbezogenen Daten umgeht.`,
    termsName: 'Allgemeine Geschäftsbedingungen',
    termsDescription: `Die Bedingungen für die Nutzung der Website von ${SITE.companyName}.`,
    productNotFound: 'Produkt nicht gefunden',
    pageNotFound: 'Seite nicht gefunden',
    breadcrumbHome: 'Startseite',
    breadcrumbProducts: 'Produkte',
    keyFeature: 'Hauptmerkmal',
    agroCategory: 'Landwirtschaftliche Erzeugnisse',
    nonAgroCategory: 'Nicht landwirtschaftliche Erzeugnisse',
  },
};

export default de;
