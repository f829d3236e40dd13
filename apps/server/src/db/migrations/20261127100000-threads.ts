/**
 * The conversation on every quote, inquiry and order (issue 40): messages and their private
 * attachments, who last read which thread, the pending mail digests (several messages to one person
 * within five minutes go out as one mail), the reply tokens of the mails' Reply-To, the buyer's
 * request for changes to an offer (a quote's `changes_requested_at`; its history event status
 * CHANGES_REQUESTED), when each offer was first seen by its buyer, and each lead's last activity.
 * Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const EVENT_STATUSES = ['NEW', 'QUOTED', 'ACCEPTED', 'DECLINED', 'REJECTED', 'CHANGES_REQUESTED'];
const KINDS = ['quote', 'contact', 'order'];
const AUTHORS = ['BUYER', 'COMPANY'];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('thread_kind', 'text', (c) => c.notNull().check(sqlIn('thread_kind', KINDS)))
    // The quote's, inquiry's or order's id; its messages go with it (deleted by the module).
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().check(sqlIn('author', AUTHORS)))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // JSON text: a request for changes to an offer; null on other messages.
    .addColumn('proposal', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // When the other side first opened the thread after it was written.
    .addColumn('read_at', 'text')
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // The mail digest that tells the other side about it.
    .addColumn('digest_id', 'text')
    .execute();
  // A thread's pages (oldest first) and the unread counts (the other side's, after a time).
  await db.schema.createIndex('messages_thread_idx').on('messages').columns(['thread_kind', 'thread_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('messages_thread_author_idx')
    .on('messages')
    .columns(['thread_kind', 'thread_id', 'author', 'created_at'])
    .execute();
  // The administrators' unread total reads the buyers' messages by time.
  await db.schema.createIndex('messages_author_idx').on('messages').columns(['author', 'created_at']).execute();
  await db.schema.createIndex('messages_digest_idx').on('messages').column('digest_id').execute();

  await db.schema
    .createTable('message_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    // A random name in the private document store (never a public path).
    .addColumn('storage_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_attachments_message_idx').on('message_attachments').columns(['message_id', 'position']).execute();

  // How far each person has read each thread (unread counts are per person: administrators too).
  await db.schema
    .createTable('thread_reads')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('thread_kind', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('last_read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('thread_reads_pk', ['user_id', 'thread_kind', 'thread_id'])
    .execute();

  // One pending digest per thread and recipient side: `pending_key` is set while it waits and
  // cleared when it is sent (NULLs never collide in a unique index, on either database).
  await db.schema
    .createTable('message_digests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pending_key', 'text', (c) => c.unique())
    .addColumn('thread_kind', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull().check(sqlIn('recipient', AUTHORS)))
    .addColumn('send_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('message_digests_due_idx')
    .on('message_digests')
    .columns(['send_at'])
    .where(sql.ref('pending_key'), 'is not', null)
    .execute();

  // Reply-To tokens: only their SHA-256 is kept, with the thread and the person it was sent to.
  await db.schema
    .createTable('reply_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('thread_kind', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull().check(sqlIn('recipient', AUTHORS)))
    // The buyer's account (BUYER); null for the company's notification address.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('quote_offers').addColumn('viewed_at', 'text').execute();
  await db.schema.alterTable('quotes').addColumn('changes_requested_at', 'text').execute();
  // The last message's time (null: none yet; lists read coalesce(last_activity_at, created_at)).
  for (const table of ['quotes', 'contacts', 'orders']) {
    await db.schema.alterTable(table).addColumn('last_activity_at', 'text').execute();
    // sort=activity: the same expression on both databases (each needs it parenthesised).
    await sql`create index ${sql.id(`${table}_activity_idx`)} on ${sql.table(table)} ((coalesce(last_activity_at, created_at)) desc, id desc)`.execute(
      db,
    );
  }

  // The history records a request for changes: the status CHECK of quote_events gains one value.
  await eventStatuses(db, dialect, EVENT_STATUSES);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`delete from quote_events where status = 'CHANGES_REQUESTED'`.execute(db);
  await eventStatuses(
    db,
    dialect,
    EVENT_STATUSES.filter((s) => s !== 'CHANGES_REQUESTED'),
  );
  for (const table of ['quotes', 'contacts', 'orders']) {
    await db.schema.dropIndex(`${table}_activity_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('last_activity_at').execute();
  }
  await db.schema.alterTable('quotes').dropColumn('changes_requested_at').execute();
  await db.schema.alterTable('quote_offers').dropColumn('viewed_at').execute();
  for (const table of ['reply_tokens', 'message_digests', 'thread_reads', 'message_attachments', 'messages']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

/**
 * The statuses quote_events' CHECK allows. PostgreSQL changes the constraint; SQLite cannot alter
 * a CHECK, so the table (which nothing references) is copied into a new one with the new CHECK.
 */
async function eventStatuses(db: Kysely<unknown>, dialect: Dialect, statuses: readonly string[]): Promise<void> {
  const check = sqlIn('status', statuses);
  if (dialect === 'postgres') {
    await sql`alter table quote_events drop constraint if exists quote_events_status_check`.execute(db);
    await sql`alter table quote_events add constraint quote_events_status_check check (${check})`.execute(db);
    return;
  }
  await db.schema
    .createTable('quote_events_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(check))
    .addColumn('actor', 'text', (c) => c.notNull().check(sqlIn('actor', AUTHORS)))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('offer_id', 'text', (c) => c.references('quote_offers.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into quote_events_new (id, quote_id, status, actor, user_id, offer_id, note, created_at)
    select id, quote_id, status, actor, user_id, offer_id, note, created_at from quote_events`.execute(db);
  await db.schema.dropTable('quote_events').execute();
  await sql`alter table quote_events_new rename to quote_events`.execute(db);
  await db.schema.createIndex('quote_events_quote_id_idx').on('quote_events').columns(['quote_id', 'created_at']).execute();
}

/** A CHECK (column IN (...)) expression with literal values (same syntax on both dialects). */
function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
