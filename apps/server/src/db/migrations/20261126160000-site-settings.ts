/**
 * Site settings (issue 26): one row per setting (its JSON value), read over the defaults of
 * packages/shared/src/settings.ts. A counter in app_meta (`settings_version`) is bumped by
 * triggers on every write, as the content versions are (20250701000000-content-versions.ts), so
 * every process shows a change at its next request. Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const KEY = 'settings_version';
const SQLITE_EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // JSON text of the value.
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into app_meta (key, value) values (${KEY}, '0') on conflict (key) do nothing`.execute(db);
  if (dialect === 'postgres') {
    // The function made by the content-versions migration, with this counter's key.
    await sql
      .raw(
        `create trigger site_settings_content_version after insert or update or delete or truncate on site_settings ` +
          `for each statement execute function bump_content_version('${KEY}')`,
      )
      .execute(db);
    return;
  }
  for (const event of SQLITE_EVENTS) {
    await sql
      .raw(
        `create trigger site_settings_content_version_${event} after ${event} on site_settings begin ` +
          `update app_meta set value = cast(cast(value as integer) + 1 as text) where key = '${KEY}'; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
  await sql`delete from app_meta where key = ${KEY}`.execute(db);
}
