/**
 * Build what `npm start` runs: the web app (Vite: the browser's bundle and the server's render of
 * the public pages) and the server (bundled by esbuild into
 * apps/server/dist, so production never compiles TypeScript at start-up).
 *
 *   node scripts/build.mjs             build both
 *   node scripts/build.mjs --if-stale  build only what is missing or older than its sources
 *                                      (what `npm start` does: a second start builds nothing)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');

/** Each target: its sources, the file whose time says when it was built, and how to build it. */
const TARGETS = [
  {
    name: 'web app',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/preact-aliases.ts',
      'apps/web/package.json',
      'packages/shared/src',
      'packages/shared/locales',
      'package-lock.json',
    ],
    marker: 'apps/web/dist/.build-stamp',
    // The browser's build and the server's render of the public pages (apps/web/dist-server).
    outputs: ['apps/web/dist-server/entry-server.js'],
    build: () => run('npm', ['run', 'build', '-w', 'apps/web', '--', '--logLevel', 'warn']),
  },
  {
    name: 'server',
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/scripts/bundle.mjs',
      'packages/shared/src',
      'packages/shared/locales',
      'package-lock.json',
    ],
    marker: 'apps/server/dist/.build-stamp',
    build: () => run(process.execPath, ['apps/server/scripts/bundle.mjs']),
  },
];

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Newest modification time under `target` (0 when it does not exist). */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

for (const target of TARGETS) {
  const marker = path.join(ROOT, target.marker);
  if (ifStale && fs.existsSync(marker) && (target.outputs ?? []).every((o) => fs.existsSync(path.join(ROOT, o)))) {
    const built = fs.statSync(marker).mtimeMs;
    if (target.sources.every((s) => newestMtime(path.join(ROOT, s)) <= built)) {
      console.log(`${target.name}: build is current`);
      continue;
    }
  }
  console.log(`${target.name}: building`);
  target.build();
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
}
