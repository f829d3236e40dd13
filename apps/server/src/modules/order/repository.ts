/** SQL of the orders: numbering, the order rows with their milestones and documents, the lists. */
import {
  BEFORE_SHIPMENT,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_TYPE_VALUES,
  MILESTONE_FIELDS,
  isCurrency,
  isIncoterm,
  minorDigits,
  minorToDecimal,
  offerToday,
  type LeadPage,
  type Order,
  type OrderDocument,
  type OrderFilter,
  type OrderItem,
  type OrderMilestone,
  type QuantityType,
} from '@agro/shared';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { queueWebhookEvent } from '../webhooks/repository.js';
import type { NewOrderItemRow, NewOrderRow, OrderDocumentRow, OrderItemRow, OrderMilestoneRow, OrderRow } from '../../db/schema.js';
import { allOf, distinctCountries, orderKey, pageOf, type Condition } from '../leads/index.js';
import { lastActivitySql, unreadCountSql, type Viewer } from '../messages/index.js';

const QUANTITY_TYPES: readonly string[] = ['KG', 'LTR', 'NOS', 'TONS'];

/**
 * The next number of `year`, in the caller's transaction: one upsert on the year's counter row.
 * PostgreSQL makes a second transaction wait on the row until the first ends, so two never get the
 * same number; a rollback undoes the increment, so no number is skipped. SQLite has one writer.
 */
