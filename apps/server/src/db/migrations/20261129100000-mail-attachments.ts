/**
 * Mail that arrives (issue 44, item 4): a queued mail's attachments (the offer mail's quotation
 * PDF), stored with it so every attempt sends the very document of the offer it announces
 * (docs/decisions/037-mail-that-arrives.md). JSON text: [{ filename, contentType, content (base64) }];
 * null: none, or sent (the bytes are dropped once the mail has left). Frozen in time: imports
 * nothing from the app.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
}
