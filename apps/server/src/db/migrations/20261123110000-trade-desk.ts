/**
 * Trade desk: the buyer's export terms on a quote, a handled mark on contact
 * inquiries, and the indexes the filtered, paginated lists need (the quote desk's migration, which
 * runs first, adds `quotes.status`). Frozen in time: imports nothing
 * from the app. Money: the target price in integer minor units (bigint) beside its currency.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const column of ['trade_incoterm', 'trade_destination', 'trade_container', 'trade_target_currency', 'trade_target_unit']) {
    await db.schema.alterTable('quotes').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('quotes').addColumn('trade_target_price_minor', 'bigint').execute();
  // JSON text: string[] (as the other lists of the schema).
  await db.schema
    .alterTable('quotes')
    .addColumn('trade_certifications', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('quotes')
    .addColumn('trade_sample_first', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Null: open; the instant it was marked handled otherwise.
  await db.schema.alterTable('contacts').addColumn('handled_at', 'text').execute();

  // The lists are newest first, filtered by product, country (case-insensitively) and date range.
  // Expression indexes (lower(country)) have the same syntax on both dialects.
  await sql`create index quotes_country_created_idx on quotes (lower(country), created_at)`.execute(db);
  await db.schema.createIndex('quotes_product_created_idx').on('quotes').columns(['product_id', 'created_at']).execute();
  // A status page is newest first too (the quote desk's own index serves its expiry checks).
  await db.schema.createIndex('quotes_status_created_idx').on('quotes').columns(['status', 'created_at']).execute();
  // The country filter's choices: a distinct scan of a small covering index, not of the table.
  await db.schema.createIndex('quotes_country_idx').on('quotes').column('country').execute();
  await db.schema.createIndex('contacts_country_idx').on('contacts').column('country').execute();
  await db.schema.createIndex('contacts_created_at_idx').on('contacts').column('created_at').execute();
  await sql`create index contacts_country_created_idx on contacts (lower(country), created_at)`.execute(db);
  await db.schema.createIndex('contacts_product_created_idx').on('contacts').columns(['product_id', 'created_at']).execute();
  await db.schema.createIndex('contacts_handled_created_idx').on('contacts').columns(['handled_at', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const index of [
    'contacts_country_idx',
    'quotes_country_idx',
    'quotes_status_created_idx',
    'contacts_handled_created_idx',
    'contacts_product_created_idx',
    'contacts_country_created_idx',
    'contacts_created_at_idx',
    'quotes_product_created_idx',
    'quotes_country_created_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('contacts').dropColumn('handled_at').execute();
  for (const column of [
    'trade_sample_first',
    'trade_certifications',
    'trade_target_price_minor',
    'trade_target_unit',
    'trade_target_currency',
    'trade_container',
    'trade_destination',
    'trade_incoterm',
  ]) {
    await db.schema.alterTable('quotes').dropColumn(column).execute();
  }
}
