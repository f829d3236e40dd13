/**
 * The object store goes away and comes back (issue 24, item 2), against a real S3-API server
 * (s3rver) stopped and started on the same address: uploads answer 503 saying the images could
 * not be stored and nothing was saved, no row points at a missing file, what was served keeps
 * being served, and it recovers by itself.
 */
import path from 'node:path';
import { API, SERVER_ERRORS, type GalleryResponse } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../helper.js';
import { file, makeImage, multipart } from '../images-fixtures.js';
import { PRODUCT_TEXT_FIELDS } from '../security/endpoints.js';
import { startS3Server, type S3TestServer } from '../servers.js';

describe('the object store goes away', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp({ ...s3.env, S3_PREFIX: 'uploads/' });
    admin = await t.loginAdmin();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const uploadGallery = async (seed: number) => {
    const { payload, headers } = await multipart([['galleryImages', file(await makeImage('jpeg', 640, 480, seed), 'g.jpg', 'image/jpeg')]]);
    return t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie } });
  };
  const addProduct = async (seed: number) => {
    const { payload, headers } = await multipart([
      ...PRODUCT_TEXT_FIELDS,
      ['productThumbnail', file(await makeImage('png', 64, 64, seed), 'p.png', 'image/png')],
    ]);
    return t.app.inject({ method: 'POST', url: API.addProduct, payload, headers: { ...headers, cookie: admin.cookie } });
  };
  const galleryCount = async () =>
    (await t.app.inject({ method: 'GET', url: API.gallery })).json<GalleryResponse>().galleryImages[0]?.galleryImages.length ?? 0;
  const count = async (table: 'products' | 'images') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses uploads with 503 and saves nothing, keeps serving, and recovers by itself', async () => {
    expect((await uploadGallery(1)).statusCode).toBe(200);
    const served = (await t.app.inject({ method: 'GET', url: API.gallery })).json<GalleryResponse>().galleryImages[0]!.galleryImages[0]!;
    const imagePath = `/uploads/${path.basename(new URL(served.secure_url).pathname)}`;
    expect((await t.app.inject({ method: 'GET', url: imagePath })).statusCode).toBe(200);
    const before = { gallery: await galleryCount(), products: await count('products'), images: await count('images') };

    await s3.stop();
    for (const res of [await uploadGallery(2), await addProduct(3)]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.storageUnavailable });
    }
    // No row points at a file that was never stored.
    expect({ gallery: await galleryCount(), products: await count('products'), images: await count('images') }).toEqual(before);
    // What was served is served again (kept in memory), the lists answer, readiness says why.
    expect((await t.app.inject({ method: 'GET', url: imagePath })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: API.productList })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ success: false, message: 'not ready: storage' });

    await s3.start();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await uploadGallery(4)).statusCode).toBe(200);
    expect((await addProduct(5)).statusCode).toBe(200);
    expect(await galleryCount()).toBe(before.gallery + 1);
  }, 60_000);
});
