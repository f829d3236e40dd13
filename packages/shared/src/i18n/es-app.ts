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
};

export default esApp;
