/** SQL of the `images` table: rows of stored images, and which of them nothing references. */
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import type { ImageRow } from '../../db/schema.js';
import { shareFileName, type ProcessedImage } from './pipeline.js';

export interface StoredVariant {
  width: number;
  file_name: string;
}

/** Insert the `images` rows that do not exist yet (same content = same row). */
export async function insertImageRows(db: DbOrTx, images: readonly ProcessedImage[]): Promise<void> {
  const seen = new Set<string>();
  for (const image of images) {
    if (seen.has(image.id)) continue;
    seen.add(image.id);
    const variants: StoredVariant[] = image.variants.map((v) => ({ width: v.width, file_name: v.fileName }));
    await db
      .insertInto('images')
      .values({
        id: image.id,
        file_name: image.main.fileName,
        width: image.main.width,
        height: image.main.height,
        bytes: image.main.data.length,
        variants: JSON.stringify(variants),
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

export function parseVariants(text: string): StoredVariant[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter((v): v is StoredVariant => {
      const o = v as Partial<Record<keyof StoredVariant, unknown>> | null;
      return typeof o?.width === 'number' && typeof o.file_name === 'string';
    });
  } catch {
    return [];
  }
}

/** A delete of the images nothing references: no product thumbnail, product image or gallery entry. */
export function deleteUnreferenced(db: DbOrTx) {
  return db
    .deleteFrom('images')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('products').select('products.id').whereRef('products.thumbnail_image_id', '=', 'images.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('product_images').select('product_images.position').whereRef('product_images.image_id', '=', 'images.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('gallery_images').select('gallery_images.id').whereRef('gallery_images.image_id', '=', 'images.id'))),
    );
}

/** Every file (main rendition, variants and the link-preview JPEG) of these rows. */
export function fileNamesOf(rows: readonly Pick<ImageRow, 'file_name' | 'variants'>[]): string[] {
  return rows.flatMap((row) => [row.file_name, ...parseVariants(row.variants).map((v) => v.file_name), shareFileName(row.file_name)]);
}

/** Those of `ids` that have a row. */
export async function existingImageIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.selectFrom('images').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
}
