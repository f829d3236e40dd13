/**
 * Inquiries and quote requests held as spam (issue 25): stored, not mailed, out of the default
 * lists until an administrator releases them. Null: not held. Frozen in time: imports nothing
 * from the app.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('spam_reason', 'text').execute();
  await db.schema.alterTable('contacts').addColumn('spam_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').dropColumn('spam_reason').execute();
  await db.schema.alterTable('contacts').dropColumn('spam_reason').execute();
}
