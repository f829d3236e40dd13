/**
 * The company's content in the buyers' languages (issue 28 item 6): a product's translations read
 * and replaced by an ADMIN only (validated, audited), laid over the English product per field
 * with `?lang=`, SPEC.md's answers unchanged without it, every cache kept apart per language and
 * fresh at the next request; the FAQ's translations through the settings; the /ar/ page in Arabic.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API, CONTENT_TRANSLATION_MESSAGES as M, faqIn, type AuditResponse, type Product, type SiteSettings } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSlugs } from '../src/modules/product/repository.js';
import { insertTestProduct } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Web app</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
let admin: TestUser;
let buyer: TestUser;
let productId: string;
let nonAgroId: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://shop.example' });
  admin = await t.loginAdmin();
  buyer = await t.loginUser();
  productId = await insertTestProduct(t.db, {
    productName: 'Natural Jaggery Blocks',
    productType: 'AGRO',
    productDescription: 'Sugarcane jaggery.',
    keyFeatures: ['No chemicals'],
    nutrientContent: ['Iron: 11 mg'],
  });
  nonAgroId = await insertTestProduct(t.db, { productName: 'Coir Mats', productType: 'NONAGRO', nutrientContent: [] });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const ARABIC = {
  productName: 'كتل السكر الطبيعي',
  productDescription: 'سكر القصب الطبيعي.',
  keyFeatures: ['بدون مواد كيميائية'],
  nutrientContent: ['الحديد: 11 ملغ'],
};

const put = (id: string, payload: unknown, cookie: string | undefined = admin.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: API.updateProductTranslations(id),
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
const one = async (id: string, query = '') =>
  (await t.app.inject({ method: 'GET', url: `${API.product(id)}${query}` })).json<{ product: Product }>().product;
const all = async (query = '') =>
  (await t.app.inject({ method: 'GET', url: `${API.productList}${query}` })).json<{ products: Product[] }>().products;

describe('GET and PUT /api/v1/product/{id}/translations', () => {
  it('refuses anonymous callers (401) and USERs (403)', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const anonymous = await t.app.inject({ method, url: API.productTranslations(productId), payload: method === 'PUT' ? {} : undefined });
      expect(anonymous.statusCode).toBe(401);
      const user = await t.app.inject({
        method,
        url: API.productTranslations(productId),
        headers: { cookie: buyer.cookie },
        payload: method === 'PUT' ? { translations: {} } : undefined,
      });
      expect(user.statusCode).toBe(403);
    }
  });

  it('answers every language, empty before any translation; 404 for an unknown product', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.productTranslations(productId), headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ translations: Record<string, unknown> }>();
    expect(Object.keys(body.translations).sort()).toEqual(['ar', 'de', 'es', 'fr']);
    expect(body.translations.ar).toEqual({
      productName: '',
      productDescription: '',
      keyFeatures: [],
      nutrientContent: [],
      specifications: [],
    });
    const missing = await t.app.inject({ method: 'GET', url: API.productTranslations('0'.repeat(24)), headers: { cookie: admin.cookie } });
    expect(missing.statusCode).toBe(404);
    expect((await put('0'.repeat(24), { translations: {} })).statusCode).toBe(404);
  });

  it('validates each field with its own message', async () => {
    const cases: [unknown, string][] = [
      [{ translations: { ar: { productName: 'x'.repeat(201) } } }, M.productName('ar')],
      [{ translations: { fr: { productName: 'two\nlines' } } }, M.productName('fr')],
      [{ translations: { de: { productDescription: 'x'.repeat(5001) } } }, M.productDescription('de')],
      [{ translations: { es: { keyFeatures: 'not a list' } } }, M.keyFeatures('es')],
      [{ translations: { ar: { nutrientContent: ['x'.repeat(501)] } } }, M.nutrientContent('ar')],
      [{ translations: { xx: {} } }, M.body],
      [{ translations: { ar: { applications: [] } } }, M.body],
    ];
    for (const [payload, message] of cases) {
      const res = await put(productId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('replaces the translations, writes an audit row, and the next request shows them per field', async () => {
    // Read first so the caches hold the English and the Arabic answers before the change.
    expect((await one(productId, '?lang=ar')).productName).toBe('Natural Jaggery Blocks');
    expect((await all('?lang=ar')).find((p) => p._id === productId)?.productName).toBe('Natural Jaggery Blocks');
    const englishBefore = await t.app.inject({ method: 'GET', url: API.product(productId) });

    const res = await put(productId, { translations: { ar: ARABIC, es: { productName: 'Bloques de jaggery natural' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ translations: Record<string, unknown> }>().translations.ar).toEqual({ ...ARABIC, specifications: [] });

    const arabic = await one(productId, '?lang=ar');
    expect(arabic).toMatchObject(ARABIC);
    expect((await all('?lang=ar')).find((p) => p._id === productId)).toMatchObject(ARABIC);
    // Spanish: only the name is translated; the rest stays English, field by field.
    const spanish = await one(productId, '?lang=es');
    expect(spanish.productName).toBe('Bloques de jaggery natural');
    expect(spanish.productDescription).toBe('Sugarcane jaggery.');
    expect(spanish.keyFeatures).toEqual(['No chemicals']);
    // French: nothing translated: English.
    expect((await one(productId, '?lang=fr')).productName).toBe('Natural Jaggery Blocks');
    // Paged lists too.
    expect((await all('?lang=ar&page=1&limit=50')).find((p) => p._id === productId)?.productName).toBe(ARABIC.productName);

    // SPEC.md's answers, without ?lang (and with lang=en), are exactly as before.
    const englishAfter = await t.app.inject({ method: 'GET', url: API.product(productId) });
    expect(englishAfter.json()).toEqual(englishBefore.json());
    expect((await one(productId, '?lang=en')).productName).toBe('Natural Jaggery Blocks');
    expect(Object.keys(englishAfter.json<{ product: object }>().product)).not.toContain('translations');
    expect((await all()).find((p) => p._id === productId)?.productName).toBe('Natural Jaggery Blocks');

    const audit = await t.app.inject({ method: 'GET', url: `${API.audit}?type=product&page=1&limit=5`, headers: { cookie: admin.cookie } });
    const entry = audit.json<AuditResponse>().audit.find((e) => e.entityId === productId);
    expect(entry?.action).toBe('update');
    expect(JSON.stringify(entry)).toContain(ARABIC.productName);
  });

  it('gives a NONAGRO product no nutrients, and an unknown language is refused', async () => {
    await put(nonAgroId, { translations: { de: { productName: 'Kokosmatten', nutrientContent: ['Eisen'] } } });
    const german = await one(nonAgroId, '?lang=de');
    expect(german.productName).toBe('Kokosmatten');
    expect(german.nutrientContent).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `${API.product(nonAgroId)}?lang=xx` });
    expect(res.statusCode).toBe(400);
  });

  it('PUT with no languages clears them: English again at the next request', async () => {
    await put(nonAgroId, { translations: {} });
    expect((await one(nonAgroId, '?lang=de')).productName).toBe('Coir Mats');
  });
});

describe('the pages under /ar/', () => {
  it('show the Arabic name in the head, the JSON-LD Product and the snapshot', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/ar/products' });
    expect(list.statusCode).toBe(200);
    await ensureSlugs(t.db);
    const slug = (await t.db.selectFrom('products').select('slug').where('id', '=', productId).executeTakeFirstOrThrow()).slug!;
    const page = await t.app.inject({ method: 'GET', url: `/ar/products/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${ARABIC.productName}`);
    const ld = [...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((b) => b['@type'] === 'Product');
    expect(ld?.name).toBe(ARABIC.productName);
    // The English page stays English.
    const english = await t.app.inject({ method: 'GET', url: `/products/${slug}` });
    expect(english.body).toContain('<title>Natural Jaggery Blocks');
    expect(english.body).not.toContain(ARABIC.productName);
  });
});

describe('the sitemap', () => {
  it("dates a product's page in a language by its translation when that is newer; the other languages keep the product's date", async () => {
    await ensureSlugs(t.db);
    const row = await t.db.selectFrom('products').select(['slug', 'updated_at']).where('id', '=', productId).executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ updated_at: '2026-01-02T03:04:05.000Z' }).where('id', '=', productId).execute();
    expect((await put(productId, { translations: { ar: ARABIC } })).statusCode).toBe(200);
    const stamped = await t.db
      .selectFrom('product_translations')
      .select('updated_at')
      .where('product_id', '=', productId)
      .where('language', '=', 'ar')
      .executeTakeFirstOrThrow();
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const lastmodOf = (loc: string) => new RegExp(`<loc>${loc}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
    expect(lastmodOf(`https://shop.example/ar/products/${row.slug}`)).toBe(stamped.updated_at);
    expect(lastmodOf(`https://shop.example/products/${row.slug}`)).toBe('2026-01-02T03:04:05.000Z');
    expect(lastmodOf(`https://shop.example/es/products/${row.slug}`)).toBe('2026-01-02T03:04:05.000Z');
    await t.db.updateTable('products').set({ updated_at: row.updated_at }).where('id', '=', productId).execute();
  });
});

describe('FAQ translations in the settings', () => {
  it('PATCH stores them (validated), GET gives them to anyone, English per entry where empty', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: API.updateSettings,
      payload: { faqTranslations: { ar: [{ question: 'x'.repeat(301), answer: '' }] } },
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(M.faqTranslations);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: API.updateSettings,
      payload: { faqTranslations: { en: [] } },
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(400);

    const ok = await t.app.inject({
      method: 'PATCH',
      url: API.updateSettings,
      payload: { faqTranslations: { ar: [{ question: 'ما هي شروط الدفع؟', answer: '' }] } },
      headers: { cookie: admin.cookie },
    });
    expect(ok.statusCode).toBe(200);
    const settings = (await t.app.inject({ method: 'GET', url: API.settings })).json<{ settings: SiteSettings }>().settings;
    expect(settings.faqTranslations.ar?.[0]?.question).toBe('ما هي شروط الدفع؟');
    const arabic = faqIn(settings, 'ar');
    expect(arabic[0]?.question).toBe('ما هي شروط الدفع؟');
    expect(arabic[0]?.answer).toBe(settings.faq[0]?.answer);
    expect(arabic[1]).toEqual(settings.faq[1]);
    expect(faqIn(settings, 'en')).toEqual(settings.faq);
  });
});
