/**
 * npm run bench:footprint: the compiled server's memory as a new user meets it (docs/deploy.md,
 * "The smallest server"). Builds if stale (scripts/build.mjs), then, on a fresh DATA_DIR (SQLite):
 *
 * 1. the very first start, `npm start`'s way (apps/server/dist/main.js, its node flags and
 *    MALLOC_ARENA_MAX=2, NODE_ENV=production, the
 *    demo catalogue seeded with its images): its peak resident memory (VmHWM) and what it holds
 *    once settled;
 * 2. a second start on the seeded database: resident memory after start.
 *
 * Each figure is read from /proc (Linux), after the process has answered the product list and
 * idled SETTLE_MS. Goals: resident memory after start under 120 MB, every peak under 256 MB.
 * Exit code 1 when a goal is not met (the figures do not depend on the machine's load).
 * The peak through the bench's load at 10,000 products is `npm run bench`'s memory run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { API } from '@agro/shared';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.js';
import { BENCH_DEFAULT_PORT, REPO_ROOT, run, stopOnInterrupt, type Stopper, tempDir } from './lib/processes.js';

const PORT = Number(process.env.BENCH_PORT ?? BENCH_DEFAULT_PORT) + 20;
const SETTLE_MS = Number(process.env.BENCH_FOOTPRINT_SETTLE_MS ?? 5_000);
const GOAL_AFTER_START_MB = 120;
const GOAL_PEAK_MB = 256;

const live = new Set<Stopper>();
stopOnInterrupt(live);

/** A field of /proc/<pid>/status in MB (VmRSS: now; VmHWM: the peak). */
function procMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no ${field} for process ${pid}`);
  return kb / 1024;
}

interface Start {
  readyMs: number;
  rssMb: number;
  peakMb: number;
}

/** Start the compiled server as `npm start` does, wait for the product list, idle, read its memory, stop it. */
async function start(dataDir: string): Promise<Start> {
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      // What apps/server's `npm start` sets (docs/deploy.md, "The smallest server").
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(PORT),
    },
  });
  fs.closeSync(log);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  live.add(stop);
  const started = performance.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} (log: ${dataDir}/server.log)`);
      if (performance.now() - started > 120_000) throw new Error('the server did not answer within 2 minutes');
      const ok = await fetch(`http://127.0.0.1:${PORT}${API.productList}`).then(
        async (res) => (await res.arrayBuffer(), res.ok),
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return { readyMs, rssMb: procMb(child.pid, 'VmRSS'), peakMb: procMb(child.pid, 'VmHWM') };
  } finally {
    await stop();
    live.delete(stop);
  }
}

async function main(): Promise<void> {
  await run('node', ['scripts/build.mjs', '--if-stale']);
  const dataDir = await tempDir('agro-footprint-');
  try {
    console.log(
      `\nFootprint of the compiled server (SQLite, demo catalogue); ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const first = await start(dataDir);
    const again = await start(dataDir);
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    console.log(
      `  first start (seeds the demo): ready in ${(first.readyMs / 1000).toFixed(1)} s, peak ${mb(first.peakMb)}, settled ${mb(first.rssMb)}`,
    );
    console.log(
      `  next start (seeded database): ready in ${(again.readyMs / 1000).toFixed(1)} s, peak ${mb(again.peakMb)}, settled ${mb(again.rssMb)}`,
    );
    const goals = [
      { goal: `resident memory after start under ${GOAL_AFTER_START_MB} MB`, value: again.rssMb, met: again.rssMb < GOAL_AFTER_START_MB },
      { goal: `peak of the very first start under ${GOAL_PEAK_MB} MB`, value: first.peakMb, met: first.peakMb < GOAL_PEAK_MB },
      { goal: `resident memory after the first start under ${GOAL_PEAK_MB} MB`, value: first.rssMb, met: first.rssMb < GOAL_PEAK_MB },
    ];
    for (const g of goals) console.log(`  ${g.met ? 'met    ' : 'NOT MET'}  ${g.goal}: ${mb(g.value)}`);
    if (goals.some((g) => !g.met)) process.exitCode = 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
