import ar from '@agro/shared/locales/ar/public.json';
import de from '@agro/shared/locales/de/public.json';
import en from '@agro/shared/locales/en/public.json';
import { afterEach, describe, expect, it } from 'vitest';
import { formatClock, formatDay, formatNumber } from './format';
import { setCatalogue } from './i18n';

afterEach(() => setCatalogue('en', en));

describe('formats in the page language', () => {
  it("English keeps the site's own forms: 6:00 PM, the ISO day, en-IN grouping", () => {
    expect(formatClock('18:00')).toBe('6:00 PM');
    expect(formatClock('09:00')).toBe('9:00 AM');
    expect(formatDay('2027-03-31')).toBe('2027-03-31');
    expect(formatNumber(100000)).toBe('1,00,000');
  });

  it('Arabic writes Western digits with its own words; German its 24-hour clock', () => {
    setCatalogue('ar', ar);
    expect(formatClock('18:00')).toMatch(/^6:00\sم$/);
    expect(formatDay('2027-03-31')).toBe('31 مارس 2027');
    expect(formatNumber(1234)).toBe('1,234');
    setCatalogue('de', de);
    expect(formatClock('18:00')).toBe('18:00');
    expect(formatDay('2027-03-31')).toBe('31. März 2027');
    expect(formatDay('not a day')).toBe('not a day');
  });
});
