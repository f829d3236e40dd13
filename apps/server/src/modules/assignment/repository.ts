/** SQL of the leads' owners (issue 41): the administrators, the round robin's turn, a lead's owner and its open leads. */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/index.js';

export interface AdminRef {
  id: string;
  fullName: string;
  email: string;
}

/** A quote request or an inquiry (its table). */
export type LeadKind = 'quote' | 'contact';
export const LEAD_TABLES = { quote: 'quotes', contact: 'contacts' } as const satisfies Record<LeadKind, string>;

/** The administrators, oldest account first (the round robin's order). */
export async function listAdmins(db: DbOrTx): Promise<AdminRef[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email'])
    .where('role', '=', 'ADMIN')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, fullName: r.full_name, email: r.email }));
}

/** The administrator with this id, or undefined (no such account, or not an administrator). */
export async function findAdmin(db: DbOrTx, id: string): Promise<AdminRef | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email'])
    .where('id', '=', id)
    .where('role', '=', 'ADMIN')
    .executeTakeFirst();
  return row ? { id: row.id, fullName: row.full_name, email: row.email } : undefined;
}

const TURN_KEY = 'assignment_turn';

/**
 * The round robin's next turn (1, 2, 3...): one atomic upsert of a counter in app_meta, so two
 * processes (or two requests) never get the same turn, and the turn survives restarts.
 */
export async function nextTurn(db: DbOrTx): Promise<number> {
  const result = await sql<{ value: string }>`
    insert into app_meta (key, value) values (${TURN_KEY}, '1')
    on conflict (key) do update set value = cast(cast(app_meta.value as bigint) + 1 as text)
    returning value`.execute(db);
  return Number(result.rows[0]?.value ?? 1);
}

/** A lead's owner and follow-up day, or undefined when there is no such lead. */
export async function findHandling(
  db: DbOrTx,
  kind: LeadKind,
  id: string,
): Promise<{ assigneeId: string | null; assigneeName: string | null; followUpOn: string | null } | undefined> {
  const table = LEAD_TABLES[kind];
  const row = await db
    .selectFrom(table)
    .leftJoin('users', 'users.id', `${table}.assignee_id`)
    .select([`${table}.assignee_id as assignee_id`, `${table}.follow_up_on as follow_up_on`, 'users.full_name as assignee_name'])
    .where(`${table}.id`, '=', id)
    .executeTakeFirst();
  return row ? { assigneeId: row.assignee_id, assigneeName: row.assignee_name, followUpOn: row.follow_up_on } : undefined;
}

/** Set a lead's owner and/or follow-up day (a key left out is left as it is); false when there is no such lead. */
export async function updateHandling(
  db: DbOrTx,
  kind: LeadKind,
  id: string,
  change: { assigneeId?: string | null; followUpOn?: string | null },
): Promise<boolean> {
  const set = {
    ...(change.assigneeId !== undefined ? { assignee_id: change.assigneeId } : {}),
    ...(change.followUpOn !== undefined ? { follow_up_on: change.followUpOn } : {}),
  };
  if (Object.keys(set).length === 0) return (await findHandling(db, kind, id)) !== undefined;
  const result = await db.updateTable(LEAD_TABLES[kind]).set(set).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An open lead: a quote not decided (NEW, QUOTED: changes requested and expired offers included), an inquiry not handled. */
export async function openLeadsOf(
  db: DbOrTx,
  kind: LeadKind,
  assigneeId: string,
): Promise<Array<{ id: string; country: string; productId: string | null }>> {
  const table = LEAD_TABLES[kind];
  const rows =
    kind === 'quote'
      ? await db
          .selectFrom('quotes')
          .select(['id', 'country', 'product_id'])
          .where('assignee_id', '=', assigneeId)
          .where('status', 'in', ['NEW', 'QUOTED'])
          .execute()
      : await db
          .selectFrom(table)
          .select(['id', 'country', 'product_id'])
          .where('assignee_id', '=', assigneeId)
          .where('handled_at', 'is', null)
          .execute();
  return rows.map((r) => ({ id: r.id, country: r.country, productId: r.product_id }));
}

/**
 * Where the company's mails about a lead go: its owner's address while they are an administrator,
 * else `fallback` (the notification address of the settings). Orders and sample requests have no owner.
 */
export async function ownerAddress(
  db: DbOrTx,
  lead: { kind: LeadKind | 'order' | 'sample'; id: string },
  fallback: string,
): Promise<string> {
  if (lead.kind === 'order' || lead.kind === 'sample') return fallback;
  const table = LEAD_TABLES[lead.kind];
  const row = await db
    .selectFrom(table)
    .innerJoin('users', 'users.id', `${table}.assignee_id`)
    .select('users.email')
    .where(`${table}.id`, '=', lead.id)
    .where('users.role', '=', 'ADMIN')
    .executeTakeFirst();
  return row?.email ?? fallback;
}

/** Set an order's follow-up day; false when there is no such order. */
export async function updateOrderFollowUp(db: DbOrTx, id: string, followUpOn: string | null): Promise<boolean> {
  const result = await db.updateTable('orders').set({ follow_up_on: followUpOn }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
