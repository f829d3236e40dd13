/**
 * What the bench and the profiler load: a seeded catalogue in a temporary DATA_DIR, the real
 * server started on it, and the list of requests real visitors (and junk traffic) send, each
 * with its goal as a share of the ceiling (docs/performance.md).
 */
import path from 'node:path';
import { isRecord } from './json.js';
import { run, startServer, tsNodeArgs, type ChildEnv, type Server } from './processes.js';

export const GALLERY_ENTRIES = 12;
/** Products of the demo catalogue `npm start` seeds (apps/server/src/seed/demo-data.ts). */
export const DEMO_SIZE = 5;

/** Goals: each target's req/s as a share of the ceiling serving the same bytes. */
export const GOAL = { html: 0.6, json: 0.6, image: 0.8, refusal: 0.5 };
export const P99_GOAL_MS = 20;

/** How a request is sent (GET with no headers and no body unless said otherwise). */
export interface RequestSpec {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request the bench loads, with the status it must answer and its goal. */
export interface Target extends RequestSpec {
  key: string;
  name: string;
  path: string;
  /** The share of the ceiling's req/s to reach. */
  goal: number;
  /** The status expected (200 unless said). */
  status?: number;
  /** The answer's size, set by startCeiling once it has captured the answer. */
  bytes?: number;
}

/** What bench/seed-catalogue.ts prints: a product in the middle, its page's slug, one stored image. */
export interface Seeded {
  productId: string;
  productSlug: string;
  imagePath: string;
}

function isSeeded(value: unknown): value is Seeded {
  return (
    isRecord(value) && typeof value.productId === 'string' && typeof value.productSlug === 'string' && typeof value.imagePath === 'string'
  );
}

/** Seed `size` products (and the gallery) into DATA_DIR; resolves to { productId, productSlug, imagePath }. */
export async function seedCatalogue(env: ChildEnv, size: number): Promise<Seeded> {
  const out = await run(process.execPath, tsNodeArgs('bench/seed-catalogue.ts', [String(size), String(GALLERY_ENTRIES)]), {
    capture: true,
    env,
  });
  const seeded: unknown = JSON.parse(out);
  if (!isSeeded(seeded)) throw new Error(`seed-catalogue.ts printed no { productId, productSlug, imagePath }: ${out}`);
  return seeded;
}

export interface BenchServerOptions {
  port: number;
  env: ChildEnv;
  /** The temporary DATA_DIR; the server's log goes there. */
  dataDir: string;
  nodeArgs?: string[];
  /** The compiled server, as `npm start` runs it (startServer). */
  compiled?: boolean;
}

/**
 * The server as the bench runs it: production mode, access log on (info), and a rate-limit
 * window of a day so the 429 target stays refused for the whole run (10 logins per window).
 */
export function startBenchServer({ port, env, dataDir, nodeArgs, compiled }: BenchServerOptions): Promise<Server> {
  return startServer({
    port,
    nodeArgs,
    compiled,
    logFile: path.join(dataDir, 'server.log'),
    env: { ...env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', RATE_LIMIT_WINDOW_MS: '86400000' },
  });
}

const BR = { 'accept-encoding': 'br' };
const LOGIN: RequestSpec = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password: 'not-the-password-1' }),
};

/**
 * Every target, keyed. `goal` is the share of the ceiling to reach; `status` the answer expected.
 * `html` pages are the public pages rendered on the server (cached per content version).
 */
export function targets(seeded: Seeded, { only }: { only?: string[] } = {}): Target[] {
  const all: Target[] = [
    { key: 'html-home', name: 'GET / (HTML)', path: '/', goal: GOAL.html },
    { key: 'html-products', name: 'GET /products (HTML)', path: '/products', goal: GOAL.html },
    {
      key: 'html-product',
      name: 'GET /products/description (HTML)',
      path: `/products/description?id=${seeded.productId}`,
      goal: GOAL.html,
    },
    { key: 'html-product-page', name: 'GET /products/{slug} (HTML)', path: `/products/${seeded.productSlug}`, goal: GOAL.html },
    { key: 'html-404', name: 'GET an unknown page (HTML, 404)', path: '/no-such-page', status: 404, goal: GOAL.html },
    { key: 'sitemap', name: 'GET /sitemap.xml', path: '/sitemap.xml', goal: GOAL.json },
    { key: 'html-gallery', name: 'GET /gallery (HTML)', path: '/gallery', goal: GOAL.html },
    { key: 'html-about', name: 'GET /about (HTML)', path: '/about', goal: GOAL.html },
    { key: 'html-privacy', name: 'GET /privacy (HTML)', path: '/privacy', goal: GOAL.html },
    { key: 'html-terms', name: 'GET /terms (HTML)', path: '/terms', goal: GOAL.html },
    { key: 'detail', name: 'GET /api/v1/product/{id}', path: `/api/v1/product/${seeded.productId}`, goal: GOAL.json },
    { key: 'detail-br', name: 'GET /api/v1/product/{id}, br', path: `/api/v1/product/${seeded.productId}`, headers: BR, goal: GOAL.json },
    { key: 'list', name: 'GET /api/v1/product/all', path: '/api/v1/product/all', goal: GOAL.json },
    { key: 'list-br', name: 'GET /api/v1/product/all, br', path: '/api/v1/product/all', headers: BR, goal: GOAL.json },
    { key: 'gallery', name: 'GET /api/v1/gallery/all', path: '/api/v1/gallery/all', goal: GOAL.json },
    { key: 'gallery-br', name: 'GET /api/v1/gallery/all, br', path: '/api/v1/gallery/all', headers: BR, goal: GOAL.json },
    { key: 'image', name: 'GET one product image (WebP)', path: seeded.imagePath, goal: GOAL.image },
    { key: '404', name: '404 unknown product id', path: '/api/v1/product/00000000000000000000000a', status: 404, goal: GOAL.refusal },
    { key: '401', name: '401 profile without a session', path: '/api/v1/user/profile', status: 401, goal: GOAL.refusal },
    { key: '429', name: '429 login over the limit', path: '/api/v1/user/login', ...LOGIN, status: 429, goal: GOAL.refusal },
  ];
  return only ? all.filter((t) => only.includes(t.key)) : all;
}
