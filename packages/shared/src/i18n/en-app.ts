/** The en catalogue: the private screens' texts (loaded with those screens, see catalogue.ts). */
const enApp = {
  profileLanguage: {
    heading: 'Language',
    description: 'Your e-mails and quotations are written in this language.',
    label: 'Language of your e-mails and quotations',
    save: 'Save language',
    saving: 'Saving language...',
    saved: 'Language saved',
    error: 'Could not save the language. Please try again.',
  },
  contentTranslations: {
    tabs: 'Languages',
    missing: 'Translation missing',
    fallback: 'Empty fields show the English text to buyers.',
    productName: 'Product name ({{language}})',
    productDescription: 'Product description ({{language}})',
    keyFeatures: 'Key features ({{language}}), one per line',
    nutrientContent: 'Nutrient content ({{language}}), one per line',
    question: 'Question {{n}} ({{language}})',
    answer: 'Answer {{n}} ({{language}})',
    english: 'English: {{text}}',
    saved: 'Translations saved',
    saveError: 'The translations could not be saved',
  },
};

export default enApp;
