/**
 * Point-in-time recovery on PostgreSQL with pgBackRest (issue 42, item 2; docs/deploy.md, "Backups on
 * PostgreSQL: pgBackRest"), the documented steps on a throwaway cluster: WAL archived to a posix
 * repository (`archive_command = pgbackrest ... archive-push %p`), stanza-create, a full backup; the
 * compiled server on it takes quotes through the API; the time is noted; an administrator deletes a
 * product by mistake (through the API), more quotes come in; then the cluster is stopped and restored
 * to the moment noted (`--type=time --target=... --target-action=promote`), started, and checked: the
 * product is back, every quote written before the moment is there, none written after it.
 *
 *   npm run test:pitr          (run by CI; builds first; needs PostgreSQL's binaries and pgbackrest)
 *   add --keep (keep the cluster's folder, the repository and the logs)
 *
 * Exit code 0 when every check passed; the timings are printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API } from '@agro/shared';
import pg from 'pg';
import { quoteBody } from '../test/fixtures.js';
import {
  addProduct,
  asPostgres,
  buyerSession,
  checkEnv,
  call,
  cookieOf,
  freePort,
  ready,
  sleep,
  startCluster,
  startServer,
  until,
  type Cluster,
} from './harness.js';

const { values: opts } = parseArgs({ options: { keep: { type: 'boolean', default: false } }, strict: true });

const ADMIN = { email: 'pitr-admin@example.com', password: 'P1tr!Admin#1' };
const BUYER = { fullName: 'PITR Buyer', email: 'pitr-buyer@example.com', phoneNumber: '+91-9876543210', password: 'P1tr!Buyer#1' };
const QUOTES_BEFORE = 40;
const QUOTES_AFTER = 10;
const STANZA = 'agro';

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

/** pgBackRest's configuration for `cluster`: a posix repository beside it (docs/deploy.md shows the S3 one). */
function pgbackrestConfig(cluster: Cluster): string {
  const file = path.join(cluster.dir, 'pgbackrest.conf');
  fs.writeFileSync(
    file,
    `[global]
repo1-type=posix
repo1-path=${cluster.dir}/repo
repo1-retention-full=2
lock-path=${cluster.dir}/pgbackrest-lock
log-level-console=warn
log-level-file=off
start-fast=y

[${STANZA}]
pg1-path=${cluster.dir}/data
pg1-port=${cluster.port}
pg1-socket-path=${cluster.dir}
`,
  );
  return file;
}

/** pgBackRest's --target time: `YYYY-MM-DD HH:MM:SS.mmm+00` (UTC). */
const pgbackrestTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '+00');

const pgbackrest = (config: string, args: string[]) => asPostgres(['pgbackrest', `--config=${config}`, `--stanza=${STANZA}`, ...args]);

