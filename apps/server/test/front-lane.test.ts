/**
 * The front lane (speed/front-lane.ts) over real HTTP: a repeated GET of a cached public answer is
 * answered before Fastify routes it, with the very status, headers and bytes Fastify sent; a write
 * by any route or SQL statement shows at the next request; what the lane cannot answer exactly as
 * Fastify would (CORS, conditional requests, another Host) goes on to Fastify.
 */
import fs from 'node:fs/promises';
import { request } from 'node:http';
import { API, type Product } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { insertTestProduct, standInWebDist } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
let base: string;
let webDist: string;
let productId: string;

beforeAll(async () => {
  webDist = await standInWebDist();
  t = await buildTestApp({ WEB_DIST: webDist });
  productId = await insertTestProduct(t.db, { productName: 'Lane Jaggery', productDescription: 'Sweet. '.repeat(200) });
  await insertTestProduct(t.db, { productName: 'Lane Onions' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A GET over HTTP, the body as sent (not decoded). */
async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const sent: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (name !== 'date') sent[name] = String(value);
        resolve({ status: res.statusCode ?? 0, headers: sent, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same request answered by Fastify itself (inject never goes through the HTTP server's listener). */
async function fromFastify(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  // The same Host as the HTTP requests: image URLs are built on it.
  const res = await t.app.inject({ method: 'GET', url, headers: { host: new URL(base).host, ...headers } });
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (name !== 'date') sent[name] = String(value);
  return { status: res.statusCode, headers: sent, body: res.rawPayload };
}

/** A GET over HTTP, and how many requests the lane answered meanwhile. */
async function throughLane(url: string, headers: Record<string, string> = {}): Promise<[Answer, number]> {
  const before = t.app.frontLane.served;
  const answer = await get(url, headers);
  return [answer, t.app.frontLane.served - before];
}

/** Without the connection headers, which only HTTP (not inject) has. */
const comparable = ({ headers: { connection: _c, 'keep-alive': _k, ...rest } }: Answer) => rest;

const CACHED: Array<[string, () => string]> = [
  ['the product list', () => API.productList],
  ['a product', () => API.product(productId)],
  ['the gallery', () => API.gallery],
  ['the home page', () => '/'],
  ['the products page', () => '/products'],
  ['a product page', () => `/products/description?id=${productId}`],
  ['the sitemap', () => '/sitemap.xml'],
  ['an unknown page', () => '/no-such-page'],
];

describe('front lane', () => {
  for (const [name, url] of CACHED) {
    for (const encoding of [undefined, 'br', 'gzip']) {
      it(`answers ${name} (${encoding ?? 'plain'}) again exactly as Fastify does`, async () => {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        // Fastify answers first (and makes the compressed form; the first product page also gives
        // the products their addresses, a write: that answer is stale at once).
        await get(url(), headers);
        await get(url(), headers);
        await new Promise((resolve) => setTimeout(resolve, 20));
        const [lane, served] = await throughLane(url(), headers);
        expect(served).toBe(1);
        const fastify = await fromFastify(url(), headers);
        expect(lane.status).toBe(fastify.status);
        expect(comparable(lane)).toEqual(comparable(fastify));
        expect(lane.body.equals(fastify.body)).toBe(true);
      });
    }
  }

  it('answers a not-found page with its 404 and noindex', async () => {
    await get('/nothing-here');
    const [second, served] = await throughLane('/nothing-here');
    expect(served).toBe(1);
    expect(second.status).toBe(404);
    expect(second.headers['x-robots-tag']).toBe('noindex');
  });

  it('shows a write through the API, and one made behind it in SQL, at the next request', async () => {
    const admin = await t.loginAdmin();
    const id = await insertTestProduct(t.db, { productName: 'Short Lived' });
    const names = async () => JSON.parse((await get(API.productList)).body.toString()) as { products: Product[] };
    await get(API.productList);
    expect((await names()).products.map((p) => p.productName)).toContain('Short Lived');

    const removed = await t.app.inject({ method: 'DELETE', url: API.deleteProduct(id), headers: { cookie: admin.cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await names()).products.map((p) => p.productName)).not.toContain('Short Lived');

    await get(API.product(productId));
    await t.db.updateTable('products').set({ product_name: 'Renamed In SQL' }).where('id', '=', productId).execute();
    const renamed = JSON.parse((await get(API.product(productId))).body.toString()) as { product: Product };
    expect(renamed.product.productName).toBe('Renamed In SQL');
    const page = (await get(`/products/description?id=${productId}`)).body.toString();
    expect(page).toContain('Renamed In SQL');
  });

  it('leaves CORS, conditional requests and other hosts to Fastify', async () => {
    await get(API.gallery);
    const [first, served] = await throughLane(API.gallery);
    expect(served).toBe(1);
    const before = t.app.frontLane.served;
    const cors = await get(API.gallery, { origin: 'http://elsewhere.example' });
    expect(cors.status).toBe(200);
    const conditional = await get(API.gallery, { 'if-none-match': first.headers.etag! });
    expect(conditional.status).toBe(304);
    const otherHost = await get(API.gallery, { host: 'other.example' });
    expect(otherHost.status).toBe(200);
    expect(t.app.frontLane.served).toBe(before);
  });

  it('answers a GET that needs a session, asked without any cookie, with the 401 Fastify gives', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br, gzip' }] as Array<Record<string, string>>) {
      await get(API.profile, headers);
      const [lane, served] = await throughLane(API.profile, headers);
      expect(served).toBe(1);
      expect(lane.status).toBe(401);
      const fastify = await fromFastify(API.profile, headers);
      expect(comparable(lane)).toEqual(comparable(fastify));
      expect(lane.body.equals(fastify.body)).toBe(true);
    }
    // With a cookie (a session or not), and for a logged-in user, Fastify answers.
    const user = await t.loginUser();
    const before = t.app.frontLane.served;
    expect((await get(API.profile, { cookie: 'agro_session=forged' })).status).toBe(401);
    expect((await get(API.profile, { cookie: user.cookie })).status).toBe(200);
    expect(t.app.frontLane.served).toBe(before);
  });

  it('answers no other method', async () => {
    await get(API.productList);
    const before = t.app.frontLane.served;
    const head = await t.app.inject({ method: 'HEAD', url: API.productList });
    expect(head.statusCode).toBe(200);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}${API.productList}`, { method: 'HEAD' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(t.app.frontLane.served).toBe(before);
  });
});

describe('front lane: refusals of a route with a parameter', () => {
  it('refuses an unknown product id as the route does, and knows a product written behind the API at once', async () => {
    const unknown = newId();
    await get(API.product(newId()));
    const [lane, served] = await throughLane(API.product(unknown));
    expect(served).toBe(1);
    const fastify = await fromFastify(API.product(unknown));
    expect(lane.status).toBe(404);
    expect(comparable(lane)).toEqual(comparable(fastify));
    expect(lane.body.equals(fastify.body)).toBe(true);

    await insertTestProduct(t.db, { id: unknown, productName: 'Known At Once' });
    const known = await get(API.product(unknown));
    expect(known.status).toBe(200);
    expect(JSON.parse(known.body.toString())).toMatchObject({ product: { productName: 'Known At Once' } });
  });

  it('leaves the static routes beside the parameter, and malformed ids, to Fastify', async () => {
    await get(API.product(newId()));
    const before = t.app.frontLane.served;
    // Asked on a host the lane holds no list for: the list must not be taken for an unknown id.
    const list = await get(API.productList, { host: 'first-visit.example' });
    expect(list.status).toBe(200);
    expect((await get(`${API.productList.replace('/all', '/not-an-id')}`)).status).toBe(404);
    expect(t.app.frontLane.served).toBe(before);
  });
});
