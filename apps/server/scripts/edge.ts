/**
 * `npm run test:edge` (issue 42, item 4; docs/performance.md, "The edge"; run by .ci/run): a buyer
 * far from India, served by an edge cache near them. The compiled server (SQLite, the built web
 * app) sits 150 ms of round trip away from Debian's Varnish running deploy/varnish.vcl, and the
 * buyer 10 ms away from Varnish; each link is a delaying TCP proxy (harness.ts
 * startDelayingProxy: this machine's kernel has no netem). The server's purges cross the long link
 * too. Measured, and a goal missed fails the run (exit 1):
 *
 * - the home page, a product page and the product list answer the buyer in under 30 ms at p50
 *   from the edge, after a warm-up (and, for comparison, what they take without the edge);
 * - an owner's edit of a product (PATCH straight to the server) is seen at the edge within 2 s,
 *   on the product call and the product page;
 * - a signed-in buyer's private calls (profile, their quotes) still go to the server: their own
 *   data, at least the 150 ms of the long link, and Varnish says PASS; the public pages they open
 *   are the edge's (HIT), the same bytes anyone gets.
 *
 * Options: --keep leaves the work folder (logs, the generated VCL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API, type Product } from '@agro/shared';
import Database from 'better-sqlite3';
import { quoteBody } from '../test/fixtures.js';
import { call, cookieOf, freePort, productForm, ready, sleep, startDelayingProxy, startServer, until, type Proc } from './harness.js';

const FAR_RTT_MS = 150;
const NEAR_RTT_MS = 10;
const GOAL_P50_MS = 30;
const GOAL_VISIBLE_MS = 2000;
const SAMPLES = 40;
const ADMIN = { email: 'edge-admin@example.com', password: 'Edge!Admin#42' };
const BUYER = {
  fullName: 'Hanna Edgeworth',
  email: 'hanna.edgeworth@buyer.example',
  phoneNumber: '+49-40-1234567',
  password: 'Edge!Buyer#42',
};

const { values: opts } = parseArgs({ options: { keep: { type: 'boolean', default: false } }, strict: true });
const VCL = path.resolve(import.meta.dirname, '../../../deploy/varnish.vcl');
const VARNISHD = ['/usr/sbin/varnishd', '/usr/bin/varnishd'].find((p) => fs.existsSync(p));
const VARNISHSTAT = ['/usr/bin/varnishstat', '/usr/sbin/varnishstat'].find((p) => fs.existsSync(p));

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** One GET as the buyer's browser makes it: the time to the whole answer (ms), and the answer. */
async function timed(base: string, url: string, cookie?: string) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) } });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - started, status: res.status, headers: res.headers, body };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** deploy/varnish.vcl with its backend pointed at `port` (the far link). */
async function vclFor(work: string, port: number): Promise<string> {
  const text = await fsp.readFile(VCL, 'utf8');
  const backend = text.replace(/\.host = "[^"]*";/, '.host = "127.0.0.1";').replace(/\.port = "[^"]*";/, `.port = "${port}";`);
  if (!backend.includes(`.port = "${port}";`)) throw new Error(`${VCL}: no backend .port line to point at the test's server`);
  const file = path.join(work, 'varnish.vcl');
  await fsp.writeFile(file, backend);
  return file;
}

