/* global fetch */
/**
 * npm run bench: load benchmarks of the real server against a bare-Fastify ceiling, in one run.
 *
 * Builds the web app, then for each database (SQLite; PostgreSQL too when DATABASE_URL is set)
 * and each catalogue size (100 and 10,000 products): seeds a temporary DATA_DIR (or a temporary
 * PostgreSQL database), starts the server in production mode as its own process, starts the
 * ceiling (bench/ceiling-server.mjs: the same bytes as the product list from a bare route), and
 * loads each target from this process with autocannon. Prints req/s, p50/p99 latency, the
 * server's peak RSS and the ratio to the ceiling, then the goals of docs/performance.md.
 *
 * Environment: BENCH_DURATION (seconds per target, default 10, split over BENCH_ROUNDS rounds,
 * default 5; 1 for catalogues of 1,000 products or more), BENCH_CONNECTIONS (100),
 * BENCH_SIZES (product counts, default "100,10000"), BENCH_PORT (first of two ports, 3701),
 * BENCH_SKIP_BUILD=1, DATABASE_URL (postgres://...: also run on PostgreSQL), LOG_LEVEL (the
 * server's, default info as in production).
 *
 * This is a measurement, never a test: goals are reported, the exit code only says whether the
 * run itself worked. Compare ratios within one run; absolute figures depend on the machine's load.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { REPO_ROOT, buildWeb, run, startServer, stopOnInterrupt, tempDir, tsNodeArgs } from './lib/processes.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SIZES = (process.env.BENCH_SIZES ?? '100,10000').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3701);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GALLERY_ENTRIES = 12;

const GOALS = {
  listToCeiling: 0.8,
  listP99Ms: 20,
  detailSlowdown: 2,
};

const live = new Set();
stopOnInterrupt(live);

/** One autocannon run; raw (unaggregated) so rounds can be merged into one histogram. */
function load(target, duration, timeout) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: target.url, headers: target.headers ?? {}, connections: CONNECTIONS, duration, timeout, skipAggregateResult: true },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** Merge the rounds of one target: req/s over the whole time, latency percentiles over every request. */
function merge(url, rounds) {
  const merged = autocannon.aggregateResult(rounds, { url, connections: CONNECTIONS });
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  const requests = rounds.reduce((sum, r) => sum + r.totalCompletedRequests, 0);
  const bytes = rounds.reduce((sum, r) => sum + r.totalBytes, 0);
  return {
    reqPerSec: requests / seconds,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    bytesPerReq: requests > 0 ? bytes / requests : 0,
    errors: merged.errors,
    timeouts: merged.timeouts,
    non2xx: merged.non2xx,
  };
}

async function startCeiling(port, sourceUrl) {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bench/ceiling-server.mjs'), String(port), sourceUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).startsWith('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`ceiling exited with ${code}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { url: `http://127.0.0.1:${port}/ceiling`, brUrl: `http://127.0.0.1:${port}/ceiling-br`, stop };
}

