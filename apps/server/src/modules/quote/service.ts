/**
 * The quote desk's state changes. Each is one transaction whose UPDATE names the
 * status it expects, so two requests racing on one quote (accept and decline, two offers, an
 * offer and a rejection) leave exactly one winner; the loser gets a 409 and changes nothing.
 */
import { recordAudit, type AuditActor } from '../audit/index.js';
import {
  QUOTE_DESK_MESSAGES as M,
  THREAD_TEXT,
  effectiveQuoteStatus,
  isCurrency,
  minorDigits,
  offerExpiresAt,
  offerToday,
  parseMinorUnits,
  quotationNumber,
  refusalMessage,
  type OfferData,
  type Proposal,
  type RequestChangesData,
  type QuoteAction,
  type QuoteDetail,
  type StoredQuoteStatus,
  QUOTE_LINE_MESSAGES as QL,
} from '@agro/shared';
import type { Db, DbOrTx, Dialect } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { queueMail, type QueuedMail } from '../../mail/mailer.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { SERVER_ERRORS } from '@agro/shared';
import { createOrderForQuote, type OrderActor } from '../order/index.js';
import { addMessage } from '../messages/index.js';
import { stampFirstReply } from '../reply-clock/index.js';
import { insertOffer, nextRevision } from './offer-repository.js';
import { insertOfferLines, itemKeys } from './lines.js';
import { getQuoteDetail } from './detail.js';
import { recordQuoteEvent } from './repository.js';

/** The quote's row, locked against concurrent changes until the transaction ends (PostgreSQL; SQLite runs one writer). */
async function lockQuote(tx: DbOrTx, dialect: Dialect, id: string) {
  const query = tx
    .selectFrom('quotes')
    .leftJoin('products', 'products.id', 'quotes.product_id')
    .select([
      'quotes.status',
      'quotes.offer_expires_at',
      'quotes.created_at',
      'quotes.changes_requested_at',
      'quotes.current_offer_id',
      'quotes.user_id',
      'products.product_quantity_type as unit',
    ])
    .where('quotes.id', '=', id);
  // FOR UPDATE OF: only the quote row (the product may be left out of the join).
  const row = await (dialect === 'postgres' ? query.forUpdate(['quotes']) : query).executeTakeFirst();
  if (!row) throw notFound(SERVER_ERRORS.quoteNotFound);
  return row;
}

function refuseUnless(
  action: QuoteAction,
  quote: { status: StoredQuoteStatus; offer_expires_at: string | null; changes_requested_at: string | null },
  now: string,
  validUntil?: string | null,
): void {
  const status = effectiveQuoteStatus(quote.status, quote.offer_expires_at, now, quote.changes_requested_at !== null);
  const message = refusalMessage(action, status, validUntil);
  if (message) throw conflict(message);
}

export interface Actor {
  userId: string;
  /** An administrator's change: its audit row is written in the change's transaction (modules/audit/record.ts). */
  audit?: AuditActor;
  /** The mail this change causes, queued in its transaction (mail/mailer.ts); async when it draws an attachment (the offer's PDF). */
  mail?: (quote: QuoteDetail) => QueuedMail | Promise<QueuedMail>;
  /** An acceptance's order mails (the order is made in the acceptance's transaction). */
  orderMails?: OrderActor['mails'];
  /**
   * The company's offer or rejection is a reply that stops the quote's reply clock (issue 41): when
   * it is the first, the seconds since the quote arrived are added here (for /metrics, once committed).
   */
  firstReplies?: number[];
}

/** The company replied to the quote at `now`: its first reply, if it had none (modules/reply-clock). */
async function stampReply(tx: DbOrTx, quoteId: string, now: string, by: Actor): Promise<void> {
  const seconds = await stampFirstReply(tx, { kind: 'quote', id: quoteId }, now);
  if (seconds !== undefined) by.firstReplies?.push(seconds);
}

/** Queue `by.mail` for the quote as this transaction sees it. */
async function queueChangeMail(tx: DbOrTx, quoteId: string, now: string, by: Actor): Promise<void> {
  if (!by.mail) return;
  const quote = await getQuoteDetail(tx, quoteId, now);
  if (quote) await queueMail(tx, await by.mail(quote));
}

