/** The French catalogue. Incoterms and units stay as the trade writes them. */
import { SITE } from '../site.js';
import type { Catalogue } from './catalogue.js';

const fr: Catalogue = {
  language: {
    switcherLabel: 'Langue',
    suggestion: 'Cette page existe aussi en français.',
    suggestionLink: 'La lire en français',
    dismiss: 'Fermer',
  },
  nav: {
    skipToContent: 'Aller au contenu',
    loading: 'Chargement...',
    main: 'Navigation principale',
    mainMenu: 'Menu principal',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    home: 'Accueil',
    products: 'Produits',
    gallery: 'Galerie',
    about: 'À propos',
    contact: 'Contact',
    addProduct: 'Ajouter un produit',
    inquiries: 'Demandes',
    settings: 'Paramètres',
    profile: 'Profil',
    register: 'Inscription',
    login: 'Connexion',
    logout: 'Déconnexion',
    cancel: 'Annuler',
    emailTo: 'Écrire à {{email}}',
  },
  head: {
    defaultTitle: `${SITE.companyName} | Exportateur de jaggery naturel et d’oignons frits`,
    defaultDescription: `${SITE.companyName} : jaggery naturel, oignons frits et plus encore, exportés de Kolhapur, Maharashtra, Inde, vers des acheteurs du monde entier.`,
    titleOf: `{{name}} | ${SITE.companyName}`,
    aboutName: 'À propos de nous',
    aboutDescription: `Notre histoire, notre mission et nos certifications : ${SITE.companyName}, exportateur depuis Kolhapur, Maharashtra, Inde, depuis mai 2025.`,
    productsName: 'Nos produits',
    productsDescription:
      'Jaggery naturel, oignons frits et produits non agricoles de Kolhapur, Maharashtra, Inde, en vrac, au détail, sous marque de distributeur ou en emballage export.',
    galleryName: 'Galerie',
    galleryDescription: `Photos de nos produits, de leur transformation et de leur conditionnement chez ${SITE.companyName}.`,
    privacyName: 'Politique de confidentialité',
    privacyDescription: `Comment ${SITE.companyName} traite vos données personnelles.`,
    termsName: 'Conditions générales',
    termsDescription: `Les conditions d’utilisation du site de ${SITE.companyName}.`,
    productNotFound: 'Produit introuvable',
    pageNotFound: 'Page introuvable',
    breadcrumbHome: 'Accueil',
    breadcrumbProducts: 'Produits',
    keyFeature: 'Caractéristique clé',
    agroCategory: 'Produits agricoles',
    nonAgroCategory: 'Produits non agricoles',
  },
};

export default fr;
