/**
 * /api/v1/webhooks (issue 44, item 5; ADMIN): the endpoints, each answered with its signing secret
 * once when added; an endpoint's deliveries with the receiver's answers; a delivery sent again.
 */
import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_LIMIT,
  WEBHOOK_TEXT,
  apiResultSchema,
  webhookCreatedSchema,
  webhookDeliveriesSchema,
  webhookDeliveryResponseSchema,
  webhookInputSchema,
  webhookMessageOrder,
  webhooksResponseSchema,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { refusalOf } from './addresses.js';

const tags = ['webhooks'];
/** Deliveries listed per endpoint, newest first. */
const DELIVERIES_LISTED = 50;

const eventsOf = (json: string): WebhookEvent[] => {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? (list as WebhookEvent[]) : [];
  } catch {
    return [];
  }
};

type DeliveryRow = Omit<WebhookDeliveriesTable, 'status' | 'attempts'> & { status: string; attempts: number };

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    error: row.last_error,
    payload: row.payload,
  };
}

async function toWebhook(db: DbOrTx, row: WebhookEndpointsTable): Promise<Webhook> {
  const last = await db
    .selectFrom('webhook_deliveries')
    .select(['status', 'created_at', 'last_attempt_at', 'response_status'])
    .where('endpoint_id', '=', row.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    _id: row.id,
    url: row.url,
    events: eventsOf(row.events),
    createdAt: row.created_at,
    createdBy: row.created_by,
    lastDelivery: last
      ? { status: last.status as WebhookDeliveryStatus, at: last.last_attempt_at ?? last.created_at, responseStatus: last.response_status }
      : null,
  };
}

export default async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('ADMIN');
  const allowPrivate = app.config.webhooks.allowPrivate;
  // An address that names no id (a NUL, which PostgreSQL refuses in text, or any other byte): no such thing.
  // An endpoint's id or a delivery's (msg_ and an id): anything else (a NUL, which PostgreSQL
  // refuses in text) is a bad request, never a 500.
  const idParams = z.object({
    id: z
      .string()
      .max(64)
      .regex(/^(msg_)?[a-f0-9]{24}$/),
  });

  app.get(
    '/',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'The webhook endpoints, without their secrets (admin)',
        response: replies(webhooksResponseSchema, [401, 403]),
      },
    },
    async () => {
      const rows = await app.db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').execute();
      return { success: true, message: WEBHOOK_TEXT.listed, webhooks: await Promise.all(rows.map((r) => toWebhook(app.db, r))) };
    },
  );

  app.post(
    '/',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: `Add an endpoint for events: https: only, never a private, loopback or link-local address; answers its signing secret once (admin; at most ${WEBHOOK_LIMIT})`,
        body: specInput(webhookInputSchema, webhookMessageOrder),
        response: replies(webhookCreatedSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      const { url, events } = request.body;
      const refusal = await refusalOf(url, allowPrivate);
      if (refusal) throw badRequest(refusal, { url: refusal });
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const row: WebhookEndpointsTable = {
        id: newId(),
        url,
        events: JSON.stringify(events),
        secret,
        created_at: nowIso(),
        created_by: request.user!.email,
      };
      await app.db.transaction().execute(async (tx) => {
        const count = await tx
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst();
        if (Number(count?.n ?? 0) >= WEBHOOK_LIMIT) throw conflict(WEBHOOK_TEXT.tooMany);
        await tx.insertInto('webhook_endpoints').values(row).execute();
        await recordAudit(tx, actorOf(request.user!), {
          action: 'create',
          entityType: 'webhook',
          entityId: row.id,
          after: { url, events },
        });
      });
      return { success: true, message: WEBHOOK_TEXT.added, webhook: await toWebhook(app.db, row), secret };
    },
  );

  app.delete(
    '/:id',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Delete an endpoint and its deliveries (admin)',
        params: idParams,
        response: replies(apiResultSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      await app.db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('webhook_endpoints')
          .select(['url', 'events'])
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!row) throw notFound(WEBHOOK_TEXT.notFound);
        await tx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', request.params.id).execute();
        await tx.deleteFrom('webhook_endpoints').where('id', '=', request.params.id).execute();
        await recordAudit(tx, actorOf(request.user!), {
          action: 'delete',
          entityType: 'webhook',
          entityId: request.params.id,
          before: { url: row.url, events: eventsOf(row.events) },
        });
      });
      return { success: true, message: WEBHOOK_TEXT.deleted };
    },
  );

  app.get(
    '/:id/deliveries',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: `An endpoint's latest ${DELIVERIES_LISTED} deliveries, newest first, with the receiver's answers (admin)`,
        params: idParams,
        response: replies(webhookDeliveriesSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      const endpoint = await app.db.selectFrom('webhook_endpoints').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!endpoint) throw notFound(WEBHOOK_TEXT.notFound);
      const rows = await app.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', request.params.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(DELIVERIES_LISTED)
        .execute();
      return { success: true, message: WEBHOOK_TEXT.deliveries, deliveries: rows.map(toDelivery) };
    },
  );

  app.post(
    '/deliveries/:id/retry',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Send a delivery again now (the same webhook-id), then retried for a day if it fails (admin)',
        params: idParams,
        body: specInput(z.object({}), []),
        response: replies(webhookDeliveryResponseSchema, [401, 403, 404]),
      },
    },
    async (request) => {
      const now = nowIso();
      const row = await app.db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now, retry_from: now, locked_until: null })
        .where('id', '=', request.params.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(WEBHOOK_TEXT.deliveryNotFound);
      app.webhookDeliverer.kick();
      return { success: true, message: WEBHOOK_TEXT.retried, delivery: toDelivery(row) };
    },
  );
}
