/**
 * Backup and restore of everything the site stores: the database, the images (DATA_DIR/uploads
 * or the S3 bucket) and the private order documents (both read and written through
 * storage/stores.ts; documents are written before their row and removed after it, like images).
 *
 * SQLite: `VACUUM INTO` writes a consistent snapshot (one read transaction) through a connection of
 * our own, while the server keeps reading and writing (WAL mode). PostgreSQL: `pg_dump` (custom
 * format), itself a consistent snapshot.
 *
 * Uploads are immutable, content-named files written before the rows that reference them and
 * removed after those rows are gone. So: copy the folder, take the database snapshot, then copy
 * what appeared meanwhile. Every file the snapshot references was on disk at one of the two copies
 * unless it was added and deleted again within the backup; that case is reported, not hidden.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { fileNamesOf } from '../modules/images/index.js';
import type { FileStorage } from '../storage/file-storage.js';
import { createDocumentStorage, createImageStorage } from '../storage/stores.js';

const run = promisify(execFile);

export const SQLITE_BACKUP_FILE = 'agro.sqlite';
export const PG_BACKUP_FILE = 'database.pgdump';
export const UPLOADS_BACKUP_DIR = 'uploads';
export const DOCUMENTS_BACKUP_DIR = 'documents';
export const MANIFEST_FILE = 'manifest.json';

export interface BackupManifest {
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  database: string;
  /** Rows per table in the snapshot (SQLite only). */
  rows?: Record<string, number>;
  files: number;
  /** Files the snapshot references that were gone from DATA_DIR/uploads before they could be copied. */
  missingFiles: string[];
}

/** `DATA_DIR/backups/<timestamp>`: sortable, and safe as a folder name everywhere. */
export function defaultBackupDir(config: Config, now = new Date()): string {
  return path.join(config.dataDir, 'backups', now.toISOString().replace(/[:.]/g, '-'));
}

/** Copy every stored image (disk or bucket, writes in progress excluded) not yet in `to`. */
async function copyNewUploads(from: FileStorage, to: string): Promise<void> {
  const names = await from.list();
  const present = new Set(await fs.readdir(to));
  for (const name of names) {
    if (present.has(name)) continue;
    const data = await from.get(name);
    // Deleted between the listing and the copy: the database snapshot decides whether it mattered.
    if (data) await fs.writeFile(path.join(to, name), data);
  }
}

/** File names (main rendition, variants and link-preview JPEG) the `images` rows of a SQLite file reference. */
function referencedFiles(db: SQLite.Database): Set<string> {
  const rows = db.prepare('SELECT file_name, variants FROM images').all() as { file_name: string; variants: string }[];
  // The same names every clean-up goes by (a malformed variants column references nothing more).
  return new Set(fileNamesOf(rows));
}

function tableCounts(db: SQLite.Database): Record<string, number> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
    name: string;
  }[];
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    out[name] = (db.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n;
  }
  return out;
}

/** `PRAGMA integrity_check` of a SQLite file: 'ok' or the problems found. */
export function sqliteIntegrity(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('\n');
  } finally {
    db.close();
  }
}

/** pg_dump / pg_restore: PG_DUMP / PG_RESTORE when set, else from PATH. */
const pgTool = (name: 'pg_dump' | 'pg_restore'): string => process.env[name.toUpperCase()] ?? name;

export interface BackupOptions {
  /** Runs between the first copy of the uploads and the database snapshot (tests race writes there). */
  beforeSnapshot?: () => Promise<void>;
}

