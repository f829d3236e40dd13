import { describe, expect, it } from 'vitest';
import { ImmutableFiles } from './immutable-files.js';

/** A store whose reads are counted, which can lose a file, fail or hang. */
function store(files: Record<string, string>) {
  const reads: string[] = [];
  let state: 'up' | 'failed' | 'hang' = 'up';
  const read = (name: string): Promise<Buffer | undefined> => {
    reads.push(name);
    if (state === 'failed') return Promise.reject(new Error('store away'));
    if (state === 'hang') return new Promise(() => undefined);
    return Promise.resolve(files[name] === undefined ? undefined : Buffer.from(files[name]));
  };
  return {
    reads,
    read,
    remove: (name: string) => delete files[name],
    fail: (how: 'failed' | 'hang') => (state = how),
  };
}

/** Lets the reads under way settle. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('ImmutableFiles', () => {
  it('reads a file once and answers later requests from memory', async () => {
    const s = store({ 'a.webp': 'AAAA' });
    const files = new ImmutableFiles(s.read, 100, 60_000);
    expect(String(await files.get('a.webp', 0))).toBe('AAAA');
    expect(String(await files.get('a.webp', 1))).toBe('AAAA');
    expect(s.reads).toEqual(['a.webp']);
  });

  it('does not keep misses, and reads a held file again after maxAge: once gone, it is no longer served', async () => {
    const s = store({ 'a.webp': 'AAAA' });
    const files = new ImmutableFiles(s.read, 100, 1000);
    expect(await files.get('none.webp', 0)).toBeUndefined();
    expect(await files.get('none.webp', 1)).toBeUndefined();
    await files.get('a.webp', 0);
    await files.get('a.webp', 999);
    expect(s.reads).toEqual(['none.webp', 'none.webp', 'a.webp']);
    // Read again in the background; the bytes held are answered meanwhile.
    expect(String(await files.get('a.webp', 1000))).toBe('AAAA');
    expect(s.reads).toHaveLength(4);
    await settled();
    await files.get('a.webp', 1999);
    expect(s.reads).toHaveLength(4);
    // Deleted (by another process): served while the next read is under way, then no longer.
    s.remove('a.webp');
    expect(String(await files.get('a.webp', 2000))).toBe('AAAA');
    await settled();
    expect(await files.get('a.webp', 2001)).toBeUndefined();
  });

  it('keeps serving what it holds while the store fails or hangs, and asks it again every maxAge', async () => {
    const s = store({ 'a.webp': 'AAAA' });
    const files = new ImmutableFiles(s.read, 100, 1000);
    await files.get('a.webp', 0);
    s.fail('failed');
    expect(String(await files.get('a.webp', 1000))).toBe('AAAA');
    await settled();
    expect(String(await files.get('a.webp', 1500))).toBe('AAAA');
    expect(s.reads).toHaveLength(2);
    // A store that hangs: the read again never ends, and nothing waits for it.
    s.fail('hang');
    expect(String(await files.get('a.webp', 2000))).toBe('AAAA');
    expect(String(await files.get('a.webp', 5000))).toBe('AAAA');
    expect(s.reads).toHaveLength(3);
    // A file never read, though, waits for the store.
    s.fail('failed');
    await expect(files.get('b.webp', 5000)).rejects.toThrow('store away');
  });

  it('stays within its byte budget, least recently used out first', async () => {
    const s = store({ a: '12345', b: '12345', c: '12345', big: 'x'.repeat(20) });
    const files = new ImmutableFiles(s.read, 10, 60_000);
    await files.get('a', 0);
    await files.get('b', 0);
    await files.get('a', 0); // a is now the most recently used
    await files.get('c', 0); // b goes
    s.reads.length = 0;
    await files.get('a', 0);
    await files.get('c', 0);
    expect(s.reads).toEqual([]);
    await files.get('b', 0);
    expect(s.reads).toEqual(['b']);
    // Larger than the whole budget: served, never kept.
    expect(String(await files.get('big', 0))).toHaveLength(20);
    await files.get('big', 0);
    expect(s.reads.filter((r) => r === 'big')).toHaveLength(2);
  });
});
