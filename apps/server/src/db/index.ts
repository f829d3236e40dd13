import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Migration,
  type SqliteDatabase,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type Cursor from 'pg-cursor';
import { closableCursor } from './pg-cursor.js';
import { migrations, type Dialect } from './migrations/index.js';
import type { Database } from './schema.js';

export type { Dialect } from './migrations/index.js';
export type Db = Kysely<Database>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * app_meta values, read on a hot path (every cached answer checks its content versions): a
   * statement prepared once instead of Kysely compiling and preparing it per call, and one read for
   * all the keys a page needs. The values come in the order of `keys`.
   */
  readMeta(keys: readonly string[]): Promise<Array<string | undefined>>;
  /**
   * Where connection errors that no query is waiting for go (the pool's idle connections cut by a
   * database restart); console.error until set. Without a listener they would end the process.
   */
  onConnectionError(listener: (err: Error) => void): void;
  /**
   * Throws unless the database can take a write now (readiness): PostgreSQL answers a query;
   * SQLite's write lock is free (another process holding it, e.g. a long backup, makes every
   * write wait and then fail).
   */
  probe(): Promise<void>;
  /** PostgreSQL: the pool's connections (for /metrics); SQLite has one connection and no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * SQLite: the write-ahead log's size (pages) at which a commit checkpoints it (SQLite's default
   * 1000; 0: never). Off while Litestream runs: it checkpoints itself, after copying the log
   * (backup/litestream.ts).
   */
  walAutocheckpoint?(pages: number): void;
  close(): Promise<void>;
}

/**
 * PostgreSQL's time limits (docs/decisions/019): a database that is away, or that hangs, ends a
 * request in a 503 within a bounded time instead of holding it forever.
 */
/**
 * How long a SQLite write waits for another process's lock (the admin CLI; a backup holding the
 * file) before it fails as a 503. better-sqlite3 waits in the calling thread, so this is also the
 * longest a locked file stalls the event loop per write (docs/decisions/019).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 2_000;

export const PG_LIMITS = {
  /**
   * Opening a connection, and waiting for a free one of the pool (pg-pool uses one limit for both).
   * Long enough that a burst on a loaded machine queues rather than fails (5 s gave a test a 503
   * once beside two busy loops), short enough to answer a database that does not accept.
   */
  connectionTimeoutMillis: 10_000,
  /** The server cancels a statement running longer (57014). */
  statement_timeout: 15_000,
  /** The client gives up on an answer it waits for longer (a server that hangs cancels nothing). */
  query_timeout: 20_000,
  /** The server ends a session left idle inside a transaction. */
  idle_in_transaction_session_timeout: 30_000,
  /** Idle pooled connections are closed after this. */
  idleTimeoutMillis: 30_000,
  /** The client's limit for the content-version read of every cached answer. */
  metaQueryTimeoutMillis: 2_000,
} as const;

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  pgSchema?: string;
  pgPoolSize?: number;
  /** PostgreSQL only: how the connections show in pg_stat_activity (default `agro`). */
  pgApplicationName?: string;
}

const READ_META_SQL = {
  postgres: 'select key, value from app_meta where key = any($1::text[])',
  sqlite: (count: number) => `select key, value from app_meta where key in (${Array(count).fill('?').join(', ')})`,
};

