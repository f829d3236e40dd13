/** The real process: start-up (migrations, admin from env), listening, graceful SIGTERM. */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API, SUCCESS, type ProductsResponse } from '@agro/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { withPgClient } from './helper.js';
import { startS3Server } from './servers.js';
import { TcpProxy } from './tcp-proxy.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

/**
 * On SQLite (the default) the process gets its own file in DATA_DIR. When the suite runs on
 * PostgreSQL (DATABASE_URL), it gets a database of its own on that server, dropped afterwards:
 * main.ts must never migrate the suite's database, and on Node 24 CI the SQLite addon (built
 * for the Node that ran `npm ci`) cannot load at all.
 */
async function databaseFor(): Promise<Record<string, string>> {
  const suiteUrl = process.env.DATABASE_URL;
  if (!suiteUrl) return {};
  const name = `agro_main_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withPgClient(suiteUrl, (c) => c.query(`create database ${name}`));
  cleanups.push(() => withPgClient(suiteUrl, (c) => c.query(`drop database if exists ${name} with (force)`)));
  const url = new URL(suiteUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

/** The server process (`src/main.ts` through tsx) with its output, as an operator starts it. */
async function startMain(extraEnv: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-main-test-'));
  dirs.push(dataDir);
  const { DATABASE_URL: _suiteDatabase, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'none'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'Str0ng!Pass',
      PASSWORD_HASH_COST: '12',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // 'close', not 'exit': its output is all read by then ('exit' may come before the last of it).
  let closed = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      closed = true;
      resolve(code);
    }),
  );
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  });
  /** The first match of `pattern` in the output, waited for (the process's end ends the wait). */
  const waitFor = async (pattern: RegExp, timeoutMs = 45_000): Promise<RegExpExecArray> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(output);
      if (match) return match;
      if (closed) throw new Error(`exited before ${String(pattern)}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`no ${String(pattern)} in the output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const listening = async () => (await waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
  return { child, dataDir, exited, waitFor, listening, output: () => output };
}

/** The administrator the environment names (ADMIN_EMAIL, ADMIN_PASSWORD in startMain) logs in. */
const logInAsTheAdmin = (url: string) =>
  fetch(`${url}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'boss@example.com', password: 'Str0ng!Pass' }),
  });

describe('main.ts', () => {
  it('migrates, creates the admin from the environment, serves, and exits 0 on SIGTERM', async () => {
    const database = await databaseFor();
    const main = await startMain(database);
    const url = await main.listening();

    const login = await logInAsTheAdmin(url);
    expect(login.status).toBe(200);
    const body = (await login.json()) as { message: string; user: { role: string } };
    expect(body.message).toBe(SUCCESS.login);
    expect(body.user.role).toBe('ADMIN');

    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    expect(main.output()).toContain('shutting down');
    if (!database.DATABASE_URL) await expect(fs.stat(path.join(main.dataDir, 'agro.sqlite'))).resolves.toBeDefined();
  }, 60_000);

  it('a first start while the object store is away waits for it, then seeds the demo images and serves them', async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    await s3.stop();
    const main = await startMain({ ...(await databaseFor()), ...s3.env, SEED_DEMO: 'true' });
    await main.waitFor(/the object store is not answering yet: waiting for it/);
    expect(main.child.exitCode).toBeNull();
    await s3.start();
    const url = await main.listening();
    const list = (await (await fetch(`${url}${API.productList}`)).json()) as ProductsResponse;
    expect(list.products.length).toBeGreaterThan(0);
    const image = await fetch(list.products[0]!.productThumbnail.secure_url.replace(/^https?:\/\/[^/]+/, url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    // The store is asked before the images are drawn: the wait did not draw them at every try.
    expect(main.output().match(/seeding demo data \(first start/g)).toHaveLength(1);
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
  }, 90_000);

  it('a store that refuses the bucket is a configuration to fix: the start ends with its reason', async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const main = await startMain({ ...(await databaseFor()), ...s3.env, S3_BUCKET: 'no-such-bucket', SEED_DEMO: 'true' });
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain('start-up failed');
    expect(main.output()).toContain('The specified bucket does not exist');
    expect(main.output()).not.toContain('not answering yet');
  }, 60_000);

  it.runIf(process.env.DATABASE_URL)(
    'a start while PostgreSQL is away waits for it, then migrates and serves',
    async () => {
      const database = new URL((await databaseFor()).DATABASE_URL!);
      const proxy = await TcpProxy.start({ host: database.hostname, port: Number(database.port) });
      cleanups.push(() => proxy.close());
      await proxy.cut();
      database.host = `${proxy.address.host}:${proxy.address.port}`;
      const main = await startMain({ DATABASE_URL: database.toString() });
      await main.waitFor(/the database is not answering yet: waiting for it/);
      expect(main.child.exitCode).toBeNull();
      await proxy.restore();
      const url = await main.listening();
      const login = await logInAsTheAdmin(url);
      expect(login.status).toBe(200);
      main.child.kill('SIGTERM');
      expect(await main.exited).toBe(0);
    },
    60_000,
  );
});
