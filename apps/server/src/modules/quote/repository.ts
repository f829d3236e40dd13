import {
  effectiveQuoteStatus,
  replyDueAtOf,
  type LeadPage,
  type Quote,
  type QuoteItem,
  type QuoteItemInput,
  type QuoteStatus,
} from '@agro/shared';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { queueWebhookEvent } from '../webhooks/repository.js';
import { fromFlag, joinedProductRef, nowIso, toTradeTerms } from '../../db/mappers.js';
import type { NewQuoteEventRow, NewQuoteRow, QuoteOfferLineRow, QuoteRow } from '../../db/schema.js';
import { insertItems, itemsOf, offerLinesOf } from './lines.js';
import {
  allOf,
  EXPORT_BATCH,
  EXPORT_FIRST_BATCH,
  leadConditions,
  leadOrder,
  leadPage,
  readBatch,
  type LeadFilter,
  wantsPage,
} from '../leads/index.js';
import { lastActivitySql, unreadCountSql, type Viewer } from '../messages/index.js';
import { insertEvent, toQuoteOffer, type OfferColumns } from './offer-repository.js';

/**
 * Quote columns plus the product fields a quote shows (null when the product is gone), its current
 * offer and its owner's name; for a list, with `viewer`, also the viewer's unread messages and the
 * last activity.
 */
function selectQuotes(db: DbOrTx, viewer?: Viewer) {
  return db
    .selectFrom('quotes')
    .leftJoin('products', 'products.id', 'quotes.product_id')
    .leftJoin('quote_offers as o', 'o.id', 'quotes.current_offer_id')
    .leftJoin('users as owner', 'owner.id', 'quotes.assignee_id')
    .selectAll('quotes')
    .select([
      'owner.full_name as assignee_name',
      'products.id as p_id',
      'products.product_name as p_name',
      'products.product_type as p_type',
      'products.product_quantity_type as p_quantity_type',
      'products.is_premium as p_is_premium',
      'products.is_organic as p_is_organic',
      'o.id as o_id',
      'o.revision as o_revision',
      'o.currency as o_currency',
      'o.unit_price_minor as o_unit_price_minor',
      'o.price_basis as o_price_basis',
      'o.incoterm as o_incoterm',
      'o.port_of_loading as o_port_of_loading',
      'o.destination as o_destination',
      'o.lead_time_days as o_lead_time_days',
      'o.payment_terms as o_payment_terms',
      'o.valid_until as o_valid_until',
      'o.expires_at as o_expires_at',
      'o.note as o_note',
      'o.created_by as o_created_by',
      'o.created_at as o_created_at',
      'o.viewed_at as o_viewed_at',
      // The company's reason, shown to the buyer on a REJECTED quote (issue 27).
      (eb) =>
        eb
          .selectFrom('quote_events as re')
          .select('re.note')
          .whereRef('re.quote_id', '=', 'quotes.id')
          .where('re.status', '=', 'REJECTED')
          .orderBy('re.created_at', 'desc')
          .limit(1)
          .as('rejection_reason'),
    ])
    .$if(viewer !== undefined, (qb) =>
      qb.select([unreadCountSql('quote', viewer!).as('unread'), lastActivitySql('quote').as('last_activity')]),
    );
}

type Nullable<T> = { [K in keyof T]: T[K] | null };
type Prefixed<T, P extends string> = { [K in keyof T as `${P}${K & string}`]: T[K] };

type JoinedQuoteRow = QuoteRow & {
  p_id: string | null;
  p_name: string | null;
  p_type: 'AGRO' | 'NONAGRO' | null;
  p_quantity_type: 'KG' | 'LTR' | 'NOS' | 'TONS' | null;
  p_is_premium: number | null;
  p_is_organic: number | null;
  rejection_reason: string | null;
  assignee_name: string | null;
  unread?: number | string;
  last_activity?: string;
} & Prefixed<Nullable<Omit<OfferColumns, 'quote_id'>>, 'o_'>;

