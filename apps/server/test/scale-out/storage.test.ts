/**
 * Image storage behind one interface: the same contract on the local disk and on an S3-API
 * server (s3rver), and the whole app on S3: upload, serve, delete, readiness, IMAGE_BASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, type GalleryImage, type GalleryResponse } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { createLocalStorage, createS3Storage, s3Client, type FileStorage } from '../../src/storage/file-storage.js';
import { IMAGE_OBJECTS } from '../../src/storage/stores.js';
import { removeOrphanFiles } from '../../src/modules/images/index.js';
import { buildTestApp, type TestApp, type TestUser } from '../helper.js';
import { file, makeImage, multipart } from '../images-fixtures.js';
import { startS3Server, type S3TestServer } from '../servers.js';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const kinds: [string, () => FileStorage][] = [
  ['local disk', () => createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'agro-storage-')))],
  ['S3 (s3rver)', () => createS3Storage(loadConfig({ ...s3.env, S3_PREFIX: `t${Date.now()}` }).s3!, IMAGE_OBJECTS)],
];

describe.each(kinds)('image storage on %s', (_kind, make) => {
  it('stores, reads, lists and deletes files; a missing file reads as undefined', async () => {
    const storage = make();
    const data = Buffer.from('not really a webp');
    expect(await storage.exists('a1.webp')).toBe(false);
    expect(await storage.get('a1.webp')).toBeUndefined();
    await storage.put('a1.webp', data);
    await storage.put('b2.webp', Buffer.from('b'));
    expect(await storage.exists('a1.webp')).toBe(true);
    expect(await storage.get('a1.webp')).toEqual(data);
    expect((await storage.list()).sort()).toEqual(['a1.webp', 'b2.webp']);
    await storage.remove(['a1.webp', 'missing.webp']);
    expect(await storage.list()).toEqual(['b2.webp']);
    await storage.checkWritable();
    expect(await storage.list()).toEqual(['b2.webp']);
  });

  it('refuses names that could leave its folder or prefix', async () => {
    const storage = make();
    await expect(storage.put('../evil.webp', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    expect(await storage.get('../etc/passwd')).toBeUndefined();
  });
});

describe('the app on S3-compatible storage', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ ...s3.env, S3_PREFIX: 'uploads' });
    admin = await t.loginAdmin();
  });
  afterAll(() => t.close());

  async function upload(seed: number) {
    const { payload, headers } = await multipart([
      ['galleryImages', file(await makeImage('jpeg', 1000, 700, seed), 'g.jpg', 'image/jpeg')],
    ]);
    return t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie } });
  }
  const listed = async (): Promise<GalleryImage[]> =>
    (await t.app.inject({ method: 'GET', url: API.gallery })).json<GalleryResponse>().galleryImages[0]?.galleryImages ?? [];

  it('uploads into the bucket (not the local disk), serves with immutable caching, deletes from the bucket', async () => {
    expect((await upload(1)).statusCode).toBe(200);
    const [image] = await listed();
    const name = path.basename(new URL(image!.secure_url).pathname);
    expect(image!.srcset).toContain(' 480w');
    const stored = await t.app.imageStorage.list();
    expect(stored).toContain(name);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(path.join(t.config.uploadsDir, name))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const again = await t.app.inject({
      method: 'GET',
      url: `/uploads/${name}`,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.webp' })).statusCode).toBe(404);

    // The link-preview JPEG beside it, typed as one in the bucket too (a public bucket serves it as stored).
    const share = name.replace(/\.webp$/, '.jpg');
    expect(stored).toContain(share);
    const s3 = t.config.s3!;
    const head = await s3Client(s3).send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${s3.prefix}${share}` }));
    expect(head.ContentType).toBe('image/jpeg');
    const jpeg = await t.app.inject({ method: 'GET', url: `/uploads/${share}` });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect([...jpeg.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const del = await t.app.inject({ method: 'DELETE', url: API.deleteImage(image!._id), headers: { cookie: admin.cookie } });
    expect(del.statusCode).toBe(200);
    expect(await t.app.imageStorage.list()).toEqual([]);
    // (This process may still answer it from its in-memory copy of immutable files for a while.)
    expect(await t.app.imageStorage.get(name)).toBeUndefined();
  });

  it('clean-up removes files no row references (an upload that died before its transaction)', async () => {
    expect((await upload(2)).statusCode).toBe(200);
    await t.app.imageStorage.put('ffffffffffffffffffffffffffffffff.webp', Buffer.from('orphan'));
    expect(await removeOrphanFiles(t.db, t.app.imageStorage)).toEqual(['ffffffffffffffffffffffffffffffff.webp']);
    expect((await listed()).length).toBe(1);
    const [image] = await listed();
    expect((await t.app.inject({ method: 'GET', url: new URL(image!.secure_url).pathname })).statusCode).toBe(200);
  });

  it('is ready while the bucket takes writes, and says so when it does not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ success: true, message: 'ready' });
    const broken = await buildTestApp({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: 'not ready: storage' });
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('IMAGE_BASE_URL', () => {
  it('points image URLs at a public bucket or CDN instead of this server', async () => {
    const t = await buildTestApp({ IMAGE_BASE_URL: 'https://cdn.example.com/images/' });
    try {
      const admin = await t.loginAdmin();
      const { payload, headers } = await multipart([['galleryImages', file(await makeImage('png', 600, 400, 3))]]);
      await t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie } });
      const [image] = (await t.app.inject({ method: 'GET', url: API.gallery })).json<GalleryResponse>().galleryImages[0]!.galleryImages;
      expect(image!.secure_url).toMatch(/^https:\/\/cdn\.example\.com\/images\/[a-f0-9]{32}\.webp$/);
      expect(image!.srcset).toMatch(/^https:\/\/cdn\.example\.com\/images\/[a-f0-9]{32}\.webp 480w, /);
    } finally {
      await t.close();
    }
  });
});
