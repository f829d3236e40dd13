/**
 * Answer by e-mail (issue 40): the lease of the reply mailbox (one process reads it at a time),
 * every mail read from it (recorded in the transaction that posts or holds it, so a crash before the
 * mail is marked \Seen never posts it twice), and the held replies an administrator posts or drops.
 * Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('worker_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('inbound_mails')
    // The mail's Message-ID (lowercased), or `uid:<uidvalidity>:<uid>` when it has none.
    .addColumn('mail_key', 'text', (c) => c.primaryKey())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql.raw(`outcome in ('posted', 'held', 'ignored')`)))
    .addColumn('message_id', 'text')
    .addColumn('held_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbound_mails_received_idx').on('inbound_mails').column('received_at').execute();

  await db.schema
    .createTable('held_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql.raw(`reason in ('SENDER', 'UNKNOWN_TOKEN', 'EXPIRED_TOKEN')`)))
    // The thread and the person the token was issued to; null when the token is unknown.
    .addColumn('thread_kind', 'text')
    .addColumn('thread_id', 'text')
    .addColumn('recipient', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // JSON text: [{ id, fileName, storageName, contentType, bytes }] in the private document store.
    .addColumn('attachments', 'text', (c) => c.notNull())
    // JSON text: notes on attachments that were dropped (type or size).
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in ('HELD', 'POSTED', 'DROPPED')`)))
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('message_id', 'text')
    .execute();
  await db.schema.createIndex('held_replies_status_idx').on('held_replies').columns(['status', 'received_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['held_replies', 'inbound_mails', 'worker_leases']) await db.schema.dropTable(table).ifExists().execute();
}
