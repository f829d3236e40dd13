/**
 * A product's trade data (issue 43, item 1): minimum order and order multiple, lead time, supply per
 * month, packing options, specifications, certifications and port of loading, all optional; and the
 * specifications' translations beside the product's other translated fields. Lists are JSON text,
 * as the product's other lists are. The content-version and edge-purge triggers of `products` and
 * `product_translations` fire on any change of a row, so these columns need none of their own.
 * Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

const NUMBERS = ['moq_quantity', 'order_multiple', 'supply_quantity'] as const;
const TEXTS = ['moq_unit', 'supply_unit', 'port_of_loading'] as const;
const LISTS = ['packing_options', 'specifications', 'certifications'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of NUMBERS) await db.schema.alterTable('products').addColumn(column, 'double precision').execute();
  await db.schema.alterTable('products').addColumn('lead_time_days', 'integer').execute();
  for (const column of TEXTS) await db.schema.alterTable('products').addColumn(column, 'text').execute();
  for (const column of LISTS) {
    await db.schema
      .alterTable('products')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  }
  await db.schema
    .alterTable('product_translations')
    .addColumn('specifications', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product_translations').dropColumn('specifications').execute();
  for (const column of [...NUMBERS, 'lead_time_days', ...TEXTS, ...LISTS]) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
