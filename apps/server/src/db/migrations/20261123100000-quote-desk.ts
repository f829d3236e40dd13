/**
 * Quote desk: a status on every quote (existing quotes become NEW), the offers sent
 * for a quote, and its history of status changes. Frozen in time: imports nothing from the app.
 *
 * EXPIRED is not stored: a QUOTED quote whose `offer_expires_at` has passed reads as EXPIRED
 * (docs/decisions/005-quote-desk.md). `offer_expires_at` is kept on the quote row itself, beside
 * `status`, so a status filter is one indexed condition on `quotes`.
 * Money: integer minor units (bigint) beside a currency code, never a float.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const STORED_STATUSES = ['NEW', 'QUOTED', 'ACCEPTED', 'DECLINED', 'REJECTED'];

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('quotes')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('NEW').check(sqlIn('status', STORED_STATUSES)))
    .execute();
  // The current (latest) offer and the instant it expires; null while the quote has no offer.
  await db.schema.alterTable('quotes').addColumn('current_offer_id', 'text').execute();
  await db.schema.alterTable('quotes').addColumn('offer_expires_at', 'text').execute();
  // When the status last changed (null: never since the quote was made).
  await db.schema.alterTable('quotes').addColumn('status_changed_at', 'text').execute();
  await db.schema.createIndex('quotes_status_idx').on('quotes').columns(['status', 'offer_expires_at']).execute();

  await db.schema
    .createTable('quote_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('unit_price_minor', 'bigint', (c) => c.notNull().check(sql.raw('unit_price_minor > 0')))
    .addColumn('price_basis', 'text', (c) => c.notNull())
    .addColumn('incoterm', 'text', (c) => c.notNull())
    .addColumn('port_of_loading', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('lead_time_days', 'integer', (c) => c.notNull())
    .addColumn('payment_terms', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Two offers written at once cannot both become revision N.
    .addUniqueConstraint('quote_offers_revision_unique', ['quote_id', 'revision'])
    .execute();

  await db.schema
    .createTable('quote_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', STORED_STATUSES)))
    .addColumn('actor', 'text', (c) => c.notNull().check(sqlIn('actor', ['BUYER', 'COMPANY'])))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('offer_id', 'text', (c) => c.references('quote_offers.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_events_quote_id_idx').on('quote_events').columns(['quote_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('quote_events').ifExists().execute();
  await db.schema.dropTable('quote_offers').ifExists().execute();
  await db.schema.dropIndex('quotes_status_idx').ifExists().execute();
  for (const column of ['status_changed_at', 'offer_expires_at', 'current_offer_id', 'status']) {
    await db.schema.alterTable('quotes').dropColumn(column).execute();
  }
}

/** A CHECK (column IN (...)) expression with literal values (same syntax on both dialects). */
function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
