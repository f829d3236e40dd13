/**
 * The end of the retention period (decision 039): an account's deletion keeps its orders (with
 * their quotes, proformas, documents and conversations) for the settings' `retentionYears`, as the
 * profile's dialog says, 'then deleted'. Once a day this job deletes every order of a deleted
 * account (no account any more: `user_id` null) whose `keptUntil` has passed. It also deletes:
 * - the order's quote and both conversations (messages, attachments, read marks, digests, reply tokens);
 * - its milestones and documents (on delete cascade);
 * - the webhook deliveries that carry a copy of it;
 * - the files, once the deletion has committed.
 * An audit row per order says which order went, under the job's name. The run is the scheduler's
 * claim for the UTC day: one process does it once.
 */
import type { SiteSettings } from '@agro/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/index.js';
import { claimPeriod, type ScheduledJob } from '../../scheduler/scheduler.js';
import { recordAudit } from '../audit/index.js';
import { deleteThread } from '../messages/index.js';

export const ORDER_RETENTION_JOB = 'order-retention';
/** The job's name as the audit log's actor. */
const ACTOR = { userId: null, email: 'retention@scheduler' };

export interface RetentionContext {
  db: Db;
  settings: () => Promise<Pick<SiteSettings, 'retentionYears'>>;
  /** Removes the files of order documents and attachments (the private document store). */
  removeFiles: (names: string[]) => Promise<void>;
  log: FastifyBaseLogger;
}

/** The first creation time whose orders are still kept on `today` (YYYY-MM-DD): keptUntil(created) >= today. */
export function retentionCutoff(today: string, years: number): string {
  const day = new Date(`${today}T00:00:00.000Z`);
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString();
}

/** Deletes the orders past their retention (see above); answers the storage names of their files. */
export async function deleteExpiredOrders(tx: DbOrTx, today: string, years: number): Promise<{ orders: string[]; files: string[] }> {
  const expired = await tx
    .selectFrom('orders')
    .select(['id', 'order_number', 'quote_id', 'created_at'])
    .where('user_id', 'is', null)
    .where('created_at', '<', retentionCutoff(today, years))
    .orderBy('created_at')
    .execute();
  const files: string[] = [];
  for (const order of expired) {
    const documents = await tx.selectFrom('order_documents').select('storage_name').where('order_id', '=', order.id).execute();
    files.push(...documents.map((d) => d.storage_name));
    files.push(...(await deleteThread(tx, { kind: 'order', id: order.id })));
    // Deliveries that carry a copy of the order (its events) or of its quote.
    const copies = [order.id, order.quote_id].filter((id): id is string => id !== null);
    for (const id of copies)
      await tx
        .deleteFrom('webhook_deliveries')
        .where(sql<boolean>`payload like ${`%"${id}"%`}`)
        .execute();
    await tx.deleteFrom('orders').where('id', '=', order.id).execute();
    if (order.quote_id) {
      files.push(...(await deleteThread(tx, { kind: 'quote', id: order.quote_id })));
      await tx.deleteFrom('quotes').where('id', '=', order.quote_id).execute();
    }
    await recordAudit(tx, ACTOR, {
      action: 'delete',
      entityType: 'order',
      entityId: order.id,
      before: { orderNumber: order.order_number, createdAt: order.created_at },
      after: { reason: 'retention', retentionYears: years },
    });
  }
  return { orders: expired.map((o) => o.order_number), files };
}

export function orderRetention(ctx: RetentionContext): ScheduledJob {
  return {
    name: ORDER_RETENTION_JOB,
    async run(nowMs) {
      const today = new Date(nowMs).toISOString().slice(0, 10);
      const { retentionYears } = await ctx.settings();
      let deleted: { orders: string[]; files: string[] } = { orders: [], files: [] };
      await claimPeriod(ctx.db, ORDER_RETENTION_JOB, today, nowMs, async (tx) => {
        deleted = await deleteExpiredOrders(tx, today, retentionYears);
        return 0;
      });
      if (deleted.orders.length > 0) {
        ctx.log.info({ orders: deleted.orders, retentionYears }, 'orders of deleted accounts past their retention deleted');
        // After the commit: a file left by a store that is away is only unreachable.
        await ctx.removeFiles(deleted.files).catch((err: unknown) => ctx.log.warn({ err }, 'files of expired orders left in the store'));
      }
      return 0;
    },
  };
}
