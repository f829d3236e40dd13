import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, DbOrTx } from '../db/index.js';
import { newId } from '../db/ids.js';
import { nowIso, toJsonList } from '../db/mappers.js';
import { encodeTrustedImage, loadSharp, storeProcessedImage } from '../modules/images/index.js';
import type { FileStorage } from '../storage/file-storage.js';
import { createImageStorage } from '../storage/stores.js';
import { insertProduct, productRow } from '../modules/product/repository.js';
import { DEMO_GALLERY, DEMO_PRODUCTS } from './demo-data.js';
import { DEMO_TRADE } from './demo-trade.js';
import { DEMO_TRANSLATIONS } from './demo-translations.js';
import { DEMO_FAQ_TRANSLATIONS } from './demo-faq.js';
import { CONTENT_LANGUAGES, DEFAULT_SETTINGS, SITE, type FaqEntry } from '@agro/shared';
import { ensureSlugs } from '../modules/product/repository.js';
import { writeSettings } from '../modules/settings/repository.js';

export const SEEDED_KEY = 'demo_seeded_at';

/**
 * Seed the demo catalogue and gallery once: only when this database was never seeded and has
 * no products, so deleting demo data by hand is never undone by a restart.
 * Returns true when it seeded.
 */
export async function seedDemoData(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  storage: FileStorage = createImageStorage(config),
): Promise<boolean> {
  const marker = await db.selectFrom('app_meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (marker) return false;
  const anyProduct = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (anyProduct) {
    await markSeeded(db, 'skipped: catalogue not empty');
    return false;
  }

  // The storage takes a write before seconds of drawing: a start that waits for an object store
  // that is away (main.ts) asks it again every few seconds without drawing the images each time.
  await storage.checkWritable();
  const started = Date.now();
  log.info('seeding demo data (first start: drawing and storing images takes a few seconds)');
  // Draw and encode first (CPU work), so the transaction below only stores and inserts. Every
  // image goes straight from SVG to its WebP renditions (byte for byte what uploading a PNG of
  // it gives), one image at a time: all at once, each on its own libuv thread, peaked at 471 MB
  // and left ~430 MB resident in the threads' malloc arenas (docs/deploy.md, "The smallest server").
  const sharp = await loadSharp();
  const render = (svg: string) => encodeTrustedImage(sharp(Buffer.from(svg)));
  type Rendered = Awaited<ReturnType<typeof render>>;
  const products: ((typeof DEMO_PRODUCTS)[number] & { rendered: Rendered[] })[] = [];
  for (const p of DEMO_PRODUCTS) {
    const rendered: Rendered[] = [];
    for (const svg of p.images()) rendered.push(await render(svg));
    products.push({ ...p, rendered });
  }
  const gallery: Rendered[] = [];
  for (const svg of DEMO_GALLERY()) gallery.push(await render(svg));

  await db.transaction().execute(async (tx) => {
    let clock = Date.now();
    // Distinct, increasing timestamps keep the demo rows in a stable order.
    const tick = () => nowIso((clock += 1000));
    for (const product of products) {
      const images = [];
      for (const image of product.rendered) images.push(await storeProcessedImage(tx, storage, image));
      const id = newId();
      const createdAt = tick();
      const demo = DEMO_TRADE[product.productName];
      const trade = { portOfLoading: DEFAULT_SETTINGS.quotationDefaults.portOfLoading, ...demo?.trade };
      const row = productRow({ ...product, ...trade }, { id, thumbnailImageId: images[0]!.id }, createdAt);
      await insertProduct(
        tx,
        row,
        images.map((image) => image.id),
      );
      // Its content and specifications in the buyers' languages: one row per language.
      const translations = CONTENT_LANGUAGES.flatMap((language) => {
        const content = DEMO_TRANSLATIONS[product.productName]?.[language];
        const specifications = demo?.specifications[language];
        if (!content && !specifications) return [];
        return [
          {
            product_id: id,
            language,
            product_name: content?.productName ?? '',
            product_description: content?.productDescription ?? '',
            key_features: toJsonList(content?.keyFeatures ?? []),
            nutrient_content: toJsonList(content?.nutrientContent ?? []),
            specifications: JSON.stringify(specifications ?? []),
            updated_at: createdAt,
          },
        ];
      });
      if (translations.length) await tx.insertInto('product_translations').values(translations).execute();
    }
    await ensureSlugs(tx);
    for (const rendered of gallery) {
      const image = await storeProcessedImage(tx, storage, rendered);
      await tx.insertInto('gallery_images').values({ id: newId(), image_id: image.id, created_at: tick() }).execute();
    }
    await seedFaqTranslations(tx);
    await markSeeded(tx, nowIso());
  });
  log.info({ products: products.length, gallery: gallery.length, ms: Date.now() - started }, 'demo data seeded');
  return true;
}

/**
 * The default FAQ's translations, unless the FAQ was already translated or is no longer the
 * default one (the translations would then answer other questions).
 */
async function seedFaqTranslations(db: DbOrTx): Promise<void> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).where('key', 'in', ['faq', 'faqTranslations']).execute();
  if (rows.some((row) => row.key === 'faqTranslations')) return;
  const faq = rows.find((row) => row.key === 'faq');
  if (faq && !sameFaq(JSON.parse(faq.value) as FaqEntry[], SITE.faq)) return;
  await writeSettings(db, { faqTranslations: DEMO_FAQ_TRANSLATIONS }, nowIso());
}

const sameFaq = (a: readonly FaqEntry[], b: readonly FaqEntry[]): boolean =>
  a.length === b.length && a.every((entry, i) => entry.question === b[i]!.question && entry.answer === b[i]!.answer);

async function markSeeded(db: Pick<Db, 'insertInto'>, value: string): Promise<void> {
  await db.insertInto('app_meta').values({ key: SEEDED_KEY, value }).execute();
}
