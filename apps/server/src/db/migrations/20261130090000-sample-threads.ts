/**
 * A sample request has a conversation (issue 43, item 2): messages take the thread kind `sample`,
 * and the request its last activity.
 * The kinds are a CHECK on messages.thread_kind. PostgreSQL changes the constraint in place.
 * SQLite cannot change a CHECK (and a defensive connection may not edit its schema table), so
 * the table is rebuilt as its documentation prescribes:
 * - foreign keys off;
 * - a copy made with the new CHECK, the rows moved;
 * - the old table dropped and the copy renamed;
 * - its indexes and triggers made again;
 * - the foreign keys checked.
 * Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const BEFORE = ['quote', 'contact', 'order'];
const AFTER = [...BEFORE, 'sample'];
const CONSTRAINT = 'messages_thread_kind_check';

const checkOf = (kinds: string[]) => `check (thread_kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`;

async function setKinds(db: Kysely<unknown>, dialect: Dialect, from: string[], to: string[]): Promise<void> {
  if (dialect === 'postgres') {
    // The name PostgreSQL gave the column's CHECK when the table was made (<table>_<column>_check).
    await sql.raw(`alter table messages drop constraint if exists ${CONSTRAINT}`).execute(db);
    await sql.raw(`alter table messages add constraint ${CONSTRAINT} ${checkOf(to)}`).execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'messages'`.execute(db);
  const create = table.rows[0]?.sql;
  if (!create?.includes(checkOf(from))) throw new Error(`messages: its CHECK is not ${checkOf(from)}`);
  // Indexes and triggers go with the dropped table: their text, to make them again.
  const objects = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = 'messages' and type in ('index', 'trigger') and sql is not null order by type, name`.execute(
    db,
  );
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      await sql
        .raw(create.replace(checkOf(from), checkOf(to)).replace(/^CREATE TABLE "messages"/, 'CREATE TABLE "messages_rebuilt"'))
        .execute(tx);
      await sql`insert into messages_rebuilt select * from messages`.execute(tx);
      await sql`drop table messages`.execute(tx);
      await sql`alter table messages_rebuilt rename to messages`.execute(tx);
      for (const object of objects.rows) await sql.raw(object.sql).execute(tx);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length > 0) throw new Error(`messages rebuilt with ${broken.rows.length} broken foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await setKinds(db, dialect, BEFORE, AFTER);
  // The request's last message, as the other leads have it (null: none yet).
  await db.schema.alterTable('samples').addColumn('last_activity_at', 'text').execute();
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('samples').dropColumn('last_activity_at').execute();
  // The samples' conversations go: the narrower CHECK would refuse them.
  await sql`delete from message_attachments where message_id in (select id from messages where thread_kind = 'sample')`.execute(db);
  await sql`delete from messages where thread_kind = 'sample'`.execute(db);
  await setKinds(db, dialect, AFTER, BEFORE);
}
