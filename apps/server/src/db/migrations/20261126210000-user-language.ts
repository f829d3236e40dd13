/**
 * The buyer's language (issue 28): set at registration from the page's language, changed on the
 * profile; the buyer's mails and quotation PDF are written in it. Existing accounts read English,
 * as they always did. Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