function inOrder(keys: readonly string[], rows: ReadonlyArray<{ key: string; value: string }>): Array<string | undefined> {
  if (rows.length === 1 && keys.length === 1) return [rows[0]!.value];
  return keys.map((key) => rows.find((row) => row.key === key)?.value);
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    // Loaded only for PostgreSQL: a server on SQLite (a 1 GB server's setting) does not hold the
    // driver (docs/deploy.md, "The smallest server"). CommonJS, so loaded synchronously.
    const require = createRequire(import.meta.url);
    const { Pool } = require('pg') as typeof pg;
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      application_name: options.pgApplicationName ?? 'agro',
      connectionTimeoutMillis: PG_LIMITS.connectionTimeoutMillis,
      statement_timeout: PG_LIMITS.statement_timeout,
      query_timeout: PG_LIMITS.query_timeout,
      idle_in_transaction_session_timeout: PG_LIMITS.idle_in_transaction_session_timeout,
      idleTimeoutMillis: PG_LIMITS.idleTimeoutMillis,
      keepAlive: true,
      ...(options.pgSchema ? { options: `-c search_path=${quoteIdent(options.pgSchema)}` } : {}),
    });
    let connectionError = (err: Error): void => console.error('database connection error:', err.message);
    // A connection cut by the server (a restart sends 57P01, then closes) emits 'error' on its
    // client, whether it is idle in the pool or checked out (between a query's failure and its
    // release): unhandled, that ended the process. Every client logs its own; the pool removes a
    // broken one (idle at once, checked out at its release) and the next query opens a new one.
    pool.on('connect', (client) => client.on('error', (err) => connectionError(err)));
    // The pool re-emits an idle client's error (already logged by the client's own listener).
    pool.on('error', () => undefined);
    // The cursor serves Kysely's `.stream()`, by which the exports read each keyset batch (readBatch);
    // closableCursor: a cursor whose connection failed under it ends (db/pg-cursor.ts).
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool, cursor: closableCursor(require('pg-cursor') as typeof Cursor) }),
    });
    const readMeta = async (keys: readonly string[]): Promise<Array<string | undefined>> => {
      // A named statement: each pooled connection parses and plans it once.
      // query_timeout per query is read by node-postgres (client.js) but not in its types.
      const query: pg.QueryConfig<[readonly string[]]> & { query_timeout: number } = {
        name: 'agro_read_meta',
        text: READ_META_SQL.postgres,
        values: [keys],
        // A primary-key read: a database that hangs is given up on soon, and cached answers are
        // served from the last version known (speed/last-known.ts) instead of waiting.
        query_timeout: PG_LIMITS.metaQueryTimeoutMillis,
      };
      const result = await pool.query<{ key: string; value: string }, [readonly string[]]>(query);
      return inOrder(keys, result.rows);
    };
    return {
      db,
      dialect: 'postgres',
      readMeta,
      onConnectionError: (listener) => (connectionError = listener),
      probe: async () => {
        await pool.query('select 1');
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  // WAL lets readers run beside the single writer; the busy timeout makes a second process
  // (e.g. the admin CLI) wait for the lock instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: forKysely(sqlite) }) });
  // Prepared on first use: the table does not exist before the first migration. better-sqlite3
  // is synchronous, so the read cannot interleave with a statement of Kysely's on the connection.
  const readMetaStatements: Array<SQLite.Statement<string[], { key: string; value: string }>> = [];
  const readMeta = async (keys: readonly string[]): Promise<Array<string | undefined>> => {
    const statement = (readMetaStatements[keys.length] ??= sqlite.prepare<string[], { key: string; value: string }>(
      READ_META_SQL.sqlite(keys.length),
    ));
    return inOrder(keys, statement.all(...keys));
  };
  const begin = sqlite.prepare('BEGIN IMMEDIATE');
  const rollback = sqlite.prepare('ROLLBACK');
  const probe = async (): Promise<void> => {
    // Without waiting: the probe must not stall the event loop the busy timeout's length. Nothing
    // interleaves (better-sqlite3 is synchronous), and inside Kysely's transaction it is skipped.
    if (sqlite.inTransaction) return;
    sqlite.pragma('busy_timeout = 0');
    try {
      begin.run();
      rollback.run();
    } finally {
      sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    }
  };
  // An embedded database has no connection to lose: its errors reach the statement that failed.
  return {
    db,
    dialect: 'sqlite',
    readMeta,
    onConnectionError: () => undefined,
    probe,
    walAutocheckpoint: (pages) => {
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${Math.max(0, Math.floor(pages))}`);
    },
    close: () => db.destroy(),
  };
}

/** Apply every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provided: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(migrations)) {
    provided[name] = {
      up: (db) => m.up(db, handle.dialect),
      ...(m.down ? { down: (db: Kysely<unknown>) => m.down!(db, handle.dialect) } : {}),
    };
  }
  // Kysely looks for its migration tables in EVERY schema unless told which one: another schema
  // of the same database holding them (e.g. a parallel test run) would make it skip creating its own.
  const schema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => provided },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // SQLite plans with statistics only once ANALYZE has run: without them it counted a status of
  // 100,000 quotes through the wrong index. `optimize` analyses what changed enough, within a bound.
  if (handle.dialect === 'sqlite')
    await sql`pragma analysis_limit = 1000`.execute(handle.db).then(() => sql`pragma optimize`.execute(handle.db));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A statement that does nothing (see forKysely). */
const NOTHING: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/** How many distinct SQL texts keep their prepared statement (the app has a few hundred). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * `sqlite` for Kysely, with two changes:
 * - Each SQL text is prepared once and its statement kept (the least recently used beyond
 *   STATEMENT_CACHE_SIZE dropped): Kysely's driver prepares every query it runs, which was 12% of
 *   the quote request's CPU at a fair's peak (docs/decisions/025). SQLite re-prepares a kept
 *   statement itself after a schema change; one still being iterated (a stream) is not shared: the
 *   query gets a statement of its own.
 * - A rollback when no transaction is open does nothing: SQLite itself rolls a transaction back on
 *   some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY: a full disk, a locked file), and Kysely's
 *   rollback after it then failed with "no transaction is active", an error that hid the real one
 *   (a full disk became a 500 instead of a 507).
 */
function forKysely(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (text: string): SQLite.Statement => {
    const kept = statements.get(text);
    if (kept && !kept.busy) {
      // Most recently used last: a Map iterates in insertion order.
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    const statement = sqlite.prepare(text);
    if (kept) return statement;
    statements.set(text, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare: (text) => (text === 'rollback' && !sqlite.inTransaction ? NOTHING : prepare(text)),
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return name;
}
