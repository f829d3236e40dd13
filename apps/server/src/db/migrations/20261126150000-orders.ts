/**
 * Orders (issue 27): an accepted offer becomes an order with its terms copied (frozen), numbered
 * ORD-YYYY-NNNN from a counter row per year, moved through milestones, with private documents and
 * a record of their downloads. Products gain an optional HS code. Frozen in time: imports nothing
 * from the app (docs/decisions/023-orders.md).
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const STEPS = [
  'PROFORMA_ISSUED',
  'ADVANCE_RECEIVED',
  'IN_PRODUCTION',
  'QUALITY_CHECKED',
  'PACKED',
  'SHIPPED',
  'DOCUMENTS_SENT',
  'DELIVERED',
  'CLOSED',
  'CANCELLED',
];

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('products').addColumn('hs_code', 'text').execute();

  // One row per year: the last order number given. Incremented in the order's own transaction, so
  // a rolled-back acceptance gives its number back (no gaps) and two processes wait for each other
  // on the row (no duplicates); `orders_number_unique` stands behind it.
  await db.schema
    .createTable('order_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    // The quote may be deleted later; the order keeps its copy of the terms.
    .addColumn('quote_id', 'text', (c) => c.references('quotes.id').onDelete('set null').unique())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('step', 'text', (c) => c.notNull().check(sqlIn('step', STEPS)))
    .addColumn('offer_id', 'text')
    .addColumn('quotation_number', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text')
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('hs_code', 'text', (c) => c.notNull().defaultTo(''))
    // As the quote's required quantity: a decimal (2.5 TONS) is allowed.
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('packaging_type', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('unit_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('incoterm', 'text', (c) => c.notNull())
    .addColumn('port_of_loading', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('lead_time_days', 'integer', (c) => c.notNull())
    .addColumn('payment_terms', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact_person_name', 'text', (c) => c.notNull())
    .addColumn('company_email', 'text', (c) => c.notNull())
    .addColumn('mobile_number', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('delivery_location', 'text', (c) => c.notNull())
    .addColumn('account_email', 'text', (c) => c.notNull())
    // 'YYYY-MM-DD': acceptance day + lead time; before SHIPPED and past it, the order is late.
    .addColumn('ship_by', 'text', (c) => c.notNull())
    // From SHIPPED ('YYYY-MM-DD' days; the SHIPPED milestone's day is `shipped_on`).
    .addColumn('shipped_on', 'text')
    .addColumn('etd', 'text')
    .addColumn('eta', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('step_changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_step_idx').on('orders').columns(['step', 'ship_by']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_eta_idx').on('orders').column('eta').execute();
  await sql`create index orders_country_idx on orders (lower(country))`.execute(db);

  await db.schema
    .createTable('order_milestones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull().check(sqlIn('step', STEPS)))
    // The day it happened (YYYY-MM-DD, India time).
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // JSON text: the step's own fields ({"containerNumber": "...", ...}).
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('actor', 'text', (c) => c.notNull().check(sqlIn('actor', ['BUYER', 'COMPANY'])))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Each step happens once: two racing requests for the same step cannot both record it.
    .addUniqueConstraint('order_milestones_step_unique', ['order_id', 'step'])
    .execute();

  await db.schema
    .createTable('order_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    // As the uploader named it (shown, never used to store or serve).
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Random (unguessable) name in the private document storage.
    .addColumn('storage_name', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_documents_order_idx').on('order_documents').columns(['order_id', 'created_at']).execute();

  // Who downloaded which document when; kept after the document is deleted.
  await db.schema
    .createTable('order_document_downloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_document_downloads_doc_idx').on('order_document_downloads').column('document_id').execute();
}

export async function down(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('order_document_downloads').ifExists().execute();
  await db.schema.dropTable('order_documents').ifExists().execute();
  await db.schema.dropTable('order_milestones').ifExists().execute();
  await db.schema.dropTable('orders').ifExists().execute();
  await db.schema.dropTable('order_counters').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('hs_code').execute();
}

/** A CHECK (column IN (...)) expression with literal values (same syntax on both dialects). */
function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
