/**
 * Test images built in memory (sharp) and multipart bodies for app.inject, plus the hostile
 * uploads every image endpoint must refuse without leaving a row or a file behind.
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { encodePng } from '../../../e2e/support/png.js';
import type { Db } from '../src/db/index.js';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif';

/** A solid image of `width` x `height`; `seed` changes the colour, hence the content hash. */
export async function makeImage(format: ImageFormat = 'png', width = 64, height = 48, seed = 0): Promise<Buffer> {
  const background = { r: (seed * 37) % 256, g: (seed * 91 + 50) % 256, b: (seed * 53 + 100) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A noisy PNG: big enough that cutting it in half really truncates pixel data. */
export async function noisyPng(width = 200, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
}

/** A tiny, well-formed PNG whose header claims `width` x `height` pixels (a decompression bomb). */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  // A few rows of zeros: real compressed data, far too little for the claimed size.
  return encodePng(width, height, Buffer.alloc(3 * 1024));
}

export interface FilePart {
  data: Buffer;
  filename: string;
  type?: string;
}

export type FormValue = string | FilePart;

/** A multipart body for app.inject; a field listed twice is sent twice (repeated field). */
export async function multipart(entries: readonly (readonly [string, FormValue])[]): Promise<{
  payload: Buffer;
  headers: Record<string, string>;
}> {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'image/png' }), value.filename);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export const file = (data: Buffer, filename = 'image.png', type = 'image/png'): FilePart => ({ data, filename, type });

/** Uploads that are not acceptable images, with the status each must get. */
export async function hostileUploads(): Promise<{ name: string; part: FilePart; status: number }[]> {
  const png = await noisyPng();
  const gifPolyglot = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><script>alert(1)</script></html>')]);
  return [
    { name: 'text file renamed .png', part: file(Buffer.from('just some text, not an image\n'), 'notes.png'), status: 415 },
    {
      name: 'SVG with a script',
      part: file(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
        'logo.svg',
        'image/svg+xml',
      ),
      status: 415,
    },
    { name: 'shell script renamed .png', part: file(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'run.png'), status: 415 },
    { name: 'GIF header on an HTML page (polyglot)', part: file(gifPolyglot, 'x.gif', 'image/gif'), status: 415 },
    { name: 'truncated PNG', part: file(png.subarray(0, Math.floor(png.length / 2)), 'cut.png'), status: 415 },
    { name: 'pixel bomb (PNG header claiming 30000x30000)', part: file(pixelBombPng(), 'bomb.png'), status: 413 },
    { name: '11 MB file', part: file(Buffer.alloc(11 * 1024 * 1024, 1), 'huge.png'), status: 413 },
  ];
}

/** Rows that hold images and the files in the uploads directory: both must be unchanged after a refusal. */
export async function storageSnapshot(
  db: Db,
  uploadsDir: string,
): Promise<{
  images: number;
  products: number;
  productImages: number;
  gallery: number;
  files: string[];
}> {
  const count = async (table: 'images' | 'products' | 'product_images' | 'gallery_images'): Promise<number> => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const files = (await fs.readdir(uploadsDir).catch(() => [] as string[])).sort();
  return {
    images: await count('images'),
    products: await count('products'),
    productImages: await count('product_images'),
    gallery: await count('gallery_images'),
    files,
  };
}
