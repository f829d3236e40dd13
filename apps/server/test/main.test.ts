/** The real process: start-up (migrations, admin from env), listening, graceful SIGTERM. */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API, SUCCESS } from '@agro/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { withPgClient } from './helper.js';

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

describe('main.ts', () => {
  it('migrates, creates the admin from the environment, serves, and exits 0 on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-main-test-'));
    dirs.push(dataDir);
    const { DATABASE_URL: _suiteDatabase, ...env } = process.env;
    const database = await databaseFor();
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
        ...database,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });

    const login = await fetch(`${url}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'Str0ng!Pass' }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { message: string; user: { role: string } };
    expect(body.message).toBe(SUCCESS.login);
    expect(body.user.role).toBe('ADMIN');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    if (!database.DATABASE_URL) await expect(fs.stat(path.join(dataDir, 'agro.sqlite'))).resolves.toBeDefined();
  }, 60_000);
});
