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

/** Body of POST /api/v1/quote/{id}/offer. `unitPrice` is a decimal in major units ("12.50" or 12.5). */
export const offerSchema = z
  .object({
    unitPrice: z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), requiredString(M.unitPriceRequired, 20)),
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
  })
  .superRefine((offer, ctx) => {
    if (!isCurrency(offer.currency)) return;
    const minor = parseMinorUnits(offer.unitPrice, minorDigits(offer.currency));
    if (minor === null || minor <= 0 || minor > MAX_UNIT_PRICE * 10 ** minorDigits(offer.currency)) {
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: M.unitPriceInvalid });
    }
  })
  .transform((offer) => ({
    ...offer,
    currency: offer.currency as Currency,
    incoterm: offer.incoterm as Incoterm,
    unitPriceMinor: parseMinorUnits(offer.unitPrice, minorDigits(offer.currency as Currency)) ?? 0,
  }));
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
  /** Unit price x the quote's required quantity, rounded half up to the minor unit. */
  totalMinor: z.number().int(),
  total: z.string(),
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
