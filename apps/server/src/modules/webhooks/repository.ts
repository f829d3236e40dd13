/**
 * An event for the company's other systems (issue 44, item 5): one delivery row per endpoint that
 * asked for it, written with the change in the caller's transaction (the outbox), sent by the
 * deliverer. The body is the Standard Webhooks shape: `{ type, timestamp, data }`.
 */
import type { WebhookEvent } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';

const wants = (events: string, event: WebhookEvent): boolean => {
  try {
    const list: unknown = JSON.parse(events);
    return Array.isArray(list) && list.includes(event);
  } catch {
    return false;
  }
};

/** Queue `event` with `data` for every endpoint that wants it; the deliveries queued. */
export async function queueWebhookEvent(db: DbOrTx, event: WebhookEvent, data: unknown, nowMs = Date.now()): Promise<number> {
  const endpoints = await db.selectFrom('webhook_endpoints').select(['id', 'events']).execute();
  const targets = endpoints.filter((e) => wants(e.events, event));
  if (targets.length === 0) return 0;
  const now = nowIso(nowMs);
  const payload = JSON.stringify({ type: event, timestamp: now, data });
  await db
    .insertInto('webhook_deliveries')
    .values(
      targets.map((e) => ({
        id: `msg_${newId(nowMs)}`,
        endpoint_id: e.id,
        event,
        payload,
        created_at: now,
        retry_from: now,
        next_attempt_at: now,
      })),
    )
    .execute();
  return targets.length;
}
