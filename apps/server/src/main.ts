import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest, type DatabaseHandle } from './db/index.js';
import { isDatabaseAway, isStorageAway } from './lib/faults.js';
import { addMissingShareImages } from './modules/images/index.js';
import { createUserService } from './modules/user/service.js';
import { seedDemoData } from './seed/seed.js';
import { startLitestream } from './backup/replication.js';

function flushLog(log: object): void {
  if ('flush' in log && typeof log.flush === 'function') (log.flush as () => void).call(log);
}

/** The process: configuration, migrations, demo data, admin account, listen, graceful shutdown. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());
  try {
    // Several processes may start at once on one PostgreSQL database: one at a time migrates,
    // seeds and sets up the admin; the others wait, then find it done.
    await untilPartsAnswer(app.log, () =>
      withStartupLock(database, async () => {
        const applied = await migrateToLatest(database);
        if (applied.length > 0) app.log.info({ applied }, 'database migrated');
        if (config.seedDemo) await seedDemoData(app.db, config, app.log, app.imageStorage);
        if (config.adminEmail && config.adminPassword) {
          const result = await createUserService(app.db, config).ensureAdmin(config.adminEmail, config.adminPassword);
          app.log.info({ email: config.adminEmail, result }, 'admin account ready');
        }
      }),
    );
    if (!config.publicUrl && config.nodeEnv === 'production') {
      app.log.warn('PUBLIC_URL is not set: links in mails point at localhost unless the request came from it');
    }
    // The continuous backup (BACKUP_URL): Litestream beside the server, once the database is
    // migrated; while it runs it checkpoints the database, so the server does not (backup/litestream.ts).
    if (app.replication) {
      await startLitestream(config, app.replication, app.log, (running) => database.walAutocheckpoint?.(running ? 0 : 1000));
      app.replication.startSweeping(app.log);
    }
    // A listening server's own errors (rare: a socket error of the server itself) are logged.
    app.server.on('error', (err) => app.log.error({ err }, 'HTTP server error'));
    await app.listen({ port: config.port, host: config.host });
    // Production log lines go out in batches (app.ts): the start-up ones, where the server listens
    // among them, are written now, for the person who just started it.
    flushLog(app.log);
    // Images stored before they had a link-preview JPEG get one, without holding up the start.
    addMissingShareImages(app.db, app.imageStorage).then(
      (written) => {
        if (written.length > 0) app.log.info({ count: written.length }, 'link-preview images added');
      },
      (err: unknown) => app.log.error({ err }, 'could not add the link-preview images'),
    );
  } catch (err) {
    app.log.fatal({ err }, 'start-up failed');
    await app.close();
    await app.replication?.stop();
    process.exit(1);
  }

  let closing = false;
  let exitCode = 0;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let in-flight requests and queued mails finish, then exit;
    // a hard deadline keeps a stuck connection from blocking a deploy forever.
    const deadline = setTimeout(() => process.exit(1), 10_000);
    deadline.unref();
    // Litestream after the server: it uploads the last commits, then checkpoints as the last
    // connection to the database.
    app
      .close()
      .then(() => app.replication?.stop())
      .then(
        () => process.exit(exitCode),
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // docs/decisions/019. A request's failure is its own (Fastify's error handler answers it and
  // logs it with its request). A promise rejected with nobody to catch it leaves no state half
  // changed: logged, and the process keeps serving. An exception thrown outside any request (a
  // timer, an event) may have left anything half done: logged, then a clean shutdown (in-flight
  // requests finish) and exit 1 for the supervisor to start a fresh process.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled promise rejection (the process keeps serving)'));
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception: shutting down cleanly for the supervisor to restart the process');
    exitCode = 1;
    shutdown('uncaughtException');
  });
}

/** Waits between tries while the database is away at start-up (grows to the last). */
const STARTUP_RETRY_MS = [500, 1000, 2000, 5000];

/**
 * Runs `fn` (migrate, seed) again while it fails because the database or the object store is away
 * (the very first start seeds the demo images into the store): a server started before them (a
 * reboot, a managed database's maintenance) waits for them instead of exiting. A store that refuses
 * us (no such bucket, denied) is a configuration to fix: that still ends the start.
 */
async function untilPartsAnswer(log: { warn: (obj: object, msg: string) => void }, fn: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      const part = isDatabaseAway(err) ? 'database' : isStorageAway(err) ? 'object store' : undefined;
      if (!part) throw err;
      const wait = STARTUP_RETRY_MS[Math.min(attempt, STARTUP_RETRY_MS.length - 1)]!;
      log.warn({ err, retryInMs: wait }, `the ${part} is not answering yet: waiting for it`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Arbitrary but fixed: the key of the session-level advisory lock that start-up holds. */
const STARTUP_LOCK_KEY = 720_514_001;

/**
 * Run `fn` while holding PostgreSQL's advisory lock for start-up (on its own connection, released
 * when `fn` ends or the connection dies with the process). SQLite: one file has one writer anyway.
 */
async function withStartupLock(database: DatabaseHandle, fn: () => Promise<void>): Promise<void> {
  if (database.dialect !== 'postgres') return fn();
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      await fn();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}

void main();
