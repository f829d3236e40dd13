/**
 * The dashboard's grouped counts over 12 months (modules/dashboard/repository.ts) read every lead
 * of the year: with 100,000 quotes each pass fetched ~67,000 table rows after its index (474 ms in
 * all). These partial indexes of the rows not held as spam hold every column a pass reads, so each
 * is an index-only scan on both databases: a new one for the months, sources and statuses, and the
 * list indexes of 20261126140000 by country and (inquiries) by product widened with the label the
 * dashboard shows, which keeps them serving the lists by their leading columns. `spam_reason` is
 * listed too: without it SQLite's planner does not count the partial index as covering. Frozen in
 * time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

const NEW = [['quotes_dashboard', 'quotes (created_at, status, offer_expires_at, heard_from, country, product_id, spam_reason)']] as const;

const WIDENED = [
  ['quotes_listed_country', 'quotes (lower(country), created_at, country, spam_reason)', 'quotes (lower(country), created_at)'],
  ['contacts_listed_country', 'contacts (lower(country), created_at, country, spam_reason)', 'contacts (lower(country), created_at)'],
  ['contacts_listed_product', 'contacts (product_id, created_at, product_name, spam_reason)', 'contacts (product_id, created_at)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, on] of NEW) await sql.raw(`create index ${name} on ${on} where spam_reason is null`).execute(db);
  for (const [name, on] of WIDENED) {
    await sql.raw(`drop index ${name}`).execute(db);
    await sql.raw(`create index ${name} on ${on} where spam_reason is null`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, , before] of WIDENED) {
    await sql.raw(`drop index ${name}`).execute(db);
    await sql.raw(`create index ${name} on ${before} where spam_reason is null`).execute(db);
  }
  for (const [name] of NEW) await sql.raw(`drop index if exists ${name}`).execute(db);
}
