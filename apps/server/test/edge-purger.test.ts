/**
 * The edge purger (speed/edge-purger.ts) against real HTTP servers standing in for Varnish: the
 * queued tags go out as PURGE with X-Purge-Keys to every edge, a failing edge gets them again after
 * a delay until it takes them, nothing is deleted before every edge said 2xx, and without an edge
 * the rows are dropped instead of piling up.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/mappers.js';
import { EDGE_MAX_AGE_SECONDS, EDGE_TAGS, PURGE_KEYS_HEADER, productTag } from '../src/speed/edge.js';
import { createEdgePurger, dayTurnPurge, queueEdgePurge } from '../src/speed/edge-purger.js';
import { buildTestApp, type TestApp } from './helper.js';

interface Edge {
  url: string;
  /** Each purge request: method, keys, and the status answered. */
  requests: Array<{ method: string; keys: string; status: number; at: number }>;
  /** Statuses to answer, in order; then 200. */
  failures: number[];
  close(): Promise<void>;
}

async function startEdge(failures: number[] = []): Promise<Edge> {
  const edge: Omit<Edge, 'url' | 'close'> = { requests: [], failures };
  const server = http.createServer((req, res) => {
    const status = edge.failures.shift() ?? 200;
    edge.requests.push({
      method: req.method ?? '',
      keys: String(req.headers[PURGE_KEYS_HEADER.toLowerCase()] ?? ''),
      status,
      at: Date.now(),
    });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...edge,
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
const logger = { warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Parameters<
  typeof createEdgePurger
>[0]['logger'];

beforeAll(async () => {
  t = await buildTestApp({ EDGE_PURGE_POLL_MS: '0' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('edge_purges').execute();
});

const rows = () => t.db.selectFrom('edge_purges').selectAll().execute();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('edge purger', () => {
  it('sends the queued tags as one PURGE to every edge, and deletes the rows once both took them', async () => {
    const [a, b] = await Promise.all([startEdge(), startEdge()]);
    const purger = createEdgePurger({ db: t.db, dialect: t.dialect, targets: [a.url, b.url], logger, pollMs: 0 });
    try {
      await queueEdgePurge(t.db, [productTag('abc'), EDGE_TAGS.products, EDGE_TAGS.products]);
      await purger.idle();
      for (const edge of [a, b]) {
        expect(edge.requests).toHaveLength(1);
        expect(edge.requests[0]!.method).toBe('PURGE');
        expect(edge.requests[0]!.keys.split(' ').sort()).toEqual([EDGE_TAGS.products, productTag('abc')].sort());
      }
      expect(await rows()).toEqual([]);
    } finally {
      await purger.close();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('tries a failing edge again with a growing delay until it takes the purge; nothing is lost meanwhile', async () => {
    const edge = await startEdge([503, 500]);
    const purger = createEdgePurger({ db: t.db, dialect: t.dialect, targets: [edge.url], logger, pollMs: 20, retryBaseMs: 100 });
    try {
      await queueEdgePurge(t.db, [EDGE_TAGS.gallery]);
      purger.kick();
      const deadline = Date.now() + 5000;
      while (edge.requests.length < 3 && Date.now() < deadline) await sleep(20);
      await purger.idle();
      expect(edge.requests.map((r) => r.status)).toEqual([503, 500, 200]);
      expect(edge.requests.every((r) => r.keys === EDGE_TAGS.gallery)).toBe(true);
      // About 100 ms, then about 200 ms (with up to 20% more): the delay doubles.
      const [first, second, third] = edge.requests.map((r) => r.at);
      expect(second! - first!).toBeGreaterThanOrEqual(95);
      expect(third! - second!).toBeGreaterThanOrEqual(195);
      expect(await rows()).toEqual([]);
    } finally {
      await purger.close();
      await edge.close();
    }
  });

  it('keeps the row while an edge is unreachable, with its error and attempts', async () => {
    const edge = await startEdge();
    await edge.close();
    const purger = createEdgePurger({ db: t.db, dialect: t.dialect, targets: [edge.url], logger, pollMs: 0, retryBaseMs: 60_000 });
    try {
      await queueEdgePurge(t.db, [EDGE_TAGS.settings]);
      await purger.idle();
      const [row] = await rows();
      expect(row).toMatchObject({ purge_key: EDGE_TAGS.settings, attempts: 1, locked_until: null });
      expect(row!.last_error).toContain(edge.url);
      expect(row!.next_attempt_at! > nowIso()).toBe(true);
    } finally {
      await purger.close();
    }
  });

  it('drops what an edge has let expire by itself, and everything when no edge is configured', async () => {
    const edge = await startEdge();
    const withEdge = createEdgePurger({ db: t.db, dialect: t.dialect, targets: [edge.url], logger, pollMs: 0 });
    const old = nowIso(Date.now() - (EDGE_MAX_AGE_SECONDS + 3600) * 1000);
    await t.db
      .insertInto('edge_purges')
      .values({ purge_key: 'products', created_at: old, next_attempt_at: nowIso(Date.now() + 60_000) })
      .execute();
    await withEdge.idle();
    expect(await rows()).toEqual([]);
    expect(edge.requests).toEqual([]);
    await withEdge.close();
    await edge.close();

    const noEdge = createEdgePurger({ db: t.db, dialect: t.dialect, targets: [], logger, pollMs: 0 });
    await queueEdgePurge(t.db, [EDGE_TAGS.products, EDGE_TAGS.gallery]);
    await noEdge.idle();
    expect(await rows()).toEqual([]);
    await noEdge.close();
  });

  it("queues the settings' purge once per turn of India's day, however many ticks, and none at the first run", async () => {
    const job = dayTurnPurge(t.db);
    const now = Date.parse('2026-11-28T20:00:00Z');
    // The first run ever: no day has turned since anything was cached.
    await job.run(now - 3 * 3600_000);
    expect(await rows()).toEqual([]);
    // 20:00 UTC + 5:30 is past India's midnight: a new day, a purge, once.
    await job.run(now);
    await job.run(now + 60_000);
    expect((await rows()).map((r) => r.purge_key)).toEqual([EDGE_TAGS.settings]);
  });
});
