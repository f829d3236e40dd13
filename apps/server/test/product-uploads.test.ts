/** Hostile uploads on every endpoint that takes images: a 4xx, and no row and no file left. */
import { API, SERVER_ERRORS, type Product } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { file, hostileUploads, makeImage, multipart, storageSnapshot, type FilePart, type FormValue } from './images-fixtures.js';

let t: TestApp;
let admin: TestUser;
let existing: Product;
let hostile: Awaited<ReturnType<typeof hostileUploads>>;

const textFields: [string, FormValue][] = [
  ['productName', 'Fried Onion Flakes'],
  ['productType', 'AGRO'],
  ['productQuantityType', 'KG'],
  ['productForm', 'Flakes'],
  ['productDescription', 'Crisp fried onions.'],
  ['productShelfLife', '9'],
  ['nutrientContent', 'Energy 550 kcal'],
  ['keyFeatures', 'Crunchy'],
  ['applications', 'Biryani'],
];

async function post(method: 'POST' | 'PATCH', url: string, entries: readonly (readonly [string, FormValue])[]) {
  const { payload, headers } = await multipart(entries);
  return t.app.inject({ method, url, payload, headers: { ...headers, cookie: admin.cookie } });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAdmin();
  hostile = await hostileUploads();
  const res = await post('POST', API.addProduct, [...textFields, ['productThumbnail', file(await makeImage('png', 80, 60, 1))]]);
  existing = res.json<{ product: Product }>().product;
});
afterAll(() => t.close());

/** Each way to put `bad` into a request, next to a valid image so the valid one would be written first. */
async function requests(bad: FilePart): Promise<{ name: string; run: () => ReturnType<typeof post> }[]> {
  const good = file(await makeImage('png', 90, 70, 2));
  return [
    { name: 'add: bad thumbnail', run: () => post('POST', API.addProduct, [...textFields, ['productThumbnail', bad]]) },
    {
      name: 'add: good thumbnail, bad product image',
      run: () => post('POST', API.addProduct, [...textFields, ['productThumbnail', good], ['productImages', bad]]),
    },
    {
      name: 'update: bad thumbnail',
      run: () =>
        post('PATCH', API.updateProduct(existing._id), [
          ['_id', existing._id],
          ['productImages', good],
          ['productThumbnail', bad],
        ]),
    },
    {
      name: 'gallery: one bad among good',
      run: () =>
        post('POST', API.addImages, [
          ['galleryImages', good],
          ['galleryImages', bad],
        ]),
    },
  ];
}

describe('hostile uploads', () => {
  it('refuses each one with a 4xx and leaves no row and no file', async () => {
    for (const { name, part, status } of hostile) {
      for (const request of await requests(part)) {
        const before = await storageSnapshot(t.db, t.config.uploadsDir);
        const started = Date.now();
        const res = await request.run();
        expect(res.statusCode, `${name} / ${request.name}: ${res.body}`).toBe(status);
        expect(res.json().success).toBe(false);
        expect(res.json().message).toBe(
          status === 415
            ? SERVER_ERRORS.notAnImage
            : name.startsWith('pixel bomb')
              ? SERVER_ERRORS.imageTooManyPixels
              : SERVER_ERRORS.fileTooLarge,
        );
        // A bomb is refused from its header, not after decoding 900 megapixels.
        if (name.startsWith('pixel bomb')) expect(Date.now() - started).toBeLessThan(2000);
        expect(await storageSnapshot(t.db, t.config.uploadsDir), `${name} / ${request.name}`).toEqual(before);
      }
    }
    const after = (await t.app.inject({ method: 'GET', url: API.product(existing._id) })).json<{ product: Product }>().product;
    expect(after).toEqual(existing);
  });

  it('refuses more than 20 files in one request with 413', async () => {
    const images = await Promise.all(Array.from({ length: 21 }, (_, i) => makeImage('png', 16, 16, 100 + i)));
    const before = await storageSnapshot(t.db, t.config.uploadsDir);
    const gallery = await post(
      'POST',
      API.addImages,
      images.map((data) => ['galleryImages', file(data)] as const),
    );
    expect(gallery.statusCode).toBe(413);
    expect(gallery.json()).toEqual({ success: false, message: SERVER_ERRORS.tooManyFiles });
    const product = await post('POST', API.addProduct, [
      ...textFields,
      ['productThumbnail', file(images[0]!)],
      ...images.slice(1).map((data) => ['productImages', file(data)] as const),
    ]);
    expect(product.statusCode).toBe(413);
    expect(product.json().message).toBe(SERVER_ERRORS.tooManyFiles);
    expect(await storageSnapshot(t.db, t.config.uploadsDir)).toEqual(before);

    // Exactly 20 is fine.
    const twenty = await post(
      'POST',
      API.addImages,
      images.slice(0, 20).map((data) => ['galleryImages', file(data)] as const),
    );
    expect(twenty.statusCode).toBe(200);
  });

  it('judges files by content, not by name or declared type', async () => {
    const jpegNamedGif = file(await makeImage('jpeg', 40, 40, 7), 'photo.gif', 'image/gif');
    const res = await post('POST', API.addImages, [['galleryImages', jpegNamedGif]]);
    expect(res.statusCode).toBe(200);
    for (const format of ['jpeg', 'webp', 'gif', 'avif'] as const) {
      const ok = await post('POST', API.addImages, [
        ['galleryImages', file(await makeImage(format, 40, 30, 8), `x.${format}`, 'application/octet-stream')],
      ]);
      expect(ok.statusCode, format).toBe(200);
    }
  });

  it('refuses an oversized text field with 413', async () => {
    const before = await storageSnapshot(t.db, t.config.uploadsDir);
    const res = await post('POST', API.addProduct, [
      ...textFields,
      ['productDescription', 'x'.repeat(70 * 1024)],
      ['productThumbnail', file(await makeImage('png', 20, 20, 9))],
    ]);
    expect(res.statusCode).toBe(413);
    expect(await storageSnapshot(t.db, t.config.uploadsDir)).toEqual(before);
  });
});
