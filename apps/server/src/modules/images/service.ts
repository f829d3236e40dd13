/**
 * Storing and releasing images. Writing order for a request: process every file first (nothing is
 * stored), then store the files, then insert rows and references in one transaction; on failure
 * the files this request created are removed again. The clean-ups remove what nothing references.
 */
import type { ImageRef } from '@agro/shared';
import type { Db, DbOrTx } from '../../db/index.js';
import { toImageRef } from './api.js';
import { encodeShare, processImage, renditions, shareFileName, type ProcessedImage } from './pipeline.js';
import { deleteUnreferenced, existingImageIds, fileNamesOf, insertImageRows } from './repository.js';
import { StorageFault } from '../../lib/faults.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import type { FileStorage } from '../../storage/file-storage.js';

export interface StoredImage {
  /** images.id: reference it from products.thumbnail_image_id, product_images, gallery_images. */
  id: string;
  ref: ImageRef;
}

/** Files created by one request, so a failed request can take them back. */
export interface WrittenFiles {
  /** Image id -> file names this call created (files that already existed are not listed). */
  created: Map<string, string[]>;
}

/** Store every rendition that is not stored yet (content-named, so existing files are identical). */
export async function writeImageFiles(storage: FileStorage, images: readonly ProcessedImage[]): Promise<WrittenFiles> {
  const written: WrittenFiles = { created: new Map() };
  try {
    for (const image of images) {
      for (const r of renditions(image)) {
        if (await storage.exists(r.fileName)) continue;
        await storage.put(r.fileName, r.data);
        const list = written.created.get(image.id) ?? [];
        list.push(r.fileName);
        written.created.set(image.id, list);
      }
    }
  } catch (err) {
    await storage.remove([...written.created.values()].flat());
    throw err;
  }
  return written;
}

/**
 * Store processed images and let `reference` insert the rows that point at them, all or nothing:
 * files first, then one transaction with the image rows and `reference`'s writes. If anything
 * fails, the files this call created (and not claimed by a row meanwhile) are removed.
 */
export async function saveImages<T>(
  db: Db,
  storage: FileStorage,
  images: readonly ProcessedImage[],
  reference: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const written = await writeImageFiles(storage, images);
  let result: T;
  try {
    result = await db.transaction().execute(async (tx) => {
      await markApplied(tx);
      await insertImageRows(tx, images);
      return reference(tx);
    });
  } catch (err) {
    await discardWrittenFiles(db, storage, written);
    throw err;
  }
  // A concurrent clean-up may have removed a file of a then-orphaned row with the same content
  // just before our commit made it referenced again: put back anything missing. The change is
  // committed and its files were written before: a storage gone away meanwhile does not make it a
  // failure (the client would send it again), it only leaves that rare race unmended.
  try {
    for (const image of images) {
      for (const r of renditions(image)) {
        if (!(await storage.exists(r.fileName))) await storage.put(r.fileName, r.data);
      }
    }
  } catch (err) {
    if (!(err instanceof StorageFault)) throw err;
  }
  return result;
}

/** Undo `writeImageFiles` for images that have no row (a row means someone else stored them). */
export async function discardWrittenFiles(db: DbOrTx, storage: FileStorage, written: WrittenFiles): Promise<void> {
  const ids = [...written.created.keys()];
  if (ids.length === 0) return;
  const kept = await existingImageIds(db, ids);
  await storage.remove(ids.filter((id) => !kept.has(id)).flatMap((id) => written.created.get(id) ?? []));
}

/**
 * Process and store one image (idempotent on content: same bytes give the same id). Used by the
 * seed, which then inserts the referencing rows itself.
 */
export async function storeImage(db: DbOrTx, storage: FileStorage, input: Buffer): Promise<StoredImage> {
  return storeProcessedImage(db, storage, await processImage(input));
}

/** Store an already processed image (idempotent on content, as storeImage). */
export async function storeProcessedImage(db: DbOrTx, storage: FileStorage, image: ProcessedImage): Promise<StoredImage> {
  const written = await writeImageFiles(storage, [image]);
  try {
    await insertImageRows(db, [image]);
  } catch (err) {
    await discardWrittenFiles(db, storage, written);
    throw err;
  }
  const row = await db.selectFrom('images').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
  return { id: image.id, ref: toImageRef(row) };
}

/**
 * Delete the rows and files of those `candidateIds` that nothing references any more (call it
 * after removing references). The reference check and the delete are one statement, so an image
 * referenced again meanwhile is kept, and only files of rows actually deleted are removed.
 */
export async function releaseImages(db: DbOrTx, storage: FileStorage, candidateIds: readonly string[]): Promise<number> {
  const ids = [...new Set(candidateIds)];
  if (ids.length === 0) return 0;
  const deleted = await deleteUnreferenced(db).where('images.id', 'in', ids).returning(['file_name', 'variants']).execute();
  await storage.remove(fileNamesOf(deleted));
  return deleted.length;
}

/** Delete every image row and file that no product or gallery entry references any more. */
export async function removeUnreferencedImages(db: Db, storage: FileStorage): Promise<number> {
  const deleted = await deleteUnreferenced(db).returning(['file_name', 'variants']).execute();
  await storage.remove(fileNamesOf(deleted));
  return deleted.length;
}

/**
 * Delete stored files that no row references and that are older than nothing we can tell:
 * only files whose image id has no row (an upload that died between its files and its
 * transaction). Returns the names removed.
 */
export async function removeOrphanFiles(db: Db, storage: FileStorage): Promise<string[]> {
  const rows = await db.selectFrom('images').select(['file_name', 'variants']).execute();
  const referenced = new Set(fileNamesOf(rows));
  const orphans = (await storage.list()).filter((name) => !referenced.has(name));
  await storage.remove(orphans);
  return orphans;
}

/**
 * Make the link-preview JPEG of every stored image that lacks one (images stored before they
 * existed, or a restore from such a backup). Run in the background at start-up; several processes
 * doing it at once write the same bytes. Loads the image library only when something is missing.
 * Returns the names written.
 */
export async function addMissingShareImages(db: Db, storage: FileStorage): Promise<string[]> {
  const stored = new Set(await storage.list());
  const rows = await db.selectFrom('images').select(['id', 'file_name']).execute();
  const written: string[] = [];
  for (const row of rows) {
    const name = shareFileName(row.file_name);
    if (stored.has(name) || !stored.has(row.file_name)) continue;
    const main = await storage.get(row.file_name);
    if (!main) continue;
    const share = await encodeShare(row.file_name, main);
    await storage.put(share.fileName, share.data);
    // Deleted meanwhile: its files went with its row, this one must too.
    if ((await existingImageIds(db, [row.id])).size === 0) await storage.remove([share.fileName]);
    else written.push(share.fileName);
  }
  return written;
}
