/** The Arabic catalogue (right to left). Latin names, codes and Incoterms stay as the trade writes them. */
import { SITE } from '../site.js';
import type { Catalogue } from './catalogue.js';

const ar: Catalogue = {
  language: {
    switcherLabel: 'اللغة',
    suggestion: 'هذه الصفحة متوفرة أيضًا باللغة العربية.',
    suggestionLink: 'اقرأها بالعربية',
    dismiss: 'إغلاق',
  },
  nav: {
    skipToContent: 'انتقل إلى المحتوى',
    loading: 'جارٍ التحميل...',
    main: 'القائمة الرئيسية',
    mainMenu: 'قائمة التنقل',
    openMenu: 'فتح القائمة',
    closeMenu: 'إغلاق القائمة',
    home: 'الرئيسية',
    products: 'المنتجات',
    gallery: 'معرض الصور',
    about: 'من نحن',
    contact: 'اتصل بنا',
    addProduct: 'إضافة منتج',
    inquiries: 'الاستفسارات',
    settings: 'الإعدادات',
    profile: 'الملف الشخصي',
    register: 'التسجيل',
    login: 'تسجيل الدخول',
    logout: 'تسجيل الخروج',
    cancel: 'إلغاء',
    emailTo: 'راسلنا على {{email}}',
  },
  head: {
    defaultTitle: `${SITE.companyName} | مصدّر السكر الطبيعي (الجاغري) والبصل المقلي`,
    defaultDescription: `${SITE.companyName}: سكر الجاغري الطبيعي والبصل المقلي وغيرها، نصدّرها من كولهابور، ماهاراشترا، الهند إلى المشترين في جميع أنحاء العالم.`,
    titleOf: `{{name}} | ${SITE.companyName}`,
    aboutName: 'من نحن',
    aboutDescription: `قصتنا ورسالتنا وشهاداتنا: ${SITE.companyName}، نصدّر من كولهابور، ماهاراشترا، الهند منذ مايو 2025.`,
    productsName: 'منتجاتنا',
    productsDescription:
      'سكر الجاغري الطبيعي والبصل المقلي وسلع غير زراعية من كولهابور، ماهاراشترا، الهند، بتعبئة سائبة وللبيع بالتجزئة وبعلامة خاصة وللتصدير.',
    galleryName: 'معرض الصور',
    galleryDescription: `صور منتجاتنا ومراحل التصنيع والتعبئة في ${SITE.companyName}.`,
    privacyName: 'سياسة الخصوصية',
    privacyDescription: `كيف تتعامل ${SITE.companyName} مع بياناتك الشخصية.`,
    termsName: 'الشروط والأحكام',
    termsDescription: `شروط استخدام موقع ${SITE.companyName}.`,
    productNotFound: 'المنتج غير موجود',
    pageNotFound: 'الصفحة غير موجودة',
    breadcrumbHome: 'الرئيسية',
    breadcrumbProducts: 'المنتجات',
    keyFeature: 'ميزة رئيسية',
    agroCategory: 'منتجات زراعية',
    nonAgroCategory: 'منتجات غير زراعية',
  },
};

export default ar;
