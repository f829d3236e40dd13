import fs from 'node:fs';
import path from 'node:path';
import { API, SERVER_ERRORS, SUCCESS, VALIDATION, type Product } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { EDGE_CACHE_CONTROL } from '../src/speed/edge.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { file, makeImage, multipart, storageSnapshot, type FormValue } from './images-fixtures.js';

const R = VALIDATION.productRequired;

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let imageSeed = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAdmin();
  user = await t.loginUser();
});
afterAll(() => t.close());

/** A distinct PNG each call (distinct content hash). */
const nextImage = async (width = 64, height = 48) => file(await makeImage('png', width, height, ++imageSeed), `img-${imageSeed}.png`);

async function validFields(overrides: Record<string, string | string[] | undefined> = {}): Promise<[string, FormValue][]> {
  const base: Record<string, string | string[] | undefined> = {
    productName: 'Organic Jaggery Powder',
    productType: 'AGRO',
    productQuantityType: 'KG',
    productForm: 'Powder',
    productDescription: 'Unrefined cane jaggery from Kolhapur.',
    isOrganic: 'true',
    isPremium: 'false',
    productShelfLife: '12',
    nutrientContent: ['Iron 11 mg', 'Calcium 80 mg'],
    keyFeatures: ['Chemical free', 'Rich in minerals'],
    applications: ['Sweets', 'Tea'],
    ...overrides,
  };
  const entries: [string, FormValue][] = [];
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) entries.push([name, v]);
  }
  return entries;
}

