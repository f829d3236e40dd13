/**
 * Builds the web app when its dist is missing or older than its sources, then starts the real
 * server (same origin serves the app) on a temporary DATA_DIR and a free port of this suite's
 * range, with a known admin, the demo catalogue and rate limits raised. The returned function
 * is Playwright's teardown: it stops the server and removes the data directory.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, ENV_BASE_URL, ENV_DATA_DIR, PORT_RANGE, REPO_ROOT, SCREENSHOT_DIR } from './constants';

const WEB = path.join(REPO_ROOT, 'apps/web');
const WEB_INPUTS = [
  path.join(WEB, 'src'),
  path.join(WEB, 'public'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(WEB, 'package.json'),
  path.join(REPO_ROOT, 'packages/shared/src'),
  path.join(REPO_ROOT, 'packages/shared/locales'),
];
const DIST_INDEX = path.join(WEB, 'dist/index.html');

function newestMtime(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function ensureWebBuild(): void {
  const built = fs.existsSync(DIST_INDEX) ? fs.statSync(DIST_INDEX).mtimeMs : 0;
  const sources = Math.max(...WEB_INPUTS.map(newestMtime));
  if (built > 0 && built >= sources) return;
  console.log(built === 0 ? '[e2e] apps/web/dist is missing: building it' : '[e2e] apps/web/dist is stale: rebuilding it');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function pickPort(): Promise<number> {
  const fixed = process.env.E2E_PORT;
  if (fixed) return Number(fixed);
  const size = PORT_RANGE.last - PORT_RANGE.first + 1;
  // Start at a pid-dependent offset so two runs at once rarely race for the same port.
  const start = process.pid % size;
  for (let i = 0; i < size; i++) {
    const port = PORT_RANGE.first + ((start + i) % size);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`[e2e] no free port in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}

async function waitForServer(baseURL: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseURL}/api/v1/product/all`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '(no log)';
  child.kill('SIGKILL');
  throw new Error(`[e2e] the server did not start (exit code ${String(child.exitCode)}). Log tail:\n${log}`);
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_WEB_DIST runs the suite against an already built app elsewhere (e.g. a release bundle).
  const webDist = process.env.E2E_WEB_DIST;
  if (!webDist) ensureWebBuild();
  // Screenshots of an earlier run would mix with this run's.
  await fsp.rm(SCREENSHOT_DIR, { recursive: true, force: true });

  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agro-e2e-'));
  const port = await pickPort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_AUTH_MAX: '100000',
    RATE_LIMIT_FORM_MAX: '100000',
    // The cheapest allowed scrypt cost: the suite logs in many times on a 2-core machine.
    PASSWORD_HASH_COST: '12',
    // The webhooks spec's receiver listens on loopback (webhooks.spec.ts).
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  };
  // Always SQLite in a fresh directory, mail always to the outbox.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.WEB_DIST;
  if (webDist) env.WEB_DIST = path.resolve(webDist);

  // `node --import tsx` keeps the server in one process, so SIGTERM reaches its graceful shutdown.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  await waitForServer(baseURL, child, logFile);
  console.log(`[e2e] server on ${baseURL} (pid ${child.pid}), DATA_DIR ${dataDir}`);

  process.env[ENV_BASE_URL] = baseURL;
  process.env[ENV_DATA_DIR] = dataDir;

  return async () => {
    await stopServer(child);
    fs.closeSync(log);
    // Keep the server log beside the test results for whoever reads a failure.
    await fsp.mkdir(path.join(REPO_ROOT, 'e2e/test-results'), { recursive: true });
    await fsp.copyFile(logFile, path.join(REPO_ROOT, 'e2e/test-results/server.log')).catch(() => undefined);
    if (process.env.E2E_KEEP_DATA) console.log(`[e2e] kept ${dataDir}`);
    else await fsp.rm(dataDir, { recursive: true, force: true });
  };
}
