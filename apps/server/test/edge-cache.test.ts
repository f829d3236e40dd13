/**
 * What an edge cache may keep (speed/edge.ts, docs/decisions/035-edge-cache.md): the public answers'
 * Cache-Control and tags; that a signed-in buyer gets byte for byte what anyone gets from every
 * edge-cacheable answer (over real HTTP, through the front lane), with no cookie and nothing of
 * theirs in it; that what depends on who asks stays private; and that every change queues its
 * purge in the change's own transaction (migration 20261128100000-edge-purges).
 */
import fs from 'node:fs/promises';
import { API, type Product } from '@agro/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/mappers.js';
import {
  CACHE_TAG_HEADER,
  EDGE_CACHE_CONTROL,
  EDGE_TAGS,
  PRIVATE_CACHE_CONTROL,
  SURROGATE_KEY_HEADER,
  imageTag,
  languageTag,
  productTag,
} from '../src/speed/edge.js';
import { insertTestProduct, quoteBody, standInWebDist } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { file, makeImage, multipart, type FormValue } from './images-fixtures.js';

let t: TestApp;
let base: string;
let webDist: string;
let productId: string;
let slug: string;
let admin: TestUser;
let buyer: TestUser;
let imageSeed = 0;

/** The buyer asks for a quote: something of hers that no public answer shows. */
const askForQuote = () =>
  t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(productId), headers: { cookie: buyer.cookie } });

