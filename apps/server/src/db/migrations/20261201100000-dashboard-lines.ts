/**
 * The dashboard's requests per product by lines (issue 45) at a year's leads: the lines after the
 * first of the year's quotes not held as spam were found by joining ~130,000 lines to their quotes
 * for the quote's created_at and spam_reason, then sorted by product (SQLite 100 ms, PostgreSQL 75 ms
 * at 100,000 quotes of three lines).
 * - `quote_items.created_at`: the quote's own created_at, copied to its lines (written with them,
 *   never changed: a quote's arrival does not move). Nullable only because SQLite cannot add a
 *   NOT NULL column without a default; every writer sets it.
 * - `quote_items_more (product_id, created_at, position) where position > 0`: the further lines of
 *   each product since a day, counted by a range of the index (index-only on both databases;
 *   `position` listed too: without it SQLite's planner does not count the partial index as covering).
 * - `quotes_held (created_at) where spam_reason is not null`: the few quotes held as spam since a
 *   day, whose lines are taken off those counts (holding is the quote's, and changes: not copied).
 * And the dashboard's passes grouped by month of arrival sorted their year of leads (a temporary
 * b-tree of ~66,000 rows: most of each pass's time on SQLite); led by the month (the expression
 * `substr(created_at, 1, 7)` they group by) and holding their other group keys next, in order, an
 * index hands SQLite each group's rows together (no sort): the quotes by month, source and status
 * 21 ms -> 7, the reply clock's groups (month, owner, minutes) 23 -> 10 for quotes, 13 -> 6 for
 * inquiries (`created_at` listed, as `spam_reason`, for SQLite to count them covering):
 * - `quotes_months (month, heard_from, status, offer_expires_at, created_at, spam_reason)`;
 * - `<table>_first_reply`, quotes and contacts, made again led by the month: (month, assignee_id,
 *   first_reply_minutes, created_at, first_reply_at, reply_due_at, spam_reason) where it was
 *   (created_at, first_reply_minutes, ...) (20261127140000-reply-clock-figures); its readers, the
 *   figures and the public reply time, name the months' range too (the inquiries' months counted by
 *   it as well).
 * All partial to the rows not held as spam, like the dashboard indexes of 20261126200000.
 * Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

/** Each index: its columns now, and before (null: none). */
const MONTHS = [
  ['quotes_months', 'quotes (substr(created_at, 1, 7), heard_from, status, offer_expires_at, created_at, spam_reason)', null],
  ...(['quotes', 'contacts'] as const).map(
    (table) =>
      [
        `${table}_first_reply`,
        `${table} (substr(created_at, 1, 7), assignee_id, first_reply_minutes, created_at, first_reply_at, reply_due_at, spam_reason)`,
        `${table} (created_at, first_reply_minutes, first_reply_at, reply_due_at, assignee_id, spam_reason)`,
      ] as const,
  ),
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote_items').addColumn('created_at', 'text').execute();
  await sql`update quote_items set created_at = (select quotes.created_at from quotes where quotes.id = quote_items.quote_id)`.execute(db);
  await sql`create index quote_items_more on quote_items (product_id, created_at, position) where position > 0`.execute(db);
  await sql`create index quotes_held on quotes (created_at) where spam_reason is not null`.execute(db);
  for (const [name, on] of MONTHS) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(`create index ${name} on ${on} where spam_reason is null`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, , before] of MONTHS) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    if (before) await sql.raw(`create index ${name} on ${before} where spam_reason is null`).execute(db);
  }
  await sql`drop index if exists quotes_held`.execute(db);
  await sql`drop index if exists quote_items_more`.execute(db);
  await db.schema.alterTable('quote_items').dropColumn('created_at').execute();
}
