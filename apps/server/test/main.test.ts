/** The real process: start-up (migrations, admin from env), listening, graceful SIGTERM. */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API, SUCCESS } from '@agro/shared';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe('main.ts', () => {
  it('migrates, creates the admin from the environment, serves, and exits 0 on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-main-test-'));
    dirs.push(dataDir);
    // This test is about the process, on SQLite: never let it migrate a DATABASE_URL of the suite.
    const { DATABASE_URL: _ignored, ...env } = process.env;
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
    await expect(fs.stat(path.join(dataDir, 'agro.sqlite'))).resolves.toBeDefined();
  }, 60_000);
});
