import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type FileStorage } from './file-storage.js';
import { copyMissing, FileMirror, mirrored } from './mirror.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});
async function localStore(): Promise<FileStorage> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-mirror-'));
  dirs.push(dir);
  return createLocalStorage(dir);
}

/** A replica whose writes never answer (a stalled network disk). */
const hanging = (store: FileStorage): FileStorage => ({ ...store, put: () => new Promise<void>(() => undefined) });

describe('a replica that hangs', () => {
  it('does not hold the upload: the file is stored, the copy counted as failed once the time is up', async () => {
    const local = await localStore();
    const mirror = new FileMirror();
    const store = mirrored(local, hanging(await localStore()), mirror, 50);
    const started = Date.now();
    await store.put('a.webp', Buffer.from('image'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await local.get('a.webp')).toEqual(Buffer.from('image'));
    expect(mirror.failures).toBe(1);
    expect(mirror.lastError).toMatch(/^a\.webp: the replica did not answer within 50 ms/);
    // The next uploads do not wait for it again: left to the sweep, the first error kept.
    const next = Date.now();
    await store.put('c.webp', Buffer.from('image'));
    expect(Date.now() - next).toBeLessThan(40);
    expect(mirror.failures).toBe(2);
    expect(mirror.lastError).toMatch(/^a\.webp:/);
  });

  it('fails the sweep instead of waiting for ever', async () => {
    const local = await localStore();
    await local.put('b.webp', Buffer.from('image'));
    await expect(copyMissing(local, hanging(await localStore()), 50)).rejects.toThrow('the replica did not answer within 50 ms');
  });
});
