/**
 * Trade terms used by the quote desk (offers) and the buyer's trade terms on the quote form:
 * Incoterms 2020, the currencies we quote in, and exact money (integer minor units).
 */
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type Language } from './languages.js';

/** Incoterms 2020 (ICC), in the ICC's order: any mode first, then sea and inland waterway. */
export const INCOTERMS = [
  { code: 'EXW', label: 'Ex Works' },
  { code: 'FCA', label: 'Free Carrier' },
  { code: 'CPT', label: 'Carriage Paid To' },
  { code: 'CIP', label: 'Carriage and Insurance Paid To' },
  { code: 'DAP', label: 'Delivered at Place' },
  { code: 'DPU', label: 'Delivered at Place Unloaded' },
  { code: 'DDP', label: 'Delivered Duty Paid' },
  { code: 'FAS', label: 'Free Alongside Ship' },
  { code: 'FOB', label: 'Free on Board' },
  { code: 'CFR', label: 'Cost and Freight' },
  { code: 'CIF', label: 'Cost, Insurance and Freight' },
] as const;
export const INCOTERM_CODES = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
export type Incoterm = (typeof INCOTERM_CODES)[number];

/** Currencies we quote in; `minorDigits` is the ISO 4217 exponent (cents, fils, paise). */
export const CURRENCIES = [
  { code: 'USD', label: 'US Dollar', minorDigits: 2 },
  { code: 'EUR', label: 'Euro', minorDigits: 2 },
  { code: 'GBP', label: 'Pound Sterling', minorDigits: 2 },
  { code: 'AED', label: 'UAE Dirham', minorDigits: 2 },
  { code: 'INR', label: 'Indian Rupee', minorDigits: 2 },
] as const;
export const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'AED', 'INR'] as const;
export type Currency = (typeof CURRENCY_CODES)[number];

export const isIncoterm = (v: unknown): v is Incoterm => (INCOTERM_CODES as readonly unknown[]).includes(v);
export const isCurrency = (v: unknown): v is Currency => (CURRENCY_CODES as readonly unknown[]).includes(v);

export function minorDigits(currency: Currency): number {
  return CURRENCIES.find((c) => c.code === currency)?.minorDigits ?? 2;
}

/** Largest amount we accept, in major units (keeps every product and total a safe integer). */
export const MAX_UNIT_PRICE = 999_999_999;

/**
 * "1234.5" -> 123450 (minor units) for a 2-digit currency, exactly (no floating point).
 * Null for anything that is not a plain non-negative decimal with at most `digits` decimals.
 */
export function parseMinorUnits(text: string, digits = 2): number | null {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 123450 -> "1234.50" (no grouping): the exact decimal of an amount in minor units. */
export function minorToDecimal(minor: number, digits = 2): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const scale = 10 ** digits;
  const whole = Math.trunc(abs / scale);
  const fraction = String(abs % scale).padStart(digits, '0');
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/** 123450, 'USD' -> "USD 1,234.50" (grouped with commas; the code, never a symbol a font may lack). */
export function formatMoney(minor: number, currency: Currency): string {
  const [whole = '0', fraction] = minorToDecimal(minor, minorDigits(currency)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * An amount in `language` (issue 28): English as formatMoney writes it ("USD 1,234.50"), the
 * others through Intl with the currency's code and minor digits ("1.234,50 USD" in German).
 */
export function formatMoneyIn(minor: number, currency: Currency, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return formatMoney(minor, currency);
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(LANGUAGE_INFO[language].intl, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(minorToDecimal(minor, digits)));
}

/**
 * Total for a quantity, rounded half up to the minor unit (quantities may have decimals).
 * Exact: the quantity is taken as the decimal it is written as (0.15, not the binary fraction
 * 0.1499999...), and the product is made in integers, so 0.15 x 16.90 is 2.54, not 2.53.
 */
export function totalMinorUnits(unitPriceMinor: number, quantity: number): number {
  const [mantissa = '0', exponent = '0'] = String(quantity).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(`${whole}${fraction}`) * BigInt(unitPriceMinor);
  if (scale <= 0) return Number(digits * 10n ** BigInt(-scale));
  const divisor = 10n ** BigInt(scale);
  // Half up (away from zero for the negative amounts no quote has).
  const sign = digits < 0n ? -1n : 1n;
  return Number((sign * (sign * digits * 2n + divisor)) / (2n * divisor));
}
