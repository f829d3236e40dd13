/**
 * Lead search by an index instead of a scan (issue 29, item 1): any part of a company, contact or
 * e-mail, three characters or more.
 * - SQLite: FTS5 tables with the trigram tokenizer, kept by triggers. Each holds its own copy of
 *   the searched columns and the lead's id (not an external-content table keyed by rowid: the
 *   backup's VACUUM INTO may renumber the rowids of tables without an INTEGER PRIMARY KEY).
 * - PostgreSQL: pg_trgm's GIN indexes on lower(column), which the unchanged LIKE '%text%' uses. The
 *   extension goes into `public` (its operator class is named with it, so a schema of its own, as
 *   the tests use, finds it); a role that may not create it gets no indexes and a scan, as before.
 * Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

const SEARCHED = {
  quotes: { fts: 'quote_search', key: 'quote_id', columns: ['company_name', 'contact_person_name', 'company_email', 'quoted_by_email'] },
  contacts: { fts: 'contact_search', key: 'contact_id', columns: ['company_name', 'full_name', 'email'] },
} as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    for (const [table, { fts, key, columns }] of Object.entries(SEARCHED)) {
      const cols = columns.join(', ');
      const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
      await sql.raw(`create virtual table ${fts} using fts5(${key} unindexed, ${cols}, tokenize = 'trigram')`).execute(db);
      await sql.raw(`insert into ${fts} (${key}, ${cols}) select id, ${cols} from ${table}`).execute(db);
      await sql
        .raw(
          `create trigger ${fts}_insert after insert on ${table} begin insert into ${fts} (${key}, ${cols}) values (new.id, ${values('new')}); end`,
        )
        .execute(db);
      await sql
        .raw(`create trigger ${fts}_delete after delete on ${table} begin delete from ${fts} where ${key} = old.id; end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${fts}_update after update of ${cols} on ${table} begin ` +
            `delete from ${fts} where ${key} = old.id; insert into ${fts} (${key}, ${cols}) values (new.id, ${values('new')}); end`,
        )
        .execute(db);
    }
    return;
  }
  // Several schemas migrating at once (the tests) must not race to create the one extension.
  await sql`select pg_advisory_xact_lock(hashtext('agro pg_trgm'))`.execute(db);
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch (err) {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    console.warn(`pg_trgm could not be created (${(err as Error).message}): lead search scans instead of using an index`);
    return;
  }
  for (const [table, { columns }] of Object.entries(SEARCHED)) {
    for (const column of columns) {
      await sql.raw(`create index ${table}_${column}_trgm on ${table} using gin (lower(${column}) public.gin_trgm_ops)`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const [table, { fts, columns }] of Object.entries(SEARCHED)) {
    if (dialect === 'sqlite') {
      for (const what of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${fts}_${what}`).execute(db);
      await sql.raw(`drop table if exists ${fts}`).execute(db);
    } else {
      for (const column of columns) await sql.raw(`drop index if exists ${table}_${column}_trgm`).execute(db);
    }
  }
}
