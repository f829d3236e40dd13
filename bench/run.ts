/**
 * npm run bench: every request real visitors (and junk traffic) send, against a bare-Fastify
 * ceiling answering the very same bytes, in the same run (docs/performance.md).
 *
 * For each catalogue size (the demo catalogue's 5 products and 100): seeds a temporary DATA_DIR
 * (or a temporary PostgreSQL database), starts the server in production mode with its access log
 * on, captures what it answers to each target (status, type, encoding, bytes) and starts the
 * ceiling (bench/ceiling-server.mjs) answering exactly that. Then, in ROUNDS rounds, each target
 * is loaded for a short turn on the server and on its ceiling, one right after the other (the
 * order alternating per round), with autocannon at 100 connections. The machine is shared: a
 * burst of outside load hits both sides of a pair alike, and the median of the per-round ratios
 * shrugs off a round that was hit anyway.
 *
 * Then (full mode) the memory run: 10,000 products, the list (plain and brotli) and a product
 * under load, and the server's peak RSS (VmHWM), the compiled server as `npm start` runs it (goal
 * 256 MB: a 1 GB server, docs/deploy.md "The smallest server").
 *
 * Prints every target with its req/s, p99 and ratio to the ceiling, then each goal. Exit code:
 * 1 if the run failed (an answer with the wrong status); with BENCH_QUICK=1 also 1 when a ratio
 * falls below HALF its goal in every round (a regression, not noise). Never a timed test.
 *
 * Environment: BENCH_QUICK=1 (100 products only, one target of each kind, 3 rounds of 0.5 s turns,
 * no memory run, one lead list over 10,000 quotes, the threads over 10,000 and the write path: run by .ci/run), BENCH_ROUNDS (5), BENCH_TURN (seconds per turn, 1), BENCH_CONNECTIONS
 * (100), BENCH_SIZES ("5,100"), BENCH_MEMORY_SIZE (10000; 0 skips the memory run), BENCH_TARGETS
 * (keys of bench/lib/targets.ts), BENCH_PORT (27001, and the next one), BENCH_SKIP_BUILD=1,
 * DATABASE_URL (postgres://...: PostgreSQL instead of SQLite), LOG_LEVEL (the server's, info),
 * BENCH_LEADS=0, BENCH_THREADS=0 and BENCH_WRITE=0 (skip bench/leads.ts, bench/threads.ts, bench/write-path.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { fetchRaw, startCeiling } from './lib/ceiling.js';
import {
  BENCH_DEFAULT_PORT,
  buildWeb,
  buildWebIfStale,
  REPO_ROOT,
  run,
  type Server,
  stopOnInterrupt,
  type Stopper,
  tempDir,
  tsNodeArgs,
} from './lib/processes.js';
import {
  DEMO_SIZE,
  P99_GOAL_MS,
  seedCatalogue,
  startBenchServer,
  targets,
  type RequestSpec,
  type Seeded,
  type Target,
} from './lib/targets.js';
import { tempPgDatabase } from './lib/pg-database.js';

const QUICK = process.env.BENCH_QUICK === '1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 3 : 5));
const TURN = Number(process.env.BENCH_TURN ?? (QUICK ? 0.5 : 1));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SIZES = (process.env.BENCH_SIZES ?? (QUICK ? '100' : `${DEMO_SIZE},100`)).split(',').filter(Boolean).map(Number);
const MEMORY_SIZE = Number(process.env.BENCH_MEMORY_SIZE ?? (QUICK ? 0 : 10_000));
const MEMORY_GOAL_MB = 256;
/** The quick mode's targets: one of each kind (the full run loads every public page and both encodings). */
const QUICK_TARGETS = ['html-home', 'detail', 'detail-br', 'list-br', 'gallery', 'image', '404', '401', '429'];
const ONLY = process.env.BENCH_TARGETS?.split(',') ?? (QUICK ? QUICK_TARGETS : undefined);
const PORT = Number(process.env.BENCH_PORT ?? BENCH_DEFAULT_PORT);

