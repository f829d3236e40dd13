/** The es catalogue: the private screens' texts (loaded with those screens, see catalogue.ts). */
import type { AppCatalogue } from './catalogue.js';

const esApp: AppCatalogue = {
  profileLanguage: {
    heading: 'Idioma',
    description: 'Sus correos electrónicos y cotizaciones se redactan en este idioma.',
    label: 'Idioma de sus correos y cotizaciones',
    save: 'Guardar idioma',
    saving: 'Guardando el idioma...',
    saved: 'Idioma guardado',
    error: 'No se pudo guardar el idioma. Inténtelo de nuevo.',
  },
  contentTranslations: {
    tabs: 'Idiomas',
    missing: 'Falta la traducción',
    fallback: 'Los campos vacíos muestran el texto en inglés a los compradores.',
    productName: 'Nombre del producto ({{language}})',
    productDescription: 'Descripción del producto ({{language}})',
    keyFeatures: 'Características principales ({{language}}), una por línea',
    nutrientContent: 'Contenido nutricional ({{language}}), uno por línea',
    question: 'Pregunta {{n}} ({{language}})',
    answer: 'Respuesta {{n}} ({{language}})',
    english: 'En inglés: {{text}}',
    saved: 'Traducciones guardadas',
    saveError: 'No se pudieron guardar las traducciones',
  },
};

export default esApp;
