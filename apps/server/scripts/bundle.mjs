/**
 * Compile the server for production: one ESM bundle per entry point in apps/server/dist (our code
 * and @agro/shared, which ships as TypeScript source); every npm dependency stays external and is
 * loaded from node_modules at run time. Run by `npm run build` and, when stale, by `npm start`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@agro/shared');

fs.rmSync(path.join(SERVER, 'dist'), { recursive: true, force: true });
await build({
  // All at the top of dist/: config.ts finds the repository root three folders up, as from src/.
  entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts', backup: 'src/cli/backup.ts' },
  absWorkingDir: SERVER,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Stack traces name src/ files and lines (npm start runs node --enable-source-maps, which holds
  // each map in memory): the map without the sources' text, 1.5 MB less; the sources are in the
  // repository. Without whitespace and comments the bundle is also smaller in memory (a comment's
  // one non-Latin-1 character made V8 hold all of its text two bytes per character).
  sourcemap: true,
  sourcesContent: false,
  minifyWhitespace: true,
  external: [...external, 'zod'],
  logLevel: 'warning',
});
