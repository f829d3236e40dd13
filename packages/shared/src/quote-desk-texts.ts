/**
 * The quote desk's statuses, transitions, limits and texts, without zod: the web app's first page
 * (the quote slice) imports these, and zod stays out of that bundle. Schemas: quote-desk.ts.
 */
import { adminMessages, refusals } from '../locales/en/messages.json';
import { interpolate } from './i18n/translator.js';

export const QUOTE_STATUSES = ['NEW', 'QUOTED', 'ACCEPTED', 'DECLINED', 'REJECTED', 'EXPIRED', 'CHANGES_REQUESTED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/**
 * The statuses a quote row holds. CHANGES_REQUESTED is, like EXPIRED, not one of them: it is a
 * QUOTED quote whose buyer asked for changes to the current offer (`changes_requested_at`), until
 * the company answers with a new offer or a rejection, or the buyer decides.
 */
export const STORED_QUOTE_STATUSES = ['NEW', 'QUOTED', 'ACCEPTED', 'DECLINED', 'REJECTED'] as const;
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];
/** The statuses a history event records: the stored ones and the buyer's request for changes. */
export type QuoteEventStatus = StoredQuoteStatus | 'CHANGES_REQUESTED';

/** What each action needs the quote's (effective) status to be. Anything else is a 409. */
export const QUOTE_ACTIONS = {
  /** A new offer replaces the current one (also after it expired). */
  offer: ['NEW', 'QUOTED', 'EXPIRED', 'CHANGES_REQUESTED'],
  reject: ['NEW', 'QUOTED', 'EXPIRED', 'CHANGES_REQUESTED'],
  // The buyer may still take or leave the current offer after asking for changes to it.
  accept: ['QUOTED', 'CHANGES_REQUESTED'],
  decline: ['QUOTED', 'CHANGES_REQUESTED'],
  requestChanges: ['QUOTED', 'CHANGES_REQUESTED'],
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

/**
 * Status a reader sees: a QUOTED quote whose buyer asked for changes is CHANGES_REQUESTED (the
 * company's turn, whether or not the offer has expired meanwhile); otherwise, past its offer's
 * expiry, EXPIRED.
 */
export function effectiveQuoteStatus(
  stored: StoredQuoteStatus,
  offerExpiresAtIso: string | null,
  nowIso: string,
  changesRequested = false,
): QuoteStatus {
  if (stored === 'QUOTED' && changesRequested) return 'CHANGES_REQUESTED';
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

/** The quote desk's messages, from the English message file (the refusals with a value: its `refusals`). */
export const QUOTE_DESK_MESSAGES = {
  ...adminMessages.quoteDesk,
  offerExpired: (validUntil: string) => interpolate(refusals.offerExpired, { validUntil }),
  offerReplaced: (current: string) => interpolate(refusals.offerReplaced, { current }),
  alreadyDecided: (status: QuoteStatus) => interpolate(refusals.alreadyDecided, { status }),
  notAllowed: (action: QuoteAction, status: QuoteStatus) => interpolate(refusals.notAllowed, { status, action: refusals.actions[action] }),
};

/** The 409 message for `action` on a quote in `status` (undefined when the action is allowed). */
export function refusalMessage(action: QuoteAction, status: QuoteStatus, validUntil?: string | null): string | undefined {
  if (canDo(action, status)) return undefined;
  const M = QUOTE_DESK_MESSAGES;
  if (status === 'ACCEPTED' || status === 'DECLINED' || status === 'REJECTED') return M.alreadyDecided(status);
  const buyerAction = action === 'accept' || action === 'decline' || action === 'requestChanges';
  if (buyerAction && status === 'NEW') return M.noOffer;
  if (buyerAction && status === 'EXPIRED') return M.offerExpired(validUntil ?? '');
  return M.notAllowed(action, status);
}

/** Texts of the quote desk screens (toasts follow SPEC.md section 7: loading, then success or the server's message or this default). */
export const QUOTE_DESK_UI = {
  ...adminMessages.quoteDeskScreen,
  /** Common payment terms offered as suggestions in the offer form (what an offer says: the trade's English). */
  paymentTermsSuggestions: [
    'LC at sight',
    '30% TT advance / 70% against documents',
    '100% TT advance',
    'CAD (cash against documents)',
    '50% TT advance / 50% against BL copy',
  ],
};