/**
 * The offer's price for each line of the quote, in line order (issue 45): `lines` must name every
 * line once; without them a one-line quote's line gets `unitPrice`. 400 otherwise.
 */
async function pricedLines(tx: DbOrTx, quoteId: string, offer: OfferData) {
  const keys = await itemKeys(tx, quoteId);
  const given = offer.lines;
  if (!given) {
    if (keys.length > 1) throw badRequest(QL.offerUnitPriceRequired, { lines: QL.offerUnitPriceRequired });
    return keys.map((k) => ({ itemId: k.id, position: k.position, unitPriceMinor: offer.unitPriceMinor, quantity: null }));
  }
  const unknown = given.findIndex((l) => !keys.some((k) => k.id === l.itemId));
  if (unknown !== -1) throw badRequest(QL.offerLinesUnknown, { [`lines.${unknown}.itemId`]: QL.offerLinesUnknown });
  if (given.length !== keys.length) throw badRequest(QL.offerLinesEvery, { lines: QL.offerLinesEvery });
  return keys.map((k) => {
    const line = given.find((l) => l.itemId === k.id)!;
    return { itemId: k.id, position: k.position, unitPriceMinor: line.unitPriceMinor, quantity: line.quantity };
  });
}

/** ADMIN: a new offer; it becomes the current one and the quote QUOTED. */
export async function sendOffer(
  db: Db,
  dialect: Dialect,
  quoteId: string,
  offer: OfferData,
  by: Actor,
  nowMs = Date.now(),
): Promise<QuoteDetail> {
  const now = nowIso(nowMs);
  if (offer.validUntil < offerToday(nowMs)) throw badRequest(M.validUntilPast, { validUntil: M.validUntilPast });
  await db.transaction().execute(async (tx) => {
    await markApplied(tx);
    const quote = await lockQuote(tx, dialect, quoteId);
    refuseUnless('offer', quote, now);
    const lines = await pricedLines(tx, quoteId, offer);
    const offerId = newId(nowMs);
    const revision = await nextRevision(tx, quoteId);
    const expiresAt = offerExpiresAt(offer.validUntil);
    await insertOffer(tx, {
      id: offerId,
      quote_id: quoteId,
      revision,
      currency: offer.currency,
      // The first line's price (a one-line offer's only price).
      unit_price_minor: lines[0]?.unitPriceMinor ?? offer.unitPriceMinor,
      // The price is per the product's unit; a quote whose product was deleted is priced per piece.
      price_basis: quote.unit ?? 'NOS',
      incoterm: offer.incoterm,
      port_of_loading: offer.portOfLoading,
      destination: offer.destination,
      lead_time_days: offer.leadTimeDays,
      payment_terms: offer.paymentTerms,
      valid_until: offer.validUntil,
      expires_at: expiresAt,
      note: offer.note,
      created_by: by.userId,
      created_at: now,
    });
    await insertOfferLines(tx, offerId, lines);
    const updated = await tx
      .updateTable('quotes')
      // A revised offer answers the buyer's request for changes: QUOTED again.
      .set({ status: 'QUOTED', current_offer_id: offerId, offer_expires_at: expiresAt, status_changed_at: now, changes_requested_at: null })
      .where('id', '=', quoteId)
      .where('status', 'in', ['NEW', 'QUOTED'])
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw conflict(M.notAllowed('offer', quote.status));
    await stampReply(tx, quoteId, now, by);
    await recordQuoteEvent(tx, {
      id: newId(nowMs),
      quote_id: quoteId,
      status: 'QUOTED',
      actor: 'COMPANY',
      user_id: by.userId,
      offer_id: offerId,
      note: quotationNumber(quoteId, quote.created_at, revision),
      created_at: now,
    });
    if (by.audit) {
      await recordAudit(tx, by.audit, {
        action: 'create',
        entityType: 'offer',
        entityId: offerId,
        after: { quoteId, revision, quotationNumber: quotationNumber(quoteId, quote.created_at, revision), ...offer },
      });
    }
    await queueChangeMail(tx, quoteId, now, by);
  });
  return (await getQuoteDetail(db, quoteId, now))!;
}