/**
 * The status a reader sees, in SQL: a QUOTED quote whose offer has expired is EXPIRED.
 * `now` is an ISO instant; ISO strings compare in time order on both dialects.
 */
export function effectiveStatusSql(now: string = nowIso()) {
  // CHANGES_REQUESTED is left out: the dashboard (the only reader) counts decisions and expiries
  // by an index-only scan of (status, offer_expires_at), and a pending request for changes is
  // neither (a QUOTED quote whose offer expired meanwhile counts as EXPIRED, as before).
  return sql<QuoteStatus>`case when quotes.status = 'QUOTED' and quotes.offer_expires_at <= ${now} then 'EXPIRED' else quotes.status end`;
}

/**
 * WHERE condition for the quotes a reader sees in `status`, for any query that selects from
 * `quotes` (uses the (status, offer_expires_at) index): `query.where(quoteStatusIs('EXPIRED'))`.
 */
export function quoteStatusIs(status: QuoteStatus, now: string = nowIso()) {
  if (status === 'CHANGES_REQUESTED') return sql<SqlBool>`(quotes.status = 'QUOTED' and quotes.changes_requested_at is not null)`;
  if (status === 'EXPIRED') {
    return sql<SqlBool>`(quotes.status = 'QUOTED' and quotes.offer_expires_at <= ${now} and quotes.changes_requested_at is null)`;
  }
  if (status === 'QUOTED') {
    return sql<SqlBool>`(quotes.status = 'QUOTED' and quotes.offer_expires_at > ${now} and quotes.changes_requested_at is null)`;
  }
  return sql<SqlBool>`quotes.status = ${status}`;
}

function currentOffer(
  row: JoinedQuoteRow,
  requiredQty: number,
  createdAt: string,
  items: readonly QuoteItem[],
  lines: readonly QuoteOfferLineRow[],
) {
  if (row.o_id === null) return null;
  return toQuoteOffer(
    {
      id: row.o_id,
      quote_id: row.id,
      revision: row.o_revision ?? 1,
      currency: row.o_currency ?? 'USD',
      unit_price_minor: row.o_unit_price_minor ?? 0,
      price_basis: row.o_price_basis ?? 'NOS',
      incoterm: row.o_incoterm ?? 'EXW',
      port_of_loading: row.o_port_of_loading ?? '',
      destination: row.o_destination ?? '',
      lead_time_days: row.o_lead_time_days ?? 0,
      payment_terms: row.o_payment_terms ?? '',
      valid_until: row.o_valid_until ?? '',
      expires_at: row.o_expires_at ?? '',
      note: row.o_note ?? '',
      created_by: row.o_created_by,
      created_at: row.o_created_at ?? '',
      viewed_at: row.o_viewed_at,
    },
    { requiredQty, quoteId: row.id, quoteCreatedAt: createdAt, items },
    lines,
  );
}

/** A quote's lines and its current offer's priced lines, read for a batch of quote rows. */
interface Lines {
  items: Map<string, QuoteItem[]>;
  offerLines: Map<string, QuoteOfferLineRow[]>;
}

async function linesFor(db: DbOrTx, rows: readonly JoinedQuoteRow[]): Promise<Lines> {
  const [items, offerLines] = await Promise.all([
    itemsOf(
      db,
      rows.map((r) => r.id),
    ),
    offerLinesOf(
      db,
      rows.flatMap((r) => (r.o_id === null ? [] : [r.o_id])),
    ),
  ]);
  return { items, offerLines };
}

async function toQuotes(db: DbOrTx, rows: readonly JoinedQuoteRow[], now: string): Promise<Quote[]> {
  const lines = await linesFor(db, rows);
  return rows.map((row) => toQuote(row, now, lines));
}

