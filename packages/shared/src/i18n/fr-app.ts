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
  contentTranslations: {
    tabs: 'Langues',
    missing: 'Traduction manquante',
    fallback: 'Les champs vides affichent le texte anglais aux acheteurs.',
    productName: 'Nom du produit ({{language}})',
    productDescription: 'Description du produit ({{language}})',
    keyFeatures: 'Caractéristiques principales ({{language}}), une par ligne',
    nutrientContent: 'Valeurs nutritionnelles ({{language}}), une par ligne',
    question: 'Question {{n}} ({{language}})',
    answer: 'Réponse {{n}} ({{language}})',
    english: 'En anglais : {{text}}',
    saved: 'Traductions enregistrées',
    saveError: "Les traductions n'ont pas pu être enregistrées",
  },
};

export default frApp;
