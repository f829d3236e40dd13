/** The de catalogue: the private screens' texts (loaded with those screens, see catalogue.ts). */
import type { AppCatalogue } from './catalogue.js';

const deApp: AppCatalogue = {
  profileLanguage: {
    heading: 'Sprache',
    description: 'Ihre E-Mails und Angebote werden in dieser Sprache verfasst.',
    label: 'Sprache Ihrer E-Mails und Angebote',
    save: 'Sprache speichern',
    saving: 'Sprache wird gespeichert...',
    saved: 'Sprache gespeichert',
    error: 'Die Sprache konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  },
  contentTranslations: {
    tabs: 'Sprachen',
    missing: 'Übersetzung fehlt',
    fallback: 'Leere Felder zeigen Käufern den englischen Text.',
    productName: 'Produktname ({{language}})',
    productDescription: 'Produktbeschreibung ({{language}})',
    keyFeatures: 'Hauptmerkmale ({{language}}), eines pro Zeile',
    nutrientContent: 'Nährstoffgehalt ({{language}}), einer pro Zeile',
    question: 'Frage {{n}} ({{language}})',
    answer: 'Antwort {{n}} ({{language}})',
    english: 'Englisch: {{text}}',
    saved: 'Übersetzungen gespeichert',
    saveError: 'Die Übersetzungen konnten nicht gespeichert werden',
  },
};

export default deApp;
