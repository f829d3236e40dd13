/**
 * Content versions: one counter per cached API resource in app_meta, bumped by triggers on every
 * write to the tables that resource is read from. A server process can then keep the serialized
 * product list (or gallery) and know with one primary-key read whether anything changed it since:
 * a write through this process, another process sharing the database, or hand-written SQL.
 * Frozen in time: imports nothing from the app.
 *
 * `images` rows are not watched: they are content-addressed, never updated, and only deleted once
 * nothing references them, so a list only changes through the tables below.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const WATCHED: Record<string, readonly string[]> = {
  products_version: ['products', 'product_images'],
  gallery_version: ['gallery_images'],
};

const SQLITE_EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const key of Object.keys(WATCHED)) {
    await sql`insert into app_meta (key, value) values (${key}, '0') on conflict (key) do nothing`.execute(db);
  }
  if (dialect === 'postgres') {
    // One statement-level trigger per table: a bulk insert bumps the counter once, not per row.
    await sql
      .raw(
        `create function bump_content_version() returns trigger language plpgsql as $$
begin
  update app_meta set value = (value::bigint + 1)::text where key = tg_argv[0];
  return null;
end $$`,
      )
      .execute(db);
    for (const [key, tables] of Object.entries(WATCHED)) {
      for (const table of tables) {
        await sql
          .raw(
            `create trigger ${table}_content_version after insert or update or delete or truncate on ${table} ` +
              `for each statement execute function bump_content_version('${key}')`,
          )
          .execute(db);
      }
    }
    return;
  }
  // SQLite has row-level triggers only; the update is a primary-key write inside the same transaction.
  for (const [key, tables] of Object.entries(WATCHED)) {
    for (const table of tables) {
      for (const event of SQLITE_EVENTS) {
        await sql
          .raw(
            `create trigger ${table}_content_version_${event} after ${event} on ${table} begin ` +
              `update app_meta set value = cast(cast(value as integer) + 1 as text) where key = '${key}'; end`,
          )
          .execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const tables of Object.values(WATCHED)) {
    for (const table of tables) {
      if (dialect === 'postgres') {
        await sql.raw(`drop trigger if exists ${table}_content_version on ${table}`).execute(db);
      } else {
        for (const event of SQLITE_EVENTS) await sql.raw(`drop trigger if exists ${table}_content_version_${event}`).execute(db);
      }
    }
  }
  if (dialect === 'postgres') await sql.raw('drop function if exists bump_content_version()').execute(db);
  for (const key of Object.keys(WATCHED)) await sql`delete from app_meta where key = ${key}`.execute(db);
}
