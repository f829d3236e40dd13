/** SQL of the sample requests: rows with their products, the buyer's limits, the admin list and the dashboard's figure. */
import {
  COURIERS,
  SAMPLE_QUOTE_WINDOW_DAYS,
  sampleNumber,
  trackingLink,
  type Courier,
  type Dashboard,
  type LeadPage,
  type Sample,
  type SampleFilter,
  type SampleStatus,
} from '@agro/shared';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import type { SampleItemRow, SampleRow } from '../../db/schema.js';
import { allOf, distinctCountries, nextDay, pageOf, type Condition } from '../leads/index.js';
import { lastActivitySql, unreadCountSql, type Viewer } from '../messages/index.js';
import { queueWebhookEvent } from '../webhooks/repository.js';

const DAY_MS = 86_400_000;
const isCourier = (v: string | null): v is Courier => v !== null && (COURIERS as readonly string[]).includes(v);

/** A row as the lists read it: with the caller's unread messages and the last activity. */
type ListedSampleRow = SampleRow & { unread?: number | string; last_activity?: string };

function toSample(
  { unread, last_activity, ...row }: ListedSampleRow,
  items: (SampleItemRow & { slug: string | null })[],
  quoteIds: string[],
): Sample {
  const dispatchCourier = isCourier(row.dispatch_courier) ? row.dispatch_courier : null;
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    createdAt: row.created_at,
    statusChangedAt: row.status_changed_at,
    items: items.map((i) => ({ productId: i.product_id, productName: i.product_name, slug: i.slug, grams: Number(i.grams) })),
    address: row.address,
    shipping: row.shipping,
    courierAccount:
      row.shipping === 'ACCOUNT' && isCourier(row.account_courier) && row.account_number
        ? { courier: row.account_courier, accountNumber: row.account_number }
        : null,
    note: row.note,
    buyer: { name: row.contact_name, email: row.account_email, company: row.company_name, country: row.country },
    declineReason: row.decline_reason,
    dispatch:
      dispatchCourier && row.tracking_number && row.dispatched_at
        ? {
            courier: dispatchCourier,
            trackingNumber: row.tracking_number,
            trackingUrl: trackingLink(dispatchCourier, row.tracking_number),
            at: row.dispatched_at,
          }
        : null,
    deliveredAt: row.delivered_at,
    feedback:
      row.feedback_rating !== null && row.feedback_at
        ? { rating: Number(row.feedback_rating), note: row.feedback_note ?? '', at: row.feedback_at }
        : null,
    quoteIds,
    ...(unread !== undefined ? { unread: Number(unread) } : {}),
    ...(last_activity !== undefined ? { lastActivityAt: last_activity } : {}),
  };
}

/** The requests of these rows with their products (in the buyer's order) and the quotes asked from them. */
async function withItems(db: DbOrTx, rows: ListedSampleRow[]): Promise<Sample[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, quotes] = await Promise.all([
    db
      .selectFrom('sample_items')
      .leftJoin('products', 'products.id', 'sample_items.product_id')
      .selectAll('sample_items')
      .select('products.slug')
      .where('sample_items.sample_id', 'in', ids)
      .orderBy('sample_items.position')
      .execute(),
    db.selectFrom('quotes').select(['id', 'sample_id']).where('sample_id', 'in', ids).orderBy('created_at').execute(),
  ]);
  return rows.map((row) =>
    toSample(
      row,
      items.filter((i) => i.sample_id === row.id),
      quotes.filter((q) => q.sample_id === row.id).map((q) => q.id),
    ),
  );
}

export async function findSample(db: DbOrTx, id: string): Promise<Sample | undefined> {
  const row = await db.selectFrom('samples').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withItems(db, [row]))[0] : undefined;
}

/** Who owns a request (null: the account was deleted) and its status, without the rest. */
export async function findSampleOwner(db: DbOrTx, id: string): Promise<{ userId: string | null; status: SampleStatus } | undefined> {
  const row = await db.selectFrom('samples').select(['user_id', 'status']).where('id', '=', id).executeTakeFirst();
  return row ? { userId: row.user_id, status: row.status } : undefined;
}

/**
 * The next request number of `year` (SMP-2026-000042), counted inside the request's transaction as
 * orders' are; a number an earlier request already has (the first requests' came from their ids)
 * is skipped.
 */
export async function nextSampleNumber(tx: DbOrTx, year: number): Promise<string> {
  for (;;) {
    const row = await tx
      .insertInto('sample_counters')
      .values({ year, last: 1 })
      .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`sample_counters.last + 1` }))
      .returning('last')
      .executeTakeFirstOrThrow();
    const number = sampleNumber(year, Number(row.last));
    const taken = await tx.selectFrom('samples').select('id').where('number', '=', number).executeTakeFirst();
    if (!taken) return number;
  }
}

/** The buyer's requests, newest first, each with its unread messages and last activity. */
export async function listUserSamples(db: DbOrTx, userId: string): Promise<Sample[]> {
  const rows = await db
    .selectFrom('samples')
    .selectAll()
    .select([unreadCountSql('sample', { userId, side: 'BUYER' }).as('unread'), lastActivitySql('sample').as('last_activity')])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return withItems(db, rows);
}

