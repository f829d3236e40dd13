/**
 * Nothing lost under load or crashes: starts the real server (src/main.ts) on a temporary DATA_DIR
 * (SQLite), logs in a USER, posts quotes over many concurrent connections and checks that every
 * acknowledged quote is stored, through the API and in the database.
 *
 *   npm run test:load                        1,000 quotes over 50 connections
 *   npm run test:load -- --smtp slow         the same with an SMTP server that accepts and hangs
 *   npm run test:load -- --smtp down         ... or with nothing listening on SMTP_URL
 *   npm run test:load -- --backup            run `npm run backup` mid-load, restore it into a fresh
 *                                            DATA_DIR, start a second server on it: the quotes
 *                                            acknowledged before the backup began are all there
 *   npm run test:crash                       SIGKILL the server mid-load, restart it on the same
 *                                            DATA_DIR, PRAGMA integrity_check, every 2xx quote there
 *   add --long for 10,000 quotes (and 3 crash rounds); --quotes N, --connections N, --port N,
 *   --keep (keep the DATA_DIR) override.
 *
 * Exit code 0 when every check passed; the report goes to stdout.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { API, type Quote } from '@agro/shared';
import { solveFor } from '../test/altcha-solver.js';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'load-admin@example.com', password: 'L0ad!Admin#1' };
const BUYER = { fullName: 'Load Test Buyer', email: 'load-buyer@example.com', phoneNumber: '+91-9876543210', password: 'L0ad!Buyer#1' };

const { values: opts } = parseArgs({
  options: {
    quotes: { type: 'string' },
    connections: { type: 'string', default: '50' },
    crash: { type: 'boolean', default: false },
    long: { type: 'boolean', default: false },
    smtp: { type: 'string' },
    port: { type: 'string', default: '3600' },
    keep: { type: 'boolean', default: false },
    backup: { type: 'boolean', default: false },
  },
  strict: true,
});
const QUOTES = Number(opts.quotes ?? (opts.long ? 10_000 : 1_000));
const CONNECTIONS = Number(opts.connections);
const PORT = Number(opts.port);
const CRASH_ROUNDS = opts.crash ? (opts.long ? 3 : 1) : 0;
if (![QUOTES, CONNECTIONS, PORT].every((n) => Number.isInteger(n) && n > 0) || (opts.smtp && !['down', 'slow'].includes(opts.smtp))) {
  console.error('usage: load-quotes.ts [--quotes N] [--connections N] [--crash] [--long] [--smtp down|slow] [--port N] [--keep]');
  process.exit(2);
}

/** The server `call` talks to (the restored copy of the backup run listens on PORT + 1). */
let targetPort = PORT;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

interface Answer {
  status: number;
  body: string;
  ms: number;
  cookie?: string;
}

function call(
  method: string,
  url: string,
  body?: unknown,
  cookie?: string,
  extra: Record<string, string> = {},
  raw?: Buffer,
): Promise<Answer> {
  const payload = raw ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method,
        path: url,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...(cookie ? { cookie } : {}),
          ...extra,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie']?.find((c) => c.startsWith('agro_session='));
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
            ...(setCookie ? { cookie: setCookie.split(';')[0]! } : {}),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// ---- the server process ------------------------------------------------------------------------

interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
}

async function startServer(dataDir: string, env: Record<string, string>, port = PORT): Promise<Server> {
  targetPort = port;
  const { DATABASE_URL: _sqliteOnly, ...inherited } = process.env;
  const log = fs.openSync(path.join(dataDir, '..', 'server.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every request comes from one address here; per-IP limits would refuse the load itself.
      RATE_LIMIT_ENABLED: 'false',
      PASSWORD_HASH_COST: '12',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} during start-up (see server.log)`);
    const ok = await call('GET', API.productList).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, exited };
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** An SMTP "server" that accepts connections and never answers. */
async function stallingSmtp(): Promise<{ url: string; close: () => void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `smtp://127.0.0.1:${port}`;
}

// ---- set-up through the API --------------------------------------------------------------------

async function setUp(): Promise<{ cookie: string; productId: string }> {
  const admin = await call('POST', API.login, ADMIN);
  if (admin.status !== 200 || !admin.cookie) throw new Error(`admin login failed: ${admin.status} ${admin.body}`);
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a0522d' } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    productName: 'Load Test Jaggery',
    productType: 'AGRO',
    productQuantityType: 'KG',
    productForm: 'Blocks',
    productDescription: 'Made by the load test.',
    productShelfLife: '12',
    nutrientContent: 'Iron',
    keyFeatures: 'Natural',
    applications: 'Sweets',
  })) {
    form.append(k, v);
  }
  form.append('productThumbnail', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'thumb.png');
  const encoded = new Response(form);
  const product = await call(
    'POST',
    API.addProduct,
    undefined,
    admin.cookie,
    { 'content-type': encoded.headers.get('content-type')! },
    Buffer.from(await encoded.arrayBuffer()),
  );
  if (product.status !== 200) throw new Error(`product add failed: ${product.status} ${product.body}`);
  const productId = (JSON.parse(product.body) as { product: { _id: string } }).product._id;

  const altcha = await solveFor('register', async (path) => JSON.parse((await call('GET', path)).body) as unknown);
  const registered = await call('POST', API.register, { ...BUYER, altcha });
  if (registered.status !== 200 && registered.status !== 409) throw new Error(`register failed: ${registered.status} ${registered.body}`);
  const login = await call('POST', API.login, { email: BUYER.email, password: BUYER.password });
  if (login.status !== 200 || !login.cookie) throw new Error(`login failed: ${login.status} ${login.body}`);
  return { cookie: login.cookie, productId };
}

