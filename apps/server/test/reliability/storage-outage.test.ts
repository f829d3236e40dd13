/**
 * The object store goes away and comes back (issue 24, item 2), against a real S3-API server
 * (s3rver) stopped and started on the same address: uploads answer 503 saying the images could
 * not be stored and nothing was saved, no row points at a missing file, what was served keeps
 * being served, and it recovers by itself.
 */
import path from 'node:path';
import { API, SERVER_ERRORS, type GalleryResponse, type Order, type Quote } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../helper.js';
import { file, makeImage, multipart } from '../images-fixtures.js';
import { createS3Storage, type S3Limits } from '../../src/storage/file-storage.js';
import { IMAGE_OBJECTS, createDocumentStorage, createImageStorage } from '../../src/storage/stores.js';
import { loadConfig, type S3Config } from '../../src/config.js';
import { TcpProxy } from '../tcp-proxy.js';
import { insertTestProduct, offerBody, quoteBody } from '../fixtures.js';
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
    // Also once the copy in memory is due to be read again (a minute on): an outage does not take
    // away the images the pages show.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 });
    try {
      for (let i = 0; i < 3; i += 1) {
        const again = await t.app.inject({ method: 'GET', url: imagePath });
        expect(again.statusCode).toBe(200);
        expect(again.rawPayload.length).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      vi.useRealTimers();
    }
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

  it('keeps order documents under S3_DOCUMENTS_PREFIX, never among the images; an outage saves nothing', async () => {
    const buyer = await t.loginUser();
    const productId = await insertTestProduct(t.db);
    const quote = (
      await t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(productId), headers: { cookie: buyer.cookie } })
    ).json<{
      quote: Quote;
    }>().quote;
    await t.app.inject({ method: 'POST', url: API.quoteOffer(quote._id), payload: offerBody(), headers: { cookie: admin.cookie } });
    await t.app.inject({ method: 'POST', url: API.quoteAccept(quote._id), payload: {}, headers: { cookie: buyer.cookie } });
    const orderId = (await t.db.selectFrom('orders').select('id').where('quote_id', '=', quote._id).executeTakeFirstOrThrow()).id;
    const attach = async () => {
      const { payload, headers } = await multipart([
        ['type', 'CERTIFICATE_OF_ORIGIN'],
        ['document', file(Buffer.from('%PDF-1.4\n% certificate of origin\n'), 'coo.pdf', 'application/pdf')],
      ]);
      return t.app.inject({ method: 'POST', url: API.addOrderDocument(orderId), payload, headers: { ...headers, cookie: admin.cookie } });
    };

    const added = await attach();
    expect(added.statusCode, added.body).toBe(200);
    const doc = added.json<{ order: Order }>().order.documents[0]!;
    const row = await t.db.selectFrom('order_documents').select('storage_name').where('id', '=', doc._id).executeTakeFirstOrThrow();
    expect(await createDocumentStorage(t.config).list()).toContain(row.storage_name);
    expect(await createImageStorage(t.config).list()).not.toContain(row.storage_name);
    const download = await t.app.inject({ method: 'GET', url: API.orderDocument(orderId, doc._id), headers: { cookie: buyer.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('certificate of origin');

    await s3.stop();
    try {
      const refused = await attach();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.json()).toEqual({ success: false, message: SERVER_ERRORS.documentStorageUnavailable });
      expect(await t.db.selectFrom('order_documents').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
      // A deletion that cannot remove the file changes nothing: the document stays listed for a retry.
      const kept = await t.app.inject({
        method: 'DELETE',
        url: API.deleteOrderDocument(orderId, doc._id),
        headers: { cookie: admin.cookie },
      });
      expect(kept.statusCode).toBe(503);
      expect(await t.db.selectFrom('order_documents').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    } finally {
      await s3.start();
    }
    expect((await attach()).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: API.deleteOrderDocument(orderId, doc._id),
      headers: { cookie: admin.cookie },
    });
    expect(gone.statusCode).toBe(200);
    expect(await createDocumentStorage(t.config).list()).not.toContain(row.storage_name);
  }, 60_000);
});

describe('the object store hangs', () => {
  // The client's limits, short for the test (S3_LIMITS in production: connect 3 s, an answer 60 s, a
  // read's 5 s, silence 15 s, 2 tries): the silence limit ends a write to a hanging store.
  const LIMITS: S3Limits = {
    connectionTimeoutMs: 500,
    requestTimeoutMs: 30_000,
    readTimeoutMs: 1_000,
    socketTimeoutMs: 3_000,
    maxAttempts: 2,
  };
  let s3: S3TestServer;
  let proxy: TcpProxy;
  let t: TestApp;
  let admin: TestUser;
  let direct: S3Config;
  beforeAll(async () => {
    s3 = await startS3Server();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    const env = { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.address.port}` };
    direct = loadConfig(s3.env).s3!;
    t = await buildTestApp(env, { imageStorage: createS3Storage(loadConfig(env).s3!, IMAGE_OBJECTS, LIMITS) });
    admin = await t.loginAdmin();
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await s3.close();
  });

  const upload = async (seed: number) => {
    const { payload, headers } = await multipart([['galleryImages', file(await makeImage('jpeg', 320, 240, seed), 'g.jpg', 'image/jpeg')]]);
    return t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie } });
  };
  const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const started = Date.now();
    const value = await fn();
    return { value, ms: Date.now() - started };
  };

  it('an image never read and an upload answer 503 within the time limits, and both work once it answers again', async () => {
    // A file this process never read (another process stored it, or this one just restarted).
    const name = `${'a'.repeat(64)}.webp`;
    await createS3Storage(direct, IMAGE_OBJECTS).put(name, await makeImage('webp', 32, 32, 7));
    proxy.hang();
    try {
      // Two tries of at most the read's second each (plus the SDK's backoff), never forever; a
      // write ends after 3 s of silence, twice.
      const image = await timed(() => t.app.inject({ method: 'GET', url: `/uploads/${name}` }));
      expect(image.value.statusCode).toBe(503);
      expect(image.value.json()).toEqual({ success: false, message: SERVER_ERRORS.storageUnreachable });
      expect(image.ms).toBeLessThan(4_500);
      const refused = await timed(() => upload(8));
      expect(refused.value.statusCode).toBe(503);
      expect(refused.value.json()).toEqual({ success: false, message: SERVER_ERRORS.storageUnavailable });
      expect(refused.ms).toBeLessThan(10_000);
    } finally {
      await proxy.restore();
    }
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(200);
    expect((await upload(9)).statusCode).toBe(200);
  }, 60_000);
});
