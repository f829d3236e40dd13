/**
 * The proof of work of the public forms (issue 25): a solved challenge is accepted once, by any
 * process: its signature is kept until the challenge expires. Frozen in time: imports nothing
 * from the app.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('altcha_used')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('altcha_used_expires').on('altcha_used').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('altcha_used').execute();
}
