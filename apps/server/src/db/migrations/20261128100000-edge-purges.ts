/**
 * The edge-purge outbox (issue 42, item 3; docs/decisions/035-edge-cache.md): one row per tag an
 * edge cache must drop, written by triggers in the transaction of the change itself, as the
 * content versions are (20250701000000-content-versions.ts): whoever writes (any process, a
 * script, hand-written SQL), the purge is queued with the change or not at all. The server's
 * purger (speed/edge-purger.ts) sends the tags and deletes the rows, or drops them when no edge is
 * configured. Frozen in time: imports nothing from the app; the tag names are speed/edge.ts's.
 *
 * - a write to a product or to what a product answer is read from: `product-<id>`;
 * - a bump of a content version (products, gallery, settings; the settings' also when the reply
 *   time shown on the pages changes): the version's name, the tag of every answer that shows it.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Tables whose rows belong to one product, and the column naming it. */
const PRODUCT_TABLES: Record<string, string> = {
  products: 'id',
  product_images: 'product_id',
  product_translations: 'product_id',
  product_slugs: 'product_id',
};
const VERSION_KEYS = ['products_version', 'gallery_version', 'settings_version'];
const SQLITE_EVENTS = ['insert', 'update', 'delete'] as const;
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('edge_purges')
    .$call((t) =>
      dialect === 'postgres'
        ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('purge_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Null: due now (a new row); else the next try after a failure.
    .addColumn('next_attempt_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .execute();

  const versionKeys = VERSION_KEYS.map((k) => `'${k}'`).join(', ');
  if (dialect === 'postgres') {
    const now = `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql
      .raw(
        `create function edge_purge_product() returns trigger language plpgsql as $$
begin
  insert into edge_purges (purge_key, created_at)
  values ('product-' || (to_jsonb(case when tg_op = 'DELETE' then old else new end) ->> tg_argv[0]), ${now});
  return null;
end $$`,
      )
      .execute(db);
    for (const [table, column] of Object.entries(PRODUCT_TABLES)) {
      await sql
        .raw(
          `create trigger ${table}_edge_purge after insert or update or delete on ${table} ` +
            `for each row execute function edge_purge_product('${column}')`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create function edge_purge_version() returns trigger language plpgsql as $$
begin
  insert into edge_purges (purge_key, created_at) values (left(new.key, length(new.key) - length('_version')), ${now});
  return null;
end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger app_meta_edge_purge after update on app_meta for each row ` +
          `when (new.key in (${versionKeys}) and new.value is distinct from old.value) execute function edge_purge_version()`,
      )
      .execute(db);
    return;
  }
  for (const [table, column] of Object.entries(PRODUCT_TABLES)) {
    for (const event of SQLITE_EVENTS) {
      const row = event === 'delete' ? 'old' : 'new';
      await sql
        .raw(
          `create trigger ${table}_edge_purge_${event} after ${event} on ${table} begin ` +
            `insert into edge_purges (purge_key, created_at) values ('product-' || ${row}.${column}, ${SQLITE_NOW}); end`,
        )
        .execute(db);
    }
  }
  await sql
    .raw(
      `create trigger app_meta_edge_purge after update of value on app_meta ` +
        `when new.key in (${versionKeys}) and new.value is not old.value begin ` +
        `insert into edge_purges (purge_key, created_at) values (substr(new.key, 1, length(new.key) - length('_version')), ${SQLITE_NOW}); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    for (const table of Object.keys(PRODUCT_TABLES)) await sql.raw(`drop trigger if exists ${table}_edge_purge on ${table}`).execute(db);
    await sql.raw('drop trigger if exists app_meta_edge_purge on app_meta').execute(db);
    await sql.raw('drop function if exists edge_purge_product()').execute(db);
    await sql.raw('drop function if exists edge_purge_version()').execute(db);
  } else {
    for (const table of Object.keys(PRODUCT_TABLES)) {
      for (const event of SQLITE_EVENTS) await sql.raw(`drop trigger if exists ${table}_edge_purge_${event}`).execute(db);
    }
    await sql.raw('drop trigger if exists app_meta_edge_purge').execute(db);
  }
  await db.schema.dropTable('edge_purges').ifExists().execute();
}
