/**
 * A tiny PNG encoder for upload fixtures: solid-colour images with a diagonal band, each
 * colour giving different bytes (the server names stored images by their content). The one PNG
 * writer of the tests: the server's import it too.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = readonly [number, number, number];

/**
 * An 8-bit RGB PNG whose header says `width` x `height`, with `scanlines` (each row a filter byte,
 * then its pixels) as its compressed image data. The server's tests give it far too few to make a
 * pixel bomb (apps/server/test/images-fixtures.ts).
 */
export function encodePng(width: number, height: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An RGB PNG of `width` x `height`: `color` with a lighter diagonal band. */
export function makePng(color: Rgb, width = 96, height = 72): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let x = 0; x < width; x++) {
      const band = Math.abs(x - y) < 8;
      row[1 + x * 3] = band ? Math.min(255, color[0] + 90) : color[0];
      row[2 + x * 3] = band ? Math.min(255, color[1] + 90) : color[1];
      row[3 + x * 3] = band ? Math.min(255, color[2] + 90) : color[2];
    }
    rows.push(row);
  }
  return encodePng(width, height, Buffer.concat(rows));
}

/** A file for Playwright's setInputFiles. */
export function pngFile(name: string, color: Rgb): { name: string; mimeType: string; buffer: Buffer } {
  return { name, mimeType: 'image/png', buffer: makePng(color) };
}

/** A random colour, so files of different runs and tests never share content. */
export function randomColor(): Rgb {
  return [Math.floor(Math.random() * 160), Math.floor(Math.random() * 160), Math.floor(Math.random() * 160)];
}
