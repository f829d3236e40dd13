/**
 * What the images offer other modules and the app. The pipeline (pipeline.ts) judges every upload
 * and makes the files, the image storage (storage/stores.ts: local disk or S3) keeps them, the
 * `images` table (repository.ts) records them and products / gallery entries reference its rows;
 * api.ts maps them to the API, upload.ts reads the multipart forms that carry them, service.ts
 * stores and releases them. Files are named after the hash of their bytes, so a name never changes
 * meaning and can be cached forever.
 */
export { imageBaseUrl, shareImage, toImageRef } from './api.js';
export { encodeTrustedImage, loadSharp } from './pipeline.js';
export { fileNamesOf } from './repository.js';
export { addMissingShareImages, releaseImages, removeOrphanFiles, saveImages, storeProcessedImage, type StoredImage } from './service.js';
export { isSafeFileName, readUploadForm, registerImageUploads, uploadError, type UploadForm } from './upload.js';
