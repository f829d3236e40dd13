/**
 * A counter of the threads (`messages_version` in app_meta), bumped by triggers on every write to
 * `messages` (a message posted, read, hidden or deleted with its lead) and `thread_reads` (someone
 * opened a thread): an administrator's unread total, which counts every buyer message they have
 * not opened, is then kept per process and recounted only when this counter moved (one
 * primary-key read per ask instead of a scan of every buyer message at each navigation).
 * Frozen in time: imports nothing from the app; reuses bump_content_version() of
 * 20250701000000-content-versions on PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const KEY = 'messages_version';
const TABLES = ['messages', 'thread_reads'] as const;
const SQLITE_EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`insert into app_meta (key, value) values (${KEY}, '0') on conflict (key) do nothing`.execute(db);
  for (const table of TABLES) {
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create trigger ${table}_messages_version after insert or update or delete or truncate on ${table} ` +
            `for each statement execute function bump_content_version('${KEY}')`,
        )
        .execute(db);
      continue;
    }
    for (const event of SQLITE_EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_messages_version_${event} after ${event} on ${table} begin ` +
            `update app_meta set value = cast(cast(value as integer) + 1 as text) where key = '${KEY}'; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of TABLES) {
    if (dialect === 'postgres') await sql.raw(`drop trigger if exists ${table}_messages_version on ${table}`).execute(db);
    else for (const event of SQLITE_EVENTS) await sql.raw(`drop trigger if exists ${table}_messages_version_${event}`).execute(db);
  }
  await sql`delete from app_meta where key = ${KEY}`.execute(db);
}
