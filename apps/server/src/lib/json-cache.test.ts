import { describe, expect, it } from 'vitest';
import { serializeList } from './json-cache.js';

describe('serializeList', () => {
  it('writes the very bytes JSON.stringify writes, whatever the number of items', () => {
    const head = { success: true, message: 'Products fetched "ok" \u00e9\u20b9' };
    for (const n of [0, 1, 199, 200, 201, 450]) {
      const items = Array.from({ length: n }, (_, i) => ({ _id: String(i), name: `item ${i} \u2013 "x"`, list: [i, null, 'a'] }));
      expect(serializeList(head, 'products', items).bytes.toString('utf8')).toBe(JSON.stringify({ ...head, products: items }));
    }
    expect(serializeList({}, 'products', [1, 2]).bytes.toString()).toBe('{"products":[1,2]}');
  });
});
