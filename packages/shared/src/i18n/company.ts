/**
 * The texts of the mails the company's own people read (a new inquiry or quote request, a buyer's
 * decision, a delivery, an invitation to administer the site). The company works in English, so
 * they have an English file only, `locales/en/company.json`: no translation is asked for, and the
 * translation platforms' configuration leaves it out (docs/translations.md).
 */
import texts from '../../locales/en/company.json';

/** Filled with `interpolate` where a text has placeholders. */
export const COMPANY_TEXTS = texts;
