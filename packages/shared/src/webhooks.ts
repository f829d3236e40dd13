/**
 * Signed webhooks for the company's other systems (issue 44, item 5): endpoints an administrator
 * adds with the events they want; each event is delivered in the Standard Webhooks format
 * (webhook-id, webhook-timestamp, webhook-signature) through an outbox, retried for a day.
 */
import { z } from 'zod';
import en from '../locales/en/server.json';
import { apiResultSchema } from './types.js';

export const WEBHOOK_TEXT = en.accountMessages.webhooks;

/** What an endpoint may ask for. */
export const WEBHOOK_EVENTS = [
  'quote.created',
  'inquiry.created',
  'quote.changed',
  'order.changed',
  'message.created',
  'sample.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** At most this many endpoints. */
export const WEBHOOK_LIMIT = 10;
/** A delivery is tried again with a growing delay for this long, then marked failed. */
export const WEBHOOK_RETRY_HOURS = 24;

const M = WEBHOOK_TEXT;

export const webhookInputSchema = z.object({
  url: z
    .string({ error: M.urlRequired })
    .trim()
    .min(1, { error: M.urlRequired, abort: true })
    .max(500, { error: M.urlInvalid, abort: true })
    // http(s), a host (no user or password in it), then anything: the server parses it and asks DNS.
    .regex(/^https?:\/\/[^\s/?#@:]+(:\d{1,5})?([/?#]\S*)?$/i, { error: M.urlInvalid }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: M.eventsRequired }), { error: M.eventsRequired })
    .min(1, { error: M.eventsRequired })
    .transform((list) => [...new Set(list)]),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;
export const webhookMessageOrder = [M.urlRequired, M.urlInvalid, M.eventsRequired] as const;

export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  createdBy: z.string(),
  /** The newest delivery's outcome, when there is one. */
  lastDelivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string(), responseStatus: z.number().nullable() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookDeliverySchema = z.object({
  /** The `webhook-id` it is sent with (the same on every try). */
  _id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The receiver's HTTP status at the last try (null: no answer). */
  responseStatus: z.number().nullable(),
  /** The first 1,000 characters of its answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  /** The JSON sent. */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhooksResponseSchema = apiResultSchema.extend({ webhooks: z.array(webhookSchema) });
export const webhookCreatedSchema = apiResultSchema.extend({
  webhook: webhookSchema,
  /** The signing secret (`whsec_...`), answered this once only. */
  secret: z.string(),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;
export const webhookDeliveriesSchema = apiResultSchema.extend({ deliveries: z.array(webhookDeliverySchema) });
export const webhookDeliveryResponseSchema = apiResultSchema.extend({ delivery: webhookDeliverySchema });
