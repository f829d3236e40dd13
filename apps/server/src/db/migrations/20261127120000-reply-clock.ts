/**
 * The reply clock and the owners of leads (issue 41). Quotes and inquiries get:
 * - `reply_due_at`: arrival + 24 hours (ISO, as created_at), set when the lead is made;
 * - `first_reply_at`: the company's first offer, rejection, message in the thread or (an inquiry)
 *   'handled' mark; null until then, never moved once set;
 * - `assignee_id`: the administrator who owns it (null: nobody). Not a foreign key: accounts are
 *   never deleted (removing an administrator makes them a USER and hands their open leads back),
 *   and SQLite cannot drop a column that is one;
 * - `follow_up_on`: a day (YYYY-MM-DD) to come back to it; orders get one too.
 * Existing rows are filled from what happened: the due time from created_at, the first reply from
 * the company's events (QUOTED, REJECTED), offers and messages, and an inquiry's handled_at.
 *
 * Indexes, each partial to the rows not held as spam (as the lists' of 20261126140000), except the
 * owner's and the follow-up's:
 * - `<table>_unanswered (reply_due_at, id)` of the unanswered: the lists' reply=due|overdue, the
 *   leads late now (dashboard, /metrics);
 * - `<table>_reply_due ((first_reply_at is not null), reply_due_at, id)`: sort=due, the same
 *   expression on both databases (each needs it parenthesised);
 * - `<table>_first_reply (created_at, first_reply_at, reply_due_at, assignee_id)`: the dashboard's
 *   first-reply figures and the public reply time, index-only;
 * - `<table>_assignee (assignee_id, created_at)`: assignee=<id>|none|me, and the open leads of an
 *   administrator who is removed;
 * - `<table>_follow_up (follow_up_on)` where one is set: the follow-ups of a day.
 * Frozen in time: imports nothing from the app.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

const LEADS = ['quotes', 'contacts'] as const;

/** created_at + 24 hours as an ISO string with milliseconds, like toISOString(). */
function dueSql(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql`to_char((created_at::timestamptz + interval '24 hours') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+24 hours')`;
}

/** Set first_reply_at from `earliest` (a correlated `select min(...)` of one kind of reply) where it is earlier. */
async function earlier(db: Kysely<unknown>, table: string, earliest: ReturnType<typeof sql>): Promise<void> {
  await sql`update ${sql.table(table)} set first_reply_at = ${earliest}
    where ${earliest} is not null and (first_reply_at is null or ${earliest} < first_reply_at)`.execute(db);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of LEADS) {
    await db.schema.alterTable(table).addColumn('reply_due_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('first_reply_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('assignee_id', 'text').execute();
    await db.schema.alterTable(table).addColumn('follow_up_on', 'text').execute();
    await sql`update ${sql.table(table)} set reply_due_at = ${dueSql(dialect)}`.execute(db);
  }
  await db.schema.alterTable('orders').addColumn('follow_up_on', 'text').execute();

  await earlier(
    db,
    'quotes',
    sql`(select min(e.created_at) from quote_events e
      where e.quote_id = quotes.id and e.actor = 'COMPANY' and e.status in ('QUOTED', 'REJECTED'))`,
  );
  await earlier(db, 'quotes', sql`(select min(o.created_at) from quote_offers o where o.quote_id = quotes.id)`);
  await earlier(
    db,
    'quotes',
    sql`(select min(m.created_at) from messages m where m.thread_kind = 'quote' and m.thread_id = quotes.id and m.author = 'COMPANY')`,
  );
  await sql`update contacts set first_reply_at = handled_at`.execute(db);
  await earlier(
    db,
    'contacts',
    sql`(select min(m.created_at) from messages m where m.thread_kind = 'contact' and m.thread_id = contacts.id and m.author = 'COMPANY')`,
  );

  for (const table of LEADS) {
    const t = sql.table(table);
    await sql`create index ${sql.id(`${table}_unanswered`)} on ${t} (reply_due_at, id)
      where spam_reason is null and first_reply_at is null`.execute(db);
    await sql`create index ${sql.id(`${table}_reply_due`)} on ${t} ((first_reply_at is not null), reply_due_at, id)
      where spam_reason is null`.execute(db);
    await sql`create index ${sql.id(`${table}_first_reply`)} on ${t} (created_at, first_reply_at, reply_due_at, assignee_id)
      where spam_reason is null`.execute(db);
    await sql`create index ${sql.id(`${table}_assignee`)} on ${t} (assignee_id, created_at)`.execute(db);
  }
  for (const table of [...LEADS, 'orders']) {
    await sql`create index ${sql.id(`${table}_follow_up`)} on ${sql.table(table)} (follow_up_on) where follow_up_on is not null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...LEADS, 'orders']) await db.schema.dropIndex(`${table}_follow_up`).ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('follow_up_on').execute();
  for (const table of LEADS) {
    for (const index of ['unanswered', 'reply_due', 'first_reply', 'assignee']) {
      await db.schema.dropIndex(`${table}_${index}`).ifExists().execute();
    }
    for (const column of ['follow_up_on', 'assignee_id', 'first_reply_at', 'reply_due_at']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