type Side = 'server' | 'ceiling';
type LoadResult = autocannon.Result;

/** One target at one catalogue size: the medians of its rounds, server and ceiling. */
interface Row {
  size: number;
  key: string;
  target: string;
  goal: number;
  bytes: number | undefined;
  reqPerSec: number;
  ceilingReqPerSec: number;
  ratio: number;
  bestRatio: number;
  p99: number;
  ceilingP99: number;
  failed: number;
  ceilingFailed: number;
}

interface SizeResult {
  rows: Row[];
  peakRssMb: number | undefined;
}

interface MemoryRow {
  target: string;
  reqPerSec: number;
  p99: number;
  bytes: number;
  failed: number;
}

interface MemoryResult {
  size: number;
  rows: MemoryRow[];
  peakRssMb: number | undefined;
}

interface Goal {
  goal: string;
  value: string;
  met: boolean;
  regression: boolean;
}

const live = new Set<Stopper>();
stopOnInterrupt(live);

/** One autocannon turn. */
function load(url: string, target: RequestSpec, duration: number, timeout = 10): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: target.method ?? 'GET',
        headers: target.headers ?? {},
        body: target.body,
        connections: CONNECTIONS,
        duration,
        timeout,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Answers of another status than expected (errors and timeouts included). */
function wrongAnswers(result: LoadResult, expected: number): number {
  const right = result.statusCodeStats?.[expected]?.count ?? 0;
  return result.requests.total - right + result.errors;
}

/** Seed `size` products, start the server; `work(server, seeded, dataDir)`; stop and clean up. */
async function withServer<T>(
  size: number,
  work: (server: Server, seeded: Seeded, dataDir: string) => Promise<T>,
  compiled = false,
): Promise<T> {
  const dataDir = await tempDir('agro-bench-');
  const pgDb = process.env.DATABASE_URL ? await tempPgDatabase(process.env.DATABASE_URL) : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '' };
  let server: Server | undefined;
  try {
    process.stdout.write(`\n[${size.toLocaleString('en-US')} products] seeding...`);
    const seeded = await seedCatalogue(env, size);
    process.stdout.write(' starting the server...');
    server = await startBenchServer({ port: PORT, env, dataDir, compiled });
    live.add(server.stop);
    process.stdout.write(' loading\n');
    return await work(server, seeded, dataDir);
  } finally {
    if (server) {
      await server.stop();
      live.delete(server.stop);
    }
    await pgDb?.drop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

/** Every target at one catalogue size, each against its ceiling, in interleaved rounds. */
function benchSize(size: number): Promise<SizeResult> {
  return withServer(size, async (server, seeded, dataDir) => {
    const list = targets(seeded, { only: ONLY });
    const ceiling = await startCeiling({ port: PORT + 1, serverUrl: server.url, targets: list, dir: dataDir });
    live.add(ceiling.stop);
    try {
      const sides = (t: Target): Array<{ side: Side; url: string }> => [
        { side: 'server', url: server.url + t.path },
        { side: 'ceiling', url: ceiling.urlOf(t.key) },
      ];
      // A short turn each fills the caches and warms the JIT; not counted.
      for (const t of list) for (const s of sides(t)) await load(s.url, t, 0.3);
      const turns = new Map<Target, Record<Side, LoadResult[]>>();
      for (const t of list) turns.set(t, { server: [], ceiling: [] });
      const turnsOf = (t: Target): Record<Side, LoadResult[]> => {
        const of = turns.get(t);
        if (!of) throw new Error(`no turns for ${t.key}`);
        return of;
      };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const t of list) {
          const pair = sides(t);
          if (round % 2) pair.reverse();
          for (const s of pair) turnsOf(t)[s.side].push(await load(s.url, t, TURN));
        }
        process.stdout.write(`  round ${round + 1}/${ROUNDS} done\n`);
      }
      const rows = list.map((t): Row => {
        const expected = t.status ?? 200;
        const tTurns = turnsOf(t);
        const rps = (side: Side) => tTurns[side].map((r) => r.requests.total / (r.duration || TURN));
        const server = rps('server');
        const ceil = rps('ceiling');
        return {
          size,
          key: t.key,
          target: t.name,
          goal: t.goal,
          bytes: t.bytes,
          reqPerSec: median(server),
          ceilingReqPerSec: median(ceil),
          ratio: median(server.map((v, i) => v / ceil[i])),
          bestRatio: Math.max(...server.map((v, i) => v / ceil[i])),
          p99: median(tTurns.server.map((r) => r.latency.p99)),
          ceilingP99: median(tTurns.ceiling.map((r) => r.latency.p99)),
          failed: tTurns.server.reduce((n, r) => n + wrongAnswers(r, expected), 0),
          ceilingFailed: tTurns.ceiling.reduce((n, r) => n + wrongAnswers(r, expected), 0),
        };
      });
      return { rows, peakRssMb: server.peakRssMb() };
    } finally {
      await ceiling.stop();
      live.delete(ceiling.stop);
    }
  });
}

