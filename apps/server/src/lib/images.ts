/**
 * Image storage. Every upload is judged by its content (magic bytes, then a real decode), decoded
 * under a pixel limit, auto-rotated, stripped of metadata and re-encoded as WebP (a main rendition
 * plus smaller widths for `srcset`). Files live in DATA_DIR/uploads under the hash of their bytes,
 * so a name never changes meaning and can be cached forever; the `images` table records them and
 * products / gallery entries reference its rows.
 *
 * Writing order for a request: process every file first (nothing touches the disk), then write the
 * files, then insert rows and references in one transaction; on failure the files this request
 * created are removed again.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ERRORS, type ImageRef } from '@agro/shared';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db, DbOrTx } from '../db/index.js';
import { nowIso } from '../db/mappers.js';
import type { ImageRow } from '../db/schema.js';
import { UPLOADS_PREFIX } from '../plugins/static-files.js';
import { requestOrigin } from '../plugins/security.js';
import { HttpError, payloadTooLarge, unsupportedMediaType } from './errors.js';

export interface StoredImage {
  /** images.id: reference it from products.thumbnail_image_id, product_images, gallery_images. */
  id: string;
  ref: ImageRef;
}

/** Widest stored rendition; larger inputs are scaled down (never up). */
export const MAX_WIDTH = 1600;
/** Tallest stored rendition: keeps very tall strips within reason (and within WebP's 16383 px). */
export const MAX_HEIGHT = 3200;
/** Smaller renditions for srcset, made only when narrower than the main one. */
export const VARIANT_WIDTHS = [480, 960] as const;
/** Decoding budget: a 40 MP photo is fine, a "pixel bomb" header is refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

/**
 * Content types we accept, keyed by file-type's MIME, with the format name sharp reports for the
 * same bytes (AVIF is decoded by libheif, hence "heif"). Both must agree.
 */
const ACCEPTED: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

export interface Rendition {
  fileName: string;
  data: Buffer;
  width: number;
  height: number;
}

/** A validated, re-encoded image held in memory, not yet on disk or in the database. */
export interface ProcessedImage {
  /** Content-derived id (hash of the main rendition); also its file name's base. */
  id: string;
  main: Rendition;
  /** Smaller renditions, smallest first. */
  variants: Rendition[];
}

interface StoredVariant {
  width: number;
  file_name: string;
}

const contentName = (data: Buffer): string => createHash('sha256').update(data).digest('hex').slice(0, 32);

const tooManyPixels = (): HttpError => payloadTooLarge(SERVER_ERRORS.imageTooManyPixels);

function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/**
 * Judge `input` by its content and re-encode it. Throws 415 (not an accepted image, or broken)
 * or 413 (too many pixels). Touches neither the disk nor the database.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(input);
  const expectedFormat = type ? ACCEPTED[type.mime] : undefined;
  if (!expectedFormat) throw unsupportedMediaType();

  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMediaType();
  }
  // A polyglot that file-type and libvips read differently is refused rather than guessed at.
  if (meta.format !== expectedFormat || !meta.width || !meta.height) throw unsupportedMediaType();
  // Checked from the header alone, so a bomb is refused without decoding a single pixel.
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();

  let main: { data: Buffer; info: sharp.OutputInfo };
  try {
    // rotate(): apply the EXIF orientation before the metadata (EXIF included) is dropped.
    main = await encodeMain(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true }).rotate());
  } catch (err) {
    // Truncated or corrupt data fails to decode: it is not an image we can serve.
    throw isPixelLimitError(err) ? tooManyPixels() : unsupportedMediaType();
  }
  return withVariants(main);
}

function encodeMain(pixels: sharp.Sharp): Promise<{ data: Buffer; info: sharp.OutputInfo }> {
  return pixels
    .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
}

/**
 * The stored renditions of an image the server drew itself (the demo seed's SVGs): the same
 * WebP files an upload of those pixels gives, without the PNG round trip and the checks that
 * only untrusted bytes need.
 */
export async function encodeTrustedImage(pixels: sharp.Sharp): Promise<ProcessedImage> {
  return withVariants(await encodeMain(pixels));
}

async function withVariants(main: { data: Buffer; info: sharp.OutputInfo }): Promise<ProcessedImage> {
  const id = contentName(main.data);
  // Scaled from the (already small) main rendition: decoding the original again would cost more.
  const variants = await Promise.all(
    VARIANT_WIDTHS.filter((width) => width < main.info.width).map(async (width): Promise<Rendition> => {
      const out = await sharp(main.data).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { fileName: `${contentName(out.data)}.webp`, data: out.data, width: out.info.width, height: out.info.height };
    }),
  );
  return {
    id,
    main: { fileName: `${id}.webp`, data: main.data, width: main.info.width, height: main.info.height },
    variants,
  };
}

const renditions = (image: ProcessedImage): Rendition[] => [image.main, ...image.variants];

