/**
 * A product's content in the buyers' other languages (issue 28 item 6): name, description, key
 * features and nutrient content per (product, language), apart from the English product so
 * SPEC.md's answers keep their shape. A write bumps `products_version` through triggers, as the
 * products tables do (20250701000000-content-versions.ts), so every cache and rendered page of
 * every process shows it at the next request. Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const KEY = 'products_version';
const SQLITE_EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('product_translations')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('key_features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('nutrient_content', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_translations_pk', ['product_id', 'language'])
    .execute();
  if (dialect === 'postgres') {
    // The function made by the content-versions migration, with the products counter's key.
    await sql
      .raw(
        `create trigger product_translations_content_version after insert or update or delete or truncate on product_translations ` +
          `for each statement execute function bump_content_version('${KEY}')`,
      )
      .execute(db);
    return;
  }
  for (const event of SQLITE_EVENTS) {
    await sql
      .raw(
        `create trigger product_translations_content_version_${event} after ${event} on product_translations begin ` +
          `update app_meta set value = cast(cast(value as integer) + 1 as text) where key = '${KEY}'; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_translations').execute();
}
