import { LANGUAGE_INFO } from '@agro/shared';
import { pageLanguage } from './i18n';

/**
 * A Latin code (an order or quotation number) inside plain text (a document title, an aria-label,
 * a dialog's sentence), kept left to right on a right-to-left page by Unicode isolates (LRI ... PDI);
 * unchanged on the others. In markup, <Ltr> (components/ui/ltr.tsx) does it.
 */
export const isolated = (code: string): string => (LANGUAGE_INFO[pageLanguage()].dir === 'rtl' ? `\u2066${code}\u2069` : code);
