import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ERRORS } from '@agro/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { hostileUploads, makeImage } from '../../../test/images-fixtures.js';
import { newId } from '../../db/ids.js';
import { HttpError } from '../../lib/errors.js';
import { shareImage, toImageRef } from './api.js';
import { MAX_WIDTH, processImage } from './pipeline.js';
import { addMissingShareImages, releaseImages, removeOrphanFiles, removeUnreferencedImages, saveImages, storeImage } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const onDisk = (fileName: string) => fs.existsSync(path.join(t.config.uploadsDir, fileName));

describe('processImage', () => {
  it.each(['png', 'jpeg', 'webp', 'gif', 'avif'] as const)('accepts %s and re-encodes it as WebP named by its hash', async (format) => {
    const image = await processImage(await makeImage(format, 300, 200, 1));
    expect((await sharp(image.main.data).metadata()).format).toBe('webp');
    expect(image.main).toMatchObject({ width: 300, height: 200 });
    expect(image.id).toBe(createHash('sha256').update(image.main.data).digest('hex').slice(0, 32));
    expect(image.main.fileName).toBe(`${image.id}.webp`);
    expect(image.variants).toEqual([]);
  });

  it('scales large images to the maximum width and makes smaller renditions for srcset', async () => {
    const image = await processImage(await makeImage('png', 3200, 1600, 2));
    expect(image.main).toMatchObject({ width: MAX_WIDTH, height: 800 });
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [480, 240],
      [960, 480],
    ]);
    const tall = await processImage(await makeImage('png', 200, 8000, 3));
    expect(tall.main).toMatchObject({ width: 80, height: 3200 });
    expect(tall.variants).toEqual([]);
    for (const v of image.variants) {
      expect(v.fileName).toBe(`${createHash('sha256').update(v.data).digest('hex').slice(0, 32)}.webp`);
    }
  });

  it('makes a JPEG for link previews: named after the main rendition, at most 1200 px wide, of the size the page declares', async () => {
    for (const [width, height] of [
      [3200, 1600],
      [1599, 1001],
      [1201, 677],
      [640, 480],
    ] as const) {
      const image = await processImage(await makeImage('png', width, height, 5));
      const meta = await sharp(image.share.data).metadata();
      expect(meta.format).toBe('jpeg');
      expect(image.share.fileName).toBe(`${image.id}.jpg`);
      expect([meta.width, meta.height]).toEqual([image.share.width, image.share.height]);
      expect(image.share.width).toBe(Math.min(image.main.width, 1200));
      // What og:image:width and og:image:height say, from the API's image alone.
      const declared = shareImage({
        secure_url: `https://shop.example/uploads/${image.main.fileName}`,
        width: image.main.width,
        height: image.main.height,
      });
      expect(declared).toEqual({
        url: `https://shop.example/uploads/${image.share.fileName}`,
        type: 'image/jpeg',
        width: image.share.width,
        height: image.share.height,
      });
    }
    // JPEG has no transparency: a transparent corner shows white, not black.
    const clear = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { data } = await sharp((await processImage(clear)).share.data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((v) => v > 240)).toBe(true);
  });

  it('applies the EXIF orientation and strips every piece of metadata', async () => {
    const input = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c05020' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'GPS-Leaker' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const image = await processImage(input);
    expect(image.main).toMatchObject({ width: 40, height: 60 });
    const meta = await sharp(image.main.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image.main.data.includes('Secret Camera Owner')).toBe(false);
  });

  it('is deterministic: the same bytes give the same id', async () => {
    const input = await makeImage('jpeg', 120, 90, 3);
    expect((await processImage(input)).id).toBe((await processImage(input)).id);
    expect((await processImage(await makeImage('jpeg', 120, 90, 4))).id).not.toBe((await processImage(input)).id);
  });

  it('refuses non-images, broken images and pixel bombs', async () => {
    for (const { name, part } of await hostileUploads()) {
      const error = await processImage(part.data).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error, name).toBeInstanceOf(HttpError);
      const { statusCode, message } = error as HttpError;
      if (name.startsWith('pixel bomb')) expect([statusCode, message]).toEqual([413, SERVER_ERRORS.imageTooManyPixels]);
      else expect([statusCode, message], name).toEqual([415, SERVER_ERRORS.notAnImage]);
    }
    // An empty buffer and a PNG signature with nothing after it.
    await expect(processImage(Buffer.alloc(0))).rejects.toMatchObject({ statusCode: 415 });
    await expect(processImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).rejects.toMatchObject({ statusCode: 415 });
  });
});

