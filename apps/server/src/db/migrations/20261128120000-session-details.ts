/**
 * Sessions a person can see and end (issue 44, item 2): each session gets a public id (the token's
 * hash stays private: it names the cookie), when it was last used, the browser that opened it and
 * the network it came from (the address cut to its /24 or /48: never the whole address).
 * Sessions that exist already get an id here; their browser and network stay unknown ('').
 * Frozen in time: imports nothing from the app.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip_prefix', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await sql<{ token_hash: string }>`select token_hash from sessions`.execute(db);
  for (const row of rows.rows) {
    await sql`update sessions set id = ${randomBytes(12).toString('hex')}, last_seen_at = created_at where token_hash = ${row.token_hash}`.execute(
      db,
    );
  }
  await db.schema.createIndex('sessions_id').unique().on('sessions').column('id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_id').execute();
  for (const column of ['ip_prefix', 'user_agent', 'last_seen_at', 'id']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