/** ADMIN: refuse the request, with a reason the buyer is told. */
export async function rejectQuote(
  db: Db,
  dialect: Dialect,
  quoteId: string,
  reason: string,
  by: Actor,
  nowMs = Date.now(),
): Promise<QuoteDetail> {
  const now = nowIso(nowMs);
  await db.transaction().execute(async (tx) => {
    await markApplied(tx);
    const quote = await lockQuote(tx, dialect, quoteId);
    refuseUnless('reject', quote, now);
    const updated = await tx
      .updateTable('quotes')
      .set({ status: 'REJECTED', status_changed_at: now, changes_requested_at: null })
      .where('id', '=', quoteId)
      .where('status', 'in', ['NEW', 'QUOTED'])
      .returning('current_offer_id')
      .executeTakeFirst();
    if (!updated) throw conflict(M.notAllowed('reject', quote.status));
    await stampReply(tx, quoteId, now, by);
    await recordQuoteEvent(tx, {
      id: newId(nowMs),
      quote_id: quoteId,
      status: 'REJECTED',
      actor: 'COMPANY',
      user_id: by.userId,
      offer_id: updated.current_offer_id,
      note: reason,
      created_at: now,
    });
    if (by.audit) {
      await recordAudit(tx, by.audit, {
        action: 'update',
        entityType: 'quote',
        entityId: quoteId,
        before: { status: quote.status, reason: null },
        after: { status: 'REJECTED', reason },
      });
    }
    await queueChangeMail(tx, quoteId, now, by);
  });
  return (await getQuoteDetail(db, quoteId, now))!;
}

/**
 * The owning buyer accepts or declines the current offer. One conditional UPDATE decides:
 * it only matches a QUOTED quote whose offer has not expired, so of two racing decisions
 * exactly one changes the row. With `offerId` (the offer the buyer saw) it also only matches
 * while that offer is still the current one, so a newer offer is never decided unseen.
 */
export async function decideQuote(
  db: Db,
  quoteId: string,
  decision: 'ACCEPTED' | 'DECLINED',
  note: string,
  by: Actor,
  offerId?: string,
  nowMs = Date.now(),
): Promise<QuoteDetail> {
  const now = nowIso(nowMs);
  const action = decision === 'ACCEPTED' ? 'accept' : 'decline';
  const decided = await db.transaction().execute(async (tx) => {
    await markApplied(tx);
    let update = tx
      .updateTable('quotes')
      .set({ status: decision, status_changed_at: now, changes_requested_at: null })
      .where('id', '=', quoteId)
      .where('user_id', '=', by.userId)
      .where('status', '=', 'QUOTED')
      .where('offer_expires_at', '>', now);
    if (offerId !== undefined) update = update.where('current_offer_id', '=', offerId);
    const updated = await update.returning('current_offer_id').executeTakeFirst();
    if (!updated) return false;
    await recordQuoteEvent(tx, {
      id: newId(nowMs),
      quote_id: quoteId,
      status: decision,
      actor: 'BUYER',
      user_id: by.userId,
      offer_id: updated.current_offer_id,
      note,
      created_at: now,
    });
    // Issue 27: the accepted offer becomes an order in this same transaction, so there is never an
    // ACCEPTED quote without its order, nor an order without its acceptance.
    if (decision === 'ACCEPTED') {
      await createOrderForQuote(tx, quoteId, { userId: by.userId, ...(by.orderMails ? { mails: by.orderMails } : {}) }, nowMs);
    }
    await queueChangeMail(tx, quoteId, now, by);
    return true;
  });
  const quote = await getQuoteDetail(db, quoteId, now);
  if (!quote) throw notFound(SERVER_ERRORS.quoteNotFound);
  const open = quote.status === 'QUOTED' || quote.status === 'CHANGES_REQUESTED';
  if (!decided && offerId !== undefined && open && quote.offer && quote.offer._id !== offerId) {
    throw conflict(M.offerReplaced(quote.offer.quotationNumber));
  }
  // Changes asked for and the offer expired meanwhile: the offer can no longer be taken.
  if (!decided && quote.status === 'CHANGES_REQUESTED' && quote.offer && quote.offer.expiresAt <= now) {
    throw conflict(M.offerExpired(quote.offer.validUntil));
  }
  if (!decided) throw conflict(refusalMessage(action, quote.status, quote.offer?.validUntil) ?? M.alreadyDecided(quote.status));
  return quote;
}

