/** The ar catalogue: the private screens' texts (loaded with those screens, see catalogue.ts). */
import type { AppCatalogue } from './catalogue.js';

const arApp: AppCatalogue = {
  profileLanguage: {
    heading: 'اللغة',
    description: 'تُكتب رسائلك الإلكترونية وعروض الأسعار بهذه اللغة.',
    label: 'لغة رسائلك الإلكترونية وعروض الأسعار',
    save: 'حفظ اللغة',
    saving: 'جارٍ حفظ اللغة...',
    saved: 'تم حفظ اللغة',
    error: 'تعذّر حفظ اللغة. يُرجى المحاولة مرة أخرى.',
  },
  contentTranslations: {
    tabs: 'اللغات',
    missing: 'الترجمة ناقصة',
    fallback: 'تعرض الحقول الفارغة النص الإنجليزي للمشترين.',
    productName: 'اسم المنتج ({{language}})',
    productDescription: 'وصف المنتج ({{language}})',
    keyFeatures: 'الميزات الرئيسية ({{language}})، واحدة في كل سطر',
    nutrientContent: 'المحتوى الغذائي ({{language}})، عنصر في كل سطر',
    question: 'السؤال {{n}} ({{language}})',
    answer: 'الجواب {{n}} ({{language}})',
    english: 'بالإنجليزية: {{text}}',
    saved: 'تم حفظ الترجمات',
    saveError: 'تعذّر حفظ الترجمات',
  },
};

export default arApp;
