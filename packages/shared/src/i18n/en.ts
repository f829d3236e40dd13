/**
 * The English message catalogue: the shape every other language's catalogue has (catalogue.ts),
 * and the texts of the English site, exactly as they were (SPEC.md's quoted texts come from
 * messages.ts and site.ts, not copied). Interpolation is i18next's: {{name}}. A plural has the six
 * CLDR forms (_zero, _one, _two, _few, _many, _other) in every catalogue, so they all share one
 * shape; English uses _one and _other.
 */
import { SITE } from '../site.js';

const en = {
  language: {
    /** The switcher's accessible name. */
    switcherLabel: 'Language',
    /** The banner an Accept-Language suggestion shows, in the suggested language. */
    suggestion: 'This page is also available in English.',
    suggestionLink: 'Read it in English',
    dismiss: 'Dismiss',
  },
  nav: {
    skipToContent: 'Skip to content',
    loading: 'Loading...',
    main: 'Main',
    mainMenu: 'Main menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    home: 'Home',
    products: 'Products',
    gallery: 'Gallery',
    about: 'About',
    contact: 'Contact',
    addProduct: 'Add Product',
    inquiries: 'Inquiries',
    settings: 'Settings',
    profile: 'Profile',
    register: 'Register',
    login: 'Login',
    logout: 'Logout',
    cancel: 'Cancel',
    emailTo: 'Email {{email}}',
  },
  head: {
    defaultTitle: `${SITE.companyName} | Natural Jaggery & Fried Onions Exporter`,
    defaultDescription: `${SITE.companyName}: natural jaggery, fried onions and more, exported from ${SITE.origin} to buyers worldwide.`,
    titleOf: `{{name}} | ${SITE.companyName}`,
    aboutName: 'About Us',
    aboutDescription: `Our story, mission and certifications: ${SITE.companyName}, exporting from ${SITE.origin} since ${SITE.founded}.`,
    productsName: 'Our Products',
    productsDescription: `Natural jaggery, fried onions and non-agro goods from ${SITE.origin}, with bulk, retail, private-label and export packaging.`,
    galleryName: 'Gallery',
    galleryDescription: `Photos of our products, processing and packing at ${SITE.companyName}.`,
    privacyName: 'Privacy Policy',
    privacyDescription: `How ${SITE.companyName} handles your personal data.`,
    termsName: 'Terms & Conditions',
    termsDescription: `The terms of using the ${SITE.companyName} website.`,
    productNotFound: 'Product not found',
    pageNotFound: 'Page not found',
    breadcrumbHome: 'Home',
    breadcrumbProducts: 'Products',
    keyFeature: 'Key feature',
    agroCategory: 'Agricultural products',
    nonAgroCategory: 'Non-agricultural products',
  },
};

export default en;