/**
 * The owning buyer asks for changes to the current offer (issue 40): the quote becomes
 * CHANGES_REQUESTED, its history records it, and the thread gets the buyer's note as a message
 * carrying the proposal (the company is told by the thread's mail). One transaction; refused (409)
 * when the quote is decided, the offer is not the current one, or it has expired.
 */
export async function requestChanges(
  db: Db,
  dialect: Dialect,
  quoteId: string,
  input: RequestChangesData,
  by: { userId: string; name: string },
  nowMs = Date.now(),
): Promise<{ quote: QuoteDetail; messageId: string }> {
  const now = nowIso(nowMs);
  const messageId = await db.transaction().execute(async (tx) => {
    await markApplied(tx);
    const quote = await lockQuote(tx, dialect, quoteId);
    if (quote.user_id !== by.userId) throw notFound(SERVER_ERRORS.quoteNotFound);
    const status = effectiveQuoteStatus(quote.status, quote.offer_expires_at, now, quote.changes_requested_at !== null);
    if (status === 'ACCEPTED' || status === 'DECLINED' || status === 'REJECTED') throw conflict(M.alreadyDecided(status));
    const offer = quote.current_offer_id
      ? await tx
          .selectFrom('quote_offers')
          .select(['id', 'revision', 'currency', 'valid_until', 'expires_at'])
          .where('id', '=', quote.current_offer_id)
          .executeTakeFirst()
      : undefined;
    if (!offer) throw conflict(M.noOffer);
    if (offer.id !== input.offerId) throw conflict(THREAD_TEXT.notCurrentOffer);
    if (offer.expires_at <= now) throw conflict(M.offerExpired(offer.valid_until));
    // Issue 45: the lines named must be this quote's (each once).
    if (input.itemIds !== undefined) {
      const keys = await itemKeys(tx, quoteId);
      const unique = new Set(input.itemIds);
      if (unique.size !== input.itemIds.length || input.itemIds.some((id) => !keys.some((k) => k.id === id))) {
        throw badRequest(QL.changeItemsUnknown, { itemIds: QL.changeItemsUnknown });
      }
    }
    const currency = isCurrency(offer.currency) ? offer.currency : 'USD';
    const unitPriceMinor = input.unitPrice === undefined ? undefined : parseMinorUnits(input.unitPrice, minorDigits(currency));
    const quotation = quotationNumber(quoteId, quote.created_at, offer.revision);
    const proposal: Proposal = {
      offerId: offer.id,
      quotationNumber: quotation,
      currency,
      ...(input.unitPrice !== undefined && unitPriceMinor !== null && unitPriceMinor !== undefined
        ? { unitPrice: input.unitPrice, unitPriceMinor }
        : {}),
      ...(input.requiredQty !== undefined ? { requiredQty: input.requiredQty } : {}),
      ...(input.incoterm !== undefined ? { incoterm: input.incoterm } : {}),
      ...(input.destination !== undefined ? { destination: input.destination } : {}),
      ...(input.paymentTerms !== undefined ? { paymentTerms: input.paymentTerms } : {}),
      ...(input.leadTimeDays !== undefined ? { leadTimeDays: input.leadTimeDays } : {}),
      ...(input.itemIds !== undefined && input.itemIds.length > 0 ? { itemIds: input.itemIds } : {}),
    };
    const updated = await tx
      .updateTable('quotes')
      .set({ changes_requested_at: now, status_changed_at: now })
      .where('id', '=', quoteId)
      .where('status', '=', 'QUOTED')
      .where('current_offer_id', '=', offer.id)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw conflict(THREAD_TEXT.notCurrentOffer);
    await recordQuoteEvent(tx, {
      id: newId(nowMs),
      quote_id: quoteId,
      status: 'CHANGES_REQUESTED',
      actor: 'BUYER',
      user_id: by.userId,
      offer_id: offer.id,
      note: input.note,
      created_at: now,
    });
    return addMessage(tx, {
      thread: { kind: 'quote', id: quoteId },
      author: { side: 'BUYER', userId: by.userId, name: by.name },
      text: input.note,
      proposal,
      nowMs,
    });
  });
  return { quote: (await getQuoteDetail(db, quoteId, now))!, messageId };
}
