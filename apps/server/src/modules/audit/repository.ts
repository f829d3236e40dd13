import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntityType, type AuditEntry, type AuditFilter } from '@agro/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import type { AuditLogTable } from '../../db/schema.js';
import { allOf, nextDay, type Condition } from '../leads/index.js';

export function toAuditEntry(row: AuditLogTable): AuditEntry {
  return {
    _id: row.id,
    at: row.created_at,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action as AuditAction,
    entityType: row.entity_type as AuditEntityType,
    entityId: row.entity_id,
    changes: JSON.parse(row.changes) as AuditEntry['changes'],
  };
}

function conditions(filter: AuditFilter): Condition {
  const list: Condition[] = [];
  if (filter.actor !== undefined) {
    const pattern = `%${filter.actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    list.push(sql<boolean>`(actor_id = ${filter.actor} or lower(actor_email) like ${pattern} escape '\\')`);
  }
  if (filter.type !== undefined) list.push(sql<boolean>`entity_type = ${filter.type}`);
  if (filter.from !== undefined) list.push(sql<boolean>`created_at >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to !== undefined) list.push(sql<boolean>`created_at < ${`${nextDay(filter.to)}T00:00:00.000Z`}`);
  return allOf(list);
}

/** Newest first, one page (`all`: every match, for the CSV export). */
export async function listAudit(
  db: DbOrTx,
  filter: AuditFilter,
  all = false,
): Promise<{ audit: AuditEntry[]; total: number; page: number; limit: number; pageCount: number }> {
  const where = conditions(filter);
  const limit = filter.limit ?? AUDIT_PAGE_SIZE;
  const page = filter.page ?? 1;
  let query = db.selectFrom('audit_log').selectAll().where(where).orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (!all) query = query.limit(limit).offset((page - 1) * limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    db
      .selectFrom('audit_log')
      .where(where)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { audit: rows.map(toAuditEntry), total, page, limit, pageCount: Math.max(1, Math.ceil(total / limit)) };
}
