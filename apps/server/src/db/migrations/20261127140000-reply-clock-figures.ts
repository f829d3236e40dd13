/**
 * The reply clock's figures at a year's leads (issue 41; 20261127120000-reply-clock made the clock):
 * - `first_reply_minutes` beside `first_reply_at` on quotes and contacts: the whole minutes from
 *   arrival to the first reply (rounded down), set with it; the figures group by it. Computed per row
 *   from the two timestamps, the dashboard's pass took 95 ms on PostgreSQL at a year's quotes (text
 *   cast to timestamptz twice a row) against 25 ms stored, and half again on SQLite.
 * - The clock's indexes made again, each holding every column its readers name, `spam_reason`
 *   among them: without it SQLite's planner does not count a partial index as covering
 *   (20261126200000) and read the table beside `<table>_first_reply` (82 ms for a year's quotes
 *   instead of 17). All partial to the rows not held as spam:
 *   - `<table>_unanswered (reply_due_at, id, assignee_id, first_reply_at, spam_reason)` of the
 *     unanswered: the lists' reply=due|overdue, the leads due soon and late now, per owner too;
 *   - `<table>_reply_due ((first_reply_at is not null), reply_due_at, id, spam_reason)`: sort=due;
 *   - `<table>_first_reply (created_at, first_reply_minutes, first_reply_at, reply_due_at,
 *     assignee_id, spam_reason)`: the dashboard's figures and the public reply time, index-only;
 *   - `<table>_assignee (assignee_id, created_at, id, spam_reason)`: assignee=<id>|none|me, newest
 *     first (the open leads of a removed administrator, a rare change, are found without it).
 * Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const LEADS = ['quotes', 'contacts'] as const;

const INDEXES = {
  unanswered: ['(reply_due_at, id, assignee_id, first_reply_at, spam_reason)', 'spam_reason is null and first_reply_at is null'],
  reply_due: ['((first_reply_at is not null), reply_due_at, id, spam_reason)', 'spam_reason is null'],
  first_reply: ['(created_at, first_reply_minutes, first_reply_at, reply_due_at, assignee_id, spam_reason)', 'spam_reason is null'],
  assignee: ['(assignee_id, created_at, id, spam_reason)', 'spam_reason is null'],
} as const;

/** As 20261127120000 made them. */
const BEFORE = {
  unanswered: ['(reply_due_at, id)', 'spam_reason is null and first_reply_at is null'],
  reply_due: ['((first_reply_at is not null), reply_due_at, id)', 'spam_reason is null'],
  first_reply: ['(created_at, first_reply_at, reply_due_at, assignee_id)', 'spam_reason is null'],
  assignee: ['(assignee_id, created_at)', null],
} as const;

/** Whole minutes from created_at to first_reply_at, rounded down (a reply stamped before its lead counts as at once). */
function minutesSql(dialect: Dialect) {
  const ms =
    dialect === 'postgres'
      ? sql`round(extract(epoch from (first_reply_at::timestamptz - created_at::timestamptz)) * 1000)::bigint`
      : sql`cast(round((julianday(first_reply_at) - julianday(created_at)) * 86400000) as integer)`;
  return sql`case when ${ms} < 0 then 0 else ${ms} / 60000 end`;
}

async function makeIndexes(db: Kysely<unknown>, table: string, indexes: Record<string, readonly [string, string | null]>): Promise<void> {
  for (const [name, [columns, where]] of Object.entries(indexes)) {
    await sql`drop index if exists ${sql.id(`${table}_${name}`)}`.execute(db);
    await sql`create index ${sql.id(`${table}_${name}`)} on ${sql.table(table)} ${sql.raw(columns)}${sql.raw(where ? ` where ${where}` : '')}`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of LEADS) {
    await db.schema.alterTable(table).addColumn('first_reply_minutes', 'integer').execute();
    await sql`update ${sql.table(table)} set first_reply_minutes = ${minutesSql(dialect)} where first_reply_at is not null`.execute(db);
    await makeIndexes(db, table, INDEXES);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of LEADS) {
    await makeIndexes(db, table, BEFORE);
    await db.schema.alterTable(table).dropColumn('first_reply_minutes').execute();
  }
}
