/**
 * A product's trade data (issue 43, item 1): each field's validation in the form's message order,
 * the round trip of every field (multipart JSON text and JSON bodies), clearing on update, the
 * specifications' translations, the list's filters, the quote's minimum order, the JSON-LD a
 * crawler reads from the product's page, and the edge purge of a changed product.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API, PRODUCT_TRADE_MESSAGES as M, VALIDATION, type Product } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteBody } from './fixtures.js';
import { pageUrl } from '../src/modules/pages/routes.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { file, makeImage, multipart, type FormValue } from './images-fixtures.js';

const ORIGIN = 'http://shop.example';
let t: TestApp;
let admin: TestUser;
let user: TestUser;
let webDist: string;
let imageSeed = 0;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-web-dist-'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  // No purger: the queued purges stay to be read.
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: ORIGIN, EDGE_PURGE_POLL_MS: '0' });
  admin = await t.loginAdmin();
  user = await t.loginUser();
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** Every trade field, as the product form sends it (JSON text in multipart fields). */
const TRADE: Record<string, string> = {
  moq: JSON.stringify({ quantity: 1, unit: 'TONS' }),
  orderMultiple: '500',
  leadTimeDays: '21',
  supplyPerMonth: JSON.stringify({ quantity: 200, unit: 'TONS' }),
  packingOptions: JSON.stringify([
    { packagingType: 'PP_BAG', quantity: 25, unit: 'KG' },
    { packagingType: 'PP_BAG', quantity: 50, unit: 'KG' },
  ]),
  specifications: JSON.stringify([
    { name: 'Moisture', value: 'Below 6%' },
    { name: 'Colour', value: 'Golden brown' },
  ]),
  certifications: JSON.stringify(['FSSAI', 'APEDA']),
  portOfLoading: 'Nhava Sheva (JNPT), India',
};
const TRADE_ANSWER = {
  moq: { quantity: 1, unit: 'TONS' },
  orderMultiple: 500,
  leadTimeDays: 21,
  supplyPerMonth: { quantity: 200, unit: 'TONS' },
  packingOptions: [
    { packagingType: 'PP_BAG', quantity: 25, unit: 'KG' },
    { packagingType: 'PP_BAG', quantity: 50, unit: 'KG' },
  ],
  specifications: [
    { name: 'Moisture', value: 'Below 6%' },
    { name: 'Colour', value: 'Golden brown' },
  ],
  certifications: ['FSSAI', 'APEDA'],
  portOfLoading: 'Nhava Sheva (JNPT), India',
};
const TRADE_KEYS = Object.keys(TRADE_ANSWER);

async function form(fields: Record<string, string | string[] | undefined>, thumbnail = true): Promise<[string, FormValue][]> {
  const base: Record<string, string | string[] | undefined> = {
    productName: `Natural Jaggery ${++imageSeed}`,
    productType: 'AGRO',
    productQuantityType: 'KG',
    productForm: 'Blocks',
    productDescription: 'Jaggery from Kolhapur.',
    isOrganic: 'false',
    productShelfLife: '12',
    nutrientContent: ['Iron'],
    keyFeatures: ['Chemical free'],
    applications: ['Sweets'],
    ...fields,
  };
  const entries: [string, FormValue][] = [];
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) entries.push([name, v]);
  }
  if (thumbnail) entries.push(['productThumbnail', file(await makeImage('png', 32, 24, 900 + imageSeed), `t-${imageSeed}.png`)]);
  return entries;
}

