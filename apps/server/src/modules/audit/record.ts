/**
 * Writing the audit log (issue 26): `recordAudit(tx, ...)` inside the transaction of the change
 * it describes, so a change that rolls back leaves no row and a row means the change happened.
 * Only the fields that changed are kept, each with its value before and after; secrets never are:
 * a password hash, a token or a TOTP secret is dropped, and a bank detail is kept only as the fact
 * that it changed.
 */
import type { AuditAction, AuditChange, AuditEntityType } from '@agro/shared';
import { newId } from '../../db/ids.js';
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';

/** Who made the change: the signed-in administrator, or (userId null) a rule of the site's (issue 41: the assignment rule). */
export interface AuditActor {
  userId: string | null;
  email: string;
}

/** Fields never written to the log, whatever their object. */
const SECRET_FIELDS = /password|token|secret|recovery|hash/i;
/** Fields whose values stay out of the log, only the fact that they changed. */
const HIDDEN_FIELDS = new Set(['bankDetails']);
export const HIDDEN_VALUE = '(hidden)';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `before` and `after` whose values differ (a created object has no before, a deleted one no after). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Record<string, AuditChange> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: Record<string, AuditChange> = {};
  for (const key of keys) {
    if (SECRET_FIELDS.test(key)) continue;
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (same(b, a)) continue;
    out[key] = HIDDEN_FIELDS.has(key) ? { before: HIDDEN_VALUE, after: HIDDEN_VALUE } : { before: b, after: a };
  }
  return out;
}

export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** One row for the change; call it inside the change's transaction. An update that changed nothing writes none. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, record: AuditRecord): Promise<void> {
  const changes = changedFields(record.before ?? null, record.after ?? null);
  if (record.action === 'update' && Object.keys(changes).length === 0) return;
  await tx
    .insertInto('audit_log')
    .values({
      id: newId(),
      created_at: nowIso(),
      actor_id: actor.userId,
      actor_email: actor.email,
      action: record.action,
      entity_type: record.entityType,
      entity_id: record.entityId,
      changes: JSON.stringify(changes),
    })
    .execute();
}

/** The audit actor of a request's signed-in user. */
export const actorOf = (user: { _id: string; email: string }): AuditActor => ({ userId: user._id, email: user.email });
