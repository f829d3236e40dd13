/**
 * The content versions as last read, for while the database is away: the cached public answers
 * (pages, the product list and details, the gallery, the sitemap) are valid for a version, and
 * with the last one known they keep answering from memory, marked stale, instead of failing
 * with the database (docs/decisions/019). What is not cached still needs the database: a 503.
 */
import type { DatabaseHandle } from '../db/index.js';
import { faultOf } from '../lib/faults.js';

type ReadMeta = DatabaseHandle['readMeta'];

/** The header that marks an answer made from the last version known, not the current one. */
export const STALE_HEADER = 'X-Cache-Status';
export const STALE_VALUE = 'STALE';

export interface LastKnownMeta {
  /** `read`, or on a fault of the database the values last read (when every key was read before). */
  readMeta: ReadMeta;
  /** True from a read answered with the last values known until a read succeeds again. */
  stale(): boolean;
}

export function lastKnownMeta(read: ReadMeta, onStale: (err: unknown) => void): LastKnownMeta {
  const known = new Map<string, string | undefined>();
  let stale = false;
  return {
    async readMeta(keys) {
      try {
        const values = await read(keys);
        for (let i = 0; i < keys.length; i += 1) known.set(keys[i]!, values[i]);
        stale = false;
        return values;
      } catch (err) {
        if (!faultOf(err) || !keys.every((key) => known.has(key))) throw err;
        if (!stale) onStale(err);
        stale = true;
        return keys.map((key) => known.get(key));
      }
    },
    stale: () => stale,
  };
}
