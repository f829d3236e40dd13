import fs from 'node:fs';
import path from 'node:path';
import { API, SERVER_ERRORS, SUCCESS, type GalleryImage, type GalleryResponse, type Product } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { file, makeImage, multipart, storageSnapshot } from './images-fixtures.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let seed = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAdmin();
  user = await t.loginUser();
});
afterAll(() => t.close());

async function upload(count: number, cookie: string | null = admin.cookie, width = 120) {
  const entries = await Promise.all(
    Array.from(
      { length: count },
      async () => ['galleryImages', file(await makeImage('jpeg', width, 80, ++seed), `g${seed}.jpg`, 'image/jpeg')] as const,
    ),
  );
  const { payload, headers } = await multipart(entries);
  return t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

async function gallery(headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: API.gallery, headers });
}

const imagesOf = (body: GalleryResponse): GalleryImage[] => body.galleryImages[0]!.galleryImages;
const fileOf = (url: string) => path.join(t.config.uploadsDir, path.basename(new URL(url).pathname));
const del = (url: string, cookie: string | null = admin.cookie) =>
  t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

describe('gallery', () => {
  it('keeps the spec shape when empty: the first element holds the (empty) list', async () => {
    const res = await gallery();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SUCCESS.gallery, galleryImages: [{ _id: 'gallery', galleryImages: [] }] });
  });

  it('adds images for an ADMIN and lists them publicly in upload order', async () => {
    const res = await upload(3, admin.cookie, 1200);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GalleryResponse>();
    expect(body).toMatchObject({ success: true, message: SUCCESS.uploadImages });
    const added = imagesOf(body);
    expect(added).toHaveLength(3);
    for (const image of added) {
      expect(Object.keys(image).sort()).toEqual(['_id', 'height', 'secure_url', 'srcset', 'width']);
      expect(image._id).toMatch(/^[a-f0-9]{24}$/);
      expect(image.secure_url).toMatch(/^http:\/\/localhost(:\d+)?\/uploads\/[a-f0-9]{32}\.webp$/);
      expect(image).toMatchObject({ width: 1200, height: 80 });
      expect(image.srcset).toMatch(/ 480w, .* 960w, .* 1200w$/);
      expect(fs.existsSync(fileOf(image.secure_url))).toBe(true);
    }
    for (const cookie of [undefined, user.cookie]) {
      const list = await gallery(cookie ? { cookie } : {});
      expect(list.statusCode).toBe(200);
      expect(imagesOf(list.json<GalleryResponse>())).toEqual(added);
    }
    const second = imagesOf((await upload(1)).json<GalleryResponse>());
    expect(second.slice(0, 3)).toEqual(added);
    expect(second).toHaveLength(4);
  });

  it('answers 400 without files, 401 anonymously and 403 for a USER, storing nothing', async () => {
    const before = await storageSnapshot(t.db, t.config.uploadsDir);
    const { payload, headers } = await multipart([['note', 'no files here']]);
    const none = await t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ success: false, message: SERVER_ERRORS.noImages });
    const emptyFile = await multipart([['galleryImages', file(Buffer.alloc(0), '')]]);
    const unchosen = await t.app.inject({
      method: 'POST',
      url: API.addImages,
      payload: emptyFile.payload,
      headers: { ...emptyFile.headers, cookie: admin.cookie },
    });
    expect(unchosen.statusCode).toBe(400);
    expect((await upload(1, null)).statusCode).toBe(401);
    expect((await upload(1, user.cookie)).statusCode).toBe(403);
    expect(await storageSnapshot(t.db, t.config.uploadsDir)).toEqual(before);
  });

  it('deletes one image (404 when missing) and removes its files', async () => {
    const [first] = imagesOf((await gallery()).json<GalleryResponse>());
    expect(first).toBeDefined();
    expect((await del(API.deleteImage(first!._id), null)).statusCode).toBe(401);
    expect((await del(API.deleteImage(first!._id), user.cookie)).statusCode).toBe(403);
    const res = await del(API.deleteImage(first!._id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SUCCESS.deleteImage });
    expect(fs.existsSync(fileOf(first!.secure_url))).toBe(false);
    const srcsetFiles = first!.srcset!.split(',').map((s) => fileOf(s.trim().split(' ')[0]!));
    expect(srcsetFiles.some((f) => fs.existsSync(f))).toBe(false);
    expect(imagesOf((await gallery()).json<GalleryResponse>()).map((i) => i._id)).not.toContain(first!._id);

    for (const id of [first!._id, newId(), 'all-of-them']) {
      const missing = await del(API.deleteImage(id));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: SERVER_ERRORS.imageNotFound });
    }
  });

  it('keeps a file while another entry still uses the same picture', async () => {
    const same = await makeImage('png', 50, 50, 4242);
    const { payload, headers } = await multipart([
      ['galleryImages', file(same, 'a.png')],
      ['galleryImages', file(same, 'b.png')],
    ]);
    const list = imagesOf(
      (
        await t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie } })
      ).json<GalleryResponse>(),
    );
    const [a, b] = list.slice(-2);
    expect(a!.secure_url).toBe(b!.secure_url);
    expect(a!._id).not.toBe(b!._id);
    await del(API.deleteImage(a!._id));
    expect(fs.existsSync(fileOf(b!.secure_url))).toBe(true);
    await del(API.deleteImage(b!._id));
    expect(fs.existsSync(fileOf(b!.secure_url))).toBe(false);
  });

  it('ETag: 304 while unchanged, a new tag after add and delete', async () => {
    const first = await gallery();
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect((await gallery({ 'if-none-match': tag })).statusCode).toBe(304);
    await upload(1);
    const afterAdd = await gallery({ 'if-none-match': tag });
    expect(afterAdd.statusCode).toBe(200);
    const tag2 = afterAdd.headers.etag as string;
    const last = imagesOf(afterAdd.json<GalleryResponse>()).at(-1)!;
    await del(API.deleteImage(last._id));
    expect((await gallery({ 'if-none-match': tag2 })).statusCode).toBe(200);
  });

  it('deletes all images (not captured by delete/{id}) and their files, leaving product images alone', async () => {
    await upload(2);
    // A picture used by both the gallery and a product must outlive the gallery.
    const shared = file(await makeImage('png', 70, 70, 5151), 'shared.png');
    const sharedUpload = await multipart([['galleryImages', shared]]);
    await t.app.inject({
      method: 'POST',
      url: API.addImages,
      payload: sharedUpload.payload,
      headers: { ...sharedUpload.headers, cookie: admin.cookie },
    });
    const productForm = await multipart([
      ['productName', 'Shared Picture Product'],
      ['productType', 'NONAGRO'],
      ['productForm', 'Box'],
      ['productDescription', 'Uses a gallery picture.'],
      ['productShelfLife', '6'],
      ['keyFeatures', 'Strong'],
      ['applications', 'Storage'],
      ['productThumbnail', shared],
    ]);
    const product = await t.app.inject({
      method: 'POST',
      url: API.addProduct,
      payload: productForm.payload,
      headers: { ...productForm.headers, cookie: admin.cookie },
    });
    expect(product.statusCode, product.body).toBe(200);
    const thumbnailUrl = product.json<{ product: Product }>().product.productThumbnail.secure_url;
    const before = imagesOf((await gallery()).json<GalleryResponse>());
    expect(before.map((i) => i.secure_url)).toContain(thumbnailUrl);
    expect(before.length).toBeGreaterThan(0);
    expect((await del(API.deleteAllImages, null)).statusCode).toBe(401);
    expect((await del(API.deleteAllImages, user.cookie)).statusCode).toBe(403);
    expect(imagesOf((await gallery()).json<GalleryResponse>())).toHaveLength(before.length);

    const res = await del(API.deleteAllImages);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SUCCESS.deleteAllImages });
    expect((await gallery()).json()).toEqual({
      success: true,
      message: SUCCESS.gallery,
      galleryImages: [{ _id: 'gallery', galleryImages: [] }],
    });
    const gone = before.filter((i) => i.secure_url !== thumbnailUrl);
    expect(gone.some((i) => fs.existsSync(fileOf(i.secure_url)))).toBe(false);
    expect(fs.existsSync(fileOf(thumbnailUrl))).toBe(true);
    // The product's picture and its link-preview JPEG are all that is left.
    const thumbnailFile = path.basename(thumbnailUrl);
    expect(await storageSnapshot(t.db, t.config.uploadsDir)).toMatchObject({
      images: 1,
      gallery: 0,
      files: [thumbnailFile.replace(/\.webp$/, '.jpg'), thumbnailFile].sort(),
    });
    // Deleting an empty gallery is still a success.
    expect((await del(API.deleteAllImages)).statusCode).toBe(200);
  });
});

describe('image URLs with PUBLIC_URL', () => {
  it('builds secure_url on PUBLIC_URL whatever the Host header says', async () => {
    const other = await buildTestApp({ PUBLIC_URL: 'https://agro.example.com/' });
    try {
      const admin2 = await other.loginAdmin();
      const { payload, headers } = await multipart([['galleryImages', file(await makeImage('png', 30, 30, 77))]]);
      const res = await other.app.inject({
        method: 'POST',
        url: API.addImages,
        payload,
        headers: { ...headers, cookie: admin2.cookie, host: 'evil.example' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [image] = imagesOf(res.json<GalleryResponse>());
      expect(image!.secure_url).toMatch(/^https:\/\/agro\.example\.com\/uploads\/[a-f0-9]{32}\.webp$/);
    } finally {
      await other.close();
    }
  });
});
