/**
 * Back up or restore the database and the uploaded images (see docs/security.md, "Backup and restore"):
 *   npm run backup                     -> DATA_DIR/backups/<timestamp>/   (the server may keep running)
 *   npm run backup -- --to /mnt/backups/site-2025-06-01
 *   npm run restore -- --from DIR [--force]   (stop the server first)
 * Uses the same DATA_DIR / DATABASE_URL as the server.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { parseCommandLine } from './args.js';
import { backupData, defaultBackupDir, restoreData } from '../backup/backup.js';

const USAGE = 'Usage: npm run backup -- [--to <folder>]\n       npm run restore -- --from <backup folder> [--force]';

async function main(): Promise<number> {
  const parsed = parseCommandLine<{ to?: string; from?: string; restore?: boolean; force?: boolean }>(
    {
      to: { type: 'string' },
      from: { type: 'string' },
      restore: { type: 'boolean' },
      force: { type: 'boolean' },
    },
    USAGE,
  );
  if ('exitCode' in parsed) return parsed.exitCode;
  const { values } = parsed;
  if (values.restore && !values.from) {
    console.error(`--from is required to restore\n${USAGE}`);
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
