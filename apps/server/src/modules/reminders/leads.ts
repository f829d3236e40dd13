/**
 * The leads' reply clock as the reminders read it, in this one file. A lead is a quote request or
 * an inquiry, not held as spam; it is due 24 hours after it arrived (the company's promise,
 * TIMINGS.replyPromiseHours) and open until the company answers: a quote until its first offer or
 * rejection, an inquiry until it is marked handled, either one once an administrator wrote in its
 * conversation. Nobody is assigned to a lead yet (`assigneeId` null): its reminders go to the
 * notification address and its digest lines to every administrator.
 */
import { TIMINGS } from '@agro/shared';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';

export type LeadKind = 'quote' | 'contact';

export interface Lead {
  kind: LeadKind;
  id: string;
  createdAt: string;
  dueAt: string;
  /** The administrator the lead is assigned to; null: nobody. */
  assigneeId: string | null;
  companyName: string;
  personName: string;
  country: string;
}

const DUE_MS = TIMINGS.replyPromiseHours * 3_600_000;
const dueAt = (createdAt: string): string => nowIso(Date.parse(createdAt) + DUE_MS);
/** An arrival time whose lead is due at `iso`. */
const arrivedFor = (iso: string): string => nowIso(Date.parse(iso) - DUE_MS);

/** No administrator has written in the lead's conversation. */
const noCompanyMessage = (kind: LeadKind) =>
  sql<SqlBool>`not exists (select 1 from messages m where m.thread_kind = ${kind} and m.thread_id = ${sql.ref(`${kind === 'quote' ? 'quotes' : 'contacts'}.id`)} and m.author = 'COMPANY')`;

interface LeadWindow {
  /** Due after this instant (ISO)... */
  dueAfter?: string;
  /** ...and at or before this one. */
  dueBy?: string;
  /** Only those whose due reminder is not yet claimed. */
  unreminded?: boolean;
}

async function openLeads(db: DbOrTx, window: LeadWindow): Promise<Lead[]> {
  const after = window.dueAfter === undefined ? undefined : arrivedFor(window.dueAfter);
  const by = window.dueBy === undefined ? undefined : arrivedFor(window.dueBy);
  const quotes = await db
    .selectFrom('quotes')
    .select(['id', 'created_at', 'company_name', 'contact_person_name', 'country'])
    .where('status', '=', 'NEW')
    .where('spam_reason', 'is', null)
    .$if(after !== undefined, (qb) => qb.where('created_at', '>', after!))
    .$if(by !== undefined, (qb) => qb.where('created_at', '<=', by!))
    .$if(window.unreminded === true, (qb) => qb.where('due_reminded_at', 'is', null))
    .where(noCompanyMessage('quote'))
    .execute();
  const contacts = await db
    .selectFrom('contacts')
    .select(['id', 'created_at', 'company_name', 'full_name', 'country'])
    .where('handled_at', 'is', null)
    .where('spam_reason', 'is', null)
    .$if(after !== undefined, (qb) => qb.where('created_at', '>', after!))
    .$if(by !== undefined, (qb) => qb.where('created_at', '<=', by!))
    .$if(window.unreminded === true, (qb) => qb.where('due_reminded_at', 'is', null))
    .where(noCompanyMessage('contact'))
    .execute();
  const leads: Lead[] = [
    ...quotes.map((q) => ({
      kind: 'quote' as const,
      id: q.id,
      createdAt: q.created_at,
      dueAt: dueAt(q.created_at),
      assigneeId: null,
      companyName: q.company_name,
      personName: q.contact_person_name,
      country: q.country,
    })),
    ...contacts.map((c) => ({
      kind: 'contact' as const,
      id: c.id,
      createdAt: c.created_at,
      dueAt: dueAt(c.created_at),
      assigneeId: null,
      companyName: c.company_name,
      personName: c.full_name,
      country: c.country,
    })),
  ];
  return leads.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.id.localeCompare(b.id));
}

/** Open leads due after `fromIso` and at or before `toIso` whose due reminder is not yet claimed, soonest first. */
export function dueLeadsForReminder(db: DbOrTx, fromIso: string, toIso: string): Promise<Lead[]> {
  return openLeads(db, { dueAfter: fromIso, dueBy: toIso, unreminded: true });
}

/** Every open lead, soonest due first (the digest sorts them into late, due today and new). */
export function allOpenLeads(db: DbOrTx): Promise<Lead[]> {
  return openLeads(db, {});
}

/**
 * Claim `lead`'s due reminder: of two processes exactly one changes the row, and only while the
 * lead is still open by its own columns. True when this caller has it.
 */
export async function claimLeadReminder(tx: DbOrTx, lead: Lead, now: string): Promise<boolean> {
  const result =
    lead.kind === 'quote'
      ? await tx
          .updateTable('quotes')
          .set({ due_reminded_at: now })
          .where('id', '=', lead.id)
          .where('due_reminded_at', 'is', null)
          .where('status', '=', 'NEW')
          .executeTakeFirst()
      : await tx
          .updateTable('contacts')
          .set({ due_reminded_at: now })
          .where('id', '=', lead.id)
          .where('due_reminded_at', 'is', null)
          .where('handled_at', 'is', null)
          .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
