/**
 * Sample requests get numbers that are counted, as orders' are (issue 43, item 2): `samples.number`
 * (unique) and a counter a year. The requests made before keep the number their mails gave them
 * (from the id's last six hex digits: SMP-2026-3F9A1C); new ones are SMP-2026-000001, -000002...
 * Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sample_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  // Null only between this column's making and its filling below: the app always writes one.
  await db.schema.alterTable('samples').addColumn('number', 'text').execute();
  const lastSix = dialect === 'postgres' ? sql`upper(right(id, 6))` : sql`upper(substr(id, -6))`;
  await sql`update samples set number = 'SMP-' || substr(created_at, 1, 4) || '-' || ${lastSix}`.execute(db);
  await db.schema.createIndex('samples_number').on('samples').column('number').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('samples_number').execute();
  await db.schema.alterTable('samples').dropColumn('number').execute();
  await db.schema.dropTable('sample_counters').execute();
}
