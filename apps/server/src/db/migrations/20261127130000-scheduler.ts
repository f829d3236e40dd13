/**
 * Reminders that go out once (issue 41, items 3 and 4): the runs of the scheduled jobs (one row per
 * job and period, inserted in the transaction that queues the run's mails, so of several processes
 * exactly one runs it), the claims of the per-item reminders (a lead's due reminder, an offer's two
 * buyer reminders), the mails' extra headers (List-Unsubscribe), and the buyers' opt-out of
 * reminders with the tokens of its one-click links. Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    // The period the run is for, e.g. the company-local date of a daily digest.
    .addColumn('period_key', 'text', (c) => c.notNull())
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .addColumn('mails', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'period_key'])
    .execute();

  // Null until the reminder was queued; set by the conditional UPDATE that claims it.
  await db.schema.alterTable('quotes').addColumn('due_reminded_at', 'text').execute();
  await db.schema.alterTable('contacts').addColumn('due_reminded_at', 'text').execute();
  await db.schema.alterTable('quote_offers').addColumn('expiry_reminded_at', 'text').execute();
  await db.schema.alterTable('quote_offers').addColumn('unanswered_reminded_at', 'text').execute();

  // JSON text: { name: value } headers sent with the mail; null: none.
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();

  // When the buyer asked for no more reminders (never offers, orders or account mails); null: they get them.
  await db.schema.alterTable('users').addColumn('reminders_opted_out_at', 'text').execute();
  await db.schema
    .createTable('unsubscribe_tokens')
    // SHA-256 (hex) of the token a reminder's links carry; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unsubscribe_tokens_user_idx').on('unsubscribe_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unsubscribe_tokens').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('reminders_opted_out_at').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.alterTable('quote_offers').dropColumn('unanswered_reminded_at').execute();
  await db.schema.alterTable('quote_offers').dropColumn('expiry_reminded_at').execute();
  await db.schema.alterTable('contacts').dropColumn('due_reminded_at').execute();
  await db.schema.alterTable('quotes').dropColumn('due_reminded_at').execute();
  await db.schema.dropTable('job_runs').ifExists().execute();
}
