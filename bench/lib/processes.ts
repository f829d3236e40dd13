/**
 * Helpers shared by the bench, budget and Lighthouse scripts: build the web app, start the real
 * server (production mode, temporary DATA_DIR) as its own process, wait for it, read its peak
 * memory, and stop it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.js';

/**
 * The first port the bench's servers listen on (each script adds its own offset): below Linux's
 * ephemeral range (32768-60999), where at 47001 a client socket of an earlier run (left in
 * TIME_WAIT) or of another program could hold the port and the server failed with EADDRINUSE
 * (seen 26 Nov 2026).
 */
export const BENCH_DEFAULT_PORT = 27001;

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const COMPILED_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

/** Environment variables added to (or overriding) this process's own for a child. */
export type ChildEnv = Record<string, string>;

/** Stops a started process; resolves once it has exited. */
export type Stopper = () => Promise<void>;

export interface RunOptions {
  /** Capture standard output (resolved as a string) instead of passing it through. */
  capture?: boolean;
  env?: ChildEnv;
}

/** Run a command to completion (output passed through); rejects on a non-zero exit. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
      env: { ...process.env, ...options.env },
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** The build `npm start` runs (scripts/build.mjs): the web app, its server render and the server. */
export async function buildWeb(): Promise<void> {
  await run(process.execPath, [path.join(REPO_ROOT, 'scripts/build.mjs')]);
}

/** Written by the build (apps/web/vite.config.ts): per chunk, its imports and modules. */
export const CHUNK_REPORT = path.join(WEB_DIST, '.vite/chunk-report.json');

/** The same build, only of what is missing or older than its sources (scripts/build.mjs decides). */
export async function buildWebIfStale(): Promise<void> {
  await run(process.execPath, [path.join(REPO_ROOT, 'scripts/build.mjs'), '--if-stale']);
}

export async function tempDir(prefix: string): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** Node with the tsx loader, for the TypeScript sources (the bench runs the server from source, unlike `npm start`, which runs the compiled dist/main.js: the cost table maps profile samples to source files; under tsx the process holds about 70 MB more, docs/performance.md "Memory"). */
export function tsNodeArgs(script: string, args: string[] = []): string[] {
  return ['--import', 'tsx', script, ...args];
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

export interface StartServerOptions {
  port: number;
  /** DATA_DIR, DATABASE_URL, SEED_DEMO...: over the production defaults. */
  env?: ChildEnv;
  logFile: string;
  readyPath?: string;
  timeoutMs?: number;
  /** Given to node before the loader (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * The compiled server (apps/server/dist/main.js, built by scripts/build.mjs) with `npm start`'s
   * MALLOC_ARENA_MAX=2, as a production server runs: for memory figures (under tsx the process
   * holds about 70 MB more). Otherwise the sources under tsx, so profiles map to them.
   */
  compiled?: boolean;
}

/** The server started by startServer. */
export interface Server {
  url: string;
  pid: number | undefined;
  child: ChildProcess;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb: () => number | undefined;
  stop: Stopper;
}

/**
 * Start the server in production mode on `port` with `env` (DATA_DIR, DATABASE_URL, SEED_DEMO...).
 * Its output goes to `logFile`. Resolves once `readyPath` answers 200. `nodeArgs` go to node
 * before the loader (e.g. `--cpu-prof`).
 */
/**
 * The real server on the demo catalogue `npm start` seeds, in `dataDir` (SQLite), registered with
 * `stoppers` so an interrupt stops it: what the budget check, Lighthouse and the SEO report load.
 */
export async function startDemoServer(port: number, dataDir: string, stoppers: Set<Stopper>): Promise<Server> {
  const server = await startServer({
    port,
    logFile: path.join(dataDir, 'server.log'),
    env: { DATA_DIR: dataDir, SEED_DEMO: 'true', DATABASE_URL: '' },
  });
  stoppers.add(server.stop);
  return server;
}

export async function startServer({
  port,
  env,
  logFile,
  readyPath = '/api/v1/product/all',
  timeoutMs = 120_000,
  nodeArgs = [],
  compiled = false,
}: StartServerOptions): Promise<Server> {
  const log = fs.openSync(logFile, 'a');
  // With the node flags `npm start` gives the compiled server (its heap limit shapes the peak memory).
  const main = compiled ? [COMPILED_MAIN] : tsNodeArgs(SERVER_MAIN);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, ...main], {
    cwd: REPO_ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      ...(compiled ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' } : {}),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      ...env,
    },
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    url,
    pid: child.pid,
    child,
    /** Peak resident set size so far (VmHWM), in MB. */
    peakRssMb: () => peakRssMb(child.pid),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitForHttp(url + readyPath, child, timeoutMs);
  } catch (err) {
    await server.stop();
    throw new Error(`${err instanceof Error ? err.message : String(err)} (log: ${logFile})`);
  }
  return server;
}

/** VmHWM of a process from /proc (Linux), in MB; undefined elsewhere. */
export function peakRssMb(pid: number | undefined): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Stop every started process on Ctrl-C, then exit. */
export function stopOnInterrupt(stoppers: Set<Stopper>): void {
  const handler = async () => {
    await Promise.allSettled([...stoppers].map((stop) => stop()));
    process.exit(130);
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
