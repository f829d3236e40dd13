/**
 * Fills an empty database with a large catalogue for the benchmarks, straight through the
 * server's own database layer (10,000 products through the upload API would take hours of image
 * work and measure sharp, not the API). Products reuse a few real stored images, so lists carry
 * the same URLs and srcsets as real ones.
 *
 *   DATA_DIR=... [DATABASE_URL=...] node --import tsx bench/seed-catalogue.ts PRODUCTS GALLERY
 *
 * Prints one JSON line: { productId, productSlug, imagePath } (a product in the middle, its page's
 * slug, one stored image).
 */
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config.js';
import { newId } from '../apps/server/src/db/ids.js';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/index.js';
import { nowIso } from '../apps/server/src/db/mappers.js';
import type { NewProductRow, ProductImagesTable } from '../apps/server/src/db/schema.js';
import { encodeTrustedImage, storeProcessedImage, type StoredImage } from '../apps/server/src/modules/images/index.js';
import { createImageStorage } from '../apps/server/src/storage/stores.js';
import { ensureSlugs, productRow } from '../apps/server/src/modules/product/repository.js';
import { DEMO_PRODUCTS } from '../apps/server/src/seed/demo-data.js';

const BATCH = 500;

async function main(): Promise<void> {
  const products = Number(process.argv[2] ?? '100');
  const gallery = Number(process.argv[3] ?? '12');
  if (!Number.isInteger(products) || products < 1 || !Number.isInteger(gallery) || gallery < 0) {
    throw new Error('usage: seed-catalogue.ts PRODUCTS GALLERY');
  }
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
  const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(database);
    const { db } = database;
    // One real picture per demo product (its first image), stored as an upload would be.
    const images: StoredImage[] = [];
    for (const demo of DEMO_PRODUCTS) {
      const processed = await encodeTrustedImage(sharp(Buffer.from(demo.images()[0]!)));
      images.push(await storeProcessedImage(db, createImageStorage(config), processed));
    }

    const start = Date.parse('2025-06-01T00:00:00.000Z');
    const ids: string[] = [];
    for (let from = 0; from < products; from += BATCH) {
      const rows: NewProductRow[] = [];
      const links: ProductImagesTable[] = [];
      for (let i = from; i < Math.min(products, from + BATCH); i += 1) {
        const demo = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length]!;
        const id = newId(start + i * 1000);
        const createdAt = nowIso(start + i * 1000);
        ids.push(id);
        const product = { ...demo, productName: `${demo.productName} ${i + 1}`, isPremium: i % 10 === 0 };
        rows.push(productRow(product, { id, thumbnailImageId: images[i % images.length]!.id }, createdAt));
        for (let position = 0; position < 3; position += 1) {
          links.push({ product_id: id, position, image_id: images[(i + position) % images.length]!.id });
        }
      }
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('products').values(rows).execute();
        await tx.insertInto('product_images').values(links).execute();
      });
    }
    const entries = Array.from({ length: gallery }, (_, i) => ({
      id: newId(start + i),
      image_id: images[i % images.length]!.id,
      created_at: nowIso(start + i),
    }));
    if (entries.length > 0) await db.insertInto('gallery_images').values(entries).execute();

    // What the server does for rows written without a slug, done here so the bench starts warm.
    await ensureSlugs(db);
    const productId = ids[Math.floor(ids.length / 2)]!;
    const { slug: productSlug } = await db.selectFrom('products').select('slug').where('id', '=', productId).executeTakeFirstOrThrow();
    const imagePath = new URL(images[0]!.ref.secure_url, 'http://x').pathname;
    process.stdout.write(`${JSON.stringify({ productId, productSlug, imagePath })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
