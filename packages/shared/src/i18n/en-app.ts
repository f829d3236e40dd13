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
  auth: {
    email: 'Email',
    password: 'Password',
    show: 'Show',
    hide: 'Hide',
    selectCountry: 'Select country',
    login: {
      title: 'Welcome back',
      subtitle: 'Log in to your {{company}} account.',
      highlightsTitle: 'Premium Indian produce for importers and distributors worldwide.',
      highlightQuote: 'Request a quote for any product in our catalogue',
      highlightQuotes: 'See every quote you have sent in one place',
      newHere: 'New here?',
      createAccount: 'Create an account',
      forgot: 'Forgot password?',
      submit: 'Login',
    },
    register: {
      title: 'Create your account',
      subtitle: 'Register to request quotes and talk to the {{company}} export team.',
      highlightsTitle: 'Sourcing natural jaggery and fried onions from India, made simple.',
      highlightQuotes: 'Request quotes for bulk and private-label orders',
      highlightFollow: 'Follow every quote you send from your profile',
      haveAccount: 'Already have an account?',
      login: 'Login',
      fullName: 'Full Name',
      country: 'Country',
      phone: 'Phone Number',
      phoneWithout: 'Your number without {{dialCode}}',
      phoneWithoutCode: 'Without the country code',
      submit: 'Create Account',
    },
    secondFactor: {
      title: 'Two-step sign-in',
      highlightsTitle: 'Your account is protected by a second step.',
      highlightApp: 'A code from your authenticator app changes every 30 seconds.',
      highlightRecovery: 'Lost your phone? Use one of your recovery codes.',
      back: 'Back to login',
      code: 'Code',
      codeHint: '6 digits from the app, or a recovery code',
      submit: 'Verify',
    },
    forgot: {
      back: 'Back to Login',
      checkInbox: 'Check your inbox',
      validShort: 'The link is valid for a short time. Did not get it? Check your spam folder or send it again.',
      title: 'Forgot your password?',
      subtitle: 'Enter the email of your account and we will send you a link to set a new password.',
      submit: 'Send Reset Link',
    },
    reset: {
      title: 'Set a new password',
      subtitle: 'Choose a strong password you have not used here before.',
      newLink: 'Need a new link?',
      newPassword: 'New Password',
      confirm: 'Confirm New Password',
      submit: 'Reset Password',
    },
  },
  profile: {
    title: 'My Profile',
    administrator: 'Administrator',
    myAccount: 'My account',
    hello: 'Hello, {{name}}',
    helloAnonymous: 'Hello',
    details: 'Profile details',
    detailsHint: 'Keep your contact details up to date so we can reach you.',
    fullName: 'Full Name',
    email: 'Email',
    phone: 'Phone Number',
    phoneHint: 'Country code, hyphen, number, e.g. {{example}}',
    notAvailable: 'N/A',
    changePassword: 'Change Password',
    updateProfile: 'Update Profile',
    confirm: 'Confirm',
    oldPassword: 'Old Password',
    newPassword: 'New Password',
    updatePassword: 'Update Password',
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
