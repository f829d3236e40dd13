/**
 * The cached JSON answers (product list, product, gallery): a write by ANY route, process or SQL
 * statement invalidates them; ETag/304; precompressed bodies identical to the plain one.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API, SERVER_ERRORS, type Product } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type DatabaseHandle } from '../src/db/index.js';
import { newId } from '../src/db/ids.js';
import { nowIso } from '../src/db/mappers.js';
import { pickEncoding } from '../src/speed/json-cache.js';
import { insertTestProduct } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('cached product list, product and gallery', () => {
  it('sees rows written behind the API (hand-written SQL) at once, with a new ETag', async () => {
    const before = await get(t.app, API.productList);
    const id = await insertTestProduct(t.db, { productName: 'Inserted By Hand' });
    const after = await get(t.app, API.productList, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<{ products: Product[] }>().products.map((p) => p._id)).toContain(id);

    const detail = await get(t.app, API.product(id));
    expect(detail.json<{ product: Product }>().product.productName).toBe('Inserted By Hand');
    await t.db.updateTable('products').set({ product_name: 'Renamed By Hand' }).where('id', '=', id).execute();
    const renamed = await get(t.app, API.product(id), { 'if-none-match': detail.headers.etag as string });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ product: Product }>().product.productName).toBe('Renamed By Hand');

    await t.db.deleteFrom('products').where('id', '=', id).execute();
    expect((await get(t.app, API.product(id))).statusCode).toBe(404);
    expect((await get(t.app, API.productList)).json<{ products: Product[] }>().products.map((p) => p._id)).not.toContain(id);
  });

  it('refuses an unknown id from memory, and knows an id written behind the API at once', async () => {
    const id = newId();
    const unknown = await get(t.app, API.product(id));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: SERVER_ERRORS.productNotFound });
    await insertTestProduct(t.db, { id, productName: 'Known Now' });
    const known = await get(t.app, API.product(id));
    expect(known.statusCode).toBe(200);
    expect(known.json<{ product: Product }>().product.productName).toBe('Known Now');
    await t.db.deleteFrom('products').where('id', '=', id).execute();
    expect((await get(t.app, API.product(id))).statusCode).toBe(404);
  });

  it('sees gallery rows written behind the API', async () => {
    const before = await get(t.app, API.gallery);
    const imageId = 'f'.repeat(32);
    await t.db
      .insertInto('images')
      .values({ id: imageId, file_name: `${imageId}.webp`, width: 10, height: 10, bytes: 100, variants: '[]', created_at: nowIso() })
      .execute();
    const entryId = newId();
    await t.db.insertInto('gallery_images').values({ id: entryId, image_id: imageId, created_at: nowIso() }).execute();
    const after = await get(t.app, API.gallery, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(entryId);
    expect((await get(t.app, API.gallery, { 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
  });

  it('sees writes made through another process sharing the database', async () => {
    // A second app on its own connection (SQLite) or pool (PostgreSQL, same schema) plays the other process.
    const schema =
      t.dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema
        : undefined;
    const handle: DatabaseHandle = createDatabase({
      databaseUrl: t.config.databaseUrl,
      sqliteFile: t.config.sqliteFile,
      pgSchema: schema,
      pgPoolSize: 2,
    });
    const other = await buildApp(t.config, { database: handle });
    try {
      const warm = await get(other, API.productList);
      expect(warm.statusCode).toBe(200);
      const id = await insertTestProduct(t.db, { productName: 'Added Elsewhere' });
      const seen = await get(other, API.productList, { 'if-none-match': warm.headers.etag as string });
      expect(seen.statusCode).toBe(200);
      expect(seen.body).toContain(id);
    } finally {
      await other.close();
      await handle.close();
    }
  });

  it('answers brotli or gzip bodies that decode to the plain one, and says it varies on Accept-Encoding', async () => {
    for (let i = 0; i < 4; i += 1) await insertTestProduct(t.db, { productName: `Bulk Product ${i}` });
    const plain = await get(t.app, API.productList);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(t.app, API.productList, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gz = await get(t.app, API.productList, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const refused = await get(t.app, API.productList, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('keeps image URLs per origin: a list built for one Host is not served to another', async () => {
    const a = await get(t.app, API.productList, { host: 'a.example.test' });
    const b = await get(t.app, API.productList, { host: 'b.example.test' });
    expect(a.body).toContain('http://a.example.test/uploads/');
    expect(b.body).toContain('http://b.example.test/uploads/');
    expect(b.body).not.toContain('a.example.test');
  });
});

describe('pickEncoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
  });
});
