/**
 * The continuous backup of one process (docs/decisions/034), with BACKUP_URL set on SQLite:
 * Litestream beside it for the database (litestream.ts) and the files copied as they are written
 * (storage/mirror.ts), swept at start and every minute while copies fail. /readyz reads `warnings()`:
 * replication down is a warning, never a failure (the site goes on; only the backup is behind).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.js';
import { createLocalStorage, type FileStorage } from '../storage/file-storage.js';
import { copyMissing, FileMirror } from '../storage/mirror.js';
import { replicaStorage } from '../storage/stores.js';
import { refuseExisting, setAside, sqliteIntegrity } from './backup.js';
import {
  ERROR_FRESH_MS,
  Litestream,
  litestreamBinary,
  litestreamConfig,
  litestreamEnv,
  litestreamFiles,
  type Logger,
} from './litestream.js';

/** How often the files are swept while copies to the replica fail. */
const SWEEP_EVERY_MS = 60_000;

export class Replication {
  /** Shared by the process's mirrored stores (storage/stores.ts). */
  readonly mirror = new FileMirror();
  litestream: Litestream | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    /** The local stores and their replicas, swept together; none when the files live in S3. */
    private readonly pairs: ReadonlyArray<readonly [FileStorage, FileStorage]> = [],
  ) {}

  /** What is wrong with the backup now (empty when it is keeping up). */
  warnings(): string[] {
    const out: string[] = [];
    const state = this.litestream?.state();
    if (state && !state.running)
      out.push(`backup: litestream is not running (${state.lastError ?? 'starting'}): the database is not being replicated`);
    else if (state?.lastErrorAt !== undefined && this.now() - state.lastErrorAt < ERROR_FRESH_MS)
      out.push(`backup: litestream cannot replicate the database (${state.lastError ?? 'unknown error'})`);
    if (this.mirror.failures > 0)
      out.push(`backup: ${this.mirror.failures} file(s) not copied to the replica yet (${this.mirror.lastError ?? 'unknown error'})`);
    return out;
  }

  /** Copies the files the replica lacks; on success the mirror's failures are forgotten. */
  async sweep(log: Logger): Promise<void> {
    try {
      let copied = 0;
      for (const [local, replica] of this.pairs) copied += await copyMissing(local, replica);
      this.mirror.caughtUp();
      if (copied > 0) log.info({ copied }, 'backup: files copied to the replica');
    } catch (err) {
      this.mirror.failed('sweep', err);
      log.error({ err }, 'backup: could not copy the files to the replica (tried again in a minute)');
    }
  }

  /** The sweep at start, then every minute while a copy has failed. */
  startSweeping(log: Logger): void {
    const tick = () => {
      const due = this.mirror.failures > 0 ? this.sweep(log) : Promise.resolve();
      void due.finally(() => {
        this.sweeper = setTimeout(tick, SWEEP_EVERY_MS);
        this.sweeper.unref();
      });
    };
    void this.sweep(log).finally(() => {
      this.sweeper = setTimeout(tick, SWEEP_EVERY_MS);
      this.sweeper.unref();
    });
  }

  async stop(): Promise<void> {
    clearTimeout(this.sweeper);
    await this.litestream?.stop();
  }
}

/** The process's Replication, or undefined without BACKUP_URL (or on PostgreSQL: the configuration refuses it). */
export function createReplication(config: Config): Replication | undefined {
  if (!config.backup || config.databaseUrl) return undefined;
  const backup = config.backup;
  const pairs = config.s3
    ? []
    : ([
        [createLocalStorage(config.uploadsDir), replicaStorage(backup, 'uploads')],
        [createLocalStorage(config.documentsDir), replicaStorage(backup, 'documents')],
      ] as const);
  return new Replication(Date.now, pairs);
}

/**
 * Starts Litestream for `replication` (main.ts, after the migrations): writes its configuration to
 * DATA_DIR and supervises the child. `onRunning` turns the server's own checkpoints off while it runs.
 */
export async function startLitestream(
  config: Config,
  replication: Replication,
  log: Logger,
  onRunning: (running: boolean) => void,
): Promise<void> {
  const backup = config.backup!;
  const { configFile, pidFile } = litestreamFiles(config);
  fs.writeFileSync(configFile, litestreamConfig(config, backup));
  replication.litestream = new Litestream({
    binary: litestreamBinary(config),
    args: ['replicate', '-config', configFile, '-no-expand-env'],
    env: litestreamEnv(backup),
    pidFile,
    log,
    onRunning,
  });
  await replication.litestream.start();
  log.info({ replica: backup.url }, 'backup: litestream replicates the database');
}

const run = promisify(execFile);

export interface ReplicaRestore {
  /** The moment asked for, or undefined for the latest. */
  at: Date | undefined;
  /** Files copied back into DATA_DIR (images and documents). */
  files: number;
}

/**
 * `npm run restore -- --from-backup [--at <time>]`: rebuilds DATA_DIR from BACKUP_URL's replica (the
 * server stopped). The database with `litestream restore` (to `at`, else the latest), checked, then
 * every file of the replica the disk lacks. Refuses an existing database unless `force` (kept aside).
 */
export async function restoreFromReplica(
  config: Config,
  { at, force = false }: { at?: Date; force?: boolean } = {},
): Promise<ReplicaRestore> {
  if (config.databaseUrl) throw new Error('BACKUP_URL backs up SQLite only: on PostgreSQL restore with pgBackRest (docs/deploy.md)');
  const backup = config.backup;
  if (!backup) throw new Error('BACKUP_URL is not set: it names the replica to restore from');
  await refuseExisting(config, force);
  // Litestream's own record of what it had copied belongs to the database that is gone.
  await fsp.rm(path.join(config.dataDir, `.${path.basename(config.sqliteFile)}-litestream`), { recursive: true, force: true });
  await fsp.mkdir(config.dataDir, { recursive: true });
  const { configFile } = litestreamFiles(config);
  await fsp.writeFile(configFile, litestreamConfig(config, backup));
  const temp = `${config.sqliteFile}.restoring`;
  const removeTemp = async () => {
    for (const suffix of ['', '-wal', '-shm', '.tmp', '.tmp-wal', '.tmp-shm']) await fsp.rm(`${temp}${suffix}`, { force: true });
  };
  await removeTemp();
  const args = [
    'restore',
    '-config',
    configFile,
    '-no-expand-env',
    '-o',
    temp,
    ...(at ? ['-timestamp', at.toISOString()] : []),
    config.sqliteFile,
  ];
  try {
    await run(litestreamBinary(config), args, { env: litestreamEnv(backup), maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    await removeTemp();
    // Litestream logs to stdout; its last lines say why.
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    const said = `${stdout}\n${stderr}`.trim().split('\n').slice(-3).join(' ');
    throw new Error(`litestream restore failed${said ? `: ${said}` : ''}`);
  }
  const integrity = sqliteIntegrity(temp);
  if (integrity !== 'ok') {
    await removeTemp();
    throw new Error(`the restored database failed its integrity check:\n${integrity}`);
  }
  // Only now is the database there (if any, with --force) set aside.
  await setAside(config, force);
  await fsp.rename(temp, config.sqliteFile);
  await removeTemp();
  let files = 0;
  if (!config.s3) {
    files += await copyMissing(replicaStorage(backup, 'uploads'), createLocalStorage(config.uploadsDir));
    files += await copyMissing(replicaStorage(backup, 'documents'), createLocalStorage(config.documentsDir));
  }
  return { at, files };
}
