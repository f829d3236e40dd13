/**
 * Exactly once (issue 25): a request sent again with the same Idempotency-Key gets the first
 * answer instead of making a second quote, inquiry, account or mail. One row per client scope and
 * key, claimed before the request runs, marked applied in the transaction of the change it answers
 * for, and holding the answer once it is sent. Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    // `user:<id>` with a session, else `ip:<address>`.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    // A hash of the request's body: the same key with another body is refused.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // running -> applied (the change committed) -> done (the answer is kept).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    // A running request's claim: past it, the process that ran it is taken for dead.
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
