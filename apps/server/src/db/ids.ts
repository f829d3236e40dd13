import { randomBytes } from 'node:crypto';

/**
 * 24 hex characters like a MongoDB ObjectId: 4 bytes of seconds, 5 random bytes fixed per
 * process, 3 bytes of counter. Ids made by one process sort by creation, which keeps
 * "newest first" stable when two rows share a timestamp.
 */
const processRandom = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export function newId(now = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${processRandom}${counter.toString(16).padStart(6, '0')}`;
}

export const ID_PATTERN = /^[a-f0-9]{24}$/;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
