/**
 * SQLite keeps each SQL text's prepared statement (db/index.ts, `forKysely`): the same answers as
 * preparing it every time, also after a stream of the same query was left half read, after the
 * table it reads has changed, and beyond the number of statements kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/index.js';

describe.skipIf(Boolean(process.env.DATABASE_URL))('SQLite statements kept per SQL text', () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agro-statements-'));
    handle = createDatabase({ sqliteFile: path.join(dir, 'db.sqlite') });
    await sql`create table things (id integer primary key, name text not null)`.execute(handle.db);
  });

  afterEach(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The query builder, so each call compiles to the same SQL text. */
  const names = (h: DatabaseHandle) =>
    h.db
      .selectFrom(sql<{ id: number; name: string }>`things`.as('t'))
      .select(['t.name'])
      .orderBy('t.id');

  it('answers with the rows written since the last run of the same text', async () => {
    await sql`insert into things (name) values ('a')`.execute(handle.db);
    expect(await names(handle).execute()).toEqual([{ name: 'a' }]);
    await sql`insert into things (name) values ('b')`.execute(handle.db);
    expect(await names(handle).execute()).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('answers the same text after a stream of it was left half read', async () => {
    for (const name of ['a', 'b', 'c']) await sql`insert into things (name) values (${name})`.execute(handle.db);
    const read: string[] = [];
    for await (const row of names(handle).stream()) {
      read.push(row.name);
      if (read.length === 2) break;
    }
    expect(read).toEqual(['a', 'b']);
    expect(await names(handle).execute()).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
  });

  it('follows a change of the table a kept statement reads', async () => {
    await sql`insert into things (name) values ('a')`.execute(handle.db);
    const star = () =>
      handle.db
        .selectFrom(sql<Record<string, unknown>>`things`.as('t'))
        .selectAll()
        .execute();
    expect(await star()).toEqual([{ id: 1, name: 'a' }]);
    await sql`alter table things add column country text not null default 'Spain'`.execute(handle.db);
    expect(await star()).toEqual([{ id: 1, name: 'a', country: 'Spain' }]);
  });

  it('keeps answering right beyond the number of statements kept', async () => {
    await sql`insert into things (name) values ('a')`.execute(handle.db);
    for (let i = 0; i < 600; i++) {
      const rows = await handle.db
        .selectFrom(sql<{ name: string }>`things`.as('t'))
        .select(sql<number>`${sql.lit(i)}`.as('n'))
        .execute();
      expect(rows).toEqual([{ n: i }]);
    }
    expect(await names(handle).execute()).toEqual([{ name: 'a' }]);
  });
});
