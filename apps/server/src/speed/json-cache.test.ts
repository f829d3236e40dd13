import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { etagOf } from './etag.js';
import { JsonListWriter, KeyedVersions, sendCachedJson, serializeList, toCachedJson } from './json-cache.js';

const text = (pieces: readonly Buffer[]) => Buffer.concat(pieces).toString('utf8');

describe('serializeList', () => {
  it('writes the very bytes JSON.stringify writes, whatever the number of items', () => {
    const head = { success: true, message: 'Products fetched "ok" \u00e9\u20b9' };
    for (const n of [0, 1, 199, 200, 201, 450]) {
      const items = Array.from({ length: n }, (_, i) => ({ _id: String(i), name: `item ${i} \u2013 "x"`, list: [i, null, 'a'] }));
      expect(text(serializeList(head, 'products', items).pieces)).toBe(JSON.stringify({ ...head, products: items }));
    }
    expect(text(serializeList({}, 'products', [1, 2]).pieces)).toBe('{"products":[1,2]}');
  });

  it('joins a small list into one Buffer and leaves a large one in its pieces', () => {
    expect(serializeList({ a: 1 }, 'items', [1, 2, 3], 1).pieces).toHaveLength(1);
    const large = serializeList(
      { a: 1 },
      'items',
      Array.from({ length: 3000 }, () => 'x'.repeat(1000)),
      500,
    );
    expect(large.pieces.length).toBeGreaterThan(1);
  });
});

describe('sendCachedJson of a list kept in pieces', () => {
  const items = Array.from({ length: 3000 }, (_, i) => ({ _id: String(i), name: `item ${i} \u2013 ${'x'.repeat(600)}` }));
  const whole = JSON.stringify({ success: true, items });

  async function appWithList() {
    const writer = new JsonListWriter({ success: true }, 'items');
    for (let i = 0; i < items.length; i += 500) writer.add(items.slice(i, i + 500));
    const { pieces } = writer.finish();
    expect(pieces.length).toBeGreaterThan(1);
    const body = toCachedJson(pieces);
    const app = Fastify();
    app.get('/list', (request, reply) => sendCachedJson(request, reply, body));
    await app.ready();
    return app;
  }

  it('answers the same bytes, length, ETag and encodings as one Buffer would', async () => {
    const app = await appWithList();
    const plain = await app.inject({ url: '/list' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(whole);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(whole)));
    expect(plain.headers['transfer-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.etag).toBe(etagOf(whole));
    expect(plain.headers.etag).toBe(toCachedJson(whole).etag);

    const br = await app.inject({ url: '/list', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(whole);
    const gz = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(whole);

    const head = await app.inject({ method: 'HEAD', url: '/list' });
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(whole)));
    expect(head.body).toBe('');
    expect((await app.inject({ url: '/list', headers: { 'if-none-match': plain.headers.etag as string } })).statusCode).toBe(304);
    await app.close();
  });
});

describe('KeyedVersions with a byte budget', () => {
  function cacheOf(maxBytes: number) {
    const builds: string[] = [];
    const cache = new KeyedVersions<string>(10, undefined, { maxBytes, sizeOf: (value) => value.length });
    const get = (key: string, value: string, version = '1') =>
      cache.get(key, version, () => {
        builds.push(`${key}@${version}`);
        return Promise.resolve(value);
      });
    return { builds, get };
  }

  it('lets the least recently used values go above the budget', async () => {
    const { builds, get } = cacheOf(10);
    await get('a', 'aaaa');
    await get('b', 'bbbb');
    await get('a', 'aaaa');
    await get('c', 'cccc');
    await get('a', 'aaaa');
    expect(builds).toEqual(['a@1', 'b@1', 'c@1']);
    await get('b', 'bbbb');
    expect(builds).toEqual(['a@1', 'b@1', 'c@1', 'b@1']);
  });

  it('keeps the value built last even alone above the budget, and counts a replaced version no more', async () => {
    const { builds, get } = cacheOf(10);
    await get('a', 'aaaa');
    await get('big', 'x'.repeat(50));
    await get('big', 'x'.repeat(50));
    await get('a', 'aaaa');
    expect(builds).toEqual(['a@1', 'big@1', 'a@1']);

    const fresh = cacheOf(10);
    await fresh.get('a', 'aaaa', '1');
    await fresh.get('a', 'aaaa', '2');
    await fresh.get('b', 'bbbb');
    await fresh.get('a', 'aaaa', '2');
    expect(fresh.builds).toEqual(['a@1', 'a@2', 'b@1']);
  });
});
