/**
 * Back up or restore the database and the uploaded images (see docs/security.md, "Backup and restore"):
 *   npm run backup                     -> DATA_DIR/backups/<timestamp>/   (the server may keep running)
 *   npm run backup -- --to /mnt/backups/site-2025-06-01
 *   npm run restore -- --from DIR [--force]   (stop the server first)
 *   npm run restore -- --from-backup [--at <time>] [--force]   (from BACKUP_URL's replica: Litestream)
 * Uses the same DATA_DIR / DATABASE_URL as the server.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { parseCommandLine } from './args.js';
import { backupData, defaultBackupDir, restoreData } from '../backup/backup.js';
import { restoreFromReplica } from '../backup/replication.js';

const USAGE =
  'Usage: npm run backup -- [--to <folder>]\n       npm run restore -- --from <backup folder> [--force]\n' +
  '       npm run restore -- --from-backup [--at <time, e.g. 2026-11-27T10:15:00Z>] [--force]   (BACKUP_URL)';

async function main(): Promise<number> {
  const parsed = parseCommandLine<{ to?: string; from?: string; 'from-backup'?: boolean; at?: string; restore?: boolean; force?: boolean }>(
    {
      to: { type: 'string' },
      from: { type: 'string' },
      'from-backup': { type: 'boolean' },
      at: { type: 'string' },
      restore: { type: 'boolean' },
      force: { type: 'boolean' },
    },
    USAGE,
  );
  if ('exitCode' in parsed) return parsed.exitCode;
  const { values } = parsed;
  const fromBackup = values['from-backup'] === true;
  if (values.restore && (values.from === undefined) === !fromBackup) {
    console.error(`restore needs --from <folder> or --from-backup (one of them)\n${USAGE}`);
    return 2;
  }
  const at = values.at === undefined ? undefined : new Date(values.at);
  if (at !== undefined && (!fromBackup || Number.isNaN(at.getTime()))) {
    console.error(`--at goes with --from-backup and takes a time such as 2026-11-27T10:15:00Z\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }

  if (values.restore && fromBackup) {
    const restored = await restoreFromReplica(config, { at, force: values.force ?? false });
    console.log(
      `Restored ${config.sqliteFile} from ${config.backup?.url ?? ''} as of ${restored.at?.toISOString() ?? 'its latest'}, and ${restored.files} files.`,
    );
    return 0;
  }
  if (values.restore) {
    const source = path.resolve(values.from!);
    const manifest = await restoreData(config, source, { force: values.force ?? false });
    console.log(
      `Restored the ${manifest.dialect} backup of ${manifest.createdAt} (${manifest.files} files) into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}.`,
    );
    return 0;
  }
  const dest = values.to ? path.resolve(values.to) : defaultBackupDir(config);
  const manifest = await backupData(config, dest);
  console.log(`Backup written to ${dest}: ${manifest.dialect} database, ${manifest.files} files.`);
  if (manifest.rows)
    console.log(
      `Rows: ${Object.entries(manifest.rows)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  if (manifest.missingFiles.length > 0) {
    console.error(`${manifest.missingFiles.length} referenced files were deleted while copying; run the backup again.`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('backup command failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