async function send(
  method: 'POST' | 'PATCH',
  url: string,
  entries: readonly (readonly [string, FormValue])[],
  cookie: string | null = admin.cookie,
) {
  const { payload, headers } = await multipart(entries);
  return t.app.inject({ method, url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

async function addProduct(overrides: Record<string, string | string[] | undefined> = {}, images = 1): Promise<Product> {
  const entries = await validFields(overrides);
  entries.push(['productThumbnail', await nextImage()]);
  for (let i = 0; i < images; i += 1) entries.push(['productImages', await nextImage()]);
  const res = await send('POST', API.addProduct, entries);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ product: Product }>().product;
}

const uploadsPath = (url: string) => path.join(t.config.uploadsDir, path.basename(new URL(url).pathname));
const filesOf = (p: Product) =>
  [p.productThumbnail, ...p.productImages].flatMap((img) => [
    img.secure_url,
    ...(img.srcset ?? '')
      .split(',')
      .filter(Boolean)
      .map((s) => s.trim().split(' ')[0]!),
  ]);

describe('POST /api/v1/product/add', () => {
  it('adds a product for an ADMIN and answers it in the Product shape', async () => {
    const entries = await validFields();
    entries.push(
      ['productThumbnail', await nextImage(2000, 1000)],
      ['productImages', await nextImage()],
      ['productImages', await nextImage()],
    );
    const res = await send('POST', API.addProduct, entries);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: boolean; message: string; product: Product }>();
    expect(body.success).toBe(true);
    expect(body.message).toBe(SUCCESS.addProduct);
    const p = body.product;
    expect(Object.keys(p).sort()).toEqual(
      [
        '_id',
        'productName',
        'productType',
        'productQuantityType',
        'productForm',
        'productDescription',
        'nutrientContent',
        'isOrganic',
        'keyFeatures',
        'applications',
        'isPremium',
        'productShelfLife',
        'productThumbnail',
        'productImages',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(p).toMatchObject({
      productName: 'Organic Jaggery Powder',
      productType: 'AGRO',
      productQuantityType: 'KG',
      productForm: 'Powder',
      productDescription: 'Unrefined cane jaggery from Kolhapur.',
      nutrientContent: ['Iron 11 mg', 'Calcium 80 mg'],
      isOrganic: true,
      isPremium: false,
      productShelfLife: 12,
      keyFeatures: ['Chemical free', 'Rich in minerals'],
      applications: ['Sweets', 'Tea'],
    });
    expect(p._id).toMatch(/^[a-f0-9]{24}$/);
    expect(p.productImages).toHaveLength(2);
    // Large thumbnail: scaled to 1600 wide, with 480/960 renditions in srcset.
    expect(p.productThumbnail).toMatchObject({ width: 1600, height: 800 });
    expect(p.productThumbnail.secure_url).toMatch(/^http:\/\/localhost(:\d+)?\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(p.productThumbnail.srcset).toMatch(/ 480w, .* 960w, .* 1600w$/);
    expect(p.productImages[0]!.srcset).toBeUndefined();

    // Every URL is served, as WebP, cached forever.
    for (const url of filesOf(p)) {
      expect(fs.existsSync(uploadsPath(url))).toBe(true);
      const img = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('applies the defaults AGRO and NOS and keeps nutrients only for AGRO', async () => {
    const agro = await addProduct({ productType: undefined, productQuantityType: undefined });
    expect(agro.productType).toBe('AGRO');
    expect(agro.productQuantityType).toBe('NOS');
    expect(agro.nutrientContent).toEqual(['Iron 11 mg', 'Calcium 80 mg']);

    const other = await addProduct({ productType: 'NONAGRO', productQuantityType: 'NOS', productName: 'Steel Cutlery Set' }, 0);
    expect(other.productType).toBe('NONAGRO');
    expect(other.nutrientContent).toEqual([]);
    expect(other.productImages).toEqual([]);
    const empty = await addProduct({ productType: 'NONAGRO', nutrientContent: undefined, isOrganic: undefined, isPremium: 'on' }, 0);
    expect(empty).toMatchObject({ nutrientContent: [], isOrganic: false, isPremium: true });
  });

  it('accepts list fields sent as name[] and ignores blank entries', async () => {
    const p = await addProduct({ keyFeatures: undefined, 'keyFeatures[]': ['One', ' ', 'Two'] }, 0);
    expect(p.keyFeatures).toEqual(['One', 'Two']);
  });

  const invalid: [string, Record<string, string | string[] | undefined>, string, boolean?][] = [
    ['name missing', { productName: undefined }, R.productName],
    ['name blank', { productName: '   ' }, R.productName],
    ['form missing', { productForm: undefined }, R.productForm],
    ['description missing', { productDescription: undefined }, R.productDescription],
    ['shelf life missing', { productShelfLife: undefined }, R.productShelfLife],
    ['shelf life not a number', { productShelfLife: 'twelve' }, R.productShelfLife],
    ['shelf life 0', { productShelfLife: '0' }, VALIDATION.productShelfLifeMin],
    ['shelf life 0.5', { productShelfLife: '0.5' }, VALIDATION.productShelfLifeMin],
    ['AGRO without nutrients', { nutrientContent: undefined }, R.nutrientContent],
    ['key features missing', { keyFeatures: undefined }, R.keyFeatures],
    ['applications missing', { applications: [' '] }, R.applications],
    ['unknown product type', { productType: 'MINERAL' }, VALIDATION.invalidProductType],
    ['unknown quantity type', { productQuantityType: 'GALLON' }, VALIDATION.invalidQuantityType],
    ['thumbnail missing', {}, R.productThumbnail, false],
    // SPEC order: thumbnail comes before nutrients, key features and applications.
    ['thumbnail and nutrients missing', { nutrientContent: undefined }, R.productThumbnail, false],
    ['thumbnail and key features missing', { keyFeatures: undefined, nutrientContent: undefined }, R.productThumbnail, false],
    ['everything missing but the thumbnail', { productName: undefined, productForm: undefined, keyFeatures: undefined }, R.productName],
  ];
  it.each(invalid)('400 when %s, with nothing stored', async (_name, overrides, message, withThumbnail = true) => {
    const before = await storageSnapshot(t.db, t.config.uploadsDir);
    const entries = await validFields(overrides);
    if (withThumbnail) entries.push(['productThumbnail', await nextImage()]);
    entries.push(['productImages', await nextImage()]);
    const res = await send('POST', API.addProduct, entries);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await storageSnapshot(t.db, t.config.uploadsDir)).toEqual(before);
  });

  it('answers every message in SPEC order when the whole form is empty', async () => {
    const res = await send('POST', API.addProduct, [['productType', '']]);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string> }>();
    expect(body.message).toBe(R.productName);
    expect(body.errors).toMatchObject({
      productName: R.productName,
      productForm: R.productForm,
      productDescription: R.productDescription,
      productShelfLife: R.productShelfLife,
      productThumbnail: R.productThumbnail,
      keyFeatures: R.keyFeatures,
      applications: R.applications,
    });
  });

  it('answers 401 anonymously and 403 for a USER, storing nothing', async () => {
    const before = await storageSnapshot(t.db, t.config.uploadsDir);
    const entries = [...(await validFields()), ['productThumbnail', await nextImage()] as [string, FormValue]];
    const anonymous = await send('POST', API.addProduct, entries, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: SERVER_ERRORS.notLoggedIn });
    const asUser = await send('POST', API.addProduct, entries, user.cookie);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ success: false, message: SERVER_ERRORS.forbidden });
    expect(await storageSnapshot(t.db, t.config.uploadsDir)).toEqual(before);
  });
});

describe('GET /api/v1/product/all and /api/v1/product/{id}', () => {
  it('lists every product (newest first) for anyone, and one product by id', async () => {
    const a = await addProduct({ productName: 'List Product A' }, 0);
    const b = await addProduct({ productName: 'List Product B' }, 0);
    const count = Number(
      (
        await t.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const cookie of [undefined, user.cookie, admin.cookie]) {
      const res = await t.app.inject({ method: 'GET', url: API.productList, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; message: string; products: Product[] }>();
      expect(body).toMatchObject({ success: true, message: SUCCESS.productList });
      expect(body.products).toHaveLength(count);
      expect(body.products.findIndex((p) => p._id === b._id)).toBeLessThan(body.products.findIndex((p) => p._id === a._id));
    }
    const one = await t.app.inject({ method: 'GET', url: API.product(a._id) });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, message: SUCCESS.product, product: a });
  });

  it('paginates only when asked to', async () => {
    const all = (await t.app.inject({ method: 'GET', url: API.productList })).json<{ products: Product[] }>().products;
    const res = await t.app.inject({ method: 'GET', url: `${API.productList}?page=2&limit=2` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ products: Product[]; total: number; page: number; limit: number }>();
    expect(body).toMatchObject({ page: 2, limit: 2, total: all.length });
    expect(body.products.map((p) => p._id)).toEqual(all.slice(2, 4).map((p) => p._id));
    expect((await t.app.inject({ method: 'GET', url: `${API.productList}?limit=0` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${API.productList}?page=x` })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [newId(), 'not-an-id', "1' or '1'='1"]) {
      const res = await t.app.inject({ method: 'GET', url: API.product(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.productNotFound });
    }
  });

  it('builds absolute image URLs on the host the client used', async () => {
    const p = await addProduct({}, 0);
    const res = await t.app.inject({ method: 'GET', url: API.product(p._id), headers: { host: 'shop.example.test:8080' } });
    expect(res.json<{ product: Product }>().product.productThumbnail.secure_url).toMatch(
      /^http:\/\/shop\.example\.test:8080\/uploads\/[a-f0-9]{32}\.webp$/,
    );
  });
});

describe('ETag on the product list and detail', () => {
  it('answers 304 for the current ETag and a new ETag after every write', async () => {
    const p = await addProduct({}, 0);
    for (const url of [API.productList, API.product(p._id)]) {
      const first = await t.app.inject({ method: 'GET', url });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      // Browsers revalidate every time; an edge may keep it (speed/edge.ts).
      expect(first.headers['cache-control']).toBe(EDGE_CACHE_CONTROL);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': 'W/"something-else"' } });
      expect(other.statusCode).toBe(200);
    }
    const listTag = (await t.app.inject({ method: 'GET', url: API.productList })).headers.etag as string;
    const detailTag = (await t.app.inject({ method: 'GET', url: API.product(p._id) })).headers.etag as string;

    const update = await send('PATCH', API.updateProduct(p._id), [
      ['_id', p._id],
      ['productForm', 'Cubes'],
    ]);
    expect(update.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: API.productList, headers: { 'if-none-match': listTag } });
    expect(list.statusCode).toBe(200);
    expect(list.headers.etag).not.toBe(listTag);
    const detail = await t.app.inject({ method: 'GET', url: API.product(p._id), headers: { 'if-none-match': detailTag } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ product: Product }>().product.productForm).toBe('Cubes');

    const newTag = list.headers.etag as string;
    await addProduct({}, 0);
    expect((await t.app.inject({ method: 'GET', url: API.productList, headers: { 'if-none-match': newTag } })).statusCode).toBe(200);
  });
});

describe('PATCH /api/v1/product/update/{_id}', () => {
  it('changes only the non-empty fields sent', async () => {
    const p = await addProduct({}, 1);
    const res = await send('PATCH', API.updateProduct(p._id), [
      ['_id', p._id],
      ['productName', 'Renamed Jaggery'],
      ['productShelfLife', '18'],
      ['productDescription', ''],
      ['keyFeatures', ''],
      ['isPremium', 'true'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: boolean; message: string; product: Product }>();
    expect(body).toMatchObject({ success: true, message: SUCCESS.updateProduct });
    const { updatedAt, ...rest } = body.product;
    const { updatedAt: previous, ...before } = p;
    expect(rest).toEqual({ ...before, productName: 'Renamed Jaggery', productShelfLife: 18, isPremium: true });
    expect(updatedAt >= previous).toBe(true);
  });

  it('requires _id in the form data (not only in the URL)', async () => {
    const p = await addProduct({}, 0);
    const res = await send('PATCH', API.updateProduct(p._id), [['productName', 'No Id Sent']]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Product ID (_id) is required in FormData' });
    expect(res.json().message).toBe(VALIDATION.productIdRequired);
    const empty = await t.app.inject({ method: 'PATCH', url: API.updateProduct(p._id), headers: { cookie: admin.cookie } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(VALIDATION.productIdRequired);
    const mismatch = await send('PATCH', API.updateProduct(p._id), [
      ['_id', newId()],
      ['productName', 'Other'],
    ]);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(SERVER_ERRORS.productIdMismatch);
    const unknown = newId();
    const missing = await send('PATCH', API.updateProduct(unknown), [
      ['_id', unknown],
      ['productName', 'Ghost'],
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SERVER_ERRORS.productNotFound);
  });

  it('validates the fields it changes', async () => {
    const p = await addProduct({}, 0);
    const cases: [string, string, string][] = [
      ['productShelfLife', '0', VALIDATION.productShelfLifeMin],
      ['productType', 'MINERAL', VALIDATION.invalidProductType],
      ['productQuantityType', 'GALLON', VALIDATION.invalidQuantityType],
    ];
    for (const [field, value, message] of cases) {
      const res = await send('PATCH', API.updateProduct(p._id), [
        ['_id', p._id],
        [field, value],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const after = (await t.app.inject({ method: 'GET', url: API.product(p._id) })).json<{ product: Product }>().product;
    expect(after).toEqual(p);
  });

  it('clears nutrients when switching to NONAGRO and asks for them when switching back', async () => {
    const p = await addProduct({}, 0);
    const res = await send('PATCH', API.updateProduct(p._id), [
      ['_id', p._id],
      ['productType', 'NONAGRO'],
      ['nutrientContent', 'Kept?'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ product: Product }>().product).toMatchObject({ productType: 'NONAGRO', nutrientContent: [] });

    const back = await send('PATCH', API.updateProduct(p._id), [
      ['_id', p._id],
      ['productType', 'AGRO'],
    ]);
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(R.nutrientContent);
    const withNutrients = await send('PATCH', API.updateProduct(p._id), [
      ['_id', p._id],
      ['productType', 'AGRO'],
      ['nutrientContent', 'Iron'],
      ['nutrientContent', 'Zinc'],
    ]);
    expect(withNutrients.json<{ product: Product }>().product).toMatchObject({ productType: 'AGRO', nutrientContent: ['Iron', 'Zinc'] });
  });

  it('replaces the thumbnail and the image list, deleting the files nothing uses any more', async () => {
    const p = await addProduct({}, 2);
    const oldFiles = filesOf(p).map(uploadsPath);
    expect(oldFiles.every((f) => fs.existsSync(f))).toBe(true);
    const res = await send('PATCH', API.updateProduct(p._id), [
      ['_id', p._id],
      ['productThumbnail', await nextImage()],
      ['productImages', await nextImage()],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ product: Product }>().product;
    expect(updated.productThumbnail.secure_url).not.toBe(p.productThumbnail.secure_url);
    expect(updated.productImages).toHaveLength(1);
    expect(oldFiles.some((f) => fs.existsSync(f))).toBe(false);
    expect(
      filesOf(updated)
        .map(uploadsPath)
        .every((f) => fs.existsSync(f)),
    ).toBe(true);

    // A new thumbnail alone keeps the image list.
    const thumbOnly = await send('PATCH', API.updateProduct(p._id), [
      ['_id', p._id],
      ['productThumbnail', await nextImage()],
    ]);
    expect(thumbOnly.json<{ product: Product }>().product.productImages).toEqual(updated.productImages);
  });

  it('answers 401 anonymously and 403 for a USER', async () => {
    const p = await addProduct({}, 0);
    const entries: [string, FormValue][] = [
      ['_id', p._id],
      ['productName', 'Hijacked'],
    ];
    expect((await send('PATCH', API.updateProduct(p._id), entries, null)).statusCode).toBe(401);
    expect((await send('PATCH', API.updateProduct(p._id), entries, user.cookie)).statusCode).toBe(403);
    const after = (await t.app.inject({ method: 'GET', url: API.product(p._id) })).json<{ product: Product }>().product;
    expect(after.productName).toBe(p.productName);
  });
});

describe('DELETE /api/v1/product/delete/{id}', () => {
  it('deletes for an ADMIN, keeps quotes (product null) and removes images nothing else uses', async () => {
    const shared = await makeImage('png', 64, 48, 999);
    const entries = await validFields();
    entries.push(['productThumbnail', await nextImage()], ['productImages', file(shared, 'shared.png')]);
    const p = (await send('POST', API.addProduct, entries)).json<{ product: Product }>().product;
    // The same picture also hangs in the gallery: it must survive the product's deletion.
    const { payload, headers } = await multipart([['galleryImages', file(shared, 'shared.png')]]);
    expect(
      (await t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie } })).statusCode,
    ).toBe(200);

    const quoteId = newId();
    await t.db
      .insertInto('quotes')
      .values({
        id: quoteId,
        company_name: 'Buyer Company',
        contact_person_name: 'Buyer Person',
        company_email: 'buyer@example.com',
        mobile_number: '+44-1234567',
        country: 'UK',
        address: '1 Long Street, London',
        required_qty: 1000,
        packaging_type: 'PP_BAG',
        is_custom_packaging_required: 0,
        product_id: p._id,
        delivery_location: 'Port of London',
        is_urgent: 0,
        additional_info: '',
        heard_from: 'Google',
        quoted_by_email: user.email,
        user_id: user.user._id,
        created_at: new Date().toISOString(),
        reply_due_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .execute();

    expect((await t.app.inject({ method: 'DELETE', url: API.deleteProduct(p._id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: API.deleteProduct(p._id), headers: { cookie: user.cookie } })).statusCode).toBe(
      403,
    );

    const res = await t.app.inject({ method: 'DELETE', url: API.deleteProduct(p._id), headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SUCCESS.deleteProduct });

    expect(fs.existsSync(uploadsPath(p.productThumbnail.secure_url))).toBe(false);
    expect(fs.existsSync(uploadsPath(p.productImages[0]!.secure_url))).toBe(true);
    const thumbId = path.basename(new URL(p.productThumbnail.secure_url).pathname, '.webp');
    expect(await t.db.selectFrom('images').select('id').where('id', '=', thumbId).executeTakeFirst()).toBeUndefined();
    expect(
      (await t.db.selectFrom('quotes').select('product_id').where('id', '=', quoteId).executeTakeFirstOrThrow()).product_id,
    ).toBeNull();
    expect(await t.db.selectFrom('product_images').selectAll().where('product_id', '=', p._id).execute()).toEqual([]);

    expect((await t.app.inject({ method: 'GET', url: API.product(p._id) })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: API.deleteProduct(p._id), headers: { cookie: admin.cookie } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: SERVER_ERRORS.productNotFound });
    expect((await t.app.inject({ method: 'DELETE', url: API.deleteProduct('x'), headers: { cookie: admin.cookie } })).statusCode).toBe(404);
  });
});
