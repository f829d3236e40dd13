import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch } from './etag.js';

describe('etag', () => {
  it('is a weak tag that changes with the body', () => {
    const a = etagOf('{"a":1}');
    expect(a).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etagOf('{"a":1}')).toBe(a);
    expect(etagOf('{"a":2}')).not.toBe(a);
  });

  it('matches If-None-Match lists, weak or strong, and *', () => {
    const tag = etagOf('x');
    const opaque = tag.slice(2);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('', tag)).toBe(false);
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(opaque, tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(' * ', tag)).toBe(true);
  });
});
