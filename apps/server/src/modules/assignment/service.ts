/**
 * Who owns a lead (issue 41). A new quote request or inquiry gets its owner by the rule of the
 * site settings (`assignment`): nobody (NONE), the administrators in turn (ROUND_ROBIN: a counter
 * in the database, so the turn is shared by every process and survives restarts), or the first
 * rule matching its country and product (RULES; nobody when none does). An administrator may
 * change the owner and the follow-up day of a lead (PATCH .../handling). Removing an administrator
 * hands their open leads back to the rule. Every change of owner writes its audit row in the
 * change's own transaction; the owner gets the lead's mails to the company (ownerAddress).
 */
import { HANDLING_TEXT, type AssignmentSettings } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import {
  findAdmin,
  findHandling,
  listAdmins,
  nextTurn,
  openLeadsOf,
  updateHandling,
  updateOrderFollowUp,
  type AdminRef,
  type LeadKind,
} from './repository.js';

/** The rule, as the audit log names whoever it assigns a new lead to. */
export const ASSIGNMENT_RULE_ACTOR: AuditActor = { userId: null, email: 'assignment rule' };

/** What a rule reads of a lead. */
export interface LeadFacts {
  country: string;
  productId: string | null;
}

const ENTITY = { quote: 'quote', contact: 'inquiry' } as const;

const sameCountry = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The administrator the rule gives `lead` to, or null (mode NONE, no administrator, no matching
 * rule). `exclude`: an administrator who must not get it (the one being removed). Reads through
 * `db`: on SQLite call it before a transaction, or with that transaction.
 */
export async function chooseAssignee(
  db: DbOrTx,
  assignment: AssignmentSettings,
  lead: LeadFacts,
  exclude?: string,
): Promise<AdminRef | null> {
  if (assignment.mode === 'NONE') return null;
  const admins = (await listAdmins(db)).filter((a) => a.id !== exclude);
  if (admins.length === 0) return null;
  if (assignment.mode === 'ROUND_ROBIN') return admins[((await nextTurn(db)) - 1) % admins.length]!;
  for (const rule of assignment.rules) {
    const admin = admins.find((a) => a.id === rule.assigneeId);
    // A rule naming someone who is no longer an administrator is skipped.
    if (!admin) continue;
    if (rule.country !== undefined && !sameCountry(rule.country, lead.country)) continue;
    if (rule.productId !== undefined && rule.productId !== lead.productId) continue;
    return admin;
  }
  return null;
}

const named = (admin: { id: string; fullName: string } | null) => ({ assigneeId: admin?.id ?? null, assignee: admin?.fullName ?? null });

/** The audit row of a lead's new owner (by the rule: `rule` is its mode; by hand: undefined). */
export async function recordAssignment(
  tx: DbOrTx,
  actor: AuditActor,
  lead: { kind: LeadKind; id: string },
  before: { id: string; fullName: string } | null,
  after: { id: string; fullName: string } | null,
  how?: { rule: AssignmentSettings['mode']; handedBack?: boolean },
): Promise<void> {
  await recordAudit(tx, actor, {
    action: 'update',
    entityType: ENTITY[lead.kind],
    entityId: lead.id,
    before: named(before),
    after: { ...named(after), ...(how ? { assignedBy: how.handedBack ? `${how.rule} (handed back)` : how.rule } : {}) },
  });
}

/**
 * A new lead's owner, set in its transaction with its audit row (the rule's). `assignee`: what
 * chooseAssignee said, before the transaction.
 */
export async function assignNewLead(
  tx: DbOrTx,
  lead: { kind: LeadKind; id: string },
  assignee: AdminRef | null,
  assignment: AssignmentSettings,
): Promise<void> {
  if (!assignee) return;
  await updateHandling(tx, lead.kind, lead.id, { assigneeId: assignee.id });
  await recordAssignment(tx, ASSIGNMENT_RULE_ACTOR, lead, null, assignee, { rule: assignment.mode });
}

/**
 * An administrator sets a lead's owner and/or follow-up day (a key left out is left as it is):
 * the owner must be an administrator (400 otherwise). False when there is no such lead.
 */
export async function setLeadHandling(
  tx: DbOrTx,
  lead: { kind: LeadKind; id: string },
  change: { assigneeId?: string | null | undefined; followUpOn?: string | null | undefined },
  actor: AuditActor,
): Promise<boolean> {
  const before = await findHandling(tx, lead.kind, lead.id);
  if (!before) return false;
  let assignee: AdminRef | null | undefined;
  if (change.assigneeId !== undefined && change.assigneeId !== null) {
    assignee = await findAdmin(tx, change.assigneeId);
    if (!assignee) throw badRequest(HANDLING_TEXT.assigneeNotAdmin, { assigneeId: HANDLING_TEXT.assigneeNotAdmin });
  } else if (change.assigneeId === null) assignee = null;
  await updateHandling(tx, lead.kind, lead.id, {
    ...(assignee !== undefined ? { assigneeId: assignee?.id ?? null } : {}),
    ...(change.followUpOn !== undefined ? { followUpOn: change.followUpOn } : {}),
  });
  const previous = before.assigneeId === null ? null : { id: before.assigneeId, fullName: before.assigneeName ?? '' };
  await recordAudit(tx, actor, {
    action: 'update',
    entityType: ENTITY[lead.kind],
    entityId: lead.id,
    before: { ...named(previous), followUpOn: before.followUpOn },
    after: {
      ...(assignee !== undefined ? named(assignee) : named(previous)),
      followUpOn: change.followUpOn !== undefined ? change.followUpOn : before.followUpOn,
    },
  });
  return true;
}

/** An administrator sets an order's follow-up day (audited); false when there is no such order. */
export async function setOrderFollowUp(tx: DbOrTx, id: string, followUpOn: string | null | undefined, actor: AuditActor): Promise<boolean> {
  const before = await tx.selectFrom('orders').select('follow_up_on').where('id', '=', id).executeTakeFirst();
  if (!before) return false;
  if (followUpOn === undefined) return true;
  await updateOrderFollowUp(tx, id, followUpOn);
  await recordAudit(tx, actor, {
    action: 'update',
    entityType: 'order',
    entityId: id,
    before: { followUpOn: before.follow_up_on },
    after: { followUpOn },
  });
  return true;
}

/**
 * `adminId` is no longer an administrator (removed from the team, in this transaction): each of
 * their open leads goes to whoever the rule gives it to now, them excluded (nobody with NONE or
 * no matching rule), with an audit row by `actor` (who removed them). How many were handed back.
 */
export async function handBackLeads(tx: DbOrTx, adminId: string, assignment: AssignmentSettings, actor: AuditActor): Promise<number> {
  const before = await tx.selectFrom('users').select(['id', 'full_name']).where('id', '=', adminId).executeTakeFirst();
  const previous = { id: adminId, fullName: before?.full_name ?? '' };
  let count = 0;
  for (const kind of ['quote', 'contact'] as const) {
    for (const lead of await openLeadsOf(tx, kind, adminId)) {
      const next = await chooseAssignee(tx, assignment, lead, adminId);
      await updateHandling(tx, kind, lead.id, { assigneeId: next?.id ?? null });
      await recordAssignment(tx, actor, { kind, id: lead.id }, previous, next, { rule: assignment.mode, handedBack: true });
      count += 1;
    }
  }
  return count;
}