async function main(): Promise<void> {
  const cluster = await startCluster();
  const work = cluster.dir;
  let server: ReturnType<typeof startServer> | undefined;
  const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
  db.on('error', () => undefined);
  const began = Date.now();
  try {
    // WAL archiving, as docs/deploy.md sets it (archive_mode takes a restart).
    const config = pgbackrestConfig(cluster);
    await db.query('alter system set archive_mode = on');
    await db.query(`alter system set archive_command = 'pgbackrest --config=${config} --stanza=${STANZA} archive-push %p'`);
    cluster.stop();
    cluster.start();

    let t = Date.now();
    pgbackrest(config, ['stanza-create']);
    pgbackrest(config, ['check']);
    pgbackrest(config, ['--type=full', 'backup']);
    console.log(`stanza-create, check and a full backup: ${seconds(t)}`);

    // The site on it: a product to delete by mistake, another to quote for, a buyer.
    const serverPort = await freePort();
    const env = checkEnv(serverPort, path.join(work, 'site-data'), ADMIN, { DATABASE_URL: cluster.url });
    server = startServer('server', serverPort, env, work);
    check(await ready(server, 60_000), 'the compiled server is ready on the archived cluster');
    const site = `http://127.0.0.1:${serverPort}`;
    const admin = cookieOf(await call(site, 'POST', API.login, { body: ADMIN }));
    const victim = await addProduct(site, admin, 'PITR Fried Onions', [5, 6]);
    const quoted = await addProduct(site, admin, 'PITR Jaggery', [7, 8]);
    if (!victim || !quoted) throw new Error('could not add the products');
    const buyer = await buyerSession(site, BUYER);
    const quote = async (marker: string) =>
      (await call(site, 'POST', API.addQuote, { body: quoteBody(quoted._id, { additionalInfo: marker }), cookie: buyer })).status === 200;
    let ok = 0;
    for (let i = 0; i < QUOTES_BEFORE; i += 1) if (await quote(`pitr before #${i}`)) ok += 1;
    check(ok === QUOTES_BEFORE, `${QUOTES_BEFORE} quotes written through the API before the mistake (${ok} acknowledged)`);

    // The moment to go back to, a second clear of the last quote and of the deletion.
    await sleep(1000);
    const target = new Date();
    await sleep(1000);
    const deleted = await call(site, 'DELETE', API.deleteProduct(victim._id), { cookie: admin });
    check(deleted.status === 200, `the product "${victim.productName}" deleted by mistake through the admin API (${deleted.status})`);
    const gone = await db.query<{ n: string }>('select count(*) as n from products where id = $1', [victim._id]);
    check(gone.rows[0]!.n === '0', `its row is gone (${gone.rows[0]!.n} left)`);
    for (let i = 0; i < QUOTES_AFTER; i += 1) await quote(`pitr after #${i}`);
    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;
    // The WAL holding the deletion goes to the repository (check switches to a new segment and waits).
    pgbackrest(config, ['check']);

    // Restore, as docs/deploy.md says: stop, restore to the moment, start (recovery, then promote).
    t = Date.now();
    cluster.stop();
    pgbackrest(config, ['--delta', '--type=time', `--target=${pgbackrestTime(target)}`, '--target-action=promote', 'restore']);
    cluster.start();
    const promoted = await until(
      'the end of recovery',
      async () => (await db.query<{ r: boolean }>('select pg_is_in_recovery() as r').catch(() => undefined))?.rows[0]?.r === false,
      30_000,
    );
    console.log(`stop, restore to ${pgbackrestTime(target)}, start and recovery: ${seconds(t)}`);
    check(promoted, 'the restored cluster finished its recovery and was promoted');

    const product = await db.query<{ n: string }>('select count(*) as n from products where id = $1', [victim._id]);
    check(product.rows[0]!.n === '1', `the deleted product is back (${product.rows[0]!.n} row)`);
    const quotes = await db.query<{ info: string }>("select additional_info as info from quotes where additional_info like 'pitr %'");
    const infos = new Set(quotes.rows.map((r) => r.info));
    const before = Array.from({ length: QUOTES_BEFORE }, (_, i) => `pitr before #${i}`).filter((m) => infos.has(m)).length;
    const after = [...infos].filter((m) => m.startsWith('pitr after')).length;
    check(before === QUOTES_BEFORE, `every quote written before the moment is there (${before} of ${QUOTES_BEFORE})`);
    check(after === 0, `none written after the deletion is (${after}): the cluster is at the moment asked for`);

    // The site runs on the restored database.
    server = startServer('restored', serverPort, env, work);
    check(await ready(server, 60_000), 'the server starts on the restored cluster');
    const list = await call(site, 'GET', API.productList);
    check(JSON.stringify(list.json).includes(victim._id), 'the product list shows the product again');
  } catch (err) {
    failures.push(err instanceof Error ? err.message : String(err));
    console.error(err);
  } finally {
    server?.child.kill('SIGTERM');
    if (server) await server.exited;
    await db.end();
    if (failures.length > 0) {
      const log = fs.existsSync(path.join(work, 'log')) ? fs.readFileSync(path.join(work, 'log'), 'utf8') : '';
      console.error(`--- last lines of the PostgreSQL log ---\n${log.split('\n').slice(-15).join('\n')}`);
    }
    if (opts.keep) {
      cluster.stop();
      console.log(`kept ${work}`);
    } else cluster.destroy();
  }
  console.log(`whole run: ${seconds(began)}`);
  console.log(failures.length === 0 ? 'PASS' : `FAILED: ${failures.length} check(s)`);
  process.exit(failures.length === 0 ? 0 : 1);
}

void main();