async function main(): Promise<void> {
  if (!VARNISHD) {
    console.error("test:edge: Debian's varnish is not installed (apt-get install varnish)");
    process.exit(2);
  }
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'agro-edge-'));
  const started = Date.now();
  let server: Proc | undefined;
  let varnish: ChildProcess | undefined;
  const closers: Array<() => Promise<void>> = [];
  try {
    const [serverPort, varnishPort] = await Promise.all([freePort(), freePort()]);
    // Varnish -> server, server -> Varnish (the purges), buyer -> Varnish.
    const far = await startDelayingProxy({ host: '127.0.0.1', port: serverPort }, FAR_RTT_MS);
    const purgeLink = await startDelayingProxy({ host: '127.0.0.1', port: varnishPort }, FAR_RTT_MS);
    const near = await startDelayingProxy({ host: '127.0.0.1', port: varnishPort }, NEAR_RTT_MS);
    closers.push(far.close, purgeLink.close, near.close);
    const SERVER = `http://127.0.0.1:${serverPort}`;
    const EDGE = `http://127.0.0.1:${near.port}`;
    const FAR = `http://127.0.0.1:${far.port}`;

    // The edge first, as in a deployment: the purges the server sends from its start (`pages`,
    // `settings`) find it there. Started after the server, Varnish (compiling its VCL on a loaded
    // machine takes seconds) refused them, and their retries, doubling, came after the wait below.
    varnish = spawn(
      VARNISHD,
      [
        '-F',
        '-j',
        'none',
        '-n',
        path.join(work, 'varnish'),
        '-a',
        `127.0.0.1:${varnishPort}`,
        '-f',
        await vclFor(work, far.port),
        '-s',
        'malloc,64m',
      ],
      { stdio: ['ignore', fs.openSync(path.join(work, 'varnishd.log'), 'a'), fs.openSync(path.join(work, 'varnishd.log'), 'a')] },
    );
    check(
      await until(
        'varnish answers',
        // Any answer: the server behind it is not started yet (a 503 from Varnish is an answer).
        async () => (await fetch(`http://127.0.0.1:${varnishPort}/robots.txt`).catch(() => undefined)) !== undefined,
        30_000,
      ),
      `Debian's varnishd runs deploy/varnish.vcl (backend ${FAR_RTT_MS} ms away)`,
    );

    server = startServer(
      'server',
      serverPort,
      {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'),
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Registration's proof of work and the rate limits have their own tests; the buyer here signs up once.
        ALTCHA_ENABLED: 'false',
        RATE_LIMIT_ENABLED: 'false',
        PASSWORD_HASH_COST: '12',
        EDGE_PURGE_URL: `http://127.0.0.1:${purgeLink.port}/`,
      },
      work,
    );
    check(await ready(server, 60_000), 'the compiled server is ready');

    // ---- the catalogue, as the owner makes it (straight to the server, in India) ----
    const adminCookie = cookieOf(await call(SERVER, 'POST', API.login, { body: ADMIN }));
    const products: Product[] = [];
    for (const [name, seeds] of [
      ['Edge Jaggery Blocks', [1, 2]],
      ['Edge Fried Onions', [3, 4]],
    ] as const) {
      const added = await call(SERVER, 'POST', API.addProduct, {
        cookie: adminCookie,
        form: await productForm(name, 'Made far away.', [...seeds]),
      });
      products.push(added.json.product as Product);
    }
    const product = products[0]!;
    check(
      products.every((p) => typeof p?._id === 'string'),
      'two products added by the owner',
    );
    // The product's address, as the sitemap gives it (/products/{slug}).
    const sitemap = (await call(SERVER, 'GET', '/sitemap.xml')).body.toString('utf8');
    const pageUrl = /<loc>http[^<]*?(\/products\/edge-jaggery[^<]*)<\/loc>/.exec(sitemap)?.[1] ?? `/products/description?id=${product._id}`;

    // The purges of the additions (and of the start) cross the long link: they are through before the edge is measured.
    const database = new Database(path.join(work, 'data', 'agro.sqlite'), { readonly: true, fileMustExist: true });
    closers.push(async () => {
      database.close();
    });
    const queuedPurges = () => (database.prepare('select count(*) as n from edge_purges').get() as { n: number }).n;
    check(await until('the purges sent', () => queuedPurges() === 0, 10_000, 50), 'the purges of the additions reached the edge');

    // ---- 1. public answers from the edge ----
    const targets = [
      { name: 'home', url: '/' },
      { name: 'a product page', url: pageUrl },
      { name: 'the product list', url: API.productList },
    ];
    console.log(`\n     p50 of ${SAMPLES} GETs as the buyer (${NEAR_RTT_MS} ms from the edge, the edge ${FAR_RTT_MS} ms from the server):`);
    for (const target of targets) {
      const first = await timed(EDGE, target.url);
      console.log(
        `     ${target.name.padEnd(18)} first answer ${first.ms.toFixed(1)} ms (${first.headers.get('x-cache')}: fetched over the long link)`,
      );
      for (let i = 0; i < 2; i += 1) await timed(EDGE, target.url);
      const fromEdge: number[] = [];
      const caches = new Set<string>();
      for (let i = 0; i < SAMPLES; i += 1) {
        const answer = await timed(EDGE, target.url);
        fromEdge.push(answer.ms);
        caches.add(answer.headers.get('x-cache') ?? '');
      }
      const withoutEdge: number[] = [];
      for (let i = 0; i < 10; i += 1) withoutEdge.push((await timed(FAR, target.url)).ms);
      const p50 = median(fromEdge);
      console.log(
        `     ${target.name.padEnd(18)} ${p50.toFixed(1).padStart(6)} ms from the edge (${[...caches].join(', ')}), ${median(withoutEdge).toFixed(1).padStart(6)} ms without it`,
      );
      check(
        p50 < GOAL_P50_MS && caches.size === 1 && caches.has('HIT'),
        `${target.name}: p50 ${p50.toFixed(1)} ms from the edge (goal < ${GOAL_P50_MS} ms), every answer a HIT`,
      );
    }

    // ---- 2. an owner's edit, seen at the edge ----
    const other = products[1]!;
    await timed(EDGE, API.product(other._id));
    const newName = `Edge Jaggery Blocks ${Date.now().toString(36)}`;
    const edited = await call(SERVER, 'PATCH', API.updateProduct(product._id), {
      cookie: adminCookie,
      form: [
        ['_id', product._id],
        ['productName', newName],
      ],
    });
    const editedAt = performance.now();
    check(edited.status === 200, 'the owner renames the product (PATCH to the server)');
    const seen: Record<string, number> = {};
    await until(
      'the edit at the edge',
      async () => {
        for (const [what, url] of [
          ['product call', API.product(product._id)],
          ['product page', pageUrl],
          ['product list', API.productList],
        ] as const) {
          if (seen[what] === undefined && (await timed(EDGE, url)).body.toString('utf8').includes(newName))
            seen[what] = performance.now() - editedAt;
        }
        return Object.keys(seen).length === 3;
      },
      10_000,
      20,
    );
    for (const what of ['product call', 'product page', 'product list']) {
      const ms = seen[what];
      check(
        ms !== undefined && ms < GOAL_VISIBLE_MS,
        `the edit seen at the edge on the ${what} after ${ms === undefined ? 'never' : `${ms.toFixed(0)} ms`} (goal < ${GOAL_VISIBLE_MS} ms)`,
      );
    }
    const untouched = await timed(EDGE, API.product(other._id));
    check(untouched.headers.get('x-cache') === 'HIT', "the other product's call stayed in the edge (only what changed was purged)");

    // ---- 3. a signed-in buyer ----
    const registered = await call(EDGE, 'POST', API.register, { body: BUYER });
    const buyerCookie = cookieOf(await call(EDGE, 'POST', API.login, { body: { email: BUYER.email, password: BUYER.password } }));
    const quote = await call(EDGE, 'POST', API.addQuote, {
      cookie: buyerCookie,
      body: quoteBody(product._id, { companyEmail: BUYER.email }),
    });
    check(
      registered.status === 200 && buyerCookie !== '' && quote.status === 200,
      'a buyer signs up, signs in and asks for a quote through the edge',
    );
    for (const [what, url] of [
      ['their profile', API.profile],
      ['their quotes', API.userQuotes],
    ] as const) {
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof timed>> | undefined;
      for (let i = 0; i < 5; i += 1) {
        last = await timed(EDGE, url, buyerCookie);
        times.push(last.ms);
      }
      const p50 = median(times);
      const own = last!.status === 200 && last!.body.toString('utf8').includes(BUYER.email);
      check(
        own && p50 >= FAR_RTT_MS && last!.headers.get('x-cache') === 'PASS',
        `${what} go to the server: their own data, p50 ${p50.toFixed(1)} ms (>= ${FAR_RTT_MS} ms), X-Cache ${last!.headers.get('x-cache')}, Age ${last!.headers.get('age')}`,
      );
    }
    const anonymousHome = await timed(EDGE, '/');
    const buyersHome = await timed(EDGE, '/', buyerCookie);
    check(
      buyersHome.headers.get('x-cache') === 'HIT' && buyersHome.body.equals(anonymousHome.body) && buyersHome.ms < GOAL_P50_MS * 2,
      `the signed-in buyer's home page comes from the edge (${buyersHome.headers.get('x-cache')}, ${buyersHome.ms.toFixed(1)} ms), the same bytes anyone gets`,
    );
    check(
      anonymousHome.headers.get('surrogate-key') === null && !(anonymousHome.headers.get('cache-control') ?? '').includes('s-maxage'),
      `the buyer gets no tags and no edge lifetime (Cache-Control: ${anonymousHome.headers.get('cache-control')})`,
    );
    // How many backend connections Varnish opened and how often it reused one: over a real long
    // link each opening costs a handshake's round trip more than through the proxy (docs/performance.md).
    const stats = await new Promise<string>((resolve) => {
      const out: Buffer[] = [];
      const stat = spawn(VARNISHSTAT ?? 'varnishstat', [
        '-n',
        path.join(work, 'varnish'),
        '-1',
        '-f',
        'MAIN.backend_conn',
        '-f',
        'MAIN.backend_reuse',
      ]);
      stat.stdout.on('data', (d: Buffer) => out.push(d));
      stat.on('close', () => resolve(Buffer.concat(out).toString('utf8')));
      stat.on('error', () => resolve(''));
    });
    const counter = (name: string) => /\s(\d+)\s/.exec(stats.split('\n').find((l) => l.startsWith(name)) ?? '')?.[1] ?? '?';
    console.log(`     Varnish's backend connections: ${counter('MAIN.backend_conn')} opened, ${counter('MAIN.backend_reuse')} reuses`);
  } finally {
    varnish?.kill('SIGTERM');
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    for (const close of closers) await close();
    await sleep(100);
    if (!opts.keep) await fsp.rm(work, { recursive: true, force: true });
    else console.log(`work folder kept: ${work}`);
  }
  console.log(
    `\n${failures.length === 0 ? 'all goals met' : `${failures.length} failed`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (failures.length > 0) process.exit(1);
}

await main();