async function send(method: 'POST' | 'PATCH', url: string, entries: [string, FormValue][]) {
  const { payload, headers } = await multipart(entries);
  return t.app.inject({ method, url, payload, headers: { ...headers, cookie: admin.cookie } });
}
const add = async (fields: Record<string, string | string[] | undefined> = {}) => send('POST', API.addProduct, await form(fields));
async function added(fields: Record<string, string | string[] | undefined> = {}): Promise<Product> {
  const res = await add(fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ product: Product }>().product;
}
const get = async (id: string, query = '') =>
  (await t.app.inject({ method: 'GET', url: `${API.product(id)}${query}` })).json<{ product: Product }>().product;
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe('trade data on a product (add and update)', () => {
  it('stores every field and answers it back, on the add, the product and the list', async () => {
    const product = await added(TRADE);
    expect(product).toMatchObject(TRADE_ANSWER);
    expect(await get(product._id)).toMatchObject(TRADE_ANSWER);
    const all = (await t.app.inject({ method: 'GET', url: API.productList })).json<{ products: Product[] }>().products;
    expect(all.find((p) => p._id === product._id)).toMatchObject(TRADE_ANSWER);
  });

  it('a product without trade data answers none of the new keys (SPEC.md keys alone)', async () => {
    const product = await added();
    for (const key of TRADE_KEYS) expect(product).not.toHaveProperty(key);
  });

  it('takes certifications as repeated plain fields too', async () => {
    const product = await added({ certifications: ['FSSAI', 'HACCP', 'FSSAI'] });
    expect(product.certifications).toEqual(['FSSAI', 'HACCP']);
  });

  it.each([
    ['moq', '{"quantity":0,"unit":"KG"}', M.moq],
    ['moq', '{"quantity":5,"unit":"BAGS"}', M.moq],
    ['moq', 'five hundred', M.moq],
    ['moq', '{"quantity":5,"unit":"NOS"}', M.moqUnit],
    ['orderMultiple', '-2', M.orderMultiple],
    ['orderMultiple', 'many', M.orderMultiple],
    ['leadTimeDays', '2.5', M.leadTimeDays],
    ['leadTimeDays', '366', M.leadTimeDays],
    ['leadTimeDays', '0', M.leadTimeDays],
    ['supplyPerMonth', '{"quantity":-1,"unit":"TONS"}', M.supplyPerMonth],
    ['supplyPerMonth', '[1]', M.supplyPerMonth],
    ['packingOptions', '[{"packagingType":"SACK","quantity":25,"unit":"KG"}]', M.packingOptions],
    ['packingOptions', '[{"packagingType":"PP_BAG","quantity":0,"unit":"KG"}]', M.packingOptions],
    [
      'packingOptions',
      JSON.stringify(Array.from({ length: 21 }, () => ({ packagingType: 'PP_BAG', quantity: 25, unit: 'KG' }))),
      M.packingOptions,
    ],
    ['packingOptions', '{"packagingType":"PP_BAG"}', M.packingOptions],
    ['specifications', '[{"name":"","value":"x"}]', M.specifications],
    ['specifications', '[{"name":"Moisture","value":"two\\nlines"}]', M.specifications],
    ['specifications', JSON.stringify([{ name: 'x'.repeat(101), value: 'y' }]), M.specifications],
    ['certifications', JSON.stringify(['x'.repeat(101)]), M.certifications],
    ['certifications', '["Made up"]', M.certificationUnknown],
    ['portOfLoading', 'x'.repeat(201), M.portOfLoading],
  ])('%s = %s is refused with its message', async (field, value, expected) => {
    const res = await add({ [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(message(res)).toBe(expected);
  });

  it("reports SPEC.md's messages before the trade fields' (the form's order)", async () => {
    const res = await add({ productName: '', moq: 'junk', leadTimeDays: '0' });
    expect(message(res)).toBe(VALIDATION.productRequired.productName);
    const shelf = await add({ productShelfLife: '0', packingOptions: '[]x' });
    expect(message(shelf)).toBe(VALIDATION.productShelfLifeMin);
    const order = await add({ leadTimeDays: '0', moq: 'junk' });
    expect(message(order)).toBe(M.moq);
  });

  it('an update changes what is sent, keeps what is not, and clears with null or []', async () => {
    const product = await added(TRADE);
    const change = await send('PATCH', API.updateProduct(product._id), [
      ['_id', product._id],
      ['moq', '{"quantity":750,"unit":"KG"}'],
      ['packingOptions', '[]'],
      ['leadTimeDays', 'null'],
      ['portOfLoading', 'Mundra, India'],
    ]);
    expect(change.statusCode, change.body).toBe(200);
    const after = await get(product._id);
    expect(after.moq).toEqual({ quantity: 750, unit: 'KG' });
    expect(after).not.toHaveProperty('packingOptions');
    expect(after).not.toHaveProperty('leadTimeDays');
    expect(after.portOfLoading).toBe('Mundra, India');
    expect(after.specifications).toEqual(TRADE_ANSWER.specifications);
    expect(after.certifications).toEqual(TRADE_ANSWER.certifications);

    // A JSON body (no new images) takes objects as they are.
    const json = await t.app.inject({
      method: 'PATCH',
      url: API.updateProduct(product._id),
      headers: { cookie: admin.cookie },
      payload: { _id: product._id, supplyPerMonth: { quantity: 80, unit: 'TONS' }, certifications: ['HACCP'], moq: null },
    });
    expect(json.statusCode, json.body).toBe(200);
    const again = await get(product._id);
    expect(again.supplyPerMonth).toEqual({ quantity: 80, unit: 'TONS' });
    expect(again.certifications).toEqual(['HACCP']);
    expect(again).not.toHaveProperty('moq');
  });

  it('an update refuses a minimum order the product unit cannot take, and an unknown certification', async () => {
    const product = await added({ moq: '{"quantity":1,"unit":"TONS"}' });
    const toPieces = await send('PATCH', API.updateProduct(product._id), [
      ['_id', product._id],
      ['productQuantityType', 'NOS'],
    ]);
    expect(toPieces.statusCode).toBe(400);
    expect(message(toPieces)).toBe(M.moqUnit);
    const unknown = await send('PATCH', API.updateProduct(product._id), [
      ['_id', product._id],
      ['certifications', '["Nobody knows"]'],
    ]);
    expect(message(unknown)).toBe(M.certificationUnknown);
  });

  it('a product change queues the purge of its edge tag (the triggers cover the trade columns)', async () => {
    const product = await added(TRADE);
    await t.db.deleteFrom('edge_purges').execute();
    const res = await send('PATCH', API.updateProduct(product._id), [
      ['_id', product._id],
      ['orderMultiple', '250'],
    ]);
    expect(res.statusCode).toBe(200);
    const keys = (await t.db.selectFrom('edge_purges').select('purge_key').execute()).map((r) => r.purge_key);
    expect(keys).toContain(`product-${product._id}`);
  });
});

describe('specifications in the other languages', () => {
  it('are laid over English entry by entry, blanks showing English', async () => {
    const product = await added(TRADE);
    const put = await t.app.inject({
      method: 'PUT',
      url: API.updateProductTranslations(product._id),
      headers: { cookie: admin.cookie },
      payload: {
        translations: {
          ar: {
            specifications: [
              { name: 'الرطوبة', value: 'أقل من 6%' },
              { name: '', value: 'بني ذهبي' },
            ],
          },
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get(product._id, '?lang=ar')).specifications).toEqual([
      { name: 'الرطوبة', value: 'أقل من 6%' },
      { name: 'Colour', value: 'بني ذهبي' },
    ]);
    expect((await get(product._id, '?lang=fr')).specifications).toEqual(TRADE_ANSWER.specifications);
    const bad = await t.app.inject({
      method: 'PUT',
      url: API.updateProductTranslations(product._id),
      headers: { cookie: admin.cookie },
      payload: { translations: { de: { specifications: [{ name: 'x'.repeat(101), value: '' }] } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toContain('Specifications (de)');
  });
});

describe('the products list filters', () => {
  it('by certification and organic, whole and in pages', async () => {
    const organic = await added({ isOrganic: 'true', certifications: '["ISO"]' });
    const plain = await added({ certifications: '["ISO", "HACCP"]' });
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `${API.productList}?${query}` })).json<{ products: Product[]; total?: number }>();
    const ids = (products: Product[]) => products.map((p) => p._id);
    const iso = await list('certification=ISO');
    expect(ids(iso.products)).toEqual([plain._id, organic._id]);
    expect(ids((await list('certification=ISO&organic=true')).products)).toEqual([organic._id]);
    expect(ids((await list('certification=ISO&organic=false')).products)).toEqual([plain._id]);
    expect((await list('certification=iso')).products).toEqual([]);
    const paged = await list('certification=ISO&page=1&limit=1');
    expect(ids(paged.products)).toEqual([plain._id]);
    expect(paged.total).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `${API.productList}?organic=maybe` })).statusCode).toBe(400);
  });
});

describe('a quote under the minimum order', () => {
  it("is refused with the product's minimum in its unit, after SPEC.md's messages", async () => {
    const product = await added({ moq: '{"quantity":1,"unit":"TONS"}' });
    const quote = (overrides: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(product._id, overrides), headers: { cookie: user.cookie } });
    const under = await quote({ requiredQty: 500 });
    expect(under.statusCode).toBe(400);
    expect(message(under)).toBe('Required Quantity must be at least 1000 KG for this product');
    expect(under.json<{ errors: Record<string, string> }>().errors.requiredQty).toBe(message(under));
    // Under 1: SPEC.md's message, first.
    expect(message(await quote({ requiredQty: 0 }))).toBe(VALIDATION.quoteRequiredQtyMin);
    // Any of the form's own messages comes before the minimum order's.
    expect(message(await quote({ requiredQty: 500, companyName: '' }))).toBe(VALIDATION.quoteRequired.companyName);
    expect(message(await quote({ requiredQty: 500, address: 'short' }))).toBe(VALIDATION.quoteAddressMin);
    expect((await quote({ requiredQty: 1000 })).statusCode).toBe(200);
  });

  it('is accepted when the product has no minimum order', async () => {
    const product = await added();
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      payload: quoteBody(product._id, { requiredQty: 1 }),
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("the product page's JSON-LD", () => {
  it('reads the specifications and trade facts as PropertyValues and the minimum order as an Offer without a price', async () => {
    const product = await added({ ...TRADE, productName: 'Trade Data Jaggery', hsCode: '1701.13' });
    const html = (await t.app.inject({ method: 'GET', url: '/products/trade-data-jaggery' })).body;
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((l) => l['@type'] === 'Product')!;
    const properties = ld.additionalProperty as { name: string; value: unknown; unitCode?: string }[];
    expect(properties).toEqual(
      expect.arrayContaining([
        { '@type': 'PropertyValue', name: 'Moisture', value: 'Below 6%' },
        { '@type': 'PropertyValue', name: 'Colour', value: 'Golden brown' },
        { '@type': 'PropertyValue', name: 'Minimum order', value: 1, unitCode: 'TNE', unitText: 'TONS' },
        { '@type': 'PropertyValue', name: 'Lead time', value: 21, unitCode: 'DAY', unitText: '21 days' },
        { '@type': 'PropertyValue', name: 'Packing', value: 'PP Bag of 25 KG net' },
        { '@type': 'PropertyValue', name: 'Certifications', value: 'FSSAI' },
        { '@type': 'PropertyValue', name: 'Port of loading', value: 'Nhava Sheva (JNPT), India' },
        { '@type': 'PropertyValue', name: 'HS code', value: '1701.13' },
      ]),
    );
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      url: `${ORIGIN}/products/trade-data-jaggery`,
      seller: { '@id': `${ORIGIN}/#organization` },
      businessFunction: 'http://purl.org/goodrelations/v1#Sell',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 1, unitCode: 'TNE', unitText: 'TONS' },
      deliveryLeadTime: { '@type': 'QuantitativeValue', value: 21, unitCode: 'DAY' },
    });
    expect(JSON.stringify(ld)).not.toMatch(/"price/);

    // In Arabic: the names of the facts in Arabic, the specifications as translated.
    await t.app.inject({
      method: 'PUT',
      url: API.updateProductTranslations(product._id),
      headers: { cookie: admin.cookie },
      payload: { translations: { ar: { specifications: [{ name: 'الرطوبة', value: 'أقل من 6%' }] } } },
    });
    const arabic = (await t.app.inject({ method: 'GET', url: '/ar/products/trade-data-jaggery' })).body;
    expect(arabic).toContain('"name":"الرطوبة","value":"أقل من 6%"');
    expect(arabic).toContain('"name":"الحد الأدنى للطلب","value":1');
  });
});

describe('the API reference', () => {
  it('documents the trade fields of the product forms and answers, and the list filters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string }[]; responses: unknown }>>;
    }>();
    const bodyOf = (path: string, method: string) =>
      JSON.stringify((doc.paths[path]![method]!.requestBody as { content: Record<string, { schema: unknown }> }).content);
    for (const [path, method] of [
      ['/api/v1/product/add', 'post'],
      ['/api/v1/product/update/{id}', 'patch'],
    ] as const) {
      const body = bodyOf(path, method);
      for (const key of TRADE_KEYS) expect(body, `${method} ${path}`).toContain(`"${key}"`);
      // The trade messages in the form's message order.
      expect(body).toContain(M.moq);
    }
    const answer = JSON.stringify(doc.paths['/api/v1/product/{id}']!.get!.responses);
    for (const key of TRADE_KEYS) expect(answer).toContain(`"${key}"`);
    const query = doc.paths['/api/v1/product/all']!.get!.parameters!.map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['certification', 'organic']));
  });
});

describe('the products page', () => {
  it('is rendered and cached per certification and organic filter (shareable addresses), other parameters dropped', () => {
    expect(pageUrl('/products', '/products?certification=FSSAI&organic=true&utm_source=x')).toBe(
      '/products?certification=FSSAI&organic=true',
    );
  });
});
