/**
 * The scale-out recipe of docs/deploy.md, proven on loopback: PostgreSQL (DATABASE_URL: a fresh
 * database is created in it), an S3-API server (s3rver), an SMTP server (smtp-server), two server
 * processes from the compiled build (apps/server/dist) started at the same moment on an empty
 * database, and Debian's nginx in front of them, round-robin. Then:
 *
 *   1. register and log in through process A, then every call of SPEC.md section 7 through nginx;
 *   2. an image uploaded through A is served by B (and the reverse);
 *   3. a rate limit trips across both processes;
 *   4. a mail queued by a process that is then SIGKILLed is sent by the other;
 *   5. 1,000 quotes through nginx while one process restarts: 1,000 rows, 0 lost, 0 duplicated mails.
 *
 *   DATABASE_URL=postgres://... npm run test:scale-out      (run by CI; needs nginx on PATH or /usr/sbin)
 *   add --quotes N, --keep (keep the temporary folder)
 *
 * Exit code 0 when every check passed.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API, type Product, type Quote } from '@agro/shared';
import pg from 'pg';
import { solveFor } from '../test/altcha-solver.js';
import { quoteBody as validQuote } from '../test/fixtures.js';
import { file, makeImage } from '../test/images-fixtures.js';
import { startS3Server, startSmtpServer } from '../test/servers.js';
import { call, cookieOf, freePort, productForm, ready, startNginx, startServer, until, type Answer, type Proc } from './harness.js';

const ADMIN = { email: 'scale-admin@example.com', password: 'Sc4le!Admin#1' };
const PASSWORD = 'Sc4le!Buyer#1';

const { values: opts } = parseArgs({
  options: { quotes: { type: 'string', default: '1000' }, keep: { type: 'boolean', default: false } },
  strict: true,
});
const QUOTES = Number(opts.quotes);
const BASE_URL = process.env.DATABASE_URL;
if (!BASE_URL?.startsWith('postgres')) {
  console.error('scale-out: set DATABASE_URL to a PostgreSQL server (a fresh database is created in it)');
  process.exit(2);
}

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

async function main(): Promise<void> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'agro-scale-out-'));
  const dbName = `scale_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(BASE_URL!);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined);

  const s3 = await startS3Server('scale-out-images');
  const smtp = await startSmtpServer();
  const procs: Proc[] = [];
  let nginx: ChildProcess | undefined;

  const env = (port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, `data-${port}`),
    WEB_DIST: path.join(work, 'no-web-build'),
    DATABASE_URL: databaseUrl,
    ...s3.env,
    SMTP_URL: smtp.url,
    MAIL_SECRET: 'scale-out-test-secret',
    MAIL_POLL_MS: '200',
    MAIL_RETRY_BASE_MS: '200',
    // Longer than any batch takes under this load, short enough for the SIGKILL check below.
    MAIL_LEASE_MS: '30000',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'true',
    RATE_LIMIT_AUTH_MAX: '10',
    // The load phase sends 1,000 quotes from one client.
    RATE_LIMIT_FORM_MAX: '100000',
    PASSWORD_HASH_COST: '12',
    LOG_LEVEL: 'warn',
  });

  const start = (name: string, port: number): Proc => startServer(name, port, env(port), work);

  try {
    // ---- start: two processes at once on an empty database ----
    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    procs.push(start('A', portA), start('B', portB));
    check((await ready(procs[0]!)) && (await ready(procs[1]!)), 'two processes started at once on an empty database are ready');
    const seeded = await db.query<{ n: string }>("select count(*) as n from app_meta where key = 'demo_seeded_at'");
    const products = await db.query<{ n: string }>('select count(*) as n from products');
    check(seeded.rows[0]!.n === '1' && Number(products.rows[0]!.n) > 0, `migrated and seeded once (${products.rows[0]!.n} demo products)`);
    const admins = await db.query<{ n: string }>("select count(*) as n from users where role = 'ADMIN'");
    check(admins.rows[0]!.n === '1', 'one admin account');

    // ---- nginx, round-robin ----
    nginx = await startNginx(work, proxyPort, [portA, portB]);
    const proxy = `http://127.0.0.1:${proxyPort}`;
    check(
      await until('nginx', async () => (await fetch(`${proxy}/healthz`).catch(() => undefined))?.ok === true, 20_000),
      'nginx answers in front of both',
    );
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i += 1) upstreams.add((await call(proxy, 'GET', '/healthz')).headers.get('x-upstream') ?? '');
    check(upstreams.size === 2, `round-robin over both processes (${[...upstreams].join(', ')})`);

    // ---- 1. every call of SPEC.md section 7 through the proxy ----
    const A = `http://127.0.0.1:${portA}`;
    const B = `http://127.0.0.1:${portB}`;
    const email = `buyer-${randomBytes(3).toString('hex')}@example.com`;
    // The proof of work solved on a challenge of B, accepted by A: the secret is the same everywhere.
    const challengeOfB = async (path: string) => (await call(B, 'GET', path)).json;
    const reg = await call(A, 'POST', API.register, {
      body: {
        fullName: 'Scale Buyer',
        email,
        phoneNumber: '+91-9876543210',
        password: PASSWORD,
        altcha: await solveFor('register', challengeOfB),
      },
    });
    const login = await call(A, 'POST', API.login, { body: { email, password: PASSWORD } });
    let user = cookieOf(login);
    check(reg.status === 200 && login.status === 200 && user !== '', 'register and log in through process A');
    const adminLogin = await call(A, 'POST', API.login, { body: ADMIN });
    const adminCookie = cookieOf(adminLogin);
    const spec: [string, Answer, number][] = [];
    const step = async (name: string, answer: Promise<Answer>, status = 200) => {
      const a = await answer;
      spec.push([name, a, status]);
      return a;
    };
    await step('profile', call(proxy, 'GET', API.profile, { cookie: user }));
    await step(
      'update',
      call(proxy, 'POST', API.updateProfile, { cookie: user, body: { fullName: 'Scale Buyer Two', email, phoneNumber: '+91-9876500000' } }),
    );
    await step(
      'change-password',
      call(proxy, 'POST', API.changePassword, { cookie: user, body: { oldPassword: PASSWORD, newPassword: `${PASSWORD}x` } }),
    );
    user = cookieOf(await step('login again', call(proxy, 'POST', API.login, { body: { email, password: `${PASSWORD}x` } })));
    await step(
      'forgot-password',
      call(proxy, 'POST', API.forgotPassword, { body: { email, altcha: await solveFor('forgot-password', challengeOfB) } }),
    );
    check(await until('reset mail', () => smtp.received.some((m) => m.to.includes(email)), 30_000), 'the reset mail arrives by SMTP');
    const resetMail = smtp.received.find((m) => m.to.includes(email));
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(resetMail?.raw.replace(/=\r?\n/g, '') ?? '')?.[1] ?? 'missing';
    await step('reset-password', call(proxy, 'PATCH', API.resetPassword(token), { body: { password: PASSWORD } }));
    user = cookieOf(await step('login after reset', call(proxy, 'POST', API.login, { body: { email, password: PASSWORD } })));
    const png = (seed: number) => makeImage('png', 800, 600, seed);
    const added = await step(
      'product add',
      call(proxy, 'POST', API.addProduct, {
        cookie: adminCookie,
        form: await productForm('Scale Jaggery', 'A product added through the proxy.', [11, 12]),
      }),
    );
    const product = (added.json.product ?? {}) as Product;
    await step('product all', call(proxy, 'GET', API.productList));
    await step('product one', call(proxy, 'GET', API.product(product._id)));
    await step(
      'product update',
      call(proxy, 'PATCH', API.updateProduct(product._id), {
        cookie: adminCookie,
        form: [
          ['_id', product._id],
          ['productForm', 'Cubes'],
        ],
      }),
    );
    const seen = await call(proxy, 'GET', API.product(product._id));
    check((seen.json.product as Product | undefined)?.productForm === 'Cubes', 'the edit shows at once through the proxy');
    await step(
      'contact',
      call(proxy, 'POST', API.addContact, {
        cookie: user,
        body: {
          fullName: 'Scale Buyer',
          email,
          companyName: 'Scale Co',
          country: 'India',
          productId: product._id,
          estimatedQuantity: 10,
          description: 'Through the proxy',
          productName: 'Scale Jaggery',
        },
      }),
    );
    const quoteBody = (info: string, productId = product._id) =>
      validQuote(productId, { companyName: 'Scale Foods', additionalInfo: info });
    const q = await step('quote add', call(proxy, 'POST', API.addQuote, { cookie: user, body: quoteBody('spec call') }));
    await step('quotes of user', call(proxy, 'GET', API.userQuotes, { cookie: user }));
    await step('quotes all', call(proxy, 'GET', API.allQuotes, { cookie: adminCookie }));
    await step('quote delete', call(proxy, 'DELETE', API.deleteQuote(((q.json.quote ?? {}) as Quote)._id), { cookie: adminCookie }));
    const gallery = await step(
      'gallery add',
      call(proxy, 'POST', API.addImages, {
        cookie: adminCookie,
        form: [
          ['galleryImages', file(await png(21))],
          ['galleryImages', file(await png(22))],
        ],
      }),
    );
    void gallery;
    const listed = await step('gallery all', call(proxy, 'GET', API.gallery));
    const images =
      (listed.json.galleryImages as { galleryImages: { _id: string; secure_url: string }[] }[] | undefined)?.[0]?.galleryImages ?? [];
    await step('gallery delete one', call(proxy, 'DELETE', API.deleteImage(images[0]?._id ?? 'x'), { cookie: adminCookie }));
    await step('gallery delete all', call(proxy, 'DELETE', API.deleteAllImages, { cookie: adminCookie }));
    await step('product delete', call(proxy, 'DELETE', API.deleteProduct(product._id), { cookie: adminCookie }));
    await step('logout', call(proxy, 'GET', API.logout, { cookie: user }));
    await step('profile after logout', call(proxy, 'GET', API.profile, { cookie: user }), 401);
    const bad = spec.filter(([, a, status]) => a.status !== status || (status === 200 && a.json.success !== true));
    for (const [name, a] of bad) console.log(`     ${name}: ${a.status} ${a.body.toString('utf8').slice(0, 200)}`);
    check(
      bad.length === 0,
      `every call of SPEC.md section 7 through the proxy (${spec.length} calls, ${new Set(spec.map(([, a]) => a.headers.get('x-upstream'))).size} processes answering)`,
    );
    user = cookieOf(await call(A, 'POST', API.login, { body: { email, password: PASSWORD } }));

    // ---- 2. an image uploaded through one process is served by the other ----
    const up = await call(A, 'POST', API.addImages, { cookie: adminCookie, form: [['galleryImages', file(await png(31))]] });
    const list = await call(B, 'GET', API.gallery);
    const img = ((list.json.galleryImages as { galleryImages: { secure_url: string }[] }[])[0]?.galleryImages ?? [])[0];
    const imgPath = img ? new URL(img.secure_url).pathname : '/uploads/none';
    const fromB = await call(B, 'GET', imgPath);
    const fromA = await call(A, 'GET', imgPath);
    check(
      up.status === 200 &&
        fromB.status === 200 &&
        fromB.body.equals(fromA.body) &&
        fromB.body.subarray(8, 12).toString() === 'WEBP' &&
        fromB.headers.get('cache-control') === 'public, max-age=31536000, immutable',
      'an image uploaded through A is served by B, same bytes, cached forever',
    );

    // ---- 3. a rate limit trips across both processes ----
    const statuses: number[] = [];
    const answeredBy = new Set<string>();
    for (let i = 0; i < 14; i += 1) {
      const a = await call(proxy, 'POST', API.login, {
        body: { email: 'nobody@example.com', password: 'Wr0ng!Pass' },
        headers: { 'x-forwarded-for': '198.51.100.77' },
      });
      statuses.push(a.status);
      answeredBy.add(a.headers.get('x-upstream') ?? '');
    }
    check(
      statuses.slice(0, 10).every((s) => s === 401) && statuses.slice(10).every((s) => s === 429) && answeredBy.size === 2,
      `10 logins allowed, then 429 from both processes (${statuses.join(' ')})`,
    );

    // ---- 4. a mail queued by a process that is then SIGKILLed is sent by the other ----
    smtp.failing = true;
    const contact = await call(A, 'POST', API.addContact, {
      cookie: user,
      body: {
        fullName: 'Kill Test',
        email,
        companyName: 'Kill Co',
        country: 'India',
        productId: (await db.query<{ id: string }>('select id from products limit 1')).rows[0]!.id,
        estimatedQuantity: 5,
        description: 'Queued before the kill',
        productName: 'x',
      },
    });
    const contactId = ((contact.json.contact ?? {}) as { _id?: string })._id ?? 'none';
    const killed = procs[0]!;
    killed.child.kill('SIGKILL');
    await killed.exited;
    const pendingAtKill = await db.query<{ n: string }>(
      "select count(*) as n from mail_outbox where dedupe_key like $1 and status = 'pending'",
      [`contact:${contactId}:%`],
    );
    smtp.failing = false;
    const sentByOther = await until(
      'mails of the killed process',
      async () => {
        const r = await db.query<{ n: string }>("select count(*) as n from mail_outbox where dedupe_key like $1 and status = 'sent'", [
          `contact:${contactId}:%`,
        ]);
        return r.rows[0]!.n === '2';
      },
      120_000,
    );
    const rowIds = (
      await db.query<{ id: string }>('select id from mail_outbox where dedupe_key like $1', [`contact:${contactId}:%`])
    ).rows.map((r) => r.id);
    const copies = smtp.received.filter((m) => rowIds.includes(m.outboxId)).length;
    check(
      contact.status === 200 && pendingAtKill.rows[0]!.n === '2' && sentByOther && copies === 2,
      `2 mails queued by A, A SIGKILLed before sending, B sent both (${copies} delivered)`,
    );
    procs[0] = start('A', portA);
    check(await ready(procs[0]), 'A restarts');

    // ---- two processes racing one Idempotency-Key: one quote, its two mails sent once ----
    const raceTag = `race-${randomBytes(3).toString('hex')}`;
    const raceProduct = (await db.query<{ id: string }>('select id from products order by id limit 1')).rows[0]!.id;
    const raced = await Promise.all(
      [A, B].map((base) =>
        call(base, 'POST', API.addQuote, { cookie: user, body: quoteBody(raceTag, raceProduct), headers: { 'idempotency-key': raceTag } }),
      ),
    );
    const raceRows = (await db.query<{ id: string }>('select id from quotes where additional_info = $1', [raceTag])).rows;
    const raceMailIds = async () =>
      (
        await db.query<{ id: string }>("select id from mail_outbox where dedupe_key like $1 and status = 'sent'", [
          `quote:${raceRows[0]?.id ?? 'none'}:%`,
        ])
      ).rows.map((r) => r.id);
    await until('the raced quote mails', async () => (await raceMailIds()).length === 2, 60_000);
    const raceIds = await raceMailIds();
    const raceCopies = raceIds.map((id) => smtp.received.filter((m) => m.outboxId === id).length);
    check(
      raced.every((a) => a.status === 200) &&
        raced[0]!.body.equals(raced[1]!.body) &&
        raced.some((a) => a.headers.get('idempotent-replayed') === 'true') &&
        raceRows.length === 1 &&
        raceCopies.length === 2 &&
        raceCopies.every((n) => n === 1),
      `one Idempotency-Key sent to A and B at once: ${raced.map((a) => a.status).join(' and ')}, ${raceRows.length} quote, mails delivered ${raceCopies.join(' and ')} time(s)`,
    );

    // ---- 5. 1,000 quotes through the proxy while one process restarts ----
    const before = smtp.received.length;
    const seededProduct = (await db.query<{ id: string }>('select id from products order by id limit 1')).rows[0]!.id;
    const tag = `load-${randomBytes(3).toString('hex')}`;
    let next = 0;
    const outcomes: number[] = [];
    const worker = async () => {
      while (next < QUOTES) {
        const i = next++;
        const a = await call(proxy, 'POST', API.addQuote, { cookie: user, body: quoteBody(`${tag} #${i}`, seededProduct) }).catch(
          () => undefined,
        );
        outcomes.push(a?.status ?? 0);
        if (a?.status !== 200 && outcomes.filter((o) => o !== 200).length <= 3)
          console.log(`     quote #${i}: ${a?.status ?? 'no answer'} ${a?.body.toString('utf8').slice(0, 200) ?? ''}`);
      }
    };
    const restart = (async () => {
      await until('a third of the quotes', () => outcomes.length >= QUOTES / 3, 120_000);
      const b = procs[1]!;
      b.child.kill('SIGTERM');
      await b.exited;
      procs[1] = start('B', portB);
      await ready(procs[1]);
      return outcomes.length;
    })();
    await Promise.all([...Array.from({ length: 20 }, worker), restart]);
    const restartedAt = await restart;
    const ok = outcomes.filter((s) => s === 200).length;
    const rows = await db.query<{ n: string }>('select count(*) as n from quotes where additional_info like $1', [`${tag} #%`]);
    check(
      ok === QUOTES && rows.rows[0]!.n === String(QUOTES),
      `${QUOTES} quotes through the proxy while B restarted (after ${restartedAt}): ${ok} acknowledged, ${rows.rows[0]!.n} rows, ${QUOTES - ok} failed`,
    );
    const mailsDone = await until(
      'every load mail',
      async () => {
        const r = await db.query<{ n: string }>("select count(*) as n from mail_outbox where status <> 'sent'");
        return r.rows[0]!.n === '0';
      },
      300_000,
    );
    const loadRows = await db.query<{ id: string }>(
      `select m.id from mail_outbox m join quotes q on (m.dedupe_key like 'quote:' || q.id || ':company:%' or m.dedupe_key like 'quote:' || q.id || ':buyer:%')
       where q.additional_info like $1`,
      [`${tag} #%`],
    );
    const delivered = new Map<string, number>();
    for (const m of smtp.received.slice(before)) delivered.set(m.outboxId, (delivered.get(m.outboxId) ?? 0) + 1);
    const counts = loadRows.rows.map((r) => delivered.get(r.id) ?? 0);
    const lost = counts.filter((n) => n === 0).length;
    const twice = counts.filter((n) => n > 1).length;
    check(
      mailsDone && loadRows.rows.length === 2 * QUOTES && lost === 0 && twice === 0,
      `${loadRows.rows.length} mails queued for the ${QUOTES} quotes: ${lost} lost, ${twice} sent twice`,
    );
  } finally {
    nginx?.kill('SIGTERM');
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.exited));
    await db.end();
    await s3.close();
    await smtp.close();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    if (opts.keep || failures.length > 0) console.log(`logs kept in ${work}`);
    else await fsp.rm(work, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.log(`\nscale-out: ${failures.length} check(s) failed`);
    process.exit(1);
  }
  console.log('\nscale-out: every check passed');
}

await main();