/** Peak RSS with a large catalogue: the list (plain, then brotli) and one product under load. */
function benchMemory(size: number): Promise<MemoryResult> {
  return withServer(
    size,
    async (server, seeded) => {
      const loads: Array<RequestSpec & { name: string; path: string; seconds: number }> = [
        { name: 'GET /api/v1/product/all', path: '/api/v1/product/all', seconds: 10 },
        { name: 'GET /api/v1/product/all, br', path: '/api/v1/product/all', headers: { 'accept-encoding': 'br' }, seconds: 5 },
        { name: 'GET /api/v1/product/{id}', path: `/api/v1/product/${seeded.productId}`, seconds: 5 },
      ];
      const rows: MemoryRow[] = [];
      for (const t of loads) {
        const url = server.url + t.path;
        await fetchRaw(url, t);
        // 100 plain 25 MB lists in flight take longer than autocannon's default 10 s timeout.
        const r = await load(url, t, t.seconds, 120);
        rows.push({
          target: t.name,
          reqPerSec: r.requests.total / r.duration,
          p99: r.latency.p99,
          bytes: r.throughput.total / Math.max(1, r.requests.total),
          failed: wrongAnswers(r, 200),
        });
      }
      return { size, rows, peakRssMb: server.peakRssMb() };
    },
    true,
  );
}

