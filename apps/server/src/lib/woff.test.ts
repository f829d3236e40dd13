import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff.js';

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve('@fontsource/amiri/files/amiri-arabic-400-normal.woff'));

/** The OpenType checksum of a table (its bytes as big-endian uint32s, padded with zeros). */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('woffToSfnt', () => {
  it('unwraps every table of the Arabic font whole: lengths and checksums as the WOFF directory records them', () => {
    const sfnt = woffToSfnt(woff);
    const numTables = woff.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(numTables);
    // The binary search fields of the offset table.
    const power = 2 ** Math.floor(Math.log2(numTables));
    expect([sfnt.readUInt16BE(6), sfnt.readUInt16BE(8), sfnt.readUInt16BE(10)]).toEqual([
      power * 16,
      Math.log2(power),
      (numTables - power) * 16,
    ]);
    for (let i = 0; i < numTables; i += 1) {
      const entry = 44 + i * 20;
      const record = 12 + i * 16;
      const tag = woff.toString('latin1', entry, entry + 4);
      expect(sfnt.toString('latin1', record, record + 4)).toBe(tag);
      const offset = sfnt.readUInt32BE(record + 8);
      const length = sfnt.readUInt32BE(record + 12);
      expect(offset % 4, tag).toBe(0);
      expect(length, tag).toBe(woff.readUInt32BE(entry + 12));
      const data = Buffer.from(sfnt.subarray(offset, offset + length));
      // 'head' is summed with its checkSumAdjustment taken as zero.
      if (tag === 'head') data.writeUInt32BE(0, 8);
      expect(checksum(data), tag).toBe(woff.readUInt32BE(entry + 16));
    }
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, just some bytes of text here'))).toThrow('not a WOFF 1.0 font');
    expect(() => woffToSfnt(readFileSync(require.resolve('@fontsource/amiri/files/amiri-arabic-400-normal.woff2')))).toThrow(
      'not a WOFF 1.0 font',
    );
  });
});
