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
 * The company replied to `lead` at `at` (ISO): its `first_reply_at`, unless it had one (the first
 * reply is never moved: a second offer, a reopened and handled-again inquiry keep the first time).
 * The seconds from its arrival when this was its first reply and it is not held as spam (for the
 * metrics' histogram, observed once the transaction committed), else undefined.
 */
export async function stampFirstReply(tx: DbOrTx, lead: LeadRef, at: string): Promise<number | undefined> {
  const row = await tx
    .updateTable(TABLES[lead.kind])
    .set({ first_reply_at: at })
    .where('id', '=', lead.id)
    .where('first_reply_at', 'is', null)
    .returning(['created_at', 'spam_reason'])
    .executeTakeFirst();
  if (!row || row.spam_reason !== null) return undefined;
  return Math.max(0, (Date.parse(at) - Date.parse(row.created_at)) / 1000);
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

/** One lead as the figures read it. */
export interface ClockRow {
  kind: 'quote' | 'contact';
  created_at: string;
  reply_due_at: string;
  first_reply_at: string | null;
  assignee_id: string | null;
}

/**
 * The leads not held as spam that arrived since `from` (ISO), with their clock and owner: an
 * index-only read of the <table>_first_reply indexes (20261127120000-reply-clock).
 */
export async function clockRowsSince(db: DbOrTx, from: string): Promise<ClockRow[]> {
  const read = (table: 'quotes' | 'contacts') =>
    db
      .selectFrom(table)
      .select(['created_at', 'reply_due_at', 'first_reply_at', 'assignee_id'])
      .where('created_at', '>=', from)
      .where('spam_reason', 'is', null)
      .execute();
  const [quotes, contacts] = await Promise.all([read('quotes'), read('contacts')]);
  return [...quotes.map((r) => ({ kind: 'quote' as const, ...r })), ...contacts.map((r) => ({ kind: 'contact' as const, ...r }))];
}

/** The late leads at `now` per owner (null: nobody), whenever they arrived. */
export async function lateLeadsByAssignee(db: DbOrTx, now: string): Promise<Map<string | null, number>> {
  const late = (table: 'quotes' | 'contacts') =>
    db
      .selectFrom(table)
      .select(['assignee_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('spam_reason', 'is', null)
      .where('first_reply_at', 'is', null)
      .where('reply_due_at', '<=', now)
      .groupBy('assignee_id')
      .execute();
  const counts = new Map<string | null, number>();
  for (const rows of await Promise.all([late('quotes'), late('contacts')])) {
    for (const r of rows) counts.set(r.assignee_id, (counts.get(r.assignee_id) ?? 0) + Number(r.n));
  }
  return counts;
}
