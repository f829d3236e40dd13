import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Whether libvips (sharp's native library) is mapped into this process. */
const libvipsLoaded = () => /libvips/.test(fs.readFileSync('/proc/self/maps', 'utf8'));

describe('loadSharp', () => {
  it.skipIf(process.platform !== 'linux')('loads libvips with the first image processed, not with the server', async () => {
    // Everything the server process imports at start-up (main.ts), the seed included.
    await import('../../app.js');
    await import('../../seed/seed.js');
    expect(libvipsLoaded()).toBe(false);
    const { loadSharp } = await import('./pipeline.js');
    const sharp = await loadSharp();
    expect(await loadSharp()).toBe(sharp);
    expect(libvipsLoaded()).toBe(true);
  });
});