const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number | undefined) => (n === undefined ? '-' : n < 10 ? n.toFixed(1) : String(Math.round(n))),
  ratio: (n: number | undefined) => (n === undefined ? '' : `${n.toFixed(2)}x`),
  size: (n: number | undefined) =>
    n === undefined ? '' : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} kB` : `${Math.round(n)} B`,
};

function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const l of lines) console.log(line(l));
}

function printSize({ rows, peakRssMb }: SizeResult, size: number): void {
  console.log(
    `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${size} products (medians of ${ROUNDS} rounds of ${TURN} s per side)`,
  );
  printTable(
    ['target', 'bytes', 'req/s', 'ceiling req/s', 'ratio', 'goal', 'p99 ms', 'ceiling p99'],
    rows.map((r) => [
      r.target,
      fmt.size(r.bytes),
      fmt.int(r.reqPerSec),
      fmt.int(r.ceilingReqPerSec),
      fmt.ratio(r.ratio),
      `>= ${r.goal}x`,
      fmt.ms(r.p99),
      fmt.ms(r.ceilingP99),
    ]),
  );
  console.log(`server peak RSS (VmHWM): ${Math.round(peakRssMb ?? NaN)} MB`);
}

async function main(): Promise<void> {
  const started = new Date();
  console.log(
    `Bench${QUICK ? ' (quick)' : ''}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${TURN} s per side, sizes ${SIZES.join(', ')}; ` +
      `${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  if (process.env.BENCH_SKIP_BUILD !== '1') await (QUICK ? buildWebIfStale() : buildWeb());
  const results: SizeResult[] = [];
  for (const size of SIZES) {
    const result = await benchSize(size);
    printSize(result, size);
    results.push(result);
  }
  const memory = MEMORY_SIZE > 0 ? await benchMemory(MEMORY_SIZE) : undefined;
  if (memory) {
    console.log(`\nMemory: ${memory.size.toLocaleString('en-US')} products`);
    printTable(
      ['target', 'bytes', 'req/s', 'p99 ms'],
      memory.rows.map((r) => [r.target, fmt.size(r.bytes), fmt.int(r.reqPerSec), fmt.ms(r.p99)]),
    );
    console.log(`server peak RSS (VmHWM): ${Math.round(memory.peakRssMb ?? NaN)} MB`);
  }

  const rows = results.flatMap((r) => r.rows);
  const goals: Goal[] = [];
  for (const r of rows) {
    // A regression shows in every round; a burst of outside load only in some: the quick mode
    // fails when even the best round is below half the goal.
    goals.push({
      goal: `${r.target} at ${r.size}: >= ${r.goal}x its ceiling`,
      value: `${fmt.ratio(r.ratio)} (best round ${fmt.ratio(r.bestRatio)})`,
      met: r.ratio >= r.goal,
      regression: r.bestRatio < r.goal / 2,
    });
    goals.push({
      goal: `${r.target} at ${r.size}: p99 < ${P99_GOAL_MS} ms`,
      value: `${fmt.ms(r.p99)} ms (ceiling ${fmt.ms(r.ceilingP99)} ms)`,
      met: r.p99 < P99_GOAL_MS,
      regression: false,
    });
  }
  if (memory)
    goals.push({
      goal: `peak RSS with ${memory.size} products under load < ${MEMORY_GOAL_MB} MB`,
      value: `${Math.round(memory.peakRssMb ?? NaN)} MB`,
      met: (memory.peakRssMb ?? NaN) < MEMORY_GOAL_MB,
      regression: false,
    });
  console.log('\nGoals');
  for (const g of goals) console.log(`  ${g.met ? 'met    ' : g.regression ? 'BELOW HALF' : 'NOT MET'}  ${g.goal}: ${g.value}`);
  const met = goals.filter((g) => g.met).length;
  console.log(`${met} of ${goals.length} goals met`);

  const resultsDir = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  const settings = {
    quick: QUICK,
    rounds: ROUNDS,
    turn: TURN,
    connections: CONNECTIONS,
    database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ started, settings, cpus: os.cpus().length, loadavg: os.loadavg(), rows, memory, goals }, null, 2)}\n`,
  );
  console.log(`\nResults: ${path.relative(REPO_ROOT, file)}`);
  // Lead lists (a year's leads; quick: one list over 10,000), threads at a year's leads and the
  // write path at a fair's peak print their own tables and goals, and exit 1 on a broken run
  // (quick: on a tenfold regression).
  if (process.env.BENCH_LEADS !== '0') await run(process.execPath, tsNodeArgs('bench/leads.ts'));
  if (process.env.BENCH_THREADS !== '0') await run(process.execPath, tsNodeArgs('bench/threads.ts'));
  if (process.env.BENCH_WRITE !== '0') await run(process.execPath, tsNodeArgs('bench/write-path.ts'));

  const failed = rows.filter((r) => r.failed > 0 || r.ceilingFailed > 0);
  for (const r of failed) console.error(`${r.target} at ${r.size}: ${r.failed} answers of the wrong status (ceiling: ${r.ceilingFailed})`);
  if (failed.length > 0 || memory?.rows.some((r) => r.failed > 0)) {
    console.error('Some answers had the wrong status: the figures above are not trustworthy.');
    process.exit(1);
  }
  const regressions = goals.filter((g) => g.regression);
  if (QUICK && regressions.length > 0) {
    console.error(`\n${regressions.length} ratio(s) below half their goal: a regression.`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
