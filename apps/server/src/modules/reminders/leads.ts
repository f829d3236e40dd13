/**
 * The leads' reply clock as the reminders read it, in this one file (the clock itself is
 * modules/reply-clock's: `reply_due_at` 24 hours after arrival, `first_reply_at` stamped by the
 * company's first offer, rejection, message or 'handled' mark). A lead is a quote request or an
 * inquiry not held as spam; it is open until its first reply. Its owner is `assignee_id`
 * (modules/assignment), null for nobody.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/index.js';

type LeadKind = 'quote' | 'contact';

export interface Lead {
  kind: LeadKind;
  id: string;
  createdAt: string;
  dueAt: string;
  /** The administrator the lead is assigned to; null: nobody. */
  assigneeId: string | null;
  /** A day to come back to it (YYYY-MM-DD), or null. */
  followUpOn: string | null;
  companyName: string;
  personName: string;
  country: string;
}

interface LeadFilter {
  /** Only open leads (no reply yet). */
  open?: boolean;
  /** Due after this instant (ISO)... */
  dueAfter?: string;
  /** ...and at or before this one. */
  dueBy?: string;
  /** Only those whose due reminder is not yet claimed. */
  unreminded?: boolean;
  /** Only those to follow up on this day (YYYY-MM-DD). */
  followUpOn?: string;
}

async function leads(db: DbOrTx, filter: LeadFilter): Promise<Lead[]> {
  const read = (table: 'quotes' | 'contacts') =>
    db
      .selectFrom(table)
      .select(['id', 'created_at', 'reply_due_at', 'assignee_id', 'follow_up_on', 'company_name', 'country'])
      .select(table === 'quotes' ? sql<string>`contact_person_name`.as('person') : sql<string>`full_name`.as('person'))
      .where('spam_reason', 'is', null)
      .$if(filter.open === true, (qb) => qb.where('first_reply_at', 'is', null))
      .$if(filter.dueAfter !== undefined, (qb) => qb.where('reply_due_at', '>', filter.dueAfter!))
      .$if(filter.dueBy !== undefined, (qb) => qb.where('reply_due_at', '<=', filter.dueBy!))
      .$if(filter.unreminded === true, (qb) => qb.where('due_reminded_at', 'is', null))
      .$if(filter.followUpOn !== undefined, (qb) => qb.where('follow_up_on', '=', filter.followUpOn!))
      .execute();
  const [quotes, contacts] = await Promise.all([read('quotes'), read('contacts')]);
  const toLead =
    (kind: LeadKind) =>
    (r: (typeof quotes)[number]): Lead => ({
      kind,
      id: r.id,
      createdAt: r.created_at,
      dueAt: r.reply_due_at,
      assigneeId: r.assignee_id,
      followUpOn: r.follow_up_on,
      companyName: r.company_name,
      personName: r.person,
      country: r.country,
    });
  return [...quotes.map(toLead('quote')), ...contacts.map(toLead('contact'))].sort(
    (a, b) => a.dueAt.localeCompare(b.dueAt) || a.id.localeCompare(b.id),
  );
}

/** Open leads due after `fromIso` and at or before `toIso` whose due reminder is not yet claimed, soonest first. */
export function dueLeadsForReminder(db: DbOrTx, fromIso: string, toIso: string): Promise<Lead[]> {
  return leads(db, { open: true, dueAfter: fromIso, dueBy: toIso, unreminded: true });
}

/** Every open lead, soonest due first (the digest sorts them into late, due today and new). */
export function allOpenLeads(db: DbOrTx): Promise<Lead[]> {
  return leads(db, { open: true });
}

/** The leads, open or answered, to follow up on `day` (YYYY-MM-DD). */
export function leadsToFollowUp(db: DbOrTx, day: string): Promise<Lead[]> {
  return leads(db, { followUpOn: day });
}

/**
 * Claim `lead`'s due reminder: of two processes exactly one changes the row, and only while the
 * lead is still open. True when this caller has it.
 */
export async function claimLeadReminder(tx: DbOrTx, lead: Lead, now: string): Promise<boolean> {
  const result = await tx
    .updateTable(lead.kind === 'quote' ? 'quotes' : 'contacts')
    .set({ due_reminded_at: now })
    .where('id', '=', lead.id)
    .where('due_reminded_at', 'is', null)
    .where('first_reply_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
