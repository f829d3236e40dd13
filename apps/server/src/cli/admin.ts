/**
 * Create an ADMIN or promote an existing account (and set its password):
 *   npm run admin -- --email admin@example.com --password 'Str0ng!Pass' [--name 'Site Admin']
 * Uses the same DATA_DIR / DATABASE_URL as the server and migrates the database first.
 */
import { VALIDATION, isEmail, isStrongPassword } from '@agro/shared';
import { ConfigError, loadConfig } from '../config.js';
import { parseCommandLine } from './args.js';
import { createDatabase, migrateToLatest } from '../db/index.js';
import { createUserService } from '../modules/user/service.js';

const USAGE = 'Usage: npm run admin -- --email <email> --password <password> [--name <full name>]';

async function main(): Promise<number> {
  const parsed = parseCommandLine<{ email?: string; password?: string; name?: string }>(
    {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
    },
    USAGE,
  );
  if ('exitCode' in parsed) return parsed.exitCode;
  const { values } = parsed;
  const email = values.email?.trim().toLowerCase();
  const password = values.password ?? process.env.ADMIN_PASSWORD;
  const problems: string[] = [];
  if (!email || !isEmail(email)) problems.push(`--email: ${VALIDATION.invalidEmail}`);
  if (!password || !isStrongPassword(password)) problems.push(`--password: ${VALIDATION.strongPassword}`);
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n${USAGE}`);
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
  const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(database);
    const result = await createUserService(database.db, config).ensureAdmin(email!, password!, values.name?.trim() || undefined);
    console.log(`Admin ${email} ${result === 'created' ? 'created' : 'promoted / password updated'}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('admin command failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
