/** SQL for the gallery: each entry references a stored image (several entries may share one). */
import type { GalleryImage } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { toImageRef } from '../images/index.js';

/** Gallery entries in upload order (oldest first), URLs built on `baseUrl`. */
export async function listGalleryImages(db: DbOrTx, baseUrl: string): Promise<GalleryImage[]> {
  const rows = await db
    .selectFrom('gallery_images')
    .innerJoin('images', 'images.id', 'gallery_images.image_id')
    .select(['gallery_images.id', 'images.file_name', 'images.width', 'images.height', 'images.variants'])
    .orderBy('gallery_images.created_at')
    .orderBy('gallery_images.id')
    .execute();
  return rows.map((row) => ({ _id: row.id, ...toImageRef(row, baseUrl) }));
}

export async function insertGalleryImages(
  db: DbOrTx,
  entries: readonly { id: string; imageId: string; createdAt: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('gallery_images')
    .values(entries.map((e) => ({ id: e.id, image_id: e.imageId, created_at: e.createdAt })))
    .execute();
}

/** Delete one entry; answers the image it referenced, or undefined when there was no such entry. */
export async function deleteGalleryImage(db: DbOrTx, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('gallery_images').where('id', '=', id).returning('image_id').executeTakeFirst();
  return row?.image_id;
}

/** Delete every entry; answers the images they referenced. */
export async function deleteAllGalleryImages(db: DbOrTx): Promise<string[]> {
  const rows = await db.deleteFrom('gallery_images').returning('image_id').execute();
  return rows.map((r) => r.image_id);
}
