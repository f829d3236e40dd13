/**
 * A dead disk costs at most a second (issue 42, item 1; docs/decisions/034): the compiled server on
 * SQLite with BACKUP_URL, quote requests arriving at 50 a second (a trade fair's peak) and product
 * images uploaded by an administrator meanwhile; then the disk "dies": the server and its Litestream
 * are SIGKILLed at the same moment and DATA_DIR is deleted. `npm run restore -- --from-backup`
 * rebuilds it from the replica, and the checks are:
 *
 *   - every quote acknowledged more than one second before the kill is in the restored database,
 *     with its two mails (the company's and the buyer's) in mail_outbox;
 *   - every image file a restored row references is on the restored disk, and every product
 *     acknowledged more than a second before the kill is there;
 *   - the restored database passes PRAGMA integrity_check, and a server started on it answers.
 *
 * It prints the figure: the largest loss window seen (from the oldest lost quote's acknowledgement to
 * the kill; 0 when none was lost). Once against a file replica (a second disk), once against s3rver.
 *
 *   npm run test:replica           (run by CI; builds first)
 *   add --keep (keep the temporary folders and logs), --only file|s3
 *
 * Exit code 0 when every check passed.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { API, type Quote } from '@agro/shared';
import SQLite from 'better-sqlite3';
import { fileNamesOf } from '../src/modules/images/index.js';
import { quoteBody } from '../test/fixtures.js';
import { startS3Server } from '../test/servers.js';
import {
  SERVER_DIR,
  addProduct,
  buyerSession,
  checkEnv,
  call,
  cookieOf,
  freePort,
  ready,
  sleep,
  startServer,
  type Proc,
} from './harness.js';

const { values: opts } = parseArgs({
  options: { keep: { type: 'boolean', default: false }, only: { type: 'string' } },
  strict: true,
});

const ADMIN = { email: 'replica-admin@example.com', password: 'R3plica!Admin#1' };
const BUYER = { fullName: 'Replica Buyer', email: 'replica-buyer@example.com', phoneNumber: '+91-9876543210', password: 'R3plica!Buyer#1' };
/** Quote requests a second, evenly spread, none waiting for another's answer. */
const RATE = 50;
/** The kill comes at a random moment in this window of the load (ms). */
const KILL_FROM_MS = 5000;
const KILL_TO_MS = 7000;
/** Product uploads during the load (ms after it began). */
const UPLOADS_AT_MS = [800, 2300, 3800];
/** The promise: what was acknowledged this long before the disk died is in the replica. */
const PROMISE_MS = 1000;

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

const run = promisify(execFile);

interface Round {
  name: string;
  /** BACKUP_URL and the S3 variables it needs. */
  env: Record<string, string>;
  close(): Promise<void>;
}

async function fileRound(work: string): Promise<Round> {
  const dir = path.join(work, 'second-disk');
  return { name: 'file replica', env: { BACKUP_URL: `file://${dir}` }, close: async () => undefined };
}

async function s3Round(): Promise<Round> {
  const s3 = await startS3Server('agro-backup');
  // The images stay on the disk (no S3_BUCKET): only the backup goes to the object store.
  const { S3_BUCKET: _imagesOnDisk, ...endpoint } = s3.env;
  return { name: 's3rver replica', env: { ...endpoint, BACKUP_URL: 's3://agro-backup/site' }, close: () => s3.close() };
}

