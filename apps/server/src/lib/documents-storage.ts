/**
 * Where private order documents live: the same storage interface as the images (local disk or S3,
 * lib/images-storage.ts) but in a place nothing serves publicly: DATA_DIR/documents (never under
 * the static /uploads/ folder), or the bucket's S3_DOCUMENTS_PREFIX (outside the images' prefix,
 * stored with Cache-Control private). The images' orphan clean-up never lists these names.
 */
import type { Config } from '../config.js';
import { createLocalStorage, createS3Storage, type ImageStorage } from './images-storage.js';

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export function createDocumentStorage(config: Config): ImageStorage {
  if (!config.s3) return createLocalStorage(config.documentsDir);
  const s3 = { ...config.s3, prefix: config.s3.documentsPrefix };
  return createS3Storage(s3, {
    contentType: (name) => CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
    cacheControl: 'private, no-store',
  });
}
