/**
 * The quote desk's statuses, transitions, limits and texts, without zod: the web app's first page
 * (the quote slice) imports these, and zod stays out of that bundle. Schemas: quote-desk.ts.
 */
import { CURRENCY_CODES, INCOTERM_CODES } from './trade.js';

export const QUOTE_STATUSES = ['NEW', 'QUOTED', 'ACCEPTED', 'DECLINED', 'REJECTED', 'EXPIRED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** The statuses a database row holds. */
export const STORED_QUOTE_STATUSES = ['NEW', 'QUOTED', 'ACCEPTED', 'DECLINED', 'REJECTED'] as const;
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];

/** Text shown on a status badge (the status itself: clients and mails name it the same way). */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  NEW: 'NEW',
  QUOTED: 'QUOTED',
  ACCEPTED: 'ACCEPTED',
  DECLINED: 'DECLINED',
  REJECTED: 'REJECTED',
  EXPIRED: 'EXPIRED',
};

/** What each action needs the quote's (effective) status to be. Anything else is a 409. */
export const QUOTE_ACTIONS = {
  /** A new offer replaces the current one (also after it expired). */
  offer: ['NEW', 'QUOTED', 'EXPIRED'],
  reject: ['NEW', 'QUOTED', 'EXPIRED'],
  accept: ['QUOTED'],
  decline: ['QUOTED'],
} as const satisfies Record<string, readonly QuoteStatus[]>;
export type QuoteAction = keyof typeof QUOTE_ACTIONS;

export function canDo(action: QuoteAction, status: QuoteStatus): boolean {
  return (QUOTE_ACTIONS[action] as readonly QuoteStatus[]).includes(status);
}

/**
 * Offers are valid until the end of their validity date in India (the company's time zone, IST,
 * UTC+5:30, no daylight saving): the instant the offer expires is the next midnight there.
 */
export const OFFER_TIME_ZONE_OFFSET_MINUTES = 330;

/** 'YYYY-MM-DD' -> ISO instant at which an offer valid until that day expires. */
export function offerExpiresAt(validUntil: string): string {
  const startOfDayUtc = Date.parse(`${validUntil}T00:00:00.000Z`);
  return new Date(startOfDayUtc + 24 * 3_600_000 - OFFER_TIME_ZONE_OFFSET_MINUTES * 60_000).toISOString();
}

/** Today's date in the offer time zone, 'YYYY-MM-DD'. */
export function offerToday(now = Date.now()): string {
  return new Date(now + OFFER_TIME_ZONE_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** Status a reader sees: a QUOTED quote past its offer's expiry is EXPIRED. */
export function effectiveQuoteStatus(stored: StoredQuoteStatus, offerExpiresAtIso: string | null, nowIso: string): QuoteStatus {
  return stored === 'QUOTED' && offerExpiresAtIso !== null && offerExpiresAtIso <= nowIso ? 'EXPIRED' : stored;
}

/** "QTN-2026-3F9A1C-R2": the quote's year and id, and the offer's revision. */
export function quotationNumber(quoteId: string, quoteCreatedAt: string, revision: number): string {
  return `QTN-${quoteCreatedAt.slice(0, 4)}-${quoteId.slice(-6).toUpperCase()}-R${revision}`;
}

export const OFFER_LIMITS = {
  leadTimeDaysMin: 1,
  leadTimeDaysMax: 365,
  textMax: 200,
  noteMax: 2000,
  reasonMin: 5,
  reasonMax: 1000,
  decisionNoteMax: 1000,
} as const;

export const QUOTE_DESK_MESSAGES = {
  unitPriceRequired: 'Unit price is required',
  unitPriceInvalid: 'Unit price must be an amount greater than 0 with at most 2 decimals',
  currencyRequired: 'Currency is required',
  currencyInvalid: `Currency must be one of ${CURRENCY_CODES.join(', ')}`,
  incotermRequired: 'Incoterm is required',
  incotermInvalid: `Incoterm must be one of Incoterms 2020: ${INCOTERM_CODES.join(', ')}`,
  portOfLoadingRequired: 'Port of loading is required',
  destinationRequired: 'Destination port or place is required',
  leadTimeRequired: 'Lead time is required',
  leadTimeInvalid: `Lead time must be a whole number of days from ${OFFER_LIMITS.leadTimeDaysMin} to ${OFFER_LIMITS.leadTimeDaysMax}`,
  paymentTermsRequired: 'Payment terms are required',
  validUntilRequired: 'Validity date is required',
  validUntilInvalid: 'Validity date must be a date (YYYY-MM-DD)',
  validUntilPast: 'Validity date must be today or later',
  reasonRequired: 'Reason is required',
  reasonMin: `Reason must be at least ${OFFER_LIMITS.reasonMin} characters long`,
  // Success
  quoteFetched: 'Quote fetched successfully',
  offerSent: 'Offer sent successfully',
  quoteRejected: 'Quote request rejected',
  offerAccepted: 'Offer accepted successfully',
  offerDeclined: 'Offer declined',
  // Refusals (409)
  noOffer: 'This quote has no offer yet',
  offerExpired: (validUntil: string) => `This offer expired: it was valid until ${validUntil}`,
  offerReplaced: (current: string) => `This offer was replaced by quotation ${current}: review the new offer before you decide`,
  alreadyDecided: (status: QuoteStatus) => `This quote is already ${status} and can no longer change`,
  notAllowed: (action: QuoteAction, status: QuoteStatus) => `A quote that is ${status} cannot be ${ACTION_PAST[action]}`,
} as const;

const ACTION_PAST: Record<QuoteAction, string> = { offer: 'offered', reject: 'rejected', accept: 'accepted', decline: 'declined' };

/** The 409 message for `action` on a quote in `status` (undefined when the action is allowed). */
export function refusalMessage(action: QuoteAction, status: QuoteStatus, validUntil?: string | null): string | undefined {
  if (canDo(action, status)) return undefined;
  const M = QUOTE_DESK_MESSAGES;
  if (status === 'ACCEPTED' || status === 'DECLINED' || status === 'REJECTED') return M.alreadyDecided(status);
  if ((action === 'accept' || action === 'decline') && status === 'NEW') return M.noOffer;
  if ((action === 'accept' || action === 'decline') && status === 'EXPIRED') return M.offerExpired(validUntil ?? '');
  return M.notAllowed(action, status);
}

/** Texts of the quote desk screens (toasts follow SPEC.md section 7: loading, then success or the server's message or this default). */
export const QUOTE_DESK_UI = {
  loading: {
    fetchQuote: 'Loading quote...',
    sendOffer: 'Sending offer...',
    reject: 'Rejecting request...',
    accept: 'Accepting offer...',
    decline: 'Declining offer...',
  },
  errors: {
    fetchQuote: 'Error in loading quote !',
    sendOffer: 'Error in sending offer',
    reject: 'Error in rejecting request',
    accept: 'Error in accepting offer',
    decline: 'Error in declining offer',
  },
  acceptConfirm: 'Do you want to accept this offer?',
  declineConfirm: 'Do you want to decline this offer?',
  rejectConfirm: 'Do you want to reject this quote request?',
  /** Common payment terms offered as suggestions in the offer form. */
  paymentTermsSuggestions: [
    'LC at sight',
    '30% TT advance / 70% against documents',
    '100% TT advance',
    'CAD (cash against documents)',
    '50% TT advance / 50% against BL copy',
  ],
} as const;
