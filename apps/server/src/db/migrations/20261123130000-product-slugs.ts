/**
 * Product addresses: /products/{slug}. `products.slug` is the current slug; `product_slugs` holds
 * every slug a product has had (the current one included), so an old link finds the product and
 * is redirected to the current address. A slug belongs to one product for as long as that product
 * exists. Existing products get a slug from their name here, oldest first.
 * Frozen in time: imports nothing from the app (the slug rule is copied, not imported).
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'product';
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('slug', 'text').execute();
  // NULLs do not collide on either dialect: a product inserted without one gets it later.
  await db.schema.createIndex('products_slug_key').unique().on('products').column('slug').execute();
  await db.schema
    .createTable('product_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_slugs_product_id_idx').on('product_slugs').column('product_id').execute();

  const rows = await sql<{ id: string; product_name: string }>`select id, product_name from products order by created_at, id`.execute(db);
  const taken = new Set<string>();
  const now = new Date().toISOString();
  for (const row of rows.rows) {
    const base = slugify(row.product_name);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    await sql`insert into product_slugs (slug, product_id, created_at) values (${slug}, ${row.id}, ${now})`.execute(db);
    await sql`update products set slug = ${slug} where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_slugs').ifExists().execute();
  await db.schema.dropIndex('products_slug_key').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('slug').execute();
}