/** The buyer's request ids, oldest first (the data export). */
export async function userSampleIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('samples').select('id').where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** How many requests the buyer sent since `sinceIso` (the monthly limit). */
export async function countUserSamplesSince(db: DbOrTx, userId: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('samples')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first of these products the buyer already has an open request for, if any. */
export async function openSampleProduct(
  db: DbOrTx,
  userId: string,
  productIds: readonly string[],
  open: readonly SampleStatus[],
): Promise<string | undefined> {
  if (productIds.length === 0) return undefined;
  const row = await db
    .selectFrom('sample_items')
    .innerJoin('samples', 'samples.id', 'sample_items.sample_id')
    .select('sample_items.product_name')
    .where('samples.user_id', '=', userId)
    .where('samples.status', 'in', [...open])
    .where('sample_items.product_id', 'in', [...productIds])
    .executeTakeFirst();
  return row?.product_name;
}

/** Tell the webhooks a request changed, with the request as it now stands. */
export async function queueSampleChanged(tx: DbOrTx, id: string, change: { status: SampleStatus; at: string }): Promise<void> {
  const sample = await findSample(tx, id);
  if (sample) await queueWebhookEvent(tx, 'sample.changed', { change, sample });
}

/** Conditions of the admin filters, on `samples`. */
function sampleConditions(filter: SampleFilter): Condition[] {
  const conditions: Condition[] = [];
  if (filter.status !== undefined) conditions.push(sql<SqlBool>`samples.status = ${filter.status}`);
  if (filter.productId !== undefined) {
    conditions.push(
      sql<SqlBool>`exists (select 1 from sample_items si where si.sample_id = samples.id and si.product_id = ${filter.productId})`,
    );
  }
  if (filter.country !== undefined) conditions.push(sql<SqlBool>`lower(samples.country) = ${filter.country.trim().toLowerCase()}`);
  if (filter.from !== undefined) conditions.push(sql<SqlBool>`samples.created_at >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to !== undefined) conditions.push(sql<SqlBool>`samples.created_at < ${`${nextDay(filter.to)}T00:00:00.000Z`}`);
  if (filter.q !== undefined) {
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql<SqlBool>`(lower(samples.contact_name) like ${like} escape '\\' or lower(samples.account_email) like ${like} escape '\\' or lower(samples.company_name) like ${like} escape '\\' or exists (select 1 from sample_items si where si.sample_id = samples.id and lower(si.product_name) like ${like} escape '\\'))`,
    );
  }
  return conditions;
}

/**
 * Newest first. Every match, or one page of them when `page` or `limit` is set (with the page facts);
 * with a `viewer`, each carries their unread messages and its last activity.
 */
export async function listSamples(db: DbOrTx, filter: SampleFilter = {}, viewer?: Viewer): Promise<{ samples: Sample[]; page?: LeadPage }> {
  const where = allOf(sampleConditions(filter));
  const query = db
    .selectFrom('samples')
    .selectAll()
    .$if(viewer !== undefined, (qb) =>
      qb.select([unreadCountSql('sample', viewer!).as('unread'), lastActivitySql('sample').as('last_activity')]),
    )
    .where(where)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (filter.page === undefined && filter.limit === undefined) return { samples: await withItems(db, await query.execute()) };
  const page = pageOf(filter, 0, []);
  const [rows, count, countries] = await Promise.all([
    query
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom('samples')
      .where(where)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('samples').select('country').distinct().execute(),
  ]);
  return {
    samples: await withItems(db, rows),
    page: pageOf(filter, Number(count.n), distinctCountries(countries.map((c) => c.country))),
  };
}

/**
 * The dashboard's figure: requests dispatched since `sinceIso` (sent), and of them those a quote
 * was asked from within SAMPLE_QUOTE_WINDOW_DAYS of their dispatch.
 */
export async function sampleConversion(db: DbOrTx, sinceIso: string): Promise<Dashboard['samples']> {
  const sent = await db.selectFrom('samples').select(['id', 'dispatched_at']).where('dispatched_at', '>=', sinceIso).execute();
  if (sent.length === 0) return { sent: 0, quoted: 0, share: null };
  const quotes = await db
    .selectFrom('quotes')
    .select(['sample_id', 'created_at'])
    .where(
      'sample_id',
      'in',
      sent.map((s) => s.id),
    )
    .execute();
  const quoted = sent.filter((s) =>
    quotes.some((q) => {
      if (q.sample_id !== s.id || !s.dispatched_at) return false;
      const gap = Date.parse(q.created_at) - Date.parse(s.dispatched_at);
      return gap >= 0 && gap <= SAMPLE_QUOTE_WINDOW_DAYS * DAY_MS;
    }),
  ).length;
  return { sent: sent.length, quoted, share: quoted / sent.length };
}

/** Account deletion: the buyer's requests anonymous (no name, address or courier account), their feedback kept without its note. */
export async function anonymiseUserSamples(tx: DbOrTx, userId: string, name: string, email: string): Promise<number> {
  const rows = await tx
    .updateTable('samples')
    .set({
      user_id: null,
      contact_name: name,
      account_email: email,
      company_name: name,
      address: name,
      account_number: null,
      note: '',
      feedback_note: null,
    })
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length;
}