export async function nextOrderSequence(tx: DbOrTx, year: number): Promise<number> {
  const row = await tx
    .insertInto('order_counters')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`order_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

export async function insertOrder(tx: DbOrTx, row: NewOrderRow): Promise<void> {
  await tx.insertInto('orders').values(row).execute();
}

/** An order's lines (issue 45), as accepted. */
export async function insertOrderItems(tx: DbOrTx, rows: readonly NewOrderItemRow[]): Promise<void> {
  if (rows.length > 0)
    await tx
      .insertInto('order_items')
      .values([...rows])
      .execute();
}

const KG_PER: Partial<Record<QuantityType, number>> = { KG: 1, TONS: 1000 };

function toOrderItem(row: OrderItemRow, digits: number): OrderItem {
  const unit = (QUANTITY_TYPES.includes(row.unit) ? row.unit : 'NOS') as QuantityType;
  const quantity = Number(row.quantity);
  const unitPriceMinor = Number(row.unit_price_minor);
  const totalMinor = Number(row.total_minor);
  const perKg = KG_PER[unit];
  return {
    productId: row.product_id,
    productName: row.product_name,
    hsCode: row.hs_code,
    quantity,
    unit,
    // Rounded to the gram: 0.3 TONS is 300 kg, not 300.00000000000006.
    weightKg: perKg === undefined ? null : Math.round(quantity * perKg * 1000) / 1000,
    packagingType: row.packaging_type,
    unitPriceMinor,
    unitPrice: minorToDecimal(unitPriceMinor, digits),
    totalMinor,
    total: minorToDecimal(totalMinor, digits),
  };
}

export async function insertMilestone(
  tx: DbOrTx,
  row: Omit<OrderMilestoneRow, 'details'> & { details: Record<string, string> },
): Promise<void> {
  await tx
    .insertInto('order_milestones')
    .values({ ...row, details: JSON.stringify(row.details) })
    .execute();
  // The order made (its proforma) or a step recorded: told to the webhooks with the order as it now stands.
  const order = await findOrder(tx, row.order_id);
  if (order) {
    await queueWebhookEvent(tx, 'order.changed', { change: { step: row.step, at: row.at, note: row.note, by: row.actor }, order });
  }
}

function toMilestone(row: OrderMilestoneRow): OrderMilestone {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  const fields: Partial<Record<(typeof MILESTONE_FIELDS)[number], string>> = {};
  for (const f of MILESTONE_FIELDS) if (typeof details[f] === 'string') fields[f] = details[f];
  return { step: row.step, at: row.at, note: row.note, by: row.actor, recordedAt: row.created_at, ...fields };
}

function toDocument(row: OrderDocumentRow): OrderDocument {
  return {
    _id: row.id,
    type: (DOCUMENT_TYPE_VALUES as readonly string[]).includes(row.type) ? (row.type as OrderDocument['type']) : 'OTHER',
    fileName: row.file_name,
    contentType: (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(row.content_type)
      ? (row.content_type as OrderDocument['contentType'])
      : 'application/pdf',
    bytes: row.bytes,
    createdAt: row.created_at,
  };
}

export function toOrder(
  row: OrderRow,
  milestones: OrderMilestoneRow[],
  documents: OrderDocumentRow[],
  today: string,
  items: readonly OrderItemRow[] = [],
): Order {
  const currency = isCurrency(row.currency) ? row.currency : 'USD';
  const digits = minorDigits(currency);
  // PostgreSQL returns bigint as a string; amounts stay far below 2^53.
  const unitPriceMinor = Number(row.unit_price_minor);
  const totalMinor = Number(row.total_minor);
  return {
    _id: row.id,
    orderNumber: row.order_number,
    quoteId: row.quote_id,
    step: row.step,
    createdAt: row.created_at,
    shipBy: row.ship_by,
    late: BEFORE_SHIPMENT.includes(row.step) && row.ship_by < today,
    etd: row.etd,
    eta: row.eta,
    trackingUrl: row.tracking_url,
    terms: {
      offerId: row.offer_id,
      quotationNumber: row.quotation_number,
      productId: row.product_id,
      productName: row.product_name,
      hsCode: row.hs_code,
      quantity: Number(row.quantity),
      unit: (QUANTITY_TYPES.includes(row.unit) ? row.unit : 'NOS') as QuantityType,
      packagingType: row.packaging_type,
      currency,
      unitPriceMinor,
      unitPrice: minorToDecimal(unitPriceMinor, digits),
      totalMinor,
      total: minorToDecimal(totalMinor, digits),
      incoterm: isIncoterm(row.incoterm) ? row.incoterm : 'EXW',
      portOfLoading: row.port_of_loading,
      destination: row.destination,
      leadTimeDays: row.lead_time_days,
      paymentTerms: row.payment_terms,
    },
    // An order stored without lines (a row written directly) is its one line, its own columns.
    items: (items.length > 0 ? items : [{ ...row, order_id: row.id, position: 0 }]).map((item) => toOrderItem(item, digits)),
    buyer: {
      companyName: row.company_name,
      contactPersonName: row.contact_person_name,
      companyEmail: row.company_email,
      mobileNumber: row.mobile_number,
      country: row.country,
      address: row.address,
      deliveryLocation: row.delivery_location,
      accountEmail: row.account_email,
    },
    milestones: milestones.map(toMilestone),
    documents: documents.map(toDocument),
    followUpOn: row.follow_up_on,
  };
}

/** The orders of these rows with their milestones (oldest first) and documents (oldest first). */
type ListedOrderRow = OrderRow & { unread?: number | string; last_activity?: string };

async function withChildren(db: DbOrTx, rows: ListedOrderRow[], today: string): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [milestones, documents, items] = await Promise.all([
    db.selectFrom('order_milestones').selectAll().where('order_id', 'in', ids).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('order_documents').selectAll().where('order_id', 'in', ids).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('position').execute(),
  ]);
  return rows.map(({ unread, last_activity, ...row }) => ({
    ...toOrder(
      row,
      milestones.filter((m) => m.order_id === row.id),
      documents.filter((d) => d.order_id === row.id),
      today,
      items.filter((i) => i.order_id === row.id),
    ),
    ...(unread !== undefined ? { unread: Number(unread) } : {}),
    ...(last_activity !== undefined ? { lastActivityAt: last_activity } : {}),
  }));
}

export async function findOrder(db: DbOrTx, id: string, now = Date.now()): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withChildren(db, [row], offerToday(now)))[0] : undefined;
}

/** Who owns an order (null: the account was deleted), without loading the rest. */
export async function findOrderOwner(db: DbOrTx, id: string): Promise<{ userId: string | null } | undefined> {
  const row = await db.selectFrom('orders').select('user_id').where('id', '=', id).executeTakeFirst();
  return row ? { userId: row.user_id } : undefined;
}

export async function findDocument(db: DbOrTx, orderId: string, docId: string): Promise<OrderDocumentRow | undefined> {
  return db.selectFrom('order_documents').selectAll().where('id', '=', docId).where('order_id', '=', orderId).executeTakeFirst();
}

export interface OrderListFilter extends OrderFilter {
  userId?: string;
  /** Who lists them: each order then carries their unread messages and its last activity (issue 40). */
  viewer?: Viewer;
}

/** An order not yet shipped past its promised shipment day (`today` 'YYYY-MM-DD'), on `orders`: the list's `late`, the digest's late orders. */
export function lateOrderSql(today: string) {
  const steps = sql.join(BEFORE_SHIPMENT.map((s) => sql`${s}`));
  return sql<SqlBool>`(orders.step in (${steps}) and orders.ship_by < ${today})`;
}

/** Conditions of the admin filters (and the buyer's own orders), on `orders`. */
function orderConditions(filter: OrderListFilter, today: string): Condition[] {
  const conditions: Condition[] = [];
  if (filter.userId !== undefined) conditions.push(sql<SqlBool>`orders.user_id = ${filter.userId}`);
  if (filter.step !== undefined) conditions.push(sql<SqlBool>`orders.step = ${filter.step}`);
  if (filter.country !== undefined) conditions.push(sql<SqlBool>`lower(orders.country) = ${filter.country.trim().toLowerCase()}`);
  // ETA and ship-by are 'YYYY-MM-DD' text: a range of days is a range of strings.
  if (filter.etaFrom !== undefined) conditions.push(sql<SqlBool>`orders.eta >= ${filter.etaFrom}`);
  if (filter.etaTo !== undefined) conditions.push(sql<SqlBool>`orders.eta <= ${filter.etaTo}`);
  if (filter.late !== undefined) {
    const late = lateOrderSql(today);
    conditions.push(filter.late ? late : sql<SqlBool>`not ${late}`);
  }
  return conditions;
}

/** Newest first. Every match, or one page of them when `page` or `limit` is set (with the page facts). */
export async function listOrders(
  db: DbOrTx,
  filter: OrderListFilter = {},
  now = Date.now(),
): Promise<{ orders: Order[]; page?: LeadPage }> {
  const today = offerToday(now);
  const where = allOf(orderConditions(filter, today));
  const { viewer } = filter;
  const query = db
    .selectFrom('orders')
    .selectAll()
    .$if(viewer !== undefined, (qb) =>
      qb.select([unreadCountSql('order', viewer!).as('unread'), lastActivitySql('order').as('last_activity')]),
    )
    .where(where)
    .orderBy(orderKey('orders', filter), 'desc')
    .orderBy('id', 'desc');
  if (filter.page === undefined && filter.limit === undefined) {
    return { orders: await withChildren(db, await query.execute(), today) };
  }
  const page = pageOf(filter, 0, []);
  const [rows, count, countries] = await Promise.all([
    query
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom('orders')
      .where(where)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('orders').select('country').distinct().execute(),
  ]);
  return {
    orders: await withChildren(db, rows, today),
    page: pageOf(filter, Number(count.n), distinctCountries(countries.map((c) => c.country))),
  };
}