// ---- the load ----------------------------------------------------------------------------------

interface LoadResult {
  /** Marker -> quote id, for every 2xx. */
  acked: Map<string, string>;
  /** Markers sent without a 2xx (refused, or the connection died: may or may not be stored). */
  unacknowledged: string[];
  statuses: Map<string, number>;
  latencies: number[];
  seconds: number;
}

function quoteBody(productId: string, marker: string): Record<string, unknown> {
  return {
    companyName: 'Load Test Imports Ltd',
    contactPersonName: 'Load Tester',
    companyEmail: 'imports@load.example',
    mobileNumber: '+44-7700900123',
    country: 'United Kingdom',
    productId,
    requiredQty: 1000,
    packagingType: 'PP_BAG',
    deliveryLocation: 'Port of Felixstowe, UK',
    address: '1 Dock Road, Felixstowe IP11 3SY',
    heardFrom: 'Google',
    isCustomPackagingRequired: false,
    isUrgent: false,
    additionalInfo: marker,
  };
}

/**
 * Post `markers` as quotes over CONNECTIONS concurrent connections. `onAck` sees the running count
 * of 2xx answers (the crash run kills the server from there). A worker stops at its first
 * connection error: the server is gone, and a real client would not blindly retry a POST.
 */
async function load(
  markers: readonly string[],
  cookie: string,
  productId: string,
  onAck?: (acked: ReadonlyMap<string, string>) => void,
): Promise<LoadResult> {
  const result: LoadResult = { acked: new Map(), unacknowledged: [], statuses: new Map(), latencies: [], seconds: 0 };
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < markers.length) {
      const marker = markers[next++]!;
      try {
        const res = await call('POST', API.addQuote, quoteBody(productId, marker), cookie);
        result.latencies.push(res.ms);
        result.statuses.set(String(res.status), (result.statuses.get(String(res.status)) ?? 0) + 1);
        if (res.status >= 200 && res.status < 300) {
          result.acked.set(marker, (JSON.parse(res.body) as { quote: Quote }).quote._id);
          onAck?.(result.acked);
        } else {
          result.unacknowledged.push(marker);
        }
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? 'error';
        result.statuses.set(code, (result.statuses.get(code) ?? 0) + 1);
        result.unacknowledged.push(marker);
        // The rest of this worker's share is not sent (a dead server); others stop the same way.
        while (next < markers.length) result.unacknowledged.push(markers[next++]!);
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

function describeLoad(name: string, r: LoadResult): string {
  const statuses = [...r.statuses].map(([k, v]) => `${k}: ${v}`).join(', ');
  return (
    `${name}: ${r.acked.size} acknowledged in ${r.seconds.toFixed(1)} s (${(r.acked.size / r.seconds).toFixed(0)} quotes/s); ` +
    `latency p50 ${percentile(r.latencies, 50).toFixed(0)} ms, p99 ${percentile(r.latencies, 99).toFixed(0)} ms, max ${percentile(r.latencies, 100).toFixed(0)} ms; ${statuses}`
  );
}

// ---- checks ------------------------------------------------------------------------------------

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** Quotes of the buyer as the API lists them: marker -> id. */
async function quotesViaApi(cookie: string): Promise<Map<string, string>> {
  const res = await call('GET', API.userQuotes, undefined, cookie);
  if (res.status !== 200) throw new Error(`getQuoteByUser failed: ${res.status} ${res.body.slice(0, 200)}`);
  const quotes = (JSON.parse(res.body) as { quotes: Quote[] }).quotes;
  return new Map(quotes.map((q) => [q.additionalInfo, q._id]));
}

/** The same from the database file, plus its integrity. */
function quotesInDb(sqliteFile: string): { byMarker: Map<string, string>; rows: number; integrity: string } {
  const db = new SQLite(sqliteFile);
  try {
    db.pragma('busy_timeout = 10000');
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    const rows = db
      .prepare('SELECT q.id, q.additional_info FROM quotes q JOIN users u ON u.id = q.user_id WHERE u.email = ?')
      .all(BUYER.email) as { id: string; additional_info: string }[];
    return { byMarker: new Map(rows.map((r) => [r.additional_info, r.id])), rows: rows.length, integrity };
  } finally {
    db.close();
  }
}

function sameEntries(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

// ---- runs --------------------------------------------------------------------------------------

async function plainRun(dataDir: string, env: Record<string, string>): Promise<void> {
  const server = await startServer(dataDir, env);
  try {
    const { cookie, productId } = await setUp();
    const markers = Array.from({ length: QUOTES }, (_, i) => `load-${i}`);
    let backup: Promise<{ before: Map<string, string>; output: string }> | undefined;
    const result = await load(markers, cookie, productId, (acked) => {
      if (opts.backup && !backup && acked.size >= QUOTES / 3) {
        const before = new Map(acked);
        backup = backupCli(dataDir, ['--to', path.join(dataDir, '..', 'backup')]).then((output) => ({ before, output }));
      }
    });
    console.log(describeLoad(`${QUOTES} quotes over ${CONNECTIONS} connections${opts.smtp ? ` (SMTP ${opts.smtp})` : ''}`, result));
    check(result.acked.size === QUOTES, `all ${QUOTES} quotes acknowledged (got ${result.acked.size})`);
    const api = await quotesViaApi(cookie);
    check(sameEntries(api, result.acked), `the API lists exactly the ${result.acked.size} acknowledged quotes (lists ${api.size})`);
    const db = quotesInDb(path.join(dataDir, 'agro.sqlite'));
    check(db.rows === QUOTES && sameEntries(db.byMarker, result.acked), `the database holds exactly those quotes (${db.rows} rows)`);
    check(db.integrity === 'ok', `PRAGMA integrity_check: ${db.integrity}`);
    if (opts.smtp) {
      // Mail is sent after the answer: a dead or hanging mail server must not show in latency.
      const p99 = percentile(result.latencies, 99);
      check(p99 < 2000, `p99 latency with SMTP ${opts.smtp} stays low (${p99.toFixed(0)} ms < 2000 ms)`);
    }
    if (backup) await checkBackup(dataDir, env, cookie, await backup);
  } finally {
    await stopServer(server);
    targetPort = PORT;
  }
}

const run = promisify(execFile);
/** `npm run backup` / `npm run restore` (the same command, without npm's start-up cost). */
async function backupCli(dataDir: string, args: string[]): Promise<string> {
  const { DATABASE_URL: _sqliteOnly, ...env } = process.env;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...env, DATA_DIR: dataDir },
  });
  return stdout.trim();
}