/** Files created by one request, so a failed request can take them back. */
export interface WrittenFiles {
  /** Image id -> file names this call created (files that already existed are not listed). */
  created: Map<string, string[]>;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Write via a temporary name and rename, so a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

/** Write every rendition that is not on disk yet (content-named, so existing files are identical). */
export async function writeImageFiles(uploadsDir: string, images: readonly ProcessedImage[]): Promise<WrittenFiles> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const written: WrittenFiles = { created: new Map() };
  try {
    for (const image of images) {
      for (const r of renditions(image)) {
        const file = path.join(uploadsDir, r.fileName);
        if (await exists(file)) continue;
        await writeAtomically(file, r.data);
        const list = written.created.get(image.id) ?? [];
        list.push(r.fileName);
        written.created.set(image.id, list);
      }
    }
  } catch (err) {
    await removeFiles(uploadsDir, [...written.created.values()].flat());
    throw err;
  }
  return written;
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

/**
 * Store processed images and let `reference` insert the rows that point at them, all or nothing:
 * files first, then one transaction with the image rows and `reference`'s writes. If anything
 * fails, the files this call created (and not claimed by a row meanwhile) are removed.
 */
export async function saveImages<T>(
  db: Db,
  uploadsDir: string,
  images: readonly ProcessedImage[],
  reference: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const written = await writeImageFiles(uploadsDir, images);
  let result: T;
  try {
    result = await db.transaction().execute(async (tx) => {
      await insertImageRows(tx, images);
      return reference(tx);
    });
  } catch (err) {
    await discardWrittenFiles(db, uploadsDir, written);
    throw err;
  }
  // A concurrent clean-up may have removed a file of a then-orphaned row with the same content
  // just before our commit made it referenced again: put back anything missing.
  for (const image of images) {
    for (const r of renditions(image)) {
      const file = path.join(uploadsDir, r.fileName);
      if (!(await exists(file))) await writeAtomically(file, r.data);
    }
  }
  return result;
}

/** Undo `writeImageFiles` for images that have no row (a row means someone else stored them). */
export async function discardWrittenFiles(db: DbOrTx, uploadsDir: string, written: WrittenFiles): Promise<void> {
  const ids = [...written.created.keys()];
  if (ids.length === 0) return;
  const kept = new Set((await db.selectFrom('images').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  await removeFiles(
    uploadsDir,
    ids.filter((id) => !kept.has(id)).flatMap((id) => written.created.get(id) ?? []),
  );
}

async function removeFiles(uploadsDir: string, fileNames: readonly string[]): Promise<void> {
  await Promise.all(fileNames.map((f) => fs.rm(path.join(uploadsDir, f), { force: true })));
}

/**
 * Process and store one image (idempotent on content: same bytes give the same id). Used by the
 * seed, which then inserts the referencing rows itself.
 */
export async function storeImage(db: DbOrTx, uploadsDir: string, input: Buffer): Promise<StoredImage> {
  return storeProcessedImage(db, uploadsDir, await processImage(input));
}

/** Store an already processed image (idempotent on content, as storeImage). */
export async function storeProcessedImage(db: DbOrTx, uploadsDir: string, image: ProcessedImage): Promise<StoredImage> {
  const written = await writeImageFiles(uploadsDir, [image]);
  try {
    await insertImageRows(db, [image]);
  } catch (err) {
    await discardWrittenFiles(db, uploadsDir, written);
    throw err;
  }
  const row = await db.selectFrom('images').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
  return { id: image.id, ref: toImageRef(row) };
}

function parseVariants(text: string): StoredVariant[] {
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

/**
 * The API shape of a stored image. `baseUrl` (no trailing slash) makes `secure_url` absolute;
 * routes pass `imageBaseUrl(request)`. srcset lists every rendition, smallest first.
 */
export function toImageRef(row: Pick<ImageRow, 'file_name' | 'width' | 'height' | 'variants'>, baseUrl = ''): ImageRef {
  const url = (fileName: string): string => `${baseUrl}${UPLOADS_PREFIX}${fileName}`;
  const variants = parseVariants(row.variants).sort((a, b) => a.width - b.width);
  const ref: ImageRef = { secure_url: url(row.file_name), width: row.width, height: row.height };
  if (variants.length > 0) {
    ref.srcset = [...variants.map((v) => `${url(v.file_name)} ${v.width}w`), `${ref.secure_url} ${row.width}w`].join(', ');
  }
  return ref;
}

/**
 * Origin that image URLs are built on: PUBLIC_URL when set, else the origin the client used to
 * reach us (protocol + Host), so the URL works for a browser and for a plain HTTP client alike.
 */
export function imageBaseUrl(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? requestOrigin(request);
}

/** A delete of the images nothing references: no product thumbnail, product image or gallery entry. */
function deleteUnreferenced(db: DbOrTx) {
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

/**
 * Delete the rows and files of those `candidateIds` that nothing references any more (call it
 * after removing references). The reference check and the delete are one statement, so an image
 * referenced again meanwhile is kept, and only files of rows actually deleted are removed.
 */
export async function releaseImages(db: DbOrTx, uploadsDir: string, candidateIds: readonly string[]): Promise<number> {
  const ids = [...new Set(candidateIds)];
  if (ids.length === 0) return 0;
  const deleted = await deleteUnreferenced(db).where('images.id', 'in', ids).returning(['file_name', 'variants']).execute();
  await removeFiles(
    uploadsDir,
    deleted.flatMap((row) => [row.file_name, ...parseVariants(row.variants).map((v) => v.file_name)]),
  );
  return deleted.length;
}

/** Delete every image row and file that no product or gallery entry references any more. */
export async function removeUnreferencedImages(db: Db, uploadsDir: string): Promise<number> {
  const deleted = await deleteUnreferenced(db).returning(['file_name', 'variants']).execute();
  await removeFiles(
    uploadsDir,
    deleted.flatMap((row) => [row.file_name, ...parseVariants(row.variants).map((v) => v.file_name)]),
  );
  return deleted.length;
}