beforeAll(async () => {
  webDist = await standInWebDist();
  // The purger never runs by itself here: the rows the triggers write stay for the tests to read.
  t = await buildTestApp({ WEB_DIST: webDist, EDGE_PURGE_POLL_MS: '0' });
  productId = await insertTestProduct(t.db, { productName: 'Edge Jaggery', isPremium: true });
  await insertTestProduct(t.db, { productName: 'Edge Onions' });
  admin = await t.loginAdmin();
  buyer = await t.loginUser({ fullName: 'Zenobia Quartermaine', email: `zenobia-${Date.now()}@buyer.example` });
  // A quote of hers, so her own calls have something of hers to show.
  const quote = await askForQuote();
  expect(quote.statusCode, quote.body).toBe(200);
  await t.app.inject({ method: 'GET', url: `/products/description?id=${productId}` });
  const row = await t.db.selectFrom('product_slugs').select('slug').where('product_id', '=', productId).executeTakeFirstOrThrow();
  slug = row.slug;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** Every public page, in English and under a language's prefix, and every public call. */
const publicAddresses = (): Array<{ url: string; tags: string[] }> => {
  const page = (url: string, language: 'en' | 'ar', ...tags: string[]) => ({
    url,
    tags: [EDGE_TAGS.pages, languageTag(language), EDGE_TAGS.settings, EDGE_TAGS.products, ...tags],
  });
  return [
    page('/', 'en'),
    page('/ar', 'ar'),
    page('/about', 'en'),
    page('/products', 'en'),
    page('/ar/products', 'ar'),
    page(`/products/${slug}`, 'en', productTag(productId)),
    page(`/ar/products/${slug}`, 'ar', productTag(productId)),
    page(`/products/description?id=${productId}`, 'en', productTag(productId)),
    page('/gallery', 'en', EDGE_TAGS.gallery),
    page('/privacy', 'en'),
    page('/terms', 'en'),
    page('/no/such/page', 'en'),
    { url: '/sitemap.xml', tags: [EDGE_TAGS.products, EDGE_TAGS.gallery] },
    { url: API.productList, tags: [EDGE_TAGS.products, languageTag('en')] },
    { url: `${API.productList}?lang=ar`, tags: [EDGE_TAGS.products, languageTag('ar')] },
    { url: `${API.productList}?page=1&limit=1`, tags: [EDGE_TAGS.products, languageTag('en')] },
    { url: API.product(productId), tags: [productTag(productId), languageTag('en')] },
    { url: API.gallery, tags: [EDGE_TAGS.gallery] },
  ];
};

const fetchBytes = async (url: string, cookie?: string) => {
  const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

describe('edge-cacheable answers', () => {
  it('say how long an edge may keep them, and carry what they show as Surrogate-Key and Cache-Tag', async () => {
    for (const { url, tags } of publicAddresses()) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url === '/no/such/page' ? 404 : 200);
      expect(res.headers['cache-control'], url).toBe(EDGE_CACHE_CONTROL);
      expect(String(res.headers[SURROGATE_KEY_HEADER.toLowerCase()]).split(' ').sort(), url).toEqual([...tags].sort());
      expect(res.headers[CACHE_TAG_HEADER.toLowerCase()], url).toBe(
        String(res.headers[SURROGATE_KEY_HEADER.toLowerCase()]).split(' ').join(','),
      );
      // A browser still revalidates, and an unchanged answer is still a 304 with the same headers.
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.headers['cache-control'], url).toBe(EDGE_CACHE_CONTROL);
      expect(again.headers[SURROGATE_KEY_HEADER.toLowerCase()], url).toBe(res.headers[SURROGATE_KEY_HEADER.toLowerCase()]);
    }
    expect(EDGE_CACHE_CONTROL).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+, stale-while-revalidate=\d+$/);
  });

  it('images keep their year-long immutable lifetime, tagged with their file so a deletion can drop them', async () => {
    const added = await form('POST', API.addImages, [['galleryImages', await image()]]);
    expect(added.statusCode, added.body).toBe(200);
    const fileName = /\/uploads\/([A-Za-z0-9._-]+)/.exec(added.body)?.[1];
    expect(fileName).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${fileName!}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers[SURROGATE_KEY_HEADER.toLowerCase()]).toBe(imageTag(fileName!));
    expect(res.headers[CACHE_TAG_HEADER.toLowerCase()]).toBe(imageTag(fileName!));
  });

  it('are byte for byte the same for a signed-in buyer, with no cookie and nothing of theirs in them', async () => {
    const personal = [buyer.user.fullName, buyer.email, buyer.user._id, buyer.cookie.split('=')[1]!];
    for (const { url } of publicAddresses()) {
      // Twice each: the first is answered by Fastify, the second by the front lane (speed/front-lane.ts).
      for (let round = 0; round < 2; round += 1) {
        const anonymous = await fetchBytes(url);
        const signedIn = await fetchBytes(url, buyer.cookie);
        expect(signedIn.status, url).toBe(anonymous.status);
        expect(signedIn.headers.get('cache-control'), url).toBe(EDGE_CACHE_CONTROL);
        expect(signedIn.headers.get('set-cookie'), url).toBeNull();
        expect(signedIn.headers.get(SURROGATE_KEY_HEADER), url).toBe(anonymous.headers.get(SURROGATE_KEY_HEADER));
        expect(signedIn.body.equals(anonymous.body), url).toBe(true);
        const text = signedIn.body.toString('utf8');
        for (const secret of personal) expect(text, url).not.toContain(secret);
      }
    }
  });

  it('never include what depends on who asks: answers read with a session, the settings, the private screens', async () => {
    const privateCalls = [API.profile, API.userQuotes, API.settings];
    for (const url of privateCalls) {
      const res = await fetchBytes(url, buyer.cookie);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe(PRIVATE_CACHE_CONTROL);
      expect(res.headers.get(SURROGATE_KEY_HEADER), url).toBeNull();
    }
    // Her own calls do show her: they are the ones that must never be shared.
    expect((await fetchBytes(API.profile, buyer.cookie)).body.toString()).toContain(buyer.email);
    const adminSettings = await fetchBytes(API.settings, admin.cookie);
    expect(adminSettings.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
    // The anonymous settings are private too: the same address answers an administrator more.
    expect((await fetchBytes(API.settings)).headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
    for (const url of ['/profile', '/ar/quote', '/login']) {
      const res = await fetchBytes(url, buyer.cookie);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(res.headers.get(SURROGATE_KEY_HEADER), url).toBeNull();
    }
    // A login sets a cookie: nothing an edge may keep.
    const login = await fetch(`${base}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: buyer.email, password: buyer.password }),
    });
    expect(login.headers.get('set-cookie')).toContain('agro_session=');
    expect(login.headers.get('cache-control') ?? '').not.toContain('s-maxage');
  });
});

/** The tags queued since the last call (and the rows cleared). */
/** The image files whose purges the last queued() found (an image file deleted: `image-<name>`). */
let imagesPurged: string[] = [];

/** The tags queued since the last call (image files' apart, in imagesPurged), and the queue emptied. */
async function queued(): Promise<string[]> {
  const rows = await t.db.selectFrom('edge_purges').select('purge_key').execute();
  await t.db.deleteFrom('edge_purges').execute();
  const keys = [...new Set(rows.map((r) => r.purge_key))].sort();
  imagesPurged = keys.filter((k) => k.startsWith(imageTag(''))).map((k) => k.slice(imageTag('').length));
  return keys.filter((k) => !k.startsWith(imageTag('')));
}

/** The file names of a product's images as the API serves them (/uploads/<name>). */
async function productFiles(id: string): Promise<string[]> {
  const body = (await t.app.inject({ method: 'GET', url: API.product(id) })).body;
  return [...new Set([...body.matchAll(/\/uploads\/([A-Za-z0-9._-]+)/g)].map((m) => m[1]!))];
}

async function form(method: 'POST' | 'PATCH', url: string, entries: Array<[string, FormValue]>) {
  const { payload, headers } = await multipart(entries);
  return t.app.inject({ method, url, payload, headers: { ...headers, cookie: admin.cookie } });
}
const image = async () => file(await makeImage('png', 64, 48, ++imageSeed), `e${imageSeed}.png`);

describe('every change queues its purge with it', () => {
  beforeEach(async () => {
    await queued();
  });

  it('a product added, changed, translated, given new images, deleted', async () => {
    const added = await form('POST', API.addProduct, [
      ['productName', 'Edge Turmeric'],
      ['productType', 'AGRO'],
      ['productQuantityType', 'KG'],
      ['productForm', 'Powder'],
      ['productDescription', 'Yellow.'],
      ['isOrganic', 'true'],
      ['isPremium', 'false'],
      ['productShelfLife', '12'],
      ['nutrientContent', 'Curcumin'],
      ['keyFeatures', 'Bright'],
      ['applications', 'Curry'],
      ['productThumbnail', await image()],
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json<{ product: Product }>().product._id;
    expect(await queued()).toEqual([EDGE_TAGS.products, productTag(id)].sort());

    expect(
      (
        await form('PATCH', API.updateProduct(id), [
          ['_id', id],
          ['productName', 'Edge Turmeric Fine'],
        ])
      ).statusCode,
    ).toBe(200);
    expect(await queued()).toEqual([EDGE_TAGS.products, productTag(id)].sort());

    const before = await productFiles(id);
    expect(
      (
        await form('PATCH', API.updateProduct(id), [
          ['_id', id],
          ['productImages', await image()],
        ])
      ).statusCode,
    ).toBe(200);
    expect(await queued()).toEqual([EDGE_TAGS.products, productTag(id)].sort());
    // The images it no longer shows are deleted, and the edges told to drop them.
    const after = await productFiles(id);
    expect(imagesPurged.sort()).toEqual(before.filter((f) => !after.includes(f)).sort());

    const translated = await t.app.inject({
      method: 'PUT',
      url: API.updateProductTranslations(id),
      payload: { translations: { ar: { productName: 'كركم', productDescription: 'أصفر', keyFeatures: [], nutrientContent: [] } } },
      headers: { cookie: admin.cookie },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    expect(await queued()).toEqual([EDGE_TAGS.products, productTag(id)].sort());

    const files = await productFiles(id);
    expect(files.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'DELETE', url: API.deleteProduct(id), headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(await queued()).toEqual([EDGE_TAGS.products, productTag(id)].sort());
    // Every file it showed is gone from the disk and purged from the edges.
    expect(imagesPurged).toEqual(expect.arrayContaining(files));
    for (const file of files) expect((await t.app.inject({ method: 'GET', url: `/uploads/${file}` })).statusCode).toBe(404);
  });

  it('the gallery added to and deleted from', async () => {
    const added = await form('POST', API.addImages, [['galleryImages', await image()]]);
    expect(added.statusCode, added.body).toBe(200);
    expect(await queued()).toEqual([EDGE_TAGS.gallery]);
    const gallery = (await t.app.inject({ method: 'GET', url: API.gallery })).json<{
      galleryImages: [{ galleryImages: [{ _id: string }] }];
    }>();
    const imageId = gallery.galleryImages[0].galleryImages[0]._id;
    const files = [
      ...new Set(
        [...JSON.stringify(gallery.galleryImages[0].galleryImages[0]).matchAll(/\/uploads\/([A-Za-z0-9._-]+)/g)].map((m) => m[1]!),
      ),
    ];
    expect((await t.app.inject({ method: 'DELETE', url: API.deleteImage(imageId), headers: { cookie: admin.cookie } })).statusCode).toBe(
      200,
    );
    expect(await queued()).toEqual([EDGE_TAGS.gallery]);
    expect(imagesPurged).toEqual(expect.arrayContaining(files));
    await form('POST', API.addImages, [['galleryImages', await image()]]);
    await queued();
    expect((await t.app.inject({ method: 'DELETE', url: API.deleteAllImages, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(await queued()).toEqual([EDGE_TAGS.gallery]);
  });

  it('the settings changed', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: API.settings,
      payload: { phone: '+91 20 1234 5678' },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await queued()).toContain(EDGE_TAGS.settings);
  });

  it('nothing for a change rolled back, nor for what no public answer shows (a quote)', async () => {
    await t.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('products').set({ product_name: 'Never', updated_at: nowIso() }).where('id', '=', productId).execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await askForQuote()).statusCode).toBe(200);
    expect(await queued()).toEqual([]);
  });
});