/** Restore the mid-load backup into a fresh DATA_DIR and serve it on PORT + 1. */
async function checkBackup(
  dataDir: string,
  env: Record<string, string>,
  cookie: string,
  backup: { before: Map<string, string>; output: string },
) {
  console.log(backup.output);
  const backupDir = path.join(dataDir, '..', 'backup');
  const manifest = JSON.parse(await fsp.readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as { rows: Record<string, number> };
  const restoredDir = path.join(dataDir, '..', 'restored');
  console.log(await backupCli(restoredDir, ['--restore', '--from', backupDir]));
  const copy = await startServer(restoredDir, env, PORT + 1);
  try {
    const api = await quotesViaApi(cookie);
    const missing = [...backup.before].filter(([k, v]) => api.get(k) !== v);
    check(
      missing.length === 0,
      `backup taken mid-load: the restored server lists all ${backup.before.size} quotes acknowledged before it began (${missing.length} missing)`,
    );
    check(
      api.size === manifest.rows.quotes,
      `the restored server lists exactly the snapshot's ${manifest.rows.quotes} quotes (${api.size})`,
    );
    const db = quotesInDb(path.join(restoredDir, 'agro.sqlite'));
    check(db.integrity === 'ok', `restored database PRAGMA integrity_check: ${db.integrity}`);
  } finally {
    await stopServer(copy);
  }
}

async function crashRun(dataDir: string, env: Record<string, string>): Promise<void> {
  let server = await startServer(dataDir, env);
  const { cookie, productId } = await setUp();
  const everAcked = new Map<string, string>();
  let sent = 0;
  try {
    for (let round = 1; round <= CRASH_ROUNDS; round += 1) {
      const markers = Array.from({ length: QUOTES }, (_, i) => `crash-${round}-${i}`);
      // Kill somewhere between a fifth and two thirds of the way, never at the same point twice.
      const killAt = Math.floor(QUOTES * (0.2 + Math.random() * 0.45));
      let killed = false;
      const victim = server;
      const result = await load(markers, cookie, productId, (acked) => {
        if (!killed && acked.size >= killAt) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      });
      await victim.exited;
      sent += markers.length;
      console.log(describeLoad(`round ${round}: SIGKILL after ${killAt} acknowledgements`, result));
      check(
        killed && result.acked.size < QUOTES,
        `round ${round}: the server died mid-load (${result.acked.size} of ${QUOTES} acknowledged)`,
      );
      for (const [k, v] of result.acked) everAcked.set(k, v);

      // The file as the crash left it (opening it replays the write-ahead log, as a restart does).
      const afterCrash = quotesInDb(path.join(dataDir, 'agro.sqlite'));
      check(afterCrash.integrity === 'ok', `round ${round}: PRAGMA integrity_check after SIGKILL: ${afterCrash.integrity}`);
      const lost = [...everAcked].filter(([k, v]) => afterCrash.byMarker.get(k) !== v);
      check(
        lost.length === 0,
        `round ${round}: every acknowledged quote survived the crash (${everAcked.size} acknowledged, ${lost.length} lost)`,
      );
      const extra = afterCrash.rows - everAcked.size;
      // Requests in flight at the kill may have committed without their answer reaching us.
      check(
        extra >= 0 && extra <= CONNECTIONS * round,
        `round ${round}: ${extra} unacknowledged quotes stored (in flight at the kill, at most ${CONNECTIONS} per round)`,
      );

      server = await startServer(dataDir, env);
      const api = await quotesViaApi(cookie);
      check(
        [...everAcked].every(([k, v]) => api.get(k) === v),
        `round ${round}: after the restart the API lists every acknowledged quote (${api.size} listed)`,
      );
    }

    // The restarted server takes the rest of the load normally.
    const rest = Array.from({ length: Math.min(QUOTES, 500) }, (_, i) => `after-${i}`);
    const before = quotesInDb(path.join(dataDir, 'agro.sqlite')).rows;
    const result = await load(rest, cookie, productId);
    console.log(describeLoad('after the restarts', result));
    const final = quotesInDb(path.join(dataDir, 'agro.sqlite'));
    check(
      result.acked.size === rest.length && final.rows === before + rest.length,
      `after the restarts: ${rest.length} more quotes, all stored (${final.rows} rows)`,
    );
    check(final.integrity === 'ok', `final PRAGMA integrity_check: ${final.integrity}`);
    console.log(`sent ${sent + rest.length} quotes in total`);
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'agro-load-'));
  const dataDir = path.join(root, 'data');
  await fsp.mkdir(dataDir);
  let smtp: { close: () => void } | undefined;
  const env: Record<string, string> = {};
  if (opts.smtp === 'slow') {
    const stalling = await stallingSmtp();
    smtp = stalling;
    env.SMTP_URL = stalling.url;
  } else if (opts.smtp === 'down') {
    env.SMTP_URL = await closedPortUrl();
  }
  console.log(`${opts.crash ? 'crash' : 'load'} run on ${dataDir} (port ${PORT})`);
  try {
    if (opts.crash) await crashRun(dataDir, env);
    else await plainRun(dataDir, env);
  } catch (err) {
    failures.push(err instanceof Error ? err.message : String(err));
    console.error(err);
  } finally {
    smtp?.close();
    agent.destroy();
    if (failures.length > 0) {
      const log = await fsp.readFile(path.join(root, 'server.log'), 'utf8').catch(() => '');
      console.error(`--- last lines of server.log ---\n${log.split('\n').slice(-30).join('\n')}`);
    }
    if (opts.keep) console.log(`kept ${root}`);
    else await fsp.rm(root, { recursive: true, force: true });
  }
  console.log(failures.length === 0 ? 'PASS' : `FAILED: ${failures.length} check(s)`);
  process.exit(failures.length === 0 ? 0 : 1);
}

void main();