/** Back up the database and the uploads into `dest` (created; must not exist yet). */
export async function backupData(config: Config, dest: string, options: BackupOptions = {}): Promise<BackupManifest> {
  const storage = createImageStorage(config);
  await fs.mkdir(path.dirname(dest), { recursive: true });
  await fs.mkdir(dest);
  const uploads = path.join(dest, UPLOADS_BACKUP_DIR);
  await fs.mkdir(uploads);
  await copyNewUploads(storage, uploads);
  const documentStorage = createDocumentStorage(config);
  const documents = path.join(dest, DOCUMENTS_BACKUP_DIR);
  await fs.mkdir(documents);
  await copyNewUploads(documentStorage, documents);
  await options.beforeSnapshot?.();

  let manifest: BackupManifest;
  if (config.databaseUrl) {
    const file = path.join(dest, PG_BACKUP_FILE);
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, config.databaseUrl]);
    await copyNewUploads(storage, uploads);
    manifest = { createdAt: new Date().toISOString(), dialect: 'postgres', database: PG_BACKUP_FILE, files: 0, missingFiles: [] };
  } else {
    const file = path.join(dest, SQLITE_BACKUP_FILE);
    const live = new SQLite(config.sqliteFile, { readonly: true, fileMustExist: true });
    try {
      // Wait for a writer's lock rather than fail; the snapshot itself never blocks the server.
      live.pragma('busy_timeout = 10000');
      live.prepare('VACUUM INTO ?').run(file);
    } finally {
      live.close();
    }
    await copyNewUploads(storage, uploads);
    const snapshot = new SQLite(file, { readonly: true });
    let referenced: Set<string>;
    let rows: Record<string, number>;
    try {
      referenced = referencedFiles(snapshot);
      rows = tableCounts(snapshot);
    } finally {
      snapshot.close();
    }
    // Keep exactly what the snapshot references: files deleted after it are not part of it.
    const copied = new Set(await fs.readdir(uploads));
    for (const name of copied) if (!referenced.has(name)) await fs.rm(path.join(uploads, name));
    const missingFiles = [...referenced].filter((name) => !copied.has(name)).sort();
    const integrity = sqliteIntegrity(file);
    if (integrity !== 'ok') throw new Error(`the snapshot failed its integrity check:\n${integrity}`);
    manifest = {
      createdAt: new Date().toISOString(),
      dialect: 'sqlite',
      database: SQLITE_BACKUP_FILE,
      rows,
      files: 0,
      missingFiles,
    };
  }
  // Order documents added while the snapshot was taken (a document deleted meanwhile may be kept: harmless).
  await copyNewUploads(documentStorage, documents);
  manifest.files = (await fs.readdir(uploads)).length;
  await fs.writeFile(path.join(dest, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Throws when the SQLite database exists and `force` is not given; true when it exists. */
export async function refuseExisting(config: Config, force: boolean): Promise<boolean> {
  const exists = await fs.stat(config.sqliteFile).then(
    () => true,
    () => false,
  );
  if (exists && !force) throw new Error(`${config.sqliteFile} exists; stop the server and pass --force to replace it`);
  return exists;
}

/**
 * Before a restore: refuses an existing SQLite database unless `force`, which keeps it aside as
 * `agro.sqlite.before-restore-<time>`; removes what the old database left beside it.
 */
export async function setAside(config: Config, force: boolean): Promise<void> {
  if (await refuseExisting(config, force)) {
    const aside = `${config.sqliteFile}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(config.sqliteFile, aside);
  }
  // A write-ahead log left by the old database would be replayed onto the restored one.
  for (const suffix of ['-wal', '-shm', '-journal']) await fs.rm(`${config.sqliteFile}${suffix}`, { force: true });
}

/**
 * Restore a backup into the configured DATA_DIR / DATABASE_URL. The server must be stopped.
 * Refuses to overwrite an existing SQLite database unless `force` (which keeps it aside).
 */
export async function restoreData(config: Config, source: string, { force = false } = {}): Promise<BackupManifest> {
  const manifest = JSON.parse(await fs.readFile(path.join(source, MANIFEST_FILE), 'utf8')) as BackupManifest;
  if ((manifest.dialect === 'postgres') !== Boolean(config.databaseUrl)) {
    throw new Error(`this is a ${manifest.dialect} backup; set DATABASE_URL accordingly`);
  }
  if (manifest.dialect === 'sqlite') {
    const backupFile = path.join(source, SQLITE_BACKUP_FILE);
    const integrity = sqliteIntegrity(backupFile);
    if (integrity !== 'ok') throw new Error(`the backup failed its integrity check:\n${integrity}`);
    await setAside(config, force);
    await fs.mkdir(path.dirname(config.sqliteFile), { recursive: true });
    const temp = `${config.sqliteFile}.restoring`;
    await fs.copyFile(backupFile, temp);
    await fs.rename(temp, config.sqliteFile);
  } else {
    await run(pgTool('pg_restore'), [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      `--dbname=${config.databaseUrl!}`,
      path.join(source, PG_BACKUP_FILE),
    ]);
  }
  const uploads = path.join(source, UPLOADS_BACKUP_DIR);
  const storage = createImageStorage(config);
  for (const name of await fs.readdir(uploads)) {
    await storage.put(name, await fs.readFile(path.join(uploads, name)));
  }
  // Backups made before orders existed have no documents folder.
  const documents = path.join(source, DOCUMENTS_BACKUP_DIR);
  const documentStorage = createDocumentStorage(config);
  for (const name of await fs.readdir(documents).catch(() => [] as string[])) {
    await documentStorage.put(name, await fs.readFile(path.join(documents, name)));
  }
  return manifest;
}
