/**
 * Sample requests (issue 43, item 2): a buyer's request with its products (a few grams each), the
 * delivery address and the courier account (or pay on delivery), its status and steps, the buyer's
 * feedback; a quote remembers the sample it was asked from. Frozen in time: imports nothing from
 * the app.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('samples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null once the buyer deleted their account (the request is then anonymous).
    .addColumn('user_id', 'text')
    // REQUESTED, APPROVED, DECLINED, DISPATCHED, DELIVERED.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('account_email', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    // ACCOUNT (the buyer's courier account) or ON_DELIVERY.
    .addColumn('shipping', 'text', (c) => c.notNull())
    .addColumn('account_courier', 'text')
    .addColumn('account_number', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('dispatch_courier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('dispatched_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('feedback_rating', 'integer')
    .addColumn('feedback_note', 'text')
    .addColumn('feedback_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status_changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('samples_user').on('samples').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('samples_created').on('samples').columns(['created_at']).execute();
  await db.schema
    .createTable('sample_items')
    .addColumn('sample_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    // Null once the product is deleted (its name is kept).
    .addColumn('product_id', 'text')
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('grams', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sample_items_pk', ['sample_id', 'position'])
    .execute();
  await db.schema.createIndex('sample_items_product').on('sample_items').columns(['product_id']).execute();
  await db.schema.alterTable('quotes').addColumn('sample_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').dropColumn('sample_id').execute();
  await db.schema.dropTable('sample_items').execute();
  await db.schema.dropTable('samples').execute();
}