function toQuote(row: JoinedQuoteRow, now: string, lines: Lines): Quote {
  const tradeTerms = toTradeTerms(row);
  const requiredQty = Number(row.required_qty);
  const productId = joinedProductRef(row);
  const packagingType = row.packaging_type as Quote['packagingType'];
  const isCustomPackagingRequired = fromFlag(row.is_custom_packaging_required);
  // A quote stored without lines (rows written directly, e.g. by a seed) is its one line, whose id is the quote's (as the migration made them).
  const items = lines.items.get(row.id) ?? [{ _id: row.id, productId, requiredQty, packagingType, isCustomPackagingRequired }];
  return {
    _id: row.id,
    companyName: row.company_name,
    contactPersonName: row.contact_person_name,
    companyEmail: row.company_email,
    mobileNumber: row.mobile_number,
    country: row.country,
    address: row.address,
    requiredQty,
    packagingType,
    isCustomPackagingRequired,
    productId,
    deliveryLocation: row.delivery_location,
    isUrgent: fromFlag(row.is_urgent),
    additionalInfo: row.additional_info,
    heardFrom: row.heard_from,
    quotedByEmail: row.quoted_by_email,
    createdAt: row.created_at,
    status: effectiveQuoteStatus(row.status, row.offer_expires_at, now, row.changes_requested_at !== null),
    offer: currentOffer(row, requiredQty, row.created_at, items, row.o_id === null ? [] : (lines.offerLines.get(row.o_id) ?? [])),
    // Only when given: a quote made with SPEC.md's fields alone answers no trade-terms key.
    ...(tradeTerms ? { tradeTerms } : {}),
    ...(row.spam_reason ? { spamReason: row.spam_reason } : {}),
    ...(row.status === 'REJECTED' && row.rejection_reason !== null ? { rejectionReason: row.rejection_reason } : {}),
    ...(row.unread !== undefined ? { unread: Number(row.unread) } : {}),
    ...(row.last_activity !== undefined ? { lastActivityAt: row.last_activity } : {}),
    replyDueAt: row.reply_due_at ?? replyDueAtOf(row.created_at),
    firstReplyAt: row.first_reply_at,
    assignee: row.assignee_id !== null && row.assignee_name !== null ? { _id: row.assignee_id, fullName: row.assignee_name } : null,
    followUpOn: row.follow_up_on,
    items,
  };
}

/** A new quote and its lines (the quote's own product fields are the first line's). */
export async function insertQuote(db: DbOrTx, row: NewQuoteRow, items: readonly QuoteItemInput[], nowMs: number): Promise<Quote> {
  await db.insertInto('quotes').values(row).execute();
  await insertItems(db, { id: row.id, createdAt: row.created_at }, items, nowMs);
  const quote = (await findQuote(db, row.id))!;
  // Held as spam: no other system hears of it (an administrator who releases it sees it here).
  if (!row.spam_reason) await queueWebhookEvent(db, 'quote.created', { quote });
  return quote;
}

export async function findQuote(db: DbOrTx, id: string, now: string = nowIso()): Promise<Quote | undefined> {
  const row = await selectQuotes(db).where('quotes.id', '=', id).executeTakeFirst();
  return row ? (await toQuotes(db, [row], now))[0] : undefined;
}

/** Who owns a quote (null: the account was deleted), without loading the rest. */
export async function findQuoteOwner(db: DbOrTx, id: string): Promise<{ userId: string | null } | undefined> {
  const row = await db.selectFrom('quotes').select('user_id').where('id', '=', id).executeTakeFirst();
  return row ? { userId: row.user_id } : undefined;
}

export interface QuoteListFilter extends LeadFilter {
  userId?: string;
  /** The status a reader sees (EXPIRED included). */
  status?: QuoteStatus | undefined;
  /** true: only the quotes held as spam; otherwise only the others (a buyer's own list: both). */
  spam?: boolean | undefined;
  /** Who lists them: each quote then carries their unread messages and its last activity (issue 40). */
  viewer?: Viewer;
}

/** Search 'All Quotes' by company, contact person and both emails. */
const QUOTE_SEARCH_COLUMNS = ['company_name', 'contact_person_name', 'company_email', 'quoted_by_email'] as const;

