/** The fr catalogue: the private screens' texts (loaded with those screens, see catalogue.ts). */
import type { AppCatalogue } from './catalogue.js';

const frApp: AppCatalogue = {
  profileLanguage: {
    heading: 'Langue',
    description: 'Vos e-mails et vos devis sont rédigés dans cette langue.',
    label: 'Langue de vos e-mails et de vos devis',
    save: 'Enregistrer la langue',
    saving: 'Enregistrement de la langue...',
    saved: 'Langue enregistrée',
    error: 'Impossible d’enregistrer la langue. Veuillez réessayer.',
  },
};

export default frApp;
