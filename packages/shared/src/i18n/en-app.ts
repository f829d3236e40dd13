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
};

export default enApp;
