/**
 * The quote desk: a quote's status, the offers the company sends, the buyer's decision.
 * Statuses, transitions, schemas and messages live here so the server, the web app and other
 * clients agree on them. Money is exact: integer minor units beside an ISO 4217 currency code.
 */
import { z } from 'zod';
import { QUANTITY_TYPES } from './constants.js';
import {
  CURRENCY_CODES,
  INCOTERM_CODES,
  MAX_UNIT_PRICE,
  isCurrency,
  isIncoterm,
  minorDigits,
  parseMinorUnits,
  type Currency,
  type Incoterm,
} from './trade.js';
import { optionalString, requiredString } from './validation.js';
import { quoteLines as QL } from '../locales/en/messages.json';

/**
 * NEW (as submitted), QUOTED (an offer was sent), ACCEPTED / DECLINED (by the buyer),
 * REJECTED (by the company, with a reason), EXPIRED (the current offer's validity date passed
 * without a decision). EXPIRED is never stored: it is a QUOTED quote whose offer has expired,
 * computed on read (docs/decisions/005-quote-desk.md).
 */
export * from './quote-desk-texts.js';
import { OFFER_LIMITS, QUOTE_DESK_MESSAGES, QUOTE_STATUSES } from './quote-desk-texts.js';

const M = QUOTE_DESK_MESSAGES;

const isRealDate = (v: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

const priceText = () =>
  z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), requiredString(M.unitPriceRequired, 20));

/** At most this many priced lines in an offer (a quote's lines). */
const OFFER_LINES_MAX = 20;

/**
 * One priced line of an offer (issue 45): the quote line's `_id`, its unit price (major units, as
 * `unitPrice`) and, optionally, another quantity than the buyer asked for (in the product's unit).
 */
export const offerLineInputSchema = z.object({
  itemId: requiredString(QL.offerLinesUnknown, 64),
  unitPrice: priceText(),
  // Blank (a form's empty field) or null: the quantity asked for. The optional sits inside the
  // preprocess: outside it, a blank made undefined there was then refused as no number.
  quantity: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v === null ? undefined : v),
    z
      .number({ error: QL.offerQuantityInvalid })
      .gt(0, { error: QL.offerQuantityInvalid })
      .max(1_000_000_000, { error: QL.offerQuantityInvalid })
      .optional(),
  ),
});

/**
 * An offer body with `lines` may leave out `unitPrice`: it is the first line's (filled in here,
 * before validation, only when left out). Any other body is returned as it is.
 */
export function withFirstLinePrice(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const lines = record.lines;
  if (record.unitPrice !== undefined || !Array.isArray(lines) || typeof lines[0] !== 'object' || lines[0] === null) return body;
  return { ...record, unitPrice: (lines[0] as Record<string, unknown>).unitPrice };
}

const validPrice = (minor: number | null, currency: Currency): minor is number =>
  minor !== null && minor > 0 && minor <= MAX_UNIT_PRICE * 10 ** minorDigits(currency);

/** Body of POST /api/v1/quote/{id}/offer. `unitPrice` is a decimal in major units ("12.50" or 12.5). */
export const offerSchema = z
  .object({
    unitPrice: priceText(),
    currency: requiredString(M.currencyRequired, 20).refine(isCurrency, { error: M.currencyInvalid }),
    incoterm: requiredString(M.incotermRequired, 20).refine(isIncoterm, { error: M.incotermInvalid }),
    portOfLoading: requiredString(M.portOfLoadingRequired, OFFER_LIMITS.textMax),
    destination: requiredString(M.destinationRequired, OFFER_LIMITS.textMax),
    leadTimeDays: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
      z
        .number({ error: M.leadTimeRequired })
        .int({ error: M.leadTimeInvalid })
        .min(OFFER_LIMITS.leadTimeDaysMin, { error: M.leadTimeInvalid })
        .max(OFFER_LIMITS.leadTimeDaysMax, { error: M.leadTimeInvalid }),
    ),
    paymentTerms: requiredString(M.paymentTermsRequired, OFFER_LIMITS.textMax),
    validUntil: requiredString(M.validUntilRequired, 20).refine(isRealDate, { error: M.validUntilInvalid }),
    note: optionalString(OFFER_LIMITS.noteMax),
    /**
     * Issue 45: a price for every line of the quote, each once (required for a quote of several
     * lines; a one-line quote may send `unitPrice` alone). With `lines`, `unitPrice` is the first line's.
     */
    lines: z
      .array(offerLineInputSchema, { error: QL.offerLinesEvery })
      .min(1, { error: QL.offerLinesEvery })
      .max(OFFER_LINES_MAX, { error: QL.offerLinesEvery })
      .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, { error: QL.offerLinesEvery })
      .optional()
      .describe('Issue 45: a price for every line of the quote, each once; `quantity` offers another quantity than asked'),
  })
  .superRefine((offer, ctx) => {
    if (!isCurrency(offer.currency)) return;
    if (!validPrice(parseMinorUnits(offer.unitPrice, minorDigits(offer.currency)), offer.currency)) {
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: M.unitPriceInvalid });
    }
    offer.lines?.forEach((line, i) => {
      if (!validPrice(parseMinorUnits(line.unitPrice, minorDigits(offer.currency as Currency)), offer.currency as Currency)) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'unitPrice'], message: M.unitPriceInvalid });
      }
    });
  })
  .transform((offer) => {
    const digits = minorDigits(offer.currency as Currency);
    const lines = offer.lines?.map((line) => ({
      itemId: line.itemId,
      unitPriceMinor: parseMinorUnits(line.unitPrice, digits) ?? 0,
      quantity: line.quantity ?? null,
    }));
    return {
      ...offer,
      currency: offer.currency as Currency,
      incoterm: offer.incoterm as Incoterm,
      // With lines: the first line's price (the offer's own column, as a one-line offer's).
      unitPriceMinor: lines?.[0]?.unitPriceMinor ?? parseMinorUnits(offer.unitPrice, digits) ?? 0,
      lines,
    };
  });
