/**
 * The two stores the server keeps, each where the configuration puts it (file-storage.ts: local disk
 * or S3):
 * - the images: DATA_DIR/uploads, or the bucket's S3_PREFIX; public, content-named and immutable,
 *   served under /uploads/ (plugins/static-files.ts) or from IMAGE_BASE_URL. Uploads, deletes,
 *   clean-up, backup, readiness and serving all go through it;
 * - the private order documents: DATA_DIR/documents (never under the static /uploads/ folder), or
 *   the bucket's S3_DOCUMENTS_PREFIX (outside the images' prefix, stored with Cache-Control
 *   private). The images' orphan clean-up never lists these names.
 */
import type { Config } from '../config.js';
import { createLocalStorage, createS3Storage, type FileStorage, type ObjectOptions } from './file-storage.js';

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Stored images are WebP, but for each one's link-preview JPEG (modules/images/pipeline.ts, encodeShare). */
export const IMAGE_OBJECTS: ObjectOptions = {
  contentType: (name) => (name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp'),
  cacheControl: IMAGE_CACHE_CONTROL,
};

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Where image files live. */
export function createImageStorage(config: Config): FileStorage {
  return config.s3 ? createS3Storage(config.s3, IMAGE_OBJECTS) : createLocalStorage(config.uploadsDir);
}

/** Where private order documents live. */
export function createDocumentStorage(config: Config): FileStorage {
  if (!config.s3) return createLocalStorage(config.documentsDir);
  const s3 = { ...config.s3, prefix: config.s3.documentsPrefix };
  return createS3Storage(s3, {
    contentType: (name) => CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    cacheControl: 'private, no-store',
  });
}