/** A fresh PostgreSQL database next to the one DATABASE_URL names; dropped by `drop()`. */
async function tempPgDatabase(baseUrl) {
  const name = `agro_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One catalogue size on one database: seed, start, load every target, stop. */
async function benchSize({ dialect, size, all }) {
  const dataDir = await tempDir('agro-bench-');
  const pgDb = dialect === 'postgres' ? await tempPgDatabase(process.env.DATABASE_URL) : undefined;
  const env = { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : { DATABASE_URL: '' }) };
  const rows = [];
  let server;
  let ceiling;
  try {
    process.stdout.write(`\n[${dialect}, ${size} products] seeding...`);
    const seeded = JSON.parse(
      await run(process.execPath, tsNodeArgs('bench/seed-catalogue.ts', [String(size), String(GALLERY_ENTRIES)]), {
        capture: true,
        env,
      }),
    );
    process.stdout.write(' starting the server...');
    server = await startServer({
      port: PORT,
      logFile: path.join(dataDir, 'server.log'),
      env: { ...env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    });
    live.add(server.stop);
    ceiling = await startCeiling(PORT + 1, `${server.url}/api/v1/product/all`);
    live.add(ceiling.stop);
    process.stdout.write(' loading\n');

    const BR = { 'accept-encoding': 'br' };
    const targets = [
      { name: 'ceiling: same bytes, bare route', url: ceiling.url, key: 'ceiling' },
      { name: 'GET /api/v1/product/all', url: `${server.url}/api/v1/product/all`, key: 'list', ceiling: 'ceiling' },
      { name: 'ceiling, brotli bytes', url: ceiling.brUrl, key: 'ceiling-br' },
      { name: 'GET /api/v1/product/all, Accept-Encoding: br', url: `${server.url}/api/v1/product/all`, headers: BR, key: 'list-br', ceiling: 'ceiling-br' },
      { name: 'GET /api/v1/product/{id}', url: `${server.url}/api/v1/product/${seeded.productId}`, key: 'detail', ceiling: 'ceiling' },
      ...(all
        ? [
            { name: 'GET /api/v1/gallery/all', url: `${server.url}/api/v1/gallery/all`, key: 'gallery', ceiling: 'ceiling' },
            { name: 'GET / (HTML)', url: `${server.url}/`, key: 'html' },
            { name: 'GET one product image (WebP)', url: `${server.url}${seeded.imagePath}`, key: 'image' },
          ]
        : []),
    ];
    for (const target of targets) {
      // One request fills the caches; a short run warms the JIT. Neither is counted.
      await (await fetch(target.url, { headers: target.headers ?? {} })).arrayBuffer();
      await load(target, 1, size >= 1000 ? 120 : 10);
      target.rounds = [];
    }
    // The machine is shared: targets take turns in ROUNDS rounds, so a burst of outside load
    // hits them all alike instead of one target's whole run.
    // A 10,000-product list is ~25 MB plain: 100 of them in flight take seconds, so large
    // catalogues run each target in one piece.
    const rounds = size >= 1000 ? 1 : ROUNDS;
    // Seconds before autocannon gives up on an answer: 100 plain 25 MB lists take longer than its default 10.
    const timeout = size >= 1000 ? 120 : 10;
    for (let round = 0; round < rounds; round += 1) {
      for (const target of targets) {
        target.rounds.push(await load(target, DURATION / rounds, timeout));
      }
    }
    // VmHWM: the most memory the server process held at any time since it started.
    const serverPeak = server.peakRssMb();
    for (const target of targets) {
      const result = merge(target.url, target.rounds);
      // autocannon counts a timeout as an error too.
      const failed = result.errors + result.non2xx;
      rows.push({
        dialect,
        size,
        target: target.name,
        key: target.key,
        ceiling: target.ceiling,
        reqPerSec: result.reqPerSec,
        p50: result.p50,
        p99: result.p99,
        bytesPerReq: result.bytesPerReq,
        failed,
        peakRssMb: target.key.startsWith('ceiling') ? undefined : serverPeak,
      });
      if (failed > 0) console.error(`  ${target.name}: ${failed} failed requests (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
    }
  } finally {
    for (const p of [ceiling, server]) {
      if (!p) continue;
      await p.stop();
      live.delete(p.stop);
    }
    await pgDb?.drop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
  const rps = (key) => rows.find((r) => r.key === key)?.reqPerSec ?? NaN;
  for (const r of rows) r.ratio = r.ceiling ? r.reqPerSec / rps(r.ceiling) : r.key.startsWith('ceiling') ? 1 : undefined;
  return rows;
}

