/**
 * The buyer's export terms on the quote form: a fifth, optional section. Every field is
 * optional and the whole `tradeTerms` object is left out of the payload when nothing is filled in,
 * so a client that sends only SPEC.md's fields is unaffected. Incoterms and currencies come from
 * `trade.ts` (shared with the quote desk's offers).
 */
import { z } from 'zod';
import { QUANTITY_TYPES, type QuantityType } from './constants.js';
import { CURRENCY_CODES, INCOTERM_CODES, minorDigits, parseMinorUnits, type Currency, type Incoterm } from './trade.js';
import { booleanish } from './validation.js';
import { tradeTermsRows as rowTexts } from '../locales/en/desk.json';
import { interpolate } from './i18n/translator.js';
import { TRADE_TERMS_MESSAGES } from './trade-terms-texts.js';

export * from './trade-terms-texts.js';

export const CONTAINER_TYPES = [
  { value: 'FCL_20', label: "20' FCL" },
  { value: 'FCL_40', label: "40' FCL" },
  { value: 'FCL_40_HC', label: "40' HC FCL" },
  { value: 'LCL', label: 'LCL' },
  { value: 'AIR', label: 'Air freight' },
] as const;
export const CONTAINER_VALUES = ['FCL_20', 'FCL_40', 'FCL_40_HC', 'LCL', 'AIR'] as const;
export type ContainerType = (typeof CONTAINER_VALUES)[number];

export const CERTIFICATIONS = [
  { value: 'FSSAI', label: 'FSSAI' },
  { value: 'APEDA', label: 'APEDA' },
  { value: 'USDA_ORGANIC', label: 'USDA Organic' },
  { value: 'EU_ORGANIC', label: 'EU Organic' },
  { value: 'NPOP', label: 'NPOP/India Organic' },
  { value: 'HACCP', label: 'HACCP' },
  { value: 'ISO_22000', label: 'ISO 22000' },
  { value: 'HALAL', label: 'Halal' },
  { value: 'KOSHER', label: 'Kosher' },
  { value: 'FDA', label: 'FDA registration' },
] as const;
export const CERTIFICATION_VALUES = [
  'FSSAI',
  'APEDA',
  'USDA_ORGANIC',
  'EU_ORGANIC',
  'NPOP',
  'HACCP',
  'ISO_22000',
  'HALAL',
  'KOSHER',
  'FDA',
] as const;
export type Certification = (typeof CERTIFICATION_VALUES)[number];

const M = TRADE_TERMS_MESSAGES;
/** The trade terms' messages in the order the server reports them, after SPEC.md's quote messages. */
export const tradeTermsMessageOrder = Object.values(M);

const blankToUndefined = (v: unknown): unknown => {
  const s = typeof v === 'string' ? v.trim() : v;
  return s === '' || s === null ? undefined : s;
};
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: message }).optional());