/** What the offer form holds (all text); `z.output` is what the server stores. */
export type OfferInput = z.input<typeof offerSchema>;
export type OfferData = z.output<typeof offerSchema>;

export const offerMessageOrder = [
  M.unitPriceRequired,
  M.currencyRequired,
  M.incotermRequired,
  M.portOfLoadingRequired,
  M.destinationRequired,
  M.leadTimeRequired,
  M.paymentTermsRequired,
  M.validUntilRequired,
  M.unitPriceInvalid,
  M.currencyInvalid,
  M.incotermInvalid,
  M.leadTimeInvalid,
  M.validUntilInvalid,
  QL.offerLinesEvery,
  QL.offerLinesUnknown,
  QL.offerQuantityInvalid,
  QL.offerUnitPriceRequired,
] as const;

/** Body of POST /api/v1/quote/{id}/reject. */
export const rejectSchema = z.object({
  reason: requiredString(M.reasonRequired, OFFER_LIMITS.reasonMax).refine((v) => v.length >= OFFER_LIMITS.reasonMin, {
    error: M.reasonMin,
  }),
});
export type RejectInput = z.infer<typeof rejectSchema>;
export const rejectMessageOrder = [M.reasonRequired, M.reasonMin] as const;

/**
 * Body of POST /api/v1/quote/{id}/accept and /decline (the body itself may be absent).
 * `offerId`: the offer the buyer saw; when it is no longer the current one the decision is refused (409).
 */
export const decisionSchema = z.object({
  note: optionalString(OFFER_LIMITS.decisionNoteMax),
  offerId: z.string().max(64).optional(),
});
export type DecisionInput = z.infer<typeof decisionSchema>;

/** One priced line of an offer as the API shows it (issue 45). */
export const quoteOfferLineSchema = z.object({
  /** The quote line's `_id` (the quote's `items[]._id`). */
  itemId: z.string(),
  /** The line's product id (null when the product was deleted). */
  productId: z.string().nullable(),
  /** The quantity offered: the line's requiredQty, or another one (`quantityChanged`). */
  quantity: z.number(),
  quantityChanged: z.boolean(),
  /** The unit the price is per (the line's product's unit). */
  priceBasis: z.enum(QUANTITY_TYPES),
  unitPriceMinor: z.number().int(),
  unitPrice: z.string(),
  /** unitPrice x quantity, rounded half up to the minor unit, computed exactly. */
  totalMinor: z.number().int(),
  total: z.string(),
});
export type QuoteOfferLine = z.infer<typeof quoteOfferLineSchema>;

/** An offer as the API shows it. Amounts: `*Minor` integers are exact; the strings are the same amounts as decimals. */
export const quoteOfferSchema = z.object({
  _id: z.string(),
  /** 1 for the first offer on a quote, 2 for the next... */
  revision: z.number().int(),
  quotationNumber: z.string(),
  currency: z.enum(CURRENCY_CODES),
  unitPriceMinor: z.number().int(),
  /** Decimal in major units, e.g. "12.50". */
  unitPrice: z.string(),
  /** The unit the price is per (the product's unit). */
  priceBasis: z.enum(QUANTITY_TYPES),
  /**
   * Unit price x the quote's required quantity, rounded half up to the minor unit; with several
   * lines (issue 45), the sum of the lines' totals (`unitPrice` is then the first line's).
   */
  totalMinor: z.number().int(),
  total: z.string(),
  /** Issue 45: the offer's price per quote line, in the quote's line order (one line for a one-line quote). */
  lines: z
    .array(quoteOfferLineSchema)
    .describe("Issue 45: the offer's price per quote line; totalMinor / total above are the sum of the lines' totals"),
  incoterm: z.enum(INCOTERM_CODES),
  portOfLoading: z.string(),
  destination: z.string(),
  leadTimeDays: z.number().int(),
  paymentTerms: z.string(),
  /** 'YYYY-MM-DD', valid through the end of that day (IST). */
  validUntil: z.string(),
  /** The instant the offer expires (ISO). */
  expiresAt: z.string(),
  note: z.string(),
  createdAt: z.string(),
  /** When its buyer first opened the quote or its PDF after the offer was sent (issue 40), or null. */
  viewedAt: z.string().nullable(),
});
export type QuoteOffer = z.infer<typeof quoteOfferSchema>;

export const QUOTE_ACTORS = ['BUYER', 'COMPANY'] as const;
export type QuoteActor = (typeof QUOTE_ACTORS)[number];

/** One step of a quote's history, oldest first. */
export const quoteHistoryEntrySchema = z.object({
  /** The status the quote moved to. */
  status: z.enum(QUOTE_STATUSES),
  at: z.string(),
  /** Who moved it (EXPIRED: nobody, the validity date passed). */
  by: z.enum(QUOTE_ACTORS).nullable(),
  /** Reason (REJECTED), the buyer's note (ACCEPTED / DECLINED) or the offer's quotation number (QUOTED). */
  note: z.string(),
  offerId: z.string().nullable(),
});
export type QuoteHistoryEntry = z.infer<typeof quoteHistoryEntrySchema>;
