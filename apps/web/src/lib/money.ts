import { formatMoney, minorDigits, minorToDecimal, type Currency } from '@agro/shared';
import { intlLocale, pageLanguage } from './i18n';

/**
 * An amount in minor units in the page's language: English as formatMoney always wrote it ("USD
 * 1,234.50"), the others through Intl with the currency's code ("1.234,50 USD"), as the quotation
 * PDF does (formatMoneyIn, shared trade.ts). Its own few lines here: formatMoneyIn would bring the
 * languages' table into trade.ts's chunk on the first page.
 */
export function moneyText(minor: number, currency: Currency): string {
  if (pageLanguage() === 'en') return formatMoney(minor, currency);
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(intlLocale(), {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(minorToDecimal(minor, digits)));
}