/** The `tradeTerms` object as sent; blanks become absent. */
const tradeTermsObject = z.object(
  {
    incoterm: optionalEnum(INCOTERM_CODES, M.incoterm),
    destinationPort: z.preprocess(
      blankToUndefined,
      z.string({ error: M.destinationPort }).max(200, { error: M.destinationPort }).optional(),
    ),
    container: optionalEnum(CONTAINER_VALUES, M.container),
    /** A decimal in major units ("1.25"); numbers are accepted and read as their decimal text. */
    targetPrice: z.preprocess(
      (v) => blankToUndefined(typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
      z.string({ error: M.targetPrice }).optional(),
    ),
    targetCurrency: optionalEnum(CURRENCY_CODES, M.targetCurrency),
    targetPriceUnit: optionalEnum(QUANTITY_TYPES, M.targetPriceUnit),
    certifications: z.preprocess(
      (v) => (v === undefined || v === null || v === false ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.enum(CERTIFICATION_VALUES, { error: M.certifications }), { error: M.certifications }).max(CERTIFICATION_VALUES.length),
    ),
    sampleFirst: booleanish(),
  },
  { error: M.tradeTerms },
);

/** Trade terms after validation: only the fields given, or undefined when nothing was filled in. */
export interface TradeTermsInput {
  incoterm?: Incoterm;
  destinationPort?: string;
  container?: ContainerType;
  targetPrice?: string;
  targetCurrency?: Currency;
  targetPriceUnit?: QuantityType;
  certifications?: Certification[];
  sampleFirst?: true;
}

export const tradeTermsSchema = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  tradeTermsObject
    .superRefine((t, ctx) => {
      const priced = t.targetCurrency !== undefined || t.targetPriceUnit !== undefined;
      if (t.targetPrice === undefined) {
        if (priced) ctx.addIssue({ code: 'custom', path: ['targetPrice'], message: M.targetPriceRequired });
        return;
      }
      const minor = parseMinorUnits(t.targetPrice, t.targetCurrency ? minorDigits(t.targetCurrency) : 2);
      if (minor === null || minor <= 0) ctx.addIssue({ code: 'custom', path: ['targetPrice'], message: M.targetPrice });
      if (t.targetCurrency === undefined) ctx.addIssue({ code: 'custom', path: ['targetCurrency'], message: M.targetCurrencyRequired });
      if (t.targetPriceUnit === undefined) ctx.addIssue({ code: 'custom', path: ['targetPriceUnit'], message: M.targetPriceUnitRequired });
    })
    .transform((t): TradeTermsInput | undefined => {
      const out: TradeTermsInput = {};
      if (t.incoterm) out.incoterm = t.incoterm;
      if (t.destinationPort) out.destinationPort = t.destinationPort.trim();
      if (t.container) out.container = t.container;
      if (t.targetPrice) out.targetPrice = t.targetPrice.trim();
      if (t.targetCurrency) out.targetCurrency = t.targetCurrency;
      if (t.targetPriceUnit) out.targetPriceUnit = t.targetPriceUnit;
      const certifications = [...new Set(t.certifications)];
      if (certifications.length > 0) out.certifications = certifications;
      if (t.sampleFirst) out.sampleFirst = true;
      return Object.keys(out).length === 0 ? undefined : out;
    })
    .optional(),
);

/** Trade terms as stored and answered: every key present, null (or [] / false) when not given. */
export const tradeTermsRecordSchema = z.object({
  incoterm: z.enum(INCOTERM_CODES).nullable(),
  destinationPort: z.string().nullable(),
  container: z.enum(CONTAINER_VALUES).nullable(),
  /** Exact decimal text in major units, e.g. "1.25"; `targetPriceMinor` is the same in minor units. */
  targetPrice: z.string().nullable(),
  targetPriceMinor: z.number().int().nullable(),
  targetCurrency: z.enum(CURRENCY_CODES).nullable(),
  targetPriceUnit: z.enum(QUANTITY_TYPES).nullable(),
  certifications: z.array(z.enum(CERTIFICATION_VALUES)),
  sampleFirst: z.boolean(),
});
export type TradeTerms = z.infer<typeof tradeTermsRecordSchema>;

export const containerLabel = (value: string): string => CONTAINER_TYPES.find((c) => c.value === value)?.label ?? value;
export const certificationLabel = (value: string): string => CERTIFICATIONS.find((c) => c.value === value)?.label ?? value;

/** Readable lines of trade terms ("Preferred Incoterm" -> "FOB") in English, for mails and exports (the words: the message file's `tradeTermsRows`). */
export function tradeTermsRows(t: TradeTerms | null | undefined): [string, string][] {
  if (!t) return [];
  const T = rowTexts;
  const rows: [string, string][] = [];
  if (t.incoterm) rows.push([T.incoterm, t.incoterm]);
  if (t.destinationPort) rows.push([T.destinationPort, t.destinationPort]);
  if (t.container) rows.push([T.container, containerLabel(t.container)]);
  if (t.targetPrice && t.targetCurrency) {
    const price = { currency: t.targetCurrency, price: t.targetPrice, unit: t.targetPriceUnit };
    rows.push([T.targetPrice, interpolate(t.targetPriceUnit ? T.pricePer : T.price, price)]);
  }
  if (t.certifications.length > 0) rows.push([T.certifications, t.certifications.map(certificationLabel).join(', ')]);
  if (t.sampleFirst) rows.push([T.sampleFirst, T.sampleFirstYes]);
  return rows;
}
