/**
 * `npm run backup` while the site is being written to, then `npm run restore` into a fresh
 * DATA_DIR, then a server on it: the data is all there (SQLite; PostgreSQL uses pg_dump, see
 * docs/security.md).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API, type GalleryResponse, type Product, type Quote } from '@agro/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupManifest } from '../../src/backup/backup.js';
import { backupData, sqliteIntegrity } from '../../src/backup/backup.js';
import { buildTestApp, type TestApp, type TestUser } from '../helper.js';
import { file, makeImage, multipart } from '../images-fixtures.js';
import { PRODUCT_TEXT_FIELDS, quoteBody } from '../security/endpoints.js';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/** The npm scripts' command (`tsx src/cli/backup.ts`), as its own process on `dataDir`. */
async function cli(dataDir: string, args: string[]): Promise<string> {
  const { DATABASE_URL: _unused, ...env } = process.env;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
    cwd: serverDir,
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore (SQLite)', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let productId: string;
  let work: string;
  let seed = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    // Keep recent commits in the write-ahead log, as a busy server often has them (a checkpoint
    // waits for readers): a backup that copied only the database file would miss them.
    await sql`PRAGMA wal_autocheckpoint = 0`.execute(t.db);
    admin = await t.loginAdmin();
    user = await t.loginUser();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-backup-test-'));
    const form = await multipart([
      ...PRODUCT_TEXT_FIELDS,
      ['productThumbnail', file(await makeImage('png', 600, 400, 1))],
      ['productImages', file(await makeImage('jpeg', 500, 500, 2), 'b.jpg', 'image/jpeg')],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: API.addProduct,
      payload: form.payload,
      headers: { ...form.headers, cookie: admin.cookie },
    });
    productId = res.json<{ product: Product }>().product._id;
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  const addQuote = async (i: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      headers: { cookie: user.cookie },
      payload: quoteBody(productId, { additionalInfo: `q${i}` }),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json<{ quote: Quote }>().quote._id;
  };
  const addImage = async () => {
    const form = await multipart([['galleryImages', file(await makeImage('png', 64, 64, 100 + ++seed))]]);
    const res = await t.app.inject({
      method: 'POST',
      url: API.addImages,
      payload: form.payload,
      headers: { ...form.headers, cookie: admin.cookie },
    });
    return res.json<GalleryResponse>().galleryImages[0]!.galleryImages.at(-1)!._id;
  };

  it('copies a consistent database and the uploads while writes go on, and restores them into a fresh DATA_DIR', async () => {
    const before: string[] = [];
    for (let i = 0; i < 20; i += 1) before.push(await addQuote(i));
    for (let i = 0; i < 3; i += 1) await addImage();
    // Images the writers delete during the backup: all stored before it starts. An image added AND
    // deleted within one backup may be referenced by the snapshot and gone before the second copy
    // of the uploads; the backup reports it missing and the command fails ("run the backup again"),
    // as designed (src/backup/backup.ts). Deleting the writer's own new images made that happen in about
    // 1 backup of 25.
    const doomed: string[] = [];
    for (let i = 0; i < 16; i += 1) doomed.push(await addImage());
    // A private order document (storage/stores.ts) goes along with the images.
    await fs.mkdir(t.config.documentsDir, { recursive: true });
    await fs.writeFile(path.join(t.config.documentsDir, `${'ab'.repeat(24)}.pdf`), '%PDF-1.4\n% order document\n');

    // Writers: quotes, gallery images added and deleted (files come and go), until the backup ends.
    let writing = true;
    const acknowledged: string[] = [];
    const writers = [
      (async () => {
        for (let i = 1000; writing; i += 1) acknowledged.push(await addQuote(i));
      })(),
      (async () => {
        for (let i = 1; writing; i += 1) {
          await addImage();
          const old = i % 3 === 0 ? doomed.shift() : undefined;
          if (old) await t.app.inject({ method: 'DELETE', url: API.deleteImage(old), headers: { cookie: admin.cookie } });
        }
      })(),
    ];
    const dest = path.join(work, 'backup-1');
    let output: string;
    try {
      output = await cli(t.dataDir, ['--to', dest]);
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    expect(output).toMatch(/Backup written to/);
    expect(acknowledged.length, 'quotes written during the backup').toBeGreaterThan(0);
    const manifest = JSON.parse(await fs.readFile(path.join(dest, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ dialect: 'sqlite', missingFiles: [] });
    expect(sqliteIntegrity(path.join(dest, 'agro.sqlite'))).toBe('ok');

    // Restore into a fresh DATA_DIR with the real command, then run an app on it.
    const fresh = path.join(work, 'fresh-data');
    expect(await cli(fresh, ['--restore', '--from', dest])).toMatch(/Restored the sqlite backup/);
    // A second restore onto a live database is refused without --force.
    await expect(cli(fresh, ['--restore', '--from', dest])).rejects.toThrow(/--force/);
    const restored = await buildTestApp({ DATA_DIR: fresh });
    try {
      // Sessions came back too: the user's cookie still works on the restored site.
      const mine = await restored.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: user.cookie } });
      expect(mine.statusCode).toBe(200);
      const ids = new Set(mine.json<{ quotes: Quote[] }>().quotes.map((q) => q._id));
      for (const id of before) expect(ids.has(id), id).toBe(true);
      // A snapshot: exactly the manifest's rows, a prefix of what was acknowledged.
      expect(ids.size).toBe(manifest.rows!.quotes);
      for (const id of ids) expect(before.includes(id) || acknowledged.includes(id), id).toBe(true);

      // Every image the restored data shows is served.
      const gallery = (await restored.app.inject({ method: 'GET', url: API.gallery })).json<GalleryResponse>().galleryImages[0]!
        .galleryImages;
      const product = (await restored.app.inject({ method: 'GET', url: API.product(productId) })).json<{ product: Product }>().product;
      const urls = [
        ...gallery.flatMap((g) => [
          g.secure_url,
          ...(g.srcset ?? '')
            .split(',')
            .map((s) => s.trim().split(' ')[0]!)
            .filter(Boolean),
        ]),
        product.productThumbnail.secure_url,
        ...product.productImages.map((i) => i.secure_url),
      ];
      expect(gallery.length).toBeGreaterThanOrEqual(3);
      for (const url of urls) {
        const res = await restored.app.inject({ method: 'GET', url: new URL(url).pathname });
        expect(res.statusCode, url).toBe(200);
      }
      expect((await fs.readdir(restored.config.uploadsDir)).length).toBe(manifest.files);
      expect(await fs.readFile(path.join(restored.config.documentsDir, `${'ab'.repeat(24)}.pdf`), 'utf8')).toContain('order document');
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('keeps exactly the files the snapshot references when uploads change during the backup', async () => {
    const gallery = async () =>
      (await t.app.inject({ method: 'GET', url: API.gallery })).json<GalleryResponse>().galleryImages[0]!.galleryImages;
    const fileOf = (url: string) => path.basename(new URL(url).pathname);
    const old = (await gallery()).at(-1)!;
    let added = '';
    const dest = path.join(work, 'backup-2');
    // Between the first copy of the uploads and the snapshot: one image arrives, one goes.
    const manifest = await backupData(t.config, dest, {
      beforeSnapshot: async () => {
        const id = await addImage();
        added = fileOf((await gallery()).find((g) => g._id === id)!.secure_url);
        await t.app.inject({ method: 'DELETE', url: API.deleteImage(old._id), headers: { cookie: admin.cookie } });
      },
    });
    const files = await fs.readdir(path.join(dest, 'uploads'));
    expect(manifest.missingFiles).toEqual([]);
    expect(files).toContain(added);
    // The deleted image's file is not kept unless another entry still uses the same picture.
    const stillUsed = (await gallery()).some((g) => fileOf(g.secure_url) === fileOf(old.secure_url));
    expect(files.includes(fileOf(old.secure_url))).toBe(stillUsed);
    expect(files.length).toBe(manifest.files);
  });
});
