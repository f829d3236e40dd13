/**
 * The image pipeline (sharp): every upload is judged by its content (magic bytes, then a real
 * decode), decoded under a pixel limit, auto-rotated, stripped of metadata and re-encoded as WebP
 * (a main rendition plus smaller widths for `srcset`). Touches neither the disk nor the database.
 */
import { createHash } from 'node:crypto';
import { SERVER_ERRORS, type ImageMime } from '@agro/shared';
import { fileTypeFromBuffer } from 'file-type';
import type sharp from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { HttpError, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';

/** The link-preview JPEG of an image (encodeShare below), named after its main file. */
export function shareFileName(mainFileName: string): string {
  return `${mainFileName.replace(/\.webp$/, '')}.jpg`;
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
 * Link previews (LinkedIn's among them) take JPEG or PNG, not WebP: every image also has a JPEG of
 * at most this width (previews ask for 1200 px), named after its main rendition (shareFileName).
 */
export const SHARE_MAX_WIDTH = 1200;
const SHARE_QUALITY = 82;

let loading: Promise<typeof sharp> | undefined;

/**
 * sharp, loaded by the first image processed (an upload, the demo seed): libvips and the libraries
 * it brings are 7 MB of resident memory in the compiled server (15 MB under tsx) that a process
 * only answering reads never needs (docs/performance.md, "Memory").
 */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= import('sharp').then((module) => {
    const loaded = module.default;
    // Small-server settings (docs/deploy.md, "The smallest server"): one libvips thread per image
    // (libuv's pool still runs several images at once) and no operation cache, instead of a thread
    // per core and up to 50 MB cached, so what an encoding holds ends with it.
    loaded.concurrency(1);
    loaded.cache(false);
    return loaded;
  });
  return loading;
}

/**
 * The format name sharp reports for each accepted type (shared IMAGE_FORMATS, keyed by file-type's
 * MIME; AVIF is decoded by libheif, hence "heif"). Both must agree.
 */
const SHARP_FORMAT: Record<ImageMime, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};
const ACCEPTED: Partial<Record<string, string>> = SHARP_FORMAT;

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
  /** The JPEG for link previews (og:image). */
  share: Rendition;
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

  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMediaType();
  }
  // A polyglot that file-type and libvips read differently is refused rather than guessed at.
  if (meta.format !== expectedFormat || !meta.width || !meta.height) throw unsupportedMediaType();
  // Checked from the header alone, so a bomb is refused without decoding a single pixel.
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();

  let main: { data: Buffer; info: OutputInfo };
  try {
    // rotate(): apply the EXIF orientation before the metadata (EXIF included) is dropped.
    main = await encodeMain(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true }).rotate());
  } catch (err) {
    // Truncated or corrupt data fails to decode: it is not an image we can serve.
    throw isPixelLimitError(err) ? tooManyPixels() : unsupportedMediaType();
  }
  return withVariants(main);
}

function encodeMain(pixels: Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
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
export async function encodeTrustedImage(pixels: Sharp): Promise<ProcessedImage> {
  return withVariants(await encodeMain(pixels));
}

async function withVariants(main: { data: Buffer; info: OutputInfo }): Promise<ProcessedImage> {
  const id = contentName(main.data);
  const sharp = await loadSharp();
  // Scaled from the (already small) main rendition: decoding the original again would cost more.
  const variants = await Promise.all(
    VARIANT_WIDTHS.filter((width) => width < main.info.width).map(async (width): Promise<Rendition> => {
      const out = await sharp(main.data).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { fileName: `${contentName(out.data)}.webp`, data: out.data, width: out.info.width, height: out.info.height };
    }),
  );
  const fileName = `${id}.webp`;
  return {
    id,
    main: { fileName, data: main.data, width: main.info.width, height: main.info.height },
    variants,
    share: await encodeShare(fileName, main.data),
  };
}

/** The link-preview JPEG of a main rendition (also made for images stored before it existed). */
export async function encodeShare(mainFileName: string, mainData: Buffer): Promise<Rendition> {
  const sharp = await loadSharp();
  const out = await sharp(mainData)
    .resize({ width: SHARE_MAX_WIDTH, withoutEnlargement: true })
    // JPEG has no transparency: a transparent PNG's background shows white, as on the site.
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: SHARE_QUALITY, progressive: true })
    .toBuffer({ resolveWithObject: true });
  return { fileName: shareFileName(mainFileName), data: out.data, width: out.info.width, height: out.info.height };
}

export const renditions = (image: ProcessedImage): Rendition[] => [image.main, ...image.variants, image.share];