/** One round: load, kill, delete, restore, check. The loss window seen (ms). */
async function lossRound(round: Round, work: string): Promise<number> {
  console.log(`\n--- ${round.name} ---`);
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  // About backups, not bots (checkEnv: no proof of work, no rate limit).
  const env = checkEnv(port, dataDir, ADMIN, round.env);
  delete env.DATABASE_URL;
  const server = startServer('server', port, env, work);
  check(await ready(server, 60_000), `${round.name}: the server is ready with BACKUP_URL=${round.env.BACKUP_URL}`);
  const site = `http://127.0.0.1:${port}`;
  const admin = cookieOf(await call(site, 'POST', API.login, { body: ADMIN }));
  const buyer = await buyerSession(site, BUYER);
  const seedProduct = await addProduct(site, admin, 'Replica Jaggery', [1, 2]);
  if (!seedProduct) throw new Error(`${round.name}: could not add the first product`);

  // The load: arrivals every 1000/RATE ms; each acknowledged quote with the time of its answer.
  const acked = new Map<string, number>();
  const products = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const killAfter = KILL_FROM_MS + Math.random() * (KILL_TO_MS - KILL_FROM_MS);
  const began = Date.now();
  let sent = 0;
  const send = (work: () => Promise<void>) => {
    const p = work().catch(() => undefined);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const uploads = [...UPLOADS_AT_MS];
  let killedAt = 0;
  while (!killedAt) {
    const due = began + (sent * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    if (Date.now() - began >= killAfter) {
      killedAt = kill(server, dataDir);
      break;
    }
    const marker = `replica #${sent}`;
    sent += 1;
    send(async () => {
      const res = await call(site, 'POST', API.addQuote, { body: quoteBody(seedProduct._id, { additionalInfo: marker }), cookie: buyer });
      if (res.status === 200) acked.set(marker, Date.now());
    });
    if (uploads.length > 0 && Date.now() - began >= uploads[0]!) {
      const name = `Replica Product ${uploads.shift()!}`;
      send(async () => {
        if (await addProduct(site, admin, name, [sent, sent + 1])) products.set(name, Date.now());
      });
    }
  }
  await Promise.all(inFlight);
  await server.exited;
  console.log(
    `${round.name}: ${sent} quotes sent at ${RATE}/s, ${acked.size} acknowledged, ${products.size + 1} products added; ` +
      `server and litestream SIGKILLed ${((killedAt - began) / 1000).toFixed(1)} s into the load`,
  );

  // The disk is gone.
  await fsp.rm(dataDir, { recursive: true, force: true });
  const restoreStarted = Date.now();
  const restore = await run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', '--restore', '--from-backup'], {
    cwd: SERVER_DIR,
    env,
  });
  console.log(`${restore.stdout.trim()} (${((Date.now() - restoreStarted) / 1000).toFixed(1)} s)`);

  const db = new SQLite(path.join(dataDir, 'agro.sqlite'), { readonly: true });
  let lossWindow = 0;
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    check(integrity === 'ok', `${round.name}: the restored database passes PRAGMA integrity_check (${integrity})`);
    const quotes = new Map(
      (
        db.prepare("select id, additional_info from quotes where additional_info like 'replica #%'").all() as {
          id: string;
          additional_info: string;
        }[]
      ).map((r) => [r.additional_info, r.id]),
    );
    const mails = db.prepare('select count(*) as n from mail_outbox where dedupe_key like ? or dedupe_key like ?');
    const lost = [...acked].filter(([marker]) => !quotes.has(marker));
    lossWindow = lost.length === 0 ? 0 : Math.max(...lost.map(([, at]) => killedAt - at));
    const early = [...acked].filter(([, at]) => killedAt - at > PROMISE_MS);
    const earlyLost = early.filter(([marker]) => !quotes.has(marker));
    check(
      earlyLost.length === 0,
      `${round.name}: every quote acknowledged more than ${PROMISE_MS} ms before the kill is restored (${early.length} such, ${earlyLost.length} lost; ` +
        `${lost.length} of the last second's lost)`,
    );
    const withoutMails = early.filter(([marker]) => {
      const id = quotes.get(marker);
      return !id || (mails.get(`quote:${id}:company:%`, `quote:${id}:buyer:%`) as { n: number }).n !== 2;
    });
    check(withoutMails.length === 0, `${round.name}: each of them has its two mails in mail_outbox (${withoutMails.length} without)`);
    const restoredProducts = new Set(
      (db.prepare('select product_name from products').all() as { product_name: string }[]).map((r) => r.product_name),
    );
    const earlyProducts = [...products].filter(([, at]) => killedAt - at > PROMISE_MS).map(([name]) => name);
    check(
      earlyProducts.every((name) => restoredProducts.has(name)) && restoredProducts.has('Replica Jaggery'),
      `${round.name}: every product acknowledged more than ${PROMISE_MS} ms before the kill is restored (${earlyProducts.length + 1})`,
    );
    const referenced = fileNamesOf(db.prepare('select file_name, variants from images').all() as { file_name: string; variants: string }[]);
    const onDisk = new Set(fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads')) : []);
    const missing = referenced.filter((name) => !onDisk.has(name));
    check(
      referenced.length > 0 && missing.length === 0,
      `${round.name}: every image file the restored rows reference is restored (${referenced.length} files, ${missing.length} missing${missing.length ? `: ${missing.slice(0, 3).join(', ')}` : ''})`,
    );
  } finally {
    db.close();
  }

  // The site comes back on the restored DATA_DIR (replicating again, to a new generation).
  const again = startServer('restored', port, env, work);
  try {
    check(await ready(again, 60_000), `${round.name}: a server starts on the restored DATA_DIR`);
    const list = await call(site, 'GET', API.userQuotes, { cookie: buyer });
    const listed = ((list.json.quotes as Quote[] | undefined) ?? []).length;
    check(list.status === 200 && listed > 0, `${round.name}: the buyer's session and quotes are back (${listed} listed)`);
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
  console.log(`${round.name}: loss window ${lossWindow} ms (the oldest lost acknowledgement before the kill; 0 = nothing lost)`);
  return lossWindow;
}

/** The disk dies: the server and its Litestream at the same moment. The time of the kill. */
function kill(server: Proc, dataDir: string): number {
  const litestream = Number(fs.readFileSync(path.join(dataDir, 'litestream.pid'), 'utf8').trim());
  const at = Date.now();
  server.child.kill('SIGKILL');
  try {
    process.kill(litestream, 'SIGKILL');
  } catch {
    check(false, 'litestream was running at the kill');
  }
  return at;
}

async function main(): Promise<void> {
  const windows: string[] = [];
  for (const kind of ['file', 's3'] as const) {
    if (opts.only && opts.only !== kind) continue;
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), `agro-replica-${kind}-`));
    const round = kind === 'file' ? await fileRound(work) : await s3Round();
    const started = Date.now();
    try {
      const window = await lossRound(round, work);
      windows.push(`${round.name}: ${window} ms (round ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    } catch (err) {
      failures.push(`${round.name}: ${err instanceof Error ? err.message : String(err)}`);
      console.error(err);
    } finally {
      await round.close();
      if (failures.length > 0) {
        const log = await fsp.readFile(path.join(work, 'server.log'), 'utf8').catch(() => '');
        console.error(`--- last lines of server.log ---\n${log.split('\n').slice(-20).join('\n')}`);
      }
      if (opts.keep) console.log(`kept ${work}`);
      else await fsp.rm(work, { recursive: true, force: true });
    }
  }
  console.log(`\nlargest loss window seen: ${windows.join('; ')}`);
  console.log(failures.length === 0 ? 'PASS' : `FAILED: ${failures.length} check(s)`);
  process.exit(failures.length === 0 ? 0 : 1);
}

void main();
