/**
 * The two stores the server keeps, each where the configuration puts it (file-storage.ts: local disk
 * or S3):
 * - the images: DATA_DIR/uploads, or the bucket's S3_PREFIX; public, content-named and immutable,
 *   served under /uploads/ (plugins/static-files.ts) or from IMAGE_BASE_URL. Uploads, deletes,
 *   clean-up, backup, readiness and serving all go through it;
 * - the private order documents: DATA_DIR/documents (never under the static /uploads/ folder), or
 *   the bucket's S3_DOCUMENTS_PREFIX (outside the images' prefix, stored with Cache-Control
 *   private). The images' orphan clean-up never lists these names.
 * With BACKUP_URL set and the files on the local disk, each store's writes are copied to the backup's
 * replica too (mirror.ts), when the process passes its FileMirror.
 */
import path from 'node:path';
import type { BackupTarget, Config } from '../config.js';
import { createLocalStorage, createS3Storage, type FileStorage, type ObjectOptions } from './file-storage.js';
import { mirrored, type FileMirror } from './mirror.js';

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Stored images are WebP, but for each one's link-preview JPEG (modules/images/pipeline.ts, encodeShare). */
export const IMAGE_OBJECTS: ObjectOptions = {
  contentType: (name) => (name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp'),
  cacheControl: IMAGE_CACHE_CONTROL,
};

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const documentType = (name: string) => CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Where image files live; `mirror`: copied to the backup's replica as they are written (mirror.ts). */
export function createImageStorage(config: Config, mirror?: FileMirror): FileStorage {
  if (config.s3) return createS3Storage(config.s3, IMAGE_OBJECTS);
  const local = createLocalStorage(config.uploadsDir);
  return mirror && config.backup ? mirrored(local, replicaStorage(config.backup, 'uploads'), mirror) : local;
}

/** Where private order documents live; `mirror` as for the images. */
export function createDocumentStorage(config: Config, mirror?: FileMirror): FileStorage {
  if (!config.s3) {
    const local = createLocalStorage(config.documentsDir);
    return mirror && config.backup ? mirrored(local, replicaStorage(config.backup, 'documents'), mirror) : local;
  }
  const s3 = { ...config.s3, prefix: config.s3.documentsPrefix };
  return createS3Storage(s3, {
    contentType: documentType,
    cacheControl: 'private, no-store',
  });
}

/** The backup's copy of the images (`uploads/`) or the documents (`documents/`), beside its `database/`. */
export function replicaStorage(backup: BackupTarget, holds: 'uploads' | 'documents'): FileStorage {
  if (backup.kind === 'file') return createLocalStorage(path.join(backup.dir, holds));
  return createS3Storage(
    { ...backup.s3, prefix: `${backup.s3.prefix}${holds}/` },
    { contentType: holds === 'uploads' ? IMAGE_OBJECTS.contentType : documentType, cacheControl: 'private, no-store' },
  );
}