function quoteConditions(db: DbOrTx, filter: QuoteListFilter, now: string) {
  const conditions = leadConditions(db, 'quotes', { ...filter, now }, QUOTE_SEARCH_COLUMNS);
  if (filter.status !== undefined) conditions.push(quoteStatusIs(filter.status, now));
  // A buyer sees every quote they made, held or not: holding one is the company's business.
  if (filter.userId !== undefined) conditions.push(sql<SqlBool>`quotes.user_id = ${filter.userId}`);
  else conditions.push(filter.spam === true ? sql<SqlBool>`quotes.spam_reason is not null` : sql<SqlBool>`quotes.spam_reason is null`);
  return conditions;
}

/**
 * Newest first; the id breaks ties between quotes made in the same millisecond. Every quote that
 * matches, or one page of them when `page` or `limit` is set (with the page facts).
 */
export async function listQuotes(
  db: DbOrTx,
  filter: QuoteListFilter = {},
  now: string = filter.now ?? nowIso(),
): Promise<{ quotes: Quote[]; page?: LeadPage }> {
  const where = allOf(quoteConditions(db, filter, now));
  const order = leadOrder('quotes', filter);
  const query = selectQuotes(db, filter.viewer).where(where).orderBy(order);
  if (!wantsPage(filter)) return { quotes: await toQuotes(db, await query.execute(), now) };

  // One page: its ids from `quotes` alone, then only those rows joined (modules/leads/filters.ts).
  const { rows, page } = await leadPage(db, 'quotes', where, filter, (pageIds) =>
    selectQuotes(db, filter.viewer).where('quotes.id', 'in', pageIds).orderBy(order).execute(),
  );
  return { quotes: await toQuotes(db, rows, now), page };
}

/**
 * Every quote that matches, newest first, a batch at a time (keyset pagination on (created_at,
 * id), served by the same indexes as the list): an export in flat memory, which a client that goes
 * away stops between two batches. The first batch is smaller (EXPORT_FIRST_BATCH): nothing is sent
 * before it is read and written (lib/csv.ts), so it sets the export's first byte.
 */
export async function* quoteBatches(
  db: DbOrTx,
  filter: QuoteListFilter = {},
  now: string = filter.now ?? nowIso(),
  size = EXPORT_BATCH,
): AsyncGenerator<Quote[]> {
  let after: { createdAt: string; id: string } | undefined;
  for (let limit = Math.min(size, EXPORT_FIRST_BATCH); ; limit = size) {
    const conditions = quoteConditions(db, filter, now);
    // A row value, which both databases seek in the index (the indexes without the id by its
    // created_at): PostgreSQL read the OR of two comparisons as a filter, skipping every row
    // exported before (90,000 for the last batches: 100 ms a batch, against 1.5).
    if (after) conditions.push(sql<SqlBool>`(quotes.created_at, quotes.id) < (${after.createdAt}, ${after.id})`);
    const rows = await readBatch(
      db,
      selectQuotes(db).where(allOf(conditions)).orderBy('quotes.created_at', 'desc').orderBy('quotes.id', 'desc').limit(limit),
      limit,
    );
    if (rows.length === 0) return;
    yield await toQuotes(db, rows, now);
    if (rows.length < limit) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

export async function deleteQuote(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('quotes').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Release a quote held as spam: true when it was held (and is not any more). Only one of two
 * concurrent releases sees the row still held, so its mails are queued once.
 */
export async function releaseQuote(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db
    .updateTable('quotes')
    .set({ spam_reason: null })
    .where('id', '=', id)
    .where('spam_reason', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A step of the quote's history (an offer, changes asked, accepted, declined, rejected), told to the webhooks with the quote as it now stands. */
export async function recordQuoteEvent(db: DbOrTx, row: NewQuoteEventRow): Promise<void> {
  await insertEvent(db, row);
  const quote = await findQuote(db, row.quote_id);
  if (quote) {
    await queueWebhookEvent(db, 'quote.changed', {
      change: { status: row.status, by: row.actor, note: row.note, at: row.created_at },
      quote,
    });
  }
}
