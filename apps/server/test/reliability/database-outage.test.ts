/**
 * The database goes away and comes back (issue 24, item 1), against the real database:
 * - PostgreSQL behind a TCP proxy the test cuts, hangs and restores (a restart, a failover, a
 *   network that hangs), and the server's own connections terminated by an administrator (57P01,
 *   what `pg_ctl stop -m fast` sends; unhandled, it ended the process);
 * - SQLite with its write lock held by another connection (a long backup, another process).
 * No process exits (vitest fails a file on any unhandled error), calls that need the database
 * answer 503 with Retry-After and change nothing, cached public answers keep answering marked
 * stale, and within two seconds of the database's return everything answers normally.
 */
import http from 'node:http';
import { API, LANGUAGE_HEADER, SERVER_ERRORS } from '@agro/shared';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { STALE_HEADER, STALE_VALUE } from '../../src/speed/last-known.js';
import { insertTestProduct, quoteBody } from '../fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from '../helper.js';
import { TcpProxy } from '../tcp-proxy.js';

const databaseUrl = process.env.DATABASE_URL;
const METRICS_TOKEN = 'metrics-token-for-the-outage-test-0123';

/** Polls `url` until it answers 200; the milliseconds that took. */
async function msUntilReady(app: FastifyInstance, limitMs = 10_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    if (res.statusCode === 200) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`not ready after ${limitMs} ms: ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const askQuote = (t: TestApp, buyer: TestUser, productId: string) =>
  t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(productId), headers: { cookie: buyer.cookie } });

async function quoteCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('quotes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.databaseUnavailable });
}

/** PostgreSQL behind a TCP proxy the test cuts, hangs and restores, and the app built on it. */
async function appBehindProxy(env: Record<string, string> = {}): Promise<{ proxy: TcpProxy; t: TestApp }> {
  const url = new URL(databaseUrl!);
  const proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = proxy.address.host;
  url.port = String(proxy.address.port);
  return { proxy, t: await buildTestApp({ DATABASE_URL: url.toString(), ...env }) };
}

describe.skipIf(!databaseUrl)('PostgreSQL goes away and comes back', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let buyer: TestUser;
  let productId: string;

  beforeAll(async () => {
    ({ proxy, t } = await appBehindProxy({ METRICS_TOKEN }));
    buyer = await t.loginUser();
    productId = await insertTestProduct(t.db);
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
  });

  it('serves cached answers marked stale, refuses the rest with 503, writes nothing, and is back within 2 s', async () => {
    // Cached while the database answers.
    const list = await t.app.inject({ method: 'GET', url: API.productList });
    const detail = await t.app.inject({ method: 'GET', url: API.product(productId) });
    expect([list.statusCode, detail.statusCode]).toEqual([200, 200]);
    expect(list.headers[STALE_HEADER.toLowerCase()]).toBeUndefined();
    const before = await quoteCount(t);

    await proxy.cut();
    const staleList = await t.app.inject({ method: 'GET', url: API.productList });
    expect(staleList.statusCode).toBe(200);
    expect(staleList.headers[STALE_HEADER.toLowerCase()]).toBe(STALE_VALUE);
    expect(staleList.body).toBe(list.body);
    const staleDetail = await t.app.inject({ method: 'GET', url: API.product(productId) });
    expect(staleDetail.statusCode).toBe(200);
    expect(staleDetail.headers[STALE_HEADER.toLowerCase()]).toBe(STALE_VALUE);
    expect(staleDetail.body).toBe(detail.body);
    // A signed-in buyer's browser sends its session cookie with these calls too.
    const signedIn = await t.app.inject({ method: 'GET', url: API.productList, headers: { cookie: buyer.cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(list.body);

    // What needs the database: a session, a write, an answer never cached.
    expectUnavailable(await askQuote(t, buyer, productId));
    // Issue 45's calls: a request with lines, the quote list read and saved.
    const line = { productId, requiredQty: 1200, packagingType: 'PP_BAG', isCustomPackagingRequired: false };
    const withLines = { ...quoteBody(productId), items: [line] };
    expectUnavailable(await t.app.inject({ method: 'POST', url: API.addQuote, payload: withLines, headers: { cookie: buyer.cookie } }));
    expectUnavailable(await t.app.inject({ method: 'GET', url: API.quoteList, headers: { cookie: buyer.cookie } }));
    expectUnavailable(
      await t.app.inject({ method: 'PUT', url: API.quoteList, payload: { items: [line] }, headers: { cookie: buyer.cookie } }),
    );
    expectUnavailable(await t.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: buyer.cookie } }));
    expectUnavailable(await t.app.inject({ method: 'GET', url: API.gallery }));
    expectUnavailable(await t.app.inject({ method: 'POST', url: API.login, payload: { email: buyer.email, password: buyer.password } }));
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ success: false, message: 'not ready: database' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await proxy.restore();
    expect(await msUntilReady(t.app)).toBeLessThan(2000);
    const fresh = await t.app.inject({ method: 'GET', url: API.productList });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers[STALE_HEADER.toLowerCase()]).toBeUndefined();
    // Nothing of the refused quote was written; a new one goes through.
    expect(await quoteCount(t)).toBe(before);
    expect((await askQuote(t, buyer, productId)).statusCode).toBe(200);
    expect(await quoteCount(t)).toBe(before + 1);
  });

  it("refuses the languages' calls with 503 while it is away and changes nothing: the buyer's language, a product's translations", async () => {
    const admin = await t.loginAdmin();
    const arabic = await t.loginUser({}, { [LANGUAGE_HEADER]: 'ar' });
    const translations = {
      translations: { es: { productName: 'Panela natural', productDescription: '', keyFeatures: [], nutrientContent: [] } },
    };
    const putTranslations = () =>
      t.app.inject({
        method: 'PUT',
        url: API.updateProductTranslations(productId),
        payload: translations,
        headers: { cookie: admin.cookie },
      });
    // A page in Arabic, rendered (and kept) while the database answers.
    const page = await t.app.inject({ method: 'GET', url: `${API.productList}?lang=ar` });
    expect(page.statusCode).toBe(200);

    await proxy.cut();
    expectUnavailable(await t.app.inject({ method: 'GET', url: API.userLanguage, headers: { cookie: arabic.cookie } }));
    expectUnavailable(
      await t.app.inject({ method: 'PATCH', url: API.updateUserLanguage, payload: { language: 'de' }, headers: { cookie: arabic.cookie } }),
    );
    expectUnavailable(await putTranslations());
    const stale = await t.app.inject({ method: 'GET', url: `${API.productList}?lang=ar` });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers[STALE_HEADER.toLowerCase()]).toBe(STALE_VALUE);

    await proxy.restore();
    expect(await msUntilReady(t.app)).toBeLessThan(2000);
    // Nothing changed while it was away; both calls go through now.
    const language = await t.app.inject({ method: 'GET', url: API.userLanguage, headers: { cookie: arabic.cookie } });
    expect(language.json()).toMatchObject({ language: 'ar' });
    expect((await putTranslations()).statusCode).toBe(200);
  });

  it('survives its idle connections terminated by the server (57P01, as `pg_ctl stop -m fast` does)', async () => {
    // Fill the pool with idle connections, then have the server end them all.
    await Promise.all([1, 2, 3, 4].map(() => t.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: buyer.cookie } })));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // The test helper names each file's connections after its schema.
      const { rows: current } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const schema = current[0]!.schema;
      const { rows } = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
        [schema],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool's 'error' events were handled (else the process, and this file, would have died);
    // the next requests open new connections.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await t.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('ends a stream left early whose connection fails while its cursor closes', async () => {
    // Three rows read one at a time: after the first the cursor is suspended, and leaving the loop
    // closes it (Close and Sync, then a wait for the ReadyForQuery the cut connection never sends).
    const cut = proxy.cutWhenClientSends(isCursorClose);
    const stream = t.db.selectNoFrom(sql<number>`generate_series(1, 3)`.as('n')).stream(1);
    const rows = stream[Symbol.asyncIterator]();
    expect((await rows.next()).value).toEqual({ n: 1 });
    await rows.return?.();
    await cut;
    await proxy.restore();
    expect(await msUntilReady(t.app)).toBeLessThan(2000);
  }, 10_000);

  it("answers /metrics within 3 s while the database hangs: the pool's figures, the outbox's left unknown", async () => {
    const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    // The outbox read while the database answers (its count depends on the mails earlier tests queued).
    expect((await scrape()).body).toMatch(/^agro_mail_outbox_pending \d+$/m);
    proxy.hang();
    const started = Date.now();
    const res = await scrape();
    // Prometheus gives up on a scrape after 10 s by default: the process would look down with
    // every figure lost (pool, 503s, event-loop lag) exactly while the database is the problem.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^agro_db_pool_waiting \d+$/m);
    await proxy.restore();
  }, 30_000);

  it('ends in a 503 within a bounded time when the database hangs, and serves cached answers meanwhile', async () => {
    await t.app.inject({ method: 'GET', url: API.productList });
    proxy.hang();
    const started = Date.now();
    const [stale, refused] = await Promise.all([
      t.app.inject({ method: 'GET', url: API.productList }),
      t.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: buyer.cookie } }),
    ]);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers[STALE_HEADER.toLowerCase()]).toBe(STALE_VALUE);
    expectUnavailable(refused);
    // The pool's limits (docs/decisions/019): 20 s at the very most, far less here.
    expect(Date.now() - started).toBeLessThan(25_000);
    await proxy.restore();
    expect(await msUntilReady(t.app)).toBeLessThan(2000);
  }, 40_000);
});

/** What a download of `url` received, and whether it ended as HTTP says a whole body ends. */
interface Download {
  status: number;
  bytes: number;
  complete: boolean;
}

/**
 * Downloads `url`, reading its first piece, then nothing while `whilePaused` runs (the server's
 * writes fill the socket's buffers and wait), then the rest.
 */
function pausedDownload(url: string, cookie: string, whilePaused: () => Promise<void>): Promise<Download> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        let bytes = 0;
        let paused = false;
        const done = () => resolve({ status: res.statusCode ?? 0, bytes, complete: res.complete });
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (paused) return;
          paused = true;
          res.pause();
          whilePaused().then(() => res.resume(), reject);
        });
        res.on('end', done);
        // The server ended the connection mid-body: what came is all there is.
        res.on('error', done);
        res.on('aborted', done);
      })
      .on('error', reject);
  });
}

describe.skipIf(!databaseUrl)('PostgreSQL goes away during a CSV export', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ proxy, t } = await appBehindProxy());
    const buyer = await t.loginUser();
    const productId = await insertTestProduct(t.db);
    // One quote through the API, then 6,000 copies of its row with the longest note the form takes:
    // about 15 MB of CSV, several times what the sockets' buffers hold.
    const asked = await askQuote(t, buyer, productId);
    expect(asked.statusCode).toBe(200);
    const row = await t.db.selectFrom('quotes').selectAll().executeTakeFirstOrThrow();
    const start = Date.parse(row.created_at);
    for (let batch = 0; batch < 12; batch += 1) {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const at = start - (batch * 500 + i + 1) * 1000;
        return {
          ...row,
          id: newId(at),
          created_at: new Date(at).toISOString(),
          additional_info: 'x'.repeat(2000),
          trade_target_price_minor: row.trade_target_price_minor === null ? null : Number(row.trade_target_price_minor),
        };
      });
      await t.db.insertInto('quotes').values(rows).execute();
    }
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
  });

  /**
   * The database goes away during the download, as `cut` makes it go once its first piece came
   * (the download waits for `cut`, reading nothing meanwhile).
   */
  async function cutDuringExport(cut: () => Promise<void>): Promise<void> {
    const admin = await t.loginAdmin();
    const url = `${base}${API.exportQuotes}`;
    const cutOne = await pausedDownload(url, admin.cookie, cut);
    expect(cutOne.status).toBe(200);
    // Chunked, the body ends only with its last chunk: a browser marks this download failed.
    expect(cutOne.complete).toBe(false);
    // The process lives on: 503 while the database is away, then everything again.
    const away = await t.app.inject({ method: 'GET', url: API.exportQuotes, headers: { cookie: admin.cookie } });
    expectUnavailable(away);
    await proxy.restore();
    expect(await msUntilReady(t.app)).toBeLessThan(2000);
    const whole = await pausedDownload(url, admin.cookie, () => Promise.resolve());
    expect(whole).toMatchObject({ status: 200, complete: true });
    expect(whole.bytes).toBeGreaterThan(cutOne.bytes);
    expect(whole.bytes).toBeGreaterThan(12_000_000);
  }

  const cutAfter = (ms: number) => async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await proxy.cut();
  };

  // Each never ended before: pg-cursor's close() waited for a connection that was gone, and a read
  // whose connection failed after the batch's last row ignored the error (db/pg-cursor.ts).
  it('while it reads a batch: cuts the download (never a file that looks whole), keeps serving, exports again once back', async () => {
    await cutDuringExport(cutAfter(0));
  }, 30_000);

  it('while it waits for a slow reader: the same', async () => {
    // The server has sent what the sockets' buffers hold (about 4.6 MB here) and waits to write more.
    await cutDuringExport(cutAfter(300));
  }, 30_000);

  it('as a batch ends (the cursor closed, its last answer never comes): the same', async () => {
    // The next batch's end: pg-cursor has had its last row and the CommandComplete, sends Close and
    // Sync, and waits for the ReadyForQuery a database that went away never sends. The download
    // reads on at once, so the server keeps reading batches.
    await cutDuringExport(() => {
      void proxy.cutWhenClientSends(isCursorClose);
      return Promise.resolve();
    });
  }, 30_000);
});

/**
 * Whether `data` holds the Close of a cursor's portal, as pg-cursor names them ('C_<n>'): the
 * message 'C', its length, 'P' for a portal, the portal's name.
 */
function isCursorClose(data: Buffer): boolean {
  for (let at = data.indexOf('PC_'); at !== -1; at = data.indexOf('PC_', at + 1)) {
    if (at >= 5 && data[at - 5] === 0x43) return true;
  }
  return false;
}

describe.skipIf(Boolean(databaseUrl))('SQLite locked by another process', () => {
  let t: TestApp;
  let buyer: TestUser;
  let productId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await t.loginUser();
    productId = await insertTestProduct(t.db);
  });
  afterAll(() => t.close());

  it('refuses writes with 503 while the write lock is held, keeps reading, and writes again once it is free', async () => {
    await t.app.inject({ method: 'GET', url: API.productList });
    const before = await quoteCount(t);
    const other = new SQLite(t.config.sqliteFile);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expectUnavailable(await askQuote(t, buyer, productId));
      const list = await t.app.inject({ method: 'GET', url: API.productList });
      expect(list.statusCode).toBe(200);
      const mine = await t.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: buyer.cookie } });
      expect(mine.statusCode).toBe(200);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await msUntilReady(t.app)).toBeLessThan(2000);
    expect(await quoteCount(t)).toBe(before);
    expect((await askQuote(t, buyer, productId)).statusCode).toBe(200);
    expect(await quoteCount(t)).toBe(before + 1);
  });
});
