#!/usr/bin/env node
/**
 * Fails when a dependency brings an install script nobody reviewed: npm 11 only warns about them,
 * npm 12 skips them (the install "succeeds" and better-sqlite3's driver is then missing). The
 * reviewed ones are in package.json's `allowScripts` (`npm approve-scripts <pkg>` after reading the
 * script). On an npm without `approve-scripts` (npm 10 and older run every script) it says so and passes.
 */
import { execFileSync } from 'node:child_process';

let out;
try {
  out = execFileSync('npm', ['approve-scripts', '--allow-scripts-pending', '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
} catch (err) {
  const version = execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim();
  if (/Unknown command|unknown command/i.test(String(err.stderr ?? err.message))) {
    console.log(`npm ${version} has no approve-scripts (it runs every install script): nothing to check`);
    process.exit(0);
  }
  throw err;
}
const pending = JSON.parse(out).allowScripts ?? [];
if (pending.length > 0) {
  console.error('Install scripts not reviewed (read them, then `npm approve-scripts <pkg>` or `npm deny-scripts <pkg>`):');
  for (const p of pending) console.error(`  ${typeof p === 'string' ? p : (p.name ?? JSON.stringify(p))}`);
  process.exit(1);
}
console.log('Every install script is reviewed (package.json allowScripts).');
