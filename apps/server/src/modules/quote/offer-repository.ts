/** SQL of the quote desk: offers and history events of a quote. */
import {
  isCurrency,
  isIncoterm,
  minorDigits,
  minorToDecimal,
  quotationNumber,
  totalMinorUnits,
  type QuantityType,
  type QuoteItem,
  type QuoteOffer,
  type QuoteOfferLine,
} from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import type { NewQuoteEventRow, NewQuoteOfferRow, QuoteEventRow, QuoteOfferLineRow, QuoteOfferRow } from '../../db/schema.js';
import { offerLinesOf } from './lines.js';

const QUANTITY_TYPES: readonly string[] = ['KG', 'LTR', 'NOS', 'TONS'];

export interface OfferContext {
  requiredQty: number;
  quoteId: string;
  quoteCreatedAt: string;
  /** The quote's lines (issue 45); none: the quote's own product fields are its one line. */
  items?: readonly QuoteItem[];
}

/** An offer's columns that make its answer (the reminders' claims are modules/reminders' own). */
export type OfferColumns = Omit<QuoteOfferRow, 'expiry_reminded_at' | 'unanswered_reminded_at'>;

const basisOf = (unit: string | undefined): QuantityType =>
  (unit !== undefined && QUANTITY_TYPES.includes(unit) ? unit : 'NOS') as QuantityType;

/**
 * The offer's priced lines: each line's quantity (another than asked when the offer says so) times
 * its unit price, exactly in minor units. An offer stored without lines prices the one line.
 */
function linesOf(row: OfferColumns, ctx: OfferContext, stored: readonly QuoteOfferLineRow[], digits: number): QuoteOfferLine[] {
  const line = (itemId: string, item: QuoteItem | undefined, position: number, unitPriceMinor: number, quantity: number | null) => {
    const asked = item?.requiredQty ?? ctx.requiredQty;
    const offered = quantity ?? asked;
    const totalMinor = totalMinorUnits(unitPriceMinor, offered);
    return {
      itemId,
      productId: item?.productId?._id ?? null,
      quantity: offered,
      quantityChanged: offered !== asked,
      // The first line's is the offer's own (the product's unit when it was priced).
      priceBasis: position === 0 ? basisOf(row.price_basis) : basisOf(item?.productId?.productQuantityType),
      unitPriceMinor,
      unitPrice: minorToDecimal(unitPriceMinor, digits),
      totalMinor,
      total: minorToDecimal(totalMinor, digits),
    };
  };
  if (stored.length === 0) {
    const first = ctx.items?.[0];
    return [line(first?._id ?? ctx.quoteId, first, 0, Number(row.unit_price_minor), null)];
  }
  return stored.map((l) =>
    line(
      l.item_id,
      ctx.items?.find((i) => i._id === l.item_id),
      l.position,
      Number(l.unit_price_minor),
      l.quantity === null ? null : Number(l.quantity),
    ),
  );
}

export function toQuoteOffer(row: OfferColumns, ctx: OfferContext, stored: readonly QuoteOfferLineRow[] = []): QuoteOffer {
  const currency = isCurrency(row.currency) ? row.currency : 'USD';
  const digits = minorDigits(currency);
  // PostgreSQL returns bigint as a string; amounts stay far below 2^53.
  const unitPriceMinor = Number(row.unit_price_minor);
  const lines = linesOf(row, ctx, stored, digits);
  const totalMinor = lines.reduce((sum, l) => sum + l.totalMinor, 0);
  return {
    _id: row.id,
    revision: row.revision,
    quotationNumber: quotationNumber(ctx.quoteId, ctx.quoteCreatedAt, row.revision),
    currency,
    unitPriceMinor,
    unitPrice: minorToDecimal(unitPriceMinor, digits),
    priceBasis: (QUANTITY_TYPES.includes(row.price_basis) ? row.price_basis : 'NOS') as QuantityType,
    totalMinor,
    total: minorToDecimal(totalMinor, digits),
    incoterm: isIncoterm(row.incoterm) ? row.incoterm : 'EXW',
    portOfLoading: row.port_of_loading,
    destination: row.destination,
    leadTimeDays: row.lead_time_days,
    paymentTerms: row.payment_terms,
    validUntil: row.valid_until,
    expiresAt: row.expires_at,
    note: row.note,
    createdAt: row.created_at,
    viewedAt: row.viewed_at,
    lines,
  };
}

/** Every offer of a quote, newest first. */
export async function listOffers(db: DbOrTx, ctx: OfferContext): Promise<QuoteOffer[]> {
  const rows = await db.selectFrom('quote_offers').selectAll().where('quote_id', '=', ctx.quoteId).orderBy('revision', 'desc').execute();
  const lines = await offerLinesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toQuoteOffer(row, ctx, lines.get(row.id)));
}

export async function nextRevision(db: DbOrTx, quoteId: string): Promise<number> {
  const row = await db
    .selectFrom('quote_offers')
    .select((eb) => eb.fn.max('revision').as('revision'))
    .where('quote_id', '=', quoteId)
    .executeTakeFirst();
  return Number(row?.revision ?? 0) + 1;
}

export async function insertOffer(db: DbOrTx, row: NewQuoteOfferRow): Promise<void> {
  await db.insertInto('quote_offers').values(row).execute();
}

export async function insertEvent(db: DbOrTx, row: NewQuoteEventRow): Promise<void> {
  await db.insertInto('quote_events').values(row).execute();
}

/** The buyer opened the quote or its PDF: its current offer is seen from now on (the first time counts). */
export async function markOfferViewed(db: DbOrTx, quoteId: string, now: string): Promise<void> {
  await db
    .updateTable('quote_offers')
    .set({ viewed_at: now })
    .where('viewed_at', 'is', null)
    .where('id', '=', (eb) => eb.selectFrom('quotes').select('current_offer_id').where('quotes.id', '=', quoteId))
    .execute();
}

/** A quote's status changes, oldest first. */
export async function listEvents(db: DbOrTx, quoteId: string): Promise<QuoteEventRow[]> {
  return db.selectFrom('quote_events').selectAll().where('quote_id', '=', quoteId).orderBy('created_at').orderBy('id').execute();
}
