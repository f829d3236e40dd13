/**
 * npm run bench:profile: where the microseconds of one answer go (the cost table of
 * docs/performance.md). Seeds a catalogue, starts the server in production mode (access log
 * on) under `node --cpu-prof`, loads each target in turn with autocannon, stops the server
 * (which writes the profile) and charges every sample of each target's window to a line of the
 * table (bench/lib/cost-table.ts). Prints CPU microseconds per request per line.
 *
 * The ceiling (bench/ceiling-server.mjs, the same bytes from bare routes) is profiled alike, in
 * turns with the server, for comparison.
 *
 * Environment: PROFILE_TARGETS (keys from bench/lib/targets.ts, default
 * "detail,list-br,html-home,image,404,401,429"), PROFILE_SIZE (products, 100),
 * PROFILE_DURATION (seconds per target, 5), BENCH_CONNECTIONS (100), BENCH_PORT (27010).
 * The profile itself is kept in bench/results/.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCeiling, type Ceiling } from './lib/ceiling.js';
import { costTable, isCpuProfile, type CostTable, type CostWindow } from './lib/cost-table.js';
import { BENCH_DEFAULT_PORT, buildWebIfStale, REPO_ROOT, stopOnInterrupt, type Stopper, tempDir } from './lib/processes.js';
import { seedCatalogue, startBenchServer, targets, type RequestSpec } from './lib/targets.js';

const KEYS = (process.env.PROFILE_TARGETS ?? 'detail,list-br,html-home,image,404,401,429').split(',');
const SIZE = Number(process.env.PROFILE_SIZE ?? 100);
const DURATION = Number(process.env.PROFILE_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? BENCH_DEFAULT_PORT + 9);

type Side = 'server' | 'ceiling';

/** One target's time window, with its name and throughput while profiled. */
interface ProfileWindow extends CostWindow {
  name: string;
  reqPerSec: number;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

function load(url: string, target: RequestSpec, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: target.method ?? 'GET', headers: target.headers ?? {}, body: target.body, connections: CONNECTIONS, duration },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function main(): Promise<void> {
  await buildWebIfStale();
  const live = new Set<Stopper>();
  stopOnInterrupt(live);
  const dataDir = await tempDir('agro-profile-');
  const profileDir = path.join(dataDir, 'profile');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const seeded = await seedCatalogue(env, SIZE);
  const list = targets(seeded, { only: KEYS });
  const profArgs = (who: Side) => ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, who)}`];
  const server = await startBenchServer({ port: PORT, env, dataDir, nodeArgs: profArgs('server') });
  live.add(server.stop);
  let ceiling: Ceiling | undefined;
  const windows: Record<Side, ProfileWindow[]> = { server: [], ceiling: [] };
  try {
    ceiling = await startCeiling({ port: PORT + 1, serverUrl: server.url, targets: list, dir: dataDir, nodeArgs: profArgs('ceiling') });
    live.add(ceiling.stop);
    for (const target of list) {
      const urls: Array<[Side, string]> = [
        ['server', server.url + target.path],
        ['ceiling', ceiling.urlOf(target.key)],
      ];
      for (const [who, url] of urls) {
        await load(url, target, 1);
        const fromUs = nowUs();
        const result = await load(url, target, DURATION);
        const toUs = nowUs();
        windows[who].push({
          key: target.key,
          name: target.name,
          fromUs,
          toUs,
          requests: result.requests.total,
          reqPerSec: result.requests.average,
        });
        process.stdout.write(`${who} ${target.name}: ${Math.round(result.requests.average)} req/s\n`);
      }
    }
  } finally {
    for (const p of [server, ceiling]) {
      if (!p) continue;
      await p.stop();
      live.delete(p.stop);
    }
  }
  const resultsDir = path.join(REPO_ROOT, 'bench/results');
  await fsp.mkdir(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const tables: Record<Side, CostTable> = { server: {}, ceiling: {} };
  const sides: Side[] = ['server', 'ceiling'];
  for (const who of sides) {
    const dir = path.join(profileDir, who);
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
    const profile: unknown = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (!isCpuProfile(profile)) throw new Error(`${path.join(dir, file)}: not a V8 CPU profile`);
    tables[who] = costTable(profile, windows[who]);
    await fsp.copyFile(path.join(dir, file), path.join(resultsDir, `profile-${stamp}-${who}.cpuprofile`));
    await fsp.writeFile(
      path.join(resultsDir, `profile-${stamp}-${who}.json`),
      `${JSON.stringify({ windows: windows[who], table: tables[who] }, null, 2)}\n`,
    );
  }
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  for (const who of sides) {
    const table = tables[who];
    const cols = windows[who].map((w) => w.key);
    const lines = [...new Set(Object.values(table).flatMap((r) => Object.keys(r.perRequestUs)))].sort(
      (a, b) => (table[cols[0]]?.perRequestUs[b] ?? 0) - (table[cols[0]]?.perRequestUs[a] ?? 0),
    );
    console.log(
      `\n${who === 'server' ? 'The server' : 'The ceiling (bare Fastify, same bytes)'}: CPU microseconds per request (${SIZE} products, ${CONNECTIONS} connections, ${DURATION} s per target)\n`,
    );
    console.log(row(['line', ...cols]));
    console.log(row(['---', ...cols.map(() => '---:')]));
    for (const line of lines) console.log(row([line, ...cols.map((k) => (table[k].perRequestUs[line] ?? 0).toFixed(1))]));
    console.log(row(['**total CPU per request**', ...cols.map((k) => `**${table[k].totalPerRequestUs.toFixed(1)}**`)]));
    console.log(row(['req/s while profiled', ...windows[who].map((w) => String(Math.round(w.reqPerSec)))]));
  }
  console.log(`\nProfiles: bench/results/profile-${stamp}-{server,ceiling}.cpuprofile (open in Chrome DevTools)`);
  await fsp.rm(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
