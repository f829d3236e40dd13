/**
 * The continuous backup's parts inside the process (docs/decisions/034), with BACKUP_URL set on
 * SQLite: files copied to the replica before the upload is answered, kept there when deleted, a
 * replica that refuses shown on /readyz and caught up by the sweep; Litestream supervised, its
 * failure a warning on /readyz (never a 503). The whole chain, with the real Litestream, a SIGKILL and
 * a restore: scripts/replica-loss.ts (npm run test:replica).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, type Product } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Litestream, type LitestreamOptions } from '../src/backup/litestream.js';
import { productForm } from '../scripts/harness.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { multipart } from './images-fixtures.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
const warnings = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(res.statusCode).toBe(200);
  return res.json<{ warnings?: string[] }>().warnings ?? [];
};

/** A stand-in for the litestream binary: node running `script`. */
const fake = (script: string, extra: Partial<LitestreamOptions> = {}): Litestream =>
  new Litestream({
    binary: process.execPath,
    // Its command line names litestream, as the leftover check wants.
    args: ['-e', script, 'litestream'],
    env: process.env,
    pidFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agro-litestream-')), 'litestream.pid'),
    log: silent,
    ...extra,
  });

// BACKUP_URL is refused with DATABASE_URL (PostgreSQL has pgBackRest): this file is SQLite's.
describe.skipIf(Boolean(process.env.DATABASE_URL))('continuous backup (BACKUP_URL, SQLite)', () => {
  let t: TestApp;
  let admin: TestUser;
  let replica: string;

  beforeAll(async () => {
    replica = fs.mkdtempSync(path.join(os.tmpdir(), 'agro-replica-'));
    t = await buildTestApp({ BACKUP_URL: `file://${replica}` });
    admin = await t.loginAdmin();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(replica, { recursive: true, force: true });
  });

  const addProduct = async (name: string, seeds: [number, number]) => {
    const { payload, headers } = await multipart(await productForm(name, 'Made by the backup test.', seeds));
    const res = await t.app.inject({ method: 'POST', url: API.addProduct, payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json<{ product: Product }>().product;
  };

  it('copies each uploaded image to <BACKUP_URL>/uploads before answering, and keeps it there when deleted', async () => {
    const product = await addProduct('Backup Jaggery', [11, 12]);
    const local = list(t.config.uploadsDir);
    expect(local.length).toBeGreaterThanOrEqual(2);
    // Checked right after the answer: nothing is copied later.
    expect(list(path.join(replica, 'uploads'))).toEqual(local);

    const deleted = await t.app.inject({ method: 'DELETE', url: API.deleteProduct(product._id), headers: { cookie: admin.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(list(t.config.uploadsDir)).toEqual([]);
    // A restore to a moment before the deletion needs them.
    expect(list(path.join(replica, 'uploads'))).toEqual(local);
  });

  it('copies private documents to <BACKUP_URL>/documents', async () => {
    await t.app.documentStorage.put('offer-1.pdf', Buffer.from('%PDF-1.4 test'));
    expect(fs.readFileSync(path.join(replica, 'documents', 'offer-1.pdf'), 'utf8')).toBe('%PDF-1.4 test');
  });

  it('a replica that refuses does not fail the upload: /readyz warns, and the sweep copies what is missing', async () => {
    const uploads = path.join(replica, 'uploads');
    fs.renameSync(uploads, `${uploads}.away`);
    // A file where the folder should be: every copy fails.
    fs.writeFileSync(uploads, 'not a folder');
    try {
      await addProduct('Backup Onions', [21, 22]);
      expect((await warnings(t)).join('\n')).toMatch(/backup: \d+ file\(s\) not copied to the replica yet/);
    } finally {
      fs.rmSync(uploads);
      fs.renameSync(`${uploads}.away`, uploads);
    }
    await t.app.replication!.sweep(silent);
    expect(list(uploads)).toEqual(expect.arrayContaining(list(t.config.uploadsDir)));
    expect(await warnings(t)).toEqual([]);
  });

  it('/readyz: a warning, never a 503, while Litestream is not running or reports errors', async () => {
    const replication = t.app.replication!;
    try {
      replication.litestream = fake('', { binary: path.join(replica, 'no-such-litestream') });
      await replication.litestream.start();
      await expect.poll(async () => (await warnings(t)).join('\n')).toMatch(/litestream is not running \(could not run .*ENOENT\)/);

      await replication.litestream.stop();
      replication.litestream = fake('setInterval(() => undefined, 1000)');
      await replication.litestream.start();
      expect(await warnings(t)).toEqual([]);
      await replication.litestream.stop();

      replication.litestream = fake(
        `console.log(JSON.stringify({ level: 'ERROR', msg: 'monitor error', error: 'connection refused' })); setInterval(() => undefined, 1000)`,
      );
      await replication.litestream.start();
      await expect
        .poll(async () => (await warnings(t)).join('\n'))
        .toMatch(/litestream cannot replicate the database \(monitor error: connection refused\)/);
    } finally {
      await replication.litestream?.stop();
      replication.litestream = undefined;
    }
  });
});

describe('Litestream supervised', () => {
  it('starts a child that died again after a pause, and tells when it runs (the server turns its checkpoints off then)', async () => {
    const running: boolean[] = [];
    const litestream = fake('process.exit(3)', { restartMs: [20], onRunning: (r) => running.push(r) });
    await litestream.start();
    await expect.poll(() => litestream.state().restarts, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await litestream.stop();
    expect(litestream.state()).toMatchObject({ running: false, lastError: 'exited with 3' });
    expect(running.slice(0, 4)).toEqual([true, false, true, false]);
  });

  it('stops its child on stop(), and ends a child that a killed process of ours left running before starting its own', async () => {
    // What a SIGKILLed server leaves: its litestream running, and the pid file naming it.
    const leftover = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)', 'litestream'], { stdio: 'ignore' });
    const leftoverExit = new Promise((resolve) => leftover.once('exit', resolve));
    const pidFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agro-litestream-')), 'litestream.pid');
    fs.writeFileSync(pidFile, `${leftover.pid}\n`);
    const litestream = fake('setInterval(() => undefined, 1000)', { pidFile });
    await litestream.start();
    await leftoverExit;
    expect(litestream.state().running).toBe(true);
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    expect(pid).not.toBe(leftover.pid);
    await litestream.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    expect(fs.existsSync(pidFile)).toBe(false);
  });
});
