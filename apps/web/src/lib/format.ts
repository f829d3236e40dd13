import { formatClock as englishClock } from '@agro/shared';
import { intlLocale, pageLanguage } from './i18n';

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

/**
 * A calendar day ('YYYY-MM-DD', e.g. a certificate's expiry) in the page's language: "31 mars 2027".
 * The English pages keep the day as they always showed it (2027-03-31).
 */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (pageLanguage() === 'en' || !match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString(intlLocale(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * A time of day ('HH:MM', 24-hour: business hours) in the page's language: "18:00", "6:00 م".
 * English keeps the site's own "6:00 PM" (Intl's en-IN would write "6:00 pm").
 */
export function formatClock(hhmm: string): string {
  if (pageLanguage() === 'en') return englishClock(hhmm);
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return new Date(Date.UTC(2000, 0, 1, h, m)).toLocaleTimeString(intlLocale(), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
}

/** Day, short month, year and time of day (e.g. "14 Jun 2025, 03:30 pm"), or the text as it came when it is no date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(intlLocale(), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A month ('YYYY-MM') as "Nov 2026", or only "Nov" without the year. */
export function formatMonth(month: string, withYear = true): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)).toLocaleDateString(intlLocale(), {
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** Day, short month, year, then the time of day: "14 Jun 2025, 03:30 pm" (as the quote desk always wrote it). */
export function formatDayAndTime(iso: string): string {
  return `${formatDate(iso) ?? ''}, ${new Date(iso).toLocaleTimeString(intlLocale(), { hour: '2-digit', minute: '2-digit' })}`;
}
