/**
 * The filters 'All Quotes' and the inquiry inbox share, as SQL conditions on either
 * table: product, country (case-insensitive, served by the lower(country) indexes), a date range
 * of whole UTC days, a search in the company, person and email columns (and, for quotes, the names of
 * their lines' products), and (issue 41) the reply
 * clock and the owner.
 */
import { LEAD_PAGE_SIZE, type LeadPage, type LeadSort, type ReplyFilter } from '@agro/shared';
import { SqliteAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/index.js';

export interface LeadFilter {
  /**
   * `activity`: by the last message (or the creation when none), newest first (issue 40); `due`: the
   * unanswered first, earliest due first, then the answered by their due time (issue 41).
   */
  sort?: LeadSort | undefined;
  /** The reply clock (issue 41): due (unanswered, in time), overdue (unanswered, late), answered. */
  reply?: ReplyFilter | undefined;
  /** The owner (issue 41): an administrator's id, or `none`; `me` is resolved to the caller's id by the route (callerFilter). */
  assignee?: string | undefined;
  /** The time the reply clock is read at (ISO): the app's clock. */
  now?: string | undefined;
  productId?: string | undefined;
  country?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

export type Condition = RawBuilder<SqlBool>;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The day after an ISO day ('2026-02-28' -> '2026-03-01'). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The search index of each list (migration 20261126130000-lead-search): on SQLite an FTS5 table with
 * the trigram tokenizer, holding the lead's id; on PostgreSQL pg_trgm's indexes, which the LIKE
 * below uses as it is.
 */
const SQLITE_SEARCH = {
  quotes: { fts: 'quote_search', key: 'quote_id' },
  contacts: { fts: 'contact_search', key: 'contact_id' },
} as const;

/** The trigram index finds strings of three characters or more; shorter ones are scanned for. */
const TRIGRAM = 3;

/** An FTS5 phrase: the text as it is, whatever its characters (a double quote doubled). */
const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

export const isSqlite = (db: DbOrTx): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Rows read per batch by an export. What is alive through two young-generation collections is
 * moved to the old generation and stays there, garbage, until a full one: with 500 a batch, a
 * 100,000-quote export grew the server by 28-38 MB on PostgreSQL; 200 by 10-15 MB in the same time
 * (100: 14-17 MB, and slower). Measured with the reader in another process (bench/leads.ts).
 */
export const EXPORT_BATCH = 200;

/**
 * The first batch of a quotes export (issue 45: its first byte within 50 ms at p99): its 200 quotes
 * with their lines and offers read and written as CSV took ~20 ms before anything was sent.
 */
export const EXPORT_FIRST_BATCH = 50;

/**
 * The rows of one export batch: a short keyset query, so no statement outlives its batch and the
 * connection goes back to the pool between two. PostgreSQL reads them through a cursor
 * (pg-cursor, by Kysely's `.stream()`): read as one result by `pg`, every batch left garbage that
 * outlived the young generation, and a 100,000-quote export grew the server by 80-88 MB against
 * 10-15 MB through the cursor. One cursor over the whole export would be one statement, which
 * statement_timeout (15 s) cancels under a slow download. SQLite reads in place.
 */
export async function readBatch<R>(
  db: DbOrTx,
  query: { execute(): Promise<R[]>; stream(chunkSize?: number): AsyncIterableIterator<R> },
  size: number,
): Promise<R[]> {
  if (isSqlite(db)) return query.execute();
  const rows: R[] = [];
  for await (const row of query.stream(size)) rows.push(row);
  return rows;
}

/**
 * Issue 45: the quotes with a line of a product whose name, in English or in any of its translations,
 * holds the text: the few products named so (a scan of the catalogue, hundreds of rows), then their
 * quotes by quote_items (product_id, quote_id).
 */
function quotesOfProductsNamed(text: string): RawBuilder<string> {
  const pattern = likePattern(text);
  return sql<string>`select quote_id from quote_items where product_id in (
    select id from products where lower(product_name) like ${pattern} escape '\\'
    union all select product_id from product_translations where lower(product_name) like ${pattern} escape '\\')`;
}

export function leadConditions(
  db: DbOrTx,
  table: 'quotes' | 'contacts',
  filter: LeadFilter,
  searchColumns: readonly string[],
): Condition[] {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  const conditions: Condition[] = [];
  if (filter.productId !== undefined && table === 'quotes') {
    // Issue 45: a quote is found by any of its lines' products (every quote has its lines, the first
    // being its own product_id). Within a date range, a probe of each quote of the range into
    // quote_items (quote_id, position, product_id); without, the product's quote ids from
    // quote_items (product_id, quote_id). SQLite, 100,000 quotes of three lines, count and first
    // page: last 30 days 10 ms against 58, every day 55 against 71 (an OR with quotes.product_id
    // scanned every quote: 250 ms).
    conditions.push(
      filter.from !== undefined || filter.to !== undefined
        ? sql<boolean>`exists (select 1 from quote_items where quote_items.quote_id = ${col('id')} and quote_items.product_id = ${filter.productId})`
        : sql<boolean>`${col('id')} in (select quote_id from quote_items where product_id = ${filter.productId})`,
    );
  } else if (filter.productId !== undefined) conditions.push(sql<boolean>`${col('product_id')} = ${filter.productId}`);
  if (filter.country !== undefined) conditions.push(sql<boolean>`lower(${col('country')}) = ${filter.country.trim().toLowerCase()}`);
  // created_at is ISO-8601 UTC text: a range of whole days is a range of strings.
  if (filter.from !== undefined) conditions.push(sql<boolean>`${col('created_at')} >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to !== undefined) conditions.push(sql<boolean>`${col('created_at')} < ${`${nextDay(filter.to)}T00:00:00.000Z`}`);
  if (filter.q !== undefined) {
    // The leads whose own columns hold the text: their ids from the search index, or the columns
    // searched (`searchColumns`; PostgreSQL's pg_trgm indexes serve the LIKE as it is).
    let ids: RawBuilder<string>;
    let text: Condition;
    if (isSqlite(db) && [...filter.q].length >= TRIGRAM) {
      const { fts, key } = SQLITE_SEARCH[table];
      ids = sql<string>`select ${sql.ref(key)} from ${sql.table(fts)} where ${sql.table(fts)} match ${ftsPhrase(filter.q)}`;
      text = sql<boolean>`${col('id')} in (${ids})`;
    } else {
      const pattern = likePattern(filter.q);
      const any = searchColumns.map((c) => sql<boolean>`lower(${col(c)}) like ${pattern} escape '\\'`);
      text = sql<boolean>`(${sql.join(any, sql` or `)})`;
      ids = sql<string>`select ${col('id')} from ${sql.table(table)} where ${text}`;
    }
    // A quote's lines' products too (issue 45), as one list of ids: the OR of the two made PostgreSQL
    // test every quote against both (no bitmap for a subquery): 100 ms for any search at a year's quotes.
    conditions.push(table === 'quotes' ? sql<boolean>`${col('id')} in (${ids} union all ${quotesOfProductsNamed(filter.q)})` : text);
  }
  // The reply clock: due and overdue are of the unanswered not held as spam (a lead held as spam is
  // never late), served by the <table>_unanswered index (20261127120000-reply-clock).
  const now = filter.now ?? new Date().toISOString();
  if (filter.reply === 'answered') conditions.push(sql<boolean>`${col('first_reply_at')} is not null`);
  else if (filter.reply !== undefined) {
    const due = filter.reply === 'due' ? sql`${col('reply_due_at')} > ${now}` : sql`${col('reply_due_at')} <= ${now}`;
    conditions.push(sql<boolean>`(${col('first_reply_at')} is null and ${col('spam_reason')} is null and ${due})`);
  }
  if (filter.assignee === 'none') conditions.push(sql<boolean>`${col('assignee_id')} is null`);
  else if (filter.assignee !== undefined) conditions.push(sql<boolean>`${col('assignee_id')} = ${filter.assignee}`);
  return conditions;
}

/** The filter as the caller asked it: `assignee=me` is the caller's own id. */
export function callerFilter<F extends { assignee?: string | undefined }>(
  filter: F,
  caller: { _id: string },
  now: string,
): F & { now: string } {
  return { ...filter, ...(filter.assignee === 'me' ? { assignee: caller._id } : {}), now };
}

/**
 * What a list is ordered by (newest first, the id breaking ties): the creation, or with
 * sort=activity the last activity, as the `<table>_activity_idx` expression indexes have it.
 */
export function orderKey(
  table: 'quotes' | 'contacts' | 'orders',
  filter: { sort?: 'created' | 'activity' | 'due' | undefined },
): RawBuilder<string> {
  return filter.sort === 'activity'
    ? sql<string>`coalesce(${sql.ref(`${table}.last_activity_at`)}, ${sql.ref(`${table}.created_at`)})`
    : sql<string>`${sql.ref(`${table}.created_at`)}`;
}

/**
 * A lead list's whole ORDER BY: newest first by `orderKey` (the id breaking ties), or with sort=due
 * the unanswered first, earliest due first (the id breaking ties), then the answered by their due
 * time: the expression of the <table>_reply_due index (20261127120000-reply-clock).
 */
export function leadOrder(table: 'quotes' | 'contacts', filter: { sort?: LeadSort | undefined }): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  if (filter.sort === 'due') return sql`(${column('first_reply_at')} is not null), ${column('reply_due_at')}, ${column('id')}`;
  return sql`${orderKey(table, filter)} desc, ${column('id')} desc`;
}

/** Conditions joined with AND (true when there are none). */
export const allOf = (conditions: Condition[]): Condition =>
  conditions.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(conditions, sql` and `)}`;

/** Whether the caller asked for a page (lists answer everything otherwise, as SPEC.md's client expects). */
export const wantsPage = (filter: LeadFilter): boolean => filter.page !== undefined || filter.limit !== undefined;

export function pageOf(filter: LeadFilter, total: number, countries: string[]): LeadPage {
  const limit = filter.limit ?? LEAD_PAGE_SIZE;
  return { total, page: filter.page ?? 1, limit, pageCount: Math.max(1, Math.ceil(total / limit)), countries };
}

/**
 * One page of a lead list, newest first (the id breaks ties), with its facts (total, countries).
 * Deferred join: the page's ids come from `table` alone, by its indexes, and only those rows are
 * read whole by `rowsOf` (joined with their product, offer...): a deep page (offset 49,000) skips
 * index entries, not joined rows. `rowsOf` selects by those ids alone: repeating the filter there
 * made SQLite walk the filter's index (96,000 rows for status NEW) and test each id against the
 * page's twelve.
 */
export async function leadPage<Row>(
  db: DbOrTx,
  table: 'quotes' | 'contacts',
  where: Condition,
  filter: LeadFilter,
  rowsOf: (pageIds: RawBuilder<string>) => Promise<Row[]>,
): Promise<{ rows: Row[]; page: LeadPage }> {
  const t = sql.table(table);
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const { page, limit } = pageOf(filter, 0, []);
  const pageIds = sql<string>`(select ${column('id')} from ${t} where ${where}
    order by ${leadOrder(table, filter)} limit ${limit} offset ${(page - 1) * limit})`;
  const [rows, count, countries] = await Promise.all([
    rowsOf(pageIds),
    sql<{ n: number | string }>`select count(*) as n from ${t} where ${where}`.execute(db),
    countriesOf(db, table),
  ]);
  return { rows, page: pageOf(filter, Number(count.rows[0]?.n ?? 0), distinctCountries(countries)) };
}

/**
 * Every country spelling of a list, by a loose index scan (a recursive query that jumps from one
 * value of the country index to the next): a few index lookups per distinct value, where
 * `select distinct` read every row (100,000 at a year's leads).
 */
export async function countriesOf(db: DbOrTx, table: 'quotes' | 'contacts'): Promise<string[]> {
  const t = sql.table(table);
  const result = await sql<{ country: string }>`
    with recursive c(country) as (
      select min(country) from ${t}
      union all
      select (select min(country) from ${t} where country > c.country) from c where c.country is not null
    )
    select country from c where country is not null`.execute(db);
  return result.rows.map((r) => r.country);
}

/** Distinct countries as people typed them, one spelling per country (case-insensitive; capitals win). */
export function distinctCountries(values: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const v of [...values].sort()) {
    const key = v.trim().toLowerCase();
    if (key && !byKey.has(key)) byKey.set(key, v.trim());
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}
