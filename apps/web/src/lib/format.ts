import { intlLocale } from './i18n';

/**
 * Dates and numbers in the page's language through Intl (issue 28): English as it always was
 * (en-IN, e.g. "14 Jun 2025", "1,00,000"), the other languages in theirs.
 */

/** Day, short month, year (e.g. "14 Jun 2025"), or null for a missing/invalid date. */
export function formatDate(iso: string | undefined | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A quantity or count with the language's grouping. */
export const formatNumber = (n: number): string => n.toLocaleString(intlLocale());
