/**
 * SQL of the reply clock (issue 41): a lead's first reply is stamped once, by the change that makes
 * it (an offer, a rejection, the company's message, an inquiry's 'handled' mark), in that change's
 * transaction; the leads late now; the rows the figures are made of.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/index.js';

/** A quote request or an inquiry. */
export interface LeadRef {
  kind: 'quote' | 'contact';
  id: string;
}

const TABLES = { quote: 'quotes', contact: 'contacts' } as const;

/**
 * The company replied to `lead` at `at` (ISO): its `first_reply_at` (and the minutes to it), unless
 * it had one (the first reply is never moved: a second offer, a reopened and handled-again inquiry
 * keep the first time). The seconds from its arrival when this was its first reply and it is not
 * held as spam (for the metrics' histogram, observed once the transaction committed), else undefined.
 */
export async function stampFirstReply(tx: DbOrTx, lead: LeadRef, at: string): Promise<number | undefined> {
  const table = TABLES[lead.kind];
  const row = await tx
    .selectFrom(table)
    .select(['created_at', 'spam_reason', 'first_reply_at'])
    .where('id', '=', lead.id)
    .executeTakeFirst();
  if (!row || row.first_reply_at !== null) return undefined;
  const ms = Math.max(0, Date.parse(at) - Date.parse(row.created_at));
  const stamped = await tx
    .updateTable(table)
    .set({ first_reply_at: at, first_reply_minutes: Math.floor(ms / 60_000) })
    .where('id', '=', lead.id)
    .where('first_reply_at', 'is', null)
    .executeTakeFirst();
  if (stamped.numUpdatedRows === 0n || row.spam_reason !== null) return undefined;
  return ms / 1000;
}

/**
 * Unanswered leads not held as spam (quotes and inquiries) whose reply is due after `after` (ISO;
 * none: whenever) and no later than `until`, of `assigneeId` when given: a range of the
 * <table>_unanswered index.
 */
async function countUnanswered(db: DbOrTx, range: { after?: string; until: string }, assigneeId?: string): Promise<number> {
  const count = (table: 'quotes' | 'contacts') =>
    sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where spam_reason is null and first_reply_at is null and reply_due_at <= ${range.until}
      ${range.after === undefined ? sql`` : sql`and reply_due_at > ${range.after}`}
      ${assigneeId === undefined ? sql`` : sql`and assignee_id = ${assigneeId}`}`.execute(db);
  const [quotes, contacts] = await Promise.all([count('quotes'), count('contacts')]);
  return Number(quotes.rows[0]?.n ?? 0) + Number(contacts.rows[0]?.n ?? 0);
}

/** Leads late at `now` (ISO): unanswered, not held as spam, past their due time (the lists' reply=overdue). */
export const countLateLeads = (db: DbOrTx, now: string, assigneeId?: string): Promise<number> =>
  countUnanswered(db, { until: now }, assigneeId);

/** Leads not late at `now` (ISO) and due by `until` (ISO): unanswered, not held as spam. */
export const countDueLeads = (db: DbOrTx, now: string, until: string, assigneeId?: string): Promise<number> =>
  countUnanswered(db, { after: now, until }, assigneeId);

/**
 * The leads of one month of arrival and one owner, answered in `minutes` (whole minutes from
 * arrival to the first reply, rounded down), or unanswered (`minutes` null).
 */
export interface ClockGroup {
  kind: 'quote' | 'contact';
  /** '2026-11': the month of arrival (UTC, as the dashboard's other figures). */
  month: string;
  assigneeId: string | null;
  minutes: number | null;
  /** How many leads. */
  count: number;
  /** Of them, answered no later than their due time. */
  within: number;
  /** Of them (unanswered), past their due time at `now`. */
  late: number;
}

/**
 * The leads not held as spam that arrived since `from` (ISO), counted per month of arrival, owner
 * and whole minutes to the first reply: one index-only pass of the <table>_clock_months indexes
 * (20261201100000-dashboard-lines), which hold each group's rows together (the month range named for
 * them), no row sent to the server but the groups' (a year's leads are a few thousand groups:
 * reading every lead took 0.5 s on SQLite).
 */
export async function clockGroupsSince(db: DbOrTx, from: string, now: string): Promise<ClockGroup[]> {
  const read = (table: 'quotes' | 'contacts') =>
    sql<{
      month: string;
      assignee_id: string | null;
      minutes: number | string | null;
      n: number | string;
      w: number | string;
      l: number | string;
    }>`
      select substr(created_at, 1, 7) as month, assignee_id, first_reply_minutes as minutes, count(*) as n,
        sum(case when first_reply_at <= reply_due_at then 1 else 0 end) as w,
        sum(case when first_reply_at is null and reply_due_at <= ${now} then 1 else 0 end) as l
      from ${sql.table(table)}
      where created_at >= ${from} and substr(created_at, 1, 7) >= ${from.slice(0, 7)} and spam_reason is null
      group by substr(created_at, 1, 7), assignee_id, first_reply_minutes`.execute(db);
  const [quotes, contacts] = await Promise.all([read('quotes'), read('contacts')]);
  const groups = (kind: ClockGroup['kind'], rows: typeof quotes.rows): ClockGroup[] =>
    rows.map((r) => ({
      kind,
      month: r.month,
      assigneeId: r.assignee_id,
      minutes: r.minutes === null ? null : Math.max(0, Number(r.minutes)),
      count: Number(r.n),
      within: Number(r.w),
      late: Number(r.l),
    }));
  return [...groups('quote', quotes.rows), ...groups('contact', contacts.rows)];
}

/**
 * The late leads at `now` per owner (null: nobody), whenever they arrived: the late ones first, by a
 * range of the <table>_unanswered index, then grouped (a materialised CTE: grouped at once, SQLite's
 * planner walked <table>_assignee in owner order to spare the sort and read every quote's row,
 * 115 ms at a year's quotes against 2).
 */
export async function lateLeadsByAssignee(db: DbOrTx, now: string): Promise<Map<string | null, number>> {
  const late = (table: 'quotes' | 'contacts') =>
    sql<{ assignee_id: string | null; n: number | string }>`
      with late as materialized (
        select assignee_id from ${sql.table(table)}
        where spam_reason is null and first_reply_at is null and reply_due_at <= ${now}
      )
      select assignee_id, count(*) as n from late group by assignee_id`
      .execute(db)
      .then((r) => r.rows);
  const counts = new Map<string | null, number>();
  for (const rows of await Promise.all([late('quotes'), late('contacts')])) {
    for (const r of rows) counts.set(r.assignee_id, (counts.get(r.assignee_id) ?? 0) + Number(r.n));
  }
  return counts;
}
