/** The en catalogue: the private screens' texts (loaded with those screens, see catalogue.ts). */
import { ERROR_DEFAULTS, FORGOT_PASSWORD_DEFAULT_SUCCESS, LOADING, SERVER_ERRORS, SUCCESS, UI_TEXT, VALIDATION } from '../messages.js';
import { TWO_FACTOR_TEXT } from '../two-factor-texts.js';

/** ERROR_DEFAULTS' texts (its `product` is a function of the product's id, shown on public pages only). */
const { product: _productError, ...ERROR_TEXTS } = ERROR_DEFAULTS;

const enApp = {
  /**
   * SPEC's messages (validation, toasts, server errors), taken from the constants that hold them
   * byte for byte: the web app's localizeMessage (lib/i18n.ts) maps one of these English texts to
   * the page language's text under the same key.
   */
  messages: {
    validation: VALIDATION,
    loading: LOADING,
    success: SUCCESS,
    error: ERROR_TEXTS,
    ui: UI_TEXT,
    server: SERVER_ERRORS,
    twoFactor: TWO_FACTOR_TEXT,
    forgotPasswordSent: FORGOT_PASSWORD_DEFAULT_SUCCESS,
  },
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
