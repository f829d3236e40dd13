import { describe, expect, it } from 'vitest';
import { ImmutableFiles } from './immutable-files.js';

/** A store whose reads are counted. */
function store(files: Record<string, string>) {
  const reads: string[] = [];
  const read = async (name: string) => {
    reads.push(name);
    return files[name] === undefined ? undefined : Buffer.from(files[name]);
  };
  return { reads, read };
}

describe('ImmutableFiles', () => {
  it('reads a file once and answers later requests from memory', async () => {
    const s = store({ 'a.webp': 'AAAA' });
    const files = new ImmutableFiles(s.read, 100, 60_000);
    expect(String(await files.get('a.webp', 0))).toBe('AAAA');
    expect(String(await files.get('a.webp', 1))).toBe('AAAA');
    expect(s.reads).toEqual(['a.webp']);
  });

  it('does not keep misses, and reads again after maxAge (a deleted file stops being served)', async () => {
    const s = store({ 'a.webp': 'AAAA' });
    const files = new ImmutableFiles(s.read, 100, 1000);
    expect(await files.get('none.webp', 0)).toBeUndefined();
    expect(await files.get('none.webp', 1)).toBeUndefined();
    await files.get('a.webp', 0);
    await files.get('a.webp', 999);
    expect(s.reads).toEqual(['none.webp', 'none.webp', 'a.webp']);
    await files.get('a.webp', 1000);
    expect(s.reads).toHaveLength(4);
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
