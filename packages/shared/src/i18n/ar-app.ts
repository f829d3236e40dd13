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
};

export default arApp;
