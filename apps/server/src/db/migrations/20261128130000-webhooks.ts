/**
 * Signed webhooks (issue 44, item 5): the endpoints an administrator adds (the address, the events
 * it wants, its signing secret) and the outbox of deliveries, one row per event and endpoint,
 * written in the transaction of the change itself (modules/webhooks), sent and retried by each
 * process's deliverer. Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    // A JSON list of event names.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    // The webhook-id it is sent with, the same on every try.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending, delivered, failed (a day of failures, or the endpoint refusing for good).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Retried for a day from here: the creation, or an administrator's 'send again'.
    .addColumn('retry_from', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
