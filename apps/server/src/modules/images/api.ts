/** The API shape of stored images: URLs (through this server, or IMAGE_BASE_URL) and srcset. */
import type { ImageRef } from '@agro/shared';
import type { FastifyRequest } from 'fastify';
import type { ImageRow } from '../../db/schema.js';
import { UPLOADS_PREFIX, requestOrigin } from '../../lib/request-origin.js';
import { SHARE_MAX_WIDTH, shareFileName } from './pipeline.js';
import { parseVariants } from './repository.js';

/**
 * The API shape of a stored image. `baseUrl` is an origin without a trailing slash (files are
 * then under its /uploads/), or a base ending in `/` under which the files are found as they are
 * (IMAGE_BASE_URL: a public bucket or a CDN); routes pass `imageBaseUrl(request)`.
 * srcset lists every rendition, smallest first.
 */
export function toImageRef(row: Pick<ImageRow, 'file_name' | 'width' | 'height' | 'variants'>, baseUrl = ''): ImageRef {
  const prefix = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}${UPLOADS_PREFIX}`;
  const url = (fileName: string): string => `${prefix}${fileName}`;
  const variants = parseVariants(row.variants).sort((a, b) => a.width - b.width);
  const ref: ImageRef = { secure_url: url(row.file_name), width: row.width, height: row.height };
  if (variants.length > 0) {
    ref.srcset = [...variants.map((v) => `${url(v.file_name)} ${v.width}w`), `${ref.secure_url} ${row.width}w`].join(', ');
  }
  return ref;
}

/**
 * What image URLs are built on: IMAGE_BASE_URL (with a trailing slash) when set; else PUBLIC_URL,
 * else the origin the client used to reach us (protocol + Host), so the URL works for a browser
 * and for a plain HTTP client alike.
 */
export function imageBaseUrl(request: FastifyRequest): string {
  const { imageBaseUrl: cdn, publicUrl } = request.server.config;
  if (cdn) return `${cdn}/`;
  return publicUrl ?? requestOrigin(request);
}

/**
 * The image link previews get: the JPEG stored beside each WebP image (pipeline.ts,
 * encodeShare; LinkedIn takes no WebP), at most SHARE_MAX_WIDTH wide, scaled as sharp scales it.
 */
export function shareImage(image: ImageRef): { url: string; type?: string; width?: number; height?: number } {
  // Not one of ours (every stored image is WebP): as it is.
  if (!image.secure_url.endsWith('.webp')) return { url: image.secure_url };
  const url = shareFileName(image.secure_url);
  const type = 'image/jpeg';
  if (!image.width || !image.height) return { url, type };
  if (image.width <= SHARE_MAX_WIDTH) return { url, type, width: image.width, height: image.height };
  return { url, type, width: SHARE_MAX_WIDTH, height: Math.round((image.height * SHARE_MAX_WIDTH) / image.width) };
}
