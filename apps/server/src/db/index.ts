import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type Transaction } from 'kysely';
import pg from 'pg';
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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  pgSchema?: string;
  pgPoolSize?: number;
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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${quoteIdent(options.pgSchema)}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const readMeta = async (keys: readonly string[]): Promise<Array<string | undefined>> => {
      // A named statement: each pooled connection parses and plans it once.
      const result = await pool.query<{ key: string; value: string }>({
        name: 'agro_read_meta',
        text: READ_META_SQL.postgres,
        values: [keys],
      });
      return inOrder(keys, result.rows);
    };
    return { db, dialect: 'postgres', readMeta, close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  // WAL lets readers run beside the single writer; the busy timeout makes a second process
  // (e.g. the admin CLI) wait for the lock instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  // Prepared on first use: the table does not exist before the first migration. better-sqlite3
  // is synchronous, so the read cannot interleave with a statement of Kysely's on the connection.
  const readMetaStatements: Array<SQLite.Statement<string[], { key: string; value: string }>> = [];
  const readMeta = async (keys: readonly string[]): Promise<Array<string | undefined>> => {
    const statement = (readMetaStatements[keys.length] ??= sqlite.prepare<string[], { key: string; value: string }>(
      READ_META_SQL.sqlite(keys.length),
    ));
    return inOrder(keys, statement.all(...keys));
  };
  return { db, dialect: 'sqlite', readMeta, close: () => db.destroy() };
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
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return name;
}