const fmt = {
  int: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => (n === undefined ? '-' : n < 10 ? n.toFixed(1) : String(Math.round(n))),
  ratio: (n) => (n === undefined ? '' : `${n.toFixed(2)}x`),
  mb: (n) => (n === undefined ? '' : `${Math.round(n)} MB`),
  size: (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} kB` : `${Math.round(n)} B`),
};

function printTable(rows) {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'vs ceiling', 'bytes/answer'];
  const lines = rows.map((r) => [r.target, fmt.int(r.reqPerSec), fmt.ms(r.p50), fmt.ms(r.p99), fmt.ratio(r.ratio), fmt.size(r.bytesPerReq)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const l of lines) console.log(line(l));
  console.log('(vs ceiling: req/s over the bare route with the same bytes; detail and gallery over the plain list\'s, as the issue asks)');
  const peak = rows.find((r) => r.peakRssMb !== undefined)?.peakRssMb;
  console.log(`server peak RSS (VmHWM, whole run): ${fmt.mb(peak)}`);
}

function goals(rows, dialect) {
  const at = (size, key) => rows.find((r) => r.dialect === dialect && r.size === size && r.key === key);
  const small = Math.min(...SIZES);
  const large = Math.max(...SIZES);
  const out = [];
  const list = at(small, 'list');
  const listBr = at(small, 'list-br');
  const ceiling = at(small, 'ceiling');
  const ceilingBr = at(small, 'ceiling-br');
  if (list && ceiling) {
    out.push({
      goal: `product list >= ${GOALS.listToCeiling}x ceiling at ${small} products`,
      value: fmt.ratio(list.ratio),
      met: list.ratio >= GOALS.listToCeiling,
    });
    out.push({
      goal: `product list p99 < ${GOALS.listP99Ms} ms at ${small} products`,
      value: `${fmt.ms(list.p99)} ms (the ceiling's own p99: ${fmt.ms(ceiling.p99)} ms)`,
      met: list.p99 < GOALS.listP99Ms,
    });
  }
  if (listBr && ceilingBr) {
    // Not the definition (plain bytes), but what a browser gets: reported beside it.
    out.push({
      goal: `  the same, asked as a browser asks (Accept-Encoding: br): p99 < ${GOALS.listP99Ms} ms`,
      value: `${fmt.ms(listBr.p99)} ms, ${fmt.ratio(listBr.ratio)} its ceiling (p99 ${fmt.ms(ceilingBr.p99)} ms)`,
      met: listBr.p99 < GOALS.listP99Ms,
    });
  }
  const d1 = at(small, 'detail');
  const d2 = at(large, 'detail');
  if (d1 && d2 && large !== small) {
    // Per request: time per request is 1 / req/s at the same concurrency.
    const slowdown = d1.reqPerSec / d2.reqPerSec;
    out.push({ goal: `product detail at ${large} within ${GOALS.detailSlowdown}x of ${small} per request`, value: fmt.ratio(slowdown), met: slowdown <= GOALS.detailSlowdown });
  }
  return out;
}

async function main() {
  const started = new Date();
  console.log(`Bench: ${CONNECTIONS} connections, ${DURATION} s per target, sizes ${SIZES.join(', ')}; ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('Building the web app...');
    await buildWeb();
  }
  const dialects = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
  const rows = [];
  for (const dialect of dialects) {
    for (const size of SIZES) {
      const sizeRows = await benchSize({ dialect, size, all: size === Math.min(...SIZES) });
      rows.push(...sizeRows);
      console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${size.toLocaleString('en-US')} products`);
      printTable(sizeRows);
    }
  }
  console.log('\nGoals');
  const summary = [];
  for (const dialect of dialects) {
    for (const g of goals(rows, dialect)) {
      summary.push({ dialect, ...g });
      console.log(`  ${g.met ? 'met    ' : 'NOT MET'}  ${dialect.padEnd(8)} ${g.goal}: ${g.value}`);
    }
  }
  const resultsDir = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ started, duration: DURATION, connections: CONNECTIONS, cpus: os.cpus().length, loadavg: os.loadavg(), rows, goals: summary }, null, 2)}\n`,
  );
  console.log(`\nResults: ${path.relative(REPO_ROOT, file)}`);
  if (rows.some((r) => r.failed > 0)) {
    console.error('Some requests failed: the figures above are not trustworthy.');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
