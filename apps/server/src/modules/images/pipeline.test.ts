import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * What a fresh process has mapped once it imported what the server imports at start-up (main.ts,
 * the seed included), and once it processed its first image. A process of its own: the test
 * process has loaded everything the other test files imported (the suite runs them in one worker).
 */
const SCRIPT = `
import fs from 'node:fs';
const libvipsLoaded = () => /libvips/.test(fs.readFileSync('/proc/self/maps', 'utf8'));
await import('../../app.ts');
await import('../../seed/seed.ts');
const atStart = libvipsLoaded();
const { loadSharp } = await import('./pipeline.ts');
const sharp = await loadSharp();
const same = (await loadSharp()) === sharp;
console.log(JSON.stringify({ atStart, same, afterFirstImage: libvipsLoaded() }));
`;

describe('loadSharp', () => {
  it.skipIf(process.platform !== 'linux')('loads libvips with the first image processed, not with the server', async () => {
    const here = fileURLToPath(new URL('.', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      cwd: here,
    });
    expect(JSON.parse(stdout.trim().split('\n').pop() ?? '{}')).toEqual({ atStart: false, same: true, afterFirstImage: true });
  });
});
