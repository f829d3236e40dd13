/** The product-slugs migration gives products that exist before it a slug each, oldest first. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as productSlugs from '../src/db/migrations/20261123130000-product-slugs.js';
import type { Kysely } from 'kysely';
import { insertTestProduct } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('backfills unique slugs from the names of existing products', async () => {
  const db = t.db as unknown as Kysely<unknown>;
  // Back to before the migration, with products written then.
  await t.schemaChange(() => productSlugs.down(db));
  const ids: string[] = [];
  for (const [i, name] of ['Natural Jaggery Blocks', 'Natural Jaggery Blocks', 'Crème Brûlée Sugar & Co.'].entries()) {
    const id = await insertTestProduct(t.db, { productName: name });
    await t.db
      .updateTable('products')
      .set({ created_at: `2025-06-0${i + 1}T00:00:00.000Z` })
      .where('id', '=', id)
      .execute();
    ids.push(id);
  }
  await t.schemaChange(() => productSlugs.up(db));
  const rows = await t.db.selectFrom('products').select(['id', 'slug']).execute();
  const slugOf = new Map(rows.map((r) => [r.id, r.slug]));
  expect(ids.map((id) => slugOf.get(id))).toEqual(['natural-jaggery-blocks', 'natural-jaggery-blocks-2', 'creme-brulee-sugar-and-co']);
  const history = await t.db.selectFrom('product_slugs').select(['slug', 'product_id']).orderBy('slug').execute();
  expect(history).toHaveLength(3);
});
