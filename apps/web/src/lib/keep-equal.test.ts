import { describe, expect, it } from 'vitest';
import { keepEqual } from './keep-equal';

describe('keepEqual', () => {
  const held = { a: [1, 2, { x: 'y' }], b: { c: 'd' }, e: null };

  it('returns what is held when the new value deep-equals it', () => {
    expect(keepEqual(held, structuredClone(held))).toBe(held);
  });

  it('a changed part comes new, with new parents; its unchanged siblings stay the held objects', () => {
    const next = { ...structuredClone(held), b: { c: 'changed' } };
    const out = keepEqual(held, next);
    expect(out).toEqual(next);
    expect(out).not.toBe(held);
    expect(out.a).toBe(held.a);
    expect(out.b).not.toBe(held.b);
  });

  it('a key more, a key less, or a longer array is a change', () => {
    expect(keepEqual(held, { ...structuredClone(held), f: 1 })).not.toBe(held);
    const { e: _e, ...less } = structuredClone(held);
    expect(keepEqual(held, less)).toEqual(less);
    expect(keepEqual([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(keepEqual([1, 2, 3], [1, 2])).toEqual([1, 2]);
  });

  it('anything but plain objects and arrays is taken as it comes', () => {
    expect(keepEqual(null, 'x')).toBe('x');
    expect(keepEqual({ a: 1 }, [1])).toEqual([1]);
    const date = new Date(0);
    expect(keepEqual(new Date(0), date)).toBe(date);
  });
});
