/** The Spanish catalogue. Incoterms and units stay as the trade writes them. */
import { SITE } from '../site.js';
import type { Catalogue } from './catalogue.js';

const es: Catalogue = {
  language: {
    switcherLabel: 'Idioma',
    suggestion: 'Esta página también está disponible en español.',
    suggestionLink: 'Leerla en español',
    dismiss: 'Cerrar',
  },
  nav: {
    skipToContent: 'Saltar al contenido',
    loading: 'Cargando...',
    main: 'Principal',
    mainMenu: 'Menú principal',
    openMenu: 'Abrir el menú',
    closeMenu: 'Cerrar el menú',
    home: 'Inicio',
    products: 'Productos',
    gallery: 'Galería',
    about: 'Nosotros',
    contact: 'Contacto',
    addProduct: 'Añadir producto',
    inquiries: 'Consultas',
    settings: 'Ajustes',
    profile: 'Perfil',
    register: 'Registrarse',
    login: 'Iniciar sesión',
    logout: 'Cerrar sesión',
    cancel: 'Cancelar',
    emailTo: 'Escribir a {{email}}',
  },
  head: {
    defaultTitle: `${SITE.companyName} | Exportador de jaggery natural y cebolla frita`,
    defaultDescription: `${SITE.companyName}: jaggery natural, cebolla frita y más, exportados desde Kolhapur, Maharashtra, India, a compradores de todo el mundo.`,
    titleOf: `{{name}} | ${SITE.companyName}`,
    aboutName: 'Sobre nosotros',
    aboutDescription: `Nuestra historia, misión y certificaciones: ${SITE.companyName}, exportando desde Kolhapur, Maharashtra, India, desde mayo de 2025.`,
    productsName: 'Nuestros productos',
    productsDescription:
      'Jaggery natural, cebolla frita y productos no agrícolas de Kolhapur, Maharashtra, India, en envases a granel, al por menor, de marca blanca y de exportación.',
    galleryName: 'Galería',
    galleryDescription: `Fotos de nuestros productos, su elaboración y su envasado en ${SITE.companyName}.`,
    privacyName: 'Política de privacidad',
    privacyDescription: `Cómo trata ${SITE.companyName} sus datos personales.`,
    termsName: 'Términos y condiciones',
    termsDescription: `Las condiciones de uso del sitio web de ${SITE.companyName}.`,
    productNotFound: 'Producto no encontrado',
    pageNotFound: 'Página no encontrada',
    breadcrumbHome: 'Inicio',
    breadcrumbProducts: 'Productos',
    keyFeature: 'Característica principal',
    agroCategory: 'Productos agrícolas',
    nonAgroCategory: 'Productos no agrícolas',
  },
};

export default es;
