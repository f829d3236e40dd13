/**
 * Image storage. FIRST VERSION written with the core so the seed works; the phase-2 (products,
 * gallery) work owns this file and may rewrite it keeping these exported signatures.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageRef } from '@agro/shared';
import sharp from 'sharp';
import type { Db, DbOrTx } from '../db/index.js';
import { nowIso } from '../db/mappers.js';
import type { ImageRow } from '../db/schema.js';
import { UPLOADS_PREFIX } from '../plugins/static-files.js';

export interface StoredImage {
  /** images.id: reference it from products.thumbnail_image_id, product_images, gallery_images. */
  id: string;
  ref: ImageRef;
}

const MAX_WIDTH = 1600;
const MAX_INPUT_PIXELS = 40_000_000;

/** Decode (pixel-limited), strip metadata, re-encode as WebP, store under a content-derived name. */
export async function storeImage(db: DbOrTx, uploadsDir: string, input: Buffer): Promise<StoredImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const id = createHash('sha256').update(data).digest('hex').slice(0, 32);
  const fileName = `${id}.webp`;
  await fs.mkdir(uploadsDir, { recursive: true });
  await fs.writeFile(path.join(uploadsDir, fileName), data);
  const existing = await db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  const row: ImageRow = existing ?? {
    id,
    file_name: fileName,
    width: info.width,
    height: info.height,
    bytes: data.length,
    variants: '[]',
    created_at: nowIso(),
  };
  if (!existing) await db.insertInto('images').values(row).execute();
  return { id, ref: toImageRef(row) };
}

export function toImageRef(row: Pick<ImageRow, 'file_name' | 'width' | 'height'>): ImageRef {
  return { secure_url: `${UPLOADS_PREFIX}${row.file_name}`, width: row.width, height: row.height };
}

/** Delete image rows and files that no product or gallery entry references any more. */
export async function removeUnreferencedImages(db: Db, uploadsDir: string): Promise<number> {
  const orphans = await db
    .selectFrom('images')
    .select(['id', 'file_name'])
    .where('id', 'not in', (eb) => eb.selectFrom('products').select('thumbnail_image_id'))
    .where('id', 'not in', (eb) => eb.selectFrom('product_images').select('image_id'))
    .where('id', 'not in', (eb) => eb.selectFrom('gallery_images').select('image_id'))
    .execute();
  for (const orphan of orphans) {
    await db.deleteFrom('images').where('id', '=', orphan.id).execute();
    await fs.rm(path.join(uploadsDir, orphan.file_name), { force: true });
  }
  return orphans.length;
}