describe('toImageRef', () => {
  it('builds absolute URLs and a srcset from the smallest rendition to the main one', () => {
    const row = {
      file_name: 'main.webp',
      width: 1600,
      height: 900,
      variants: JSON.stringify([
        { width: 960, file_name: 'b.webp' },
        { width: 480, file_name: 'a.webp' },
      ]),
    };
    expect(toImageRef(row, 'https://shop.example')).toEqual({
      secure_url: 'https://shop.example/uploads/main.webp',
      srcset:
        'https://shop.example/uploads/a.webp 480w, https://shop.example/uploads/b.webp 960w, https://shop.example/uploads/main.webp 1600w',
      width: 1600,
      height: 900,
    });
    expect(toImageRef({ ...row, variants: '[]' })).toEqual({ secure_url: '/uploads/main.webp', width: 1600, height: 900 });
    expect(toImageRef({ ...row, variants: 'not json' }).srcset).toBeUndefined();
  });
});

describe('storing and releasing', () => {
  it('storeImage is idempotent on content', async () => {
    const input = await makeImage('png', 1000, 500, 10);
    const a = await storeImage(t.db, t.app.imageStorage, input);
    const b = await storeImage(t.db, t.app.imageStorage, input);
    expect(b).toEqual(a);
    const rows = await t.db.selectFrom('images').selectAll().where('id', '=', a.id).execute();
    expect(rows).toHaveLength(1);
    expect(onDisk(rows[0]!.file_name)).toBe(true);
    const variants = JSON.parse(rows[0]!.variants) as { file_name: string }[];
    expect(variants).toHaveLength(2);
    expect(variants.every((v) => onDisk(v.file_name))).toBe(true);
    expect(onDisk(`${a.id}.jpg`)).toBe(true);
    expect(a.ref.srcset).toContain(' 480w');
    // The link-preview JPEG is no rendition of the API's srcset.
    expect(a.ref.srcset).not.toContain('.jpg');
  });

  it('gives images stored before link-preview JPEGs existed one, once, and never takes it for an orphan', async () => {
    const image = await storeImage(t.db, t.app.imageStorage, await makeImage('png', 1400, 700, 40));
    const share = `${image.id}.jpg`;
    fs.rmSync(path.join(t.config.uploadsDir, share));
    expect(await addMissingShareImages(t.db, t.app.imageStorage)).toEqual([share]);
    expect((await sharp(path.join(t.config.uploadsDir, share)).metadata()).width).toBe(1200);
    expect(await addMissingShareImages(t.db, t.app.imageStorage)).toEqual([]);
    expect(await removeOrphanFiles(t.db, t.app.imageStorage)).not.toContain(share);
    expect(onDisk(share)).toBe(true);
  });

  it('saveImages takes back the files it created when the transaction fails', async () => {
    const kept = await storeImage(t.db, t.app.imageStorage, await makeImage('png', 40, 40, 20));
    const fresh = await processImage(await makeImage('png', 1200, 600, 21));
    const again = await processImage(await makeImage('png', 40, 40, 20));
    await expect(
      saveImages(t.db, t.app.imageStorage, [fresh, again], async (tx) => {
        await tx.insertInto('gallery_images').values({ id: newId(), image_id: fresh.id, created_at: new Date().toISOString() }).execute();
        throw new Error('reference failed');
      }),
    ).rejects.toThrow('reference failed');
    expect(onDisk(fresh.main.fileName)).toBe(false);
    expect(fresh.variants.some((v) => onDisk(v.fileName))).toBe(false);
    expect(await t.db.selectFrom('images').select('id').where('id', '=', fresh.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('gallery_images').select('id').where('image_id', '=', fresh.id).executeTakeFirst()).toBeUndefined();
    // The image that existed before is untouched.
    expect(onDisk(`${kept.id}.webp`)).toBe(true);
  });

  it('releaseImages removes only what nothing references; removeUnreferencedImages sweeps the rest', async () => {
    const used = await processImage(await makeImage('png', 1000, 500, 30));
    const loose = await processImage(await makeImage('png', 50, 50, 31));
    const galleryId = newId();
    await saveImages(t.db, t.app.imageStorage, [used, loose], (tx) =>
      tx.insertInto('gallery_images').values({ id: galleryId, image_id: used.id, created_at: new Date().toISOString() }).execute(),
    );
    expect(await releaseImages(t.db, t.app.imageStorage, [used.id])).toBe(0);
    expect(onDisk(used.main.fileName)).toBe(true);

    await t.db.deleteFrom('gallery_images').where('id', '=', galleryId).execute();
    expect(await releaseImages(t.db, t.app.imageStorage, [used.id, used.id])).toBe(1);
    expect([used.main, ...used.variants, used.share].some((r) => onDisk(r.fileName))).toBe(false);

    // `loose` was never referenced (and anything stored above by storeImage neither).
    expect(onDisk(loose.main.fileName)).toBe(true);
    expect(await removeUnreferencedImages(t.db, t.app.imageStorage)).toBeGreaterThanOrEqual(1);
    expect(onDisk(loose.main.fileName)).toBe(false);
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect(fs.readdirSync(t.config.uploadsDir)).toEqual([]);
  });
});
