/**
 * The lead lists leave out what is held as spam (`spam_reason is null`, 20261126100000-spam): their
 * indexes, made before that column, then had to read every matching row to check it (a status
 * count read 100,000 rows). Partial indexes of the rows not held serve those conditions from the
 * index alone, on both databases, and replace the full ones (a planner without statistics took the
 * full one first; the lists of what is held are short and need none). Frozen in time: imports
 * nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

const INDEXES = [
  ['quotes_listed_created', 'quotes (created_at, id)'],
  ['quotes_listed_status', 'quotes (status, created_at)'],
  ['quotes_listed_country', 'quotes (lower(country), created_at)'],
  ['quotes_listed_product', 'quotes (product_id, created_at)'],
  ['contacts_listed_created', 'contacts (created_at, id)'],
  ['contacts_listed_handled', 'contacts (handled_at, created_at)'],
  ['contacts_listed_country', 'contacts (lower(country), created_at)'],
  ['contacts_listed_product', 'contacts (product_id, created_at)'],
] as const;

/** The full indexes they replace (20250601000000-initial, 20261123110000-trade-desk). */
const REPLACED = [
  ['quotes_created_at_idx', 'quotes (created_at)'],
  ['quotes_status_created_idx', 'quotes (status, created_at)'],
  ['quotes_country_created_idx', 'quotes (lower(country), created_at)'],
  ['quotes_product_created_idx', 'quotes (product_id, created_at)'],
  ['contacts_created_at_idx', 'contacts (created_at)'],
  ['contacts_handled_created_idx', 'contacts (handled_at, created_at)'],
  ['contacts_country_created_idx', 'contacts (lower(country), created_at)'],
  ['contacts_product_created_idx', 'contacts (product_id, created_at)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, on] of INDEXES) await sql.raw(`create index ${name} on ${on} where spam_reason is null`).execute(db);
  for (const [name] of REPLACED) await sql.raw(`drop index if exists ${name}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, on] of REPLACED) await sql.raw(`create index if not exists ${name} on ${on}`).execute(db);
  for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
}
