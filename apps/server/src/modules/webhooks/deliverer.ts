/**
 * Each process's webhook deliverer (issue 44, item 5): claims due deliveries (a lease, so no two
 * processes send the same one at once), signs each in the Standard Webhooks format with its
 * endpoint's secret (`standardwebhooks`), posts it with a time limit, and records the answer: 2xx
 * delivered; otherwise tried again with a growing delay for a day from its creation (or from an
 * administrator's 'send again'), then failed. A receiver that hangs or fails costs its own
 * delivery's try, never a request of the site: all of it happens here, in the background.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RETRY_HOURS } from '@agro/shared';
import type { Db, Dialect } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { pollingWorker, type PollingWorker } from '../../lib/worker-runs.js';
import { retryDelay } from '../../mail/mailer.js';
import { isPrivateAddress, publicOnlyLookup } from './addresses.js';

export interface WebhookDelivererOptions {
  db: Db;
  dialect: Dialect;
  logger: FastifyBaseLogger;
  /** How often to look for due deliveries (ms); 0: only on kick()/idle(). */
  pollMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE: http: and private addresses allowed. */
  allowPrivate: boolean;
  /** The time one delivery may take (ms). */
  timeoutMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** Each process's webhook deliverer (lib/worker-runs.ts). */
export type WebhookDeliverer = PollingWorker;

/** Deliveries claimed (and sent side by side) at a time. */
const BATCH = 20;
const LEASE_MS = 60_000;
/** What is kept of a receiver's answer. */
const BODY_KEPT = 1000;
const USER_AGENT = 'AgroExport-Webhooks/1';

interface Outcome {
  status: number | null;
  body: string | null;
  error: string | null;
}

/** POST `payload` to `url` with `headers`; the answer's status and its first characters, or why there was none. */
function post(url: URL, payload: string, headers: Record<string, string>, timeoutMs: number, allowPrivate: boolean): Promise<Outcome> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Checked again at each delivery; an address written as such is never looked up, so it is checked here.
  if (!allowPrivate && (url.protocol !== 'https:' || (net.isIP(host) !== 0 && isPrivateAddress(host)))) {
    return Promise.resolve({ status: null, body: null, error: 'the address is not a public https: address' });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'user-agent': USER_AGENT, ...headers },
        signal: AbortSignal.timeout(timeoutMs),
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < BODY_KEPT) body += chunk;
          else res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? null, body: body.slice(0, BODY_KEPT), error: null });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', (err) => resolve({ status: null, body: null, error: err.message.slice(0, 500) }));
    req.end(payload);
  });
}

export function createWebhookDeliverer(options: WebhookDelivererOptions): WebhookDeliverer {
  const { db, logger } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;

  async function claim() {
    const now = Date.now();
    const due = db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso(now))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso(now))]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(BATCH)
      .$if(options.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
    return db
      .updateTable('webhook_deliveries')
      .set({ locked_until: nowIso(now + LEASE_MS), attempts: sql<number>`attempts + 1` })
      .where('id', 'in', due)
      .returning(['id', 'endpoint_id', 'payload', 'attempts', 'retry_from', 'created_at'])
      .execute();
  }

  async function deliver(row: Awaited<ReturnType<typeof claim>>[number]): Promise<void> {
    const endpoint = await db
      .selectFrom('webhook_endpoints')
      .select(['url', 'secret'])
      .where('id', '=', row.endpoint_id)
      .executeTakeFirst();
    // Its endpoint deleted meanwhile: nobody wants it any more.
    if (!endpoint) {
      await db.deleteFrom('webhook_deliveries').where('id', '=', row.id).execute();
      return;
    }
    const sentAt = new Date();
    const signature = new Webhook(endpoint.secret).sign(row.id, sentAt, row.payload);
    const outcome = await post(
      new URL(endpoint.url),
      row.payload,
      { 'webhook-id': row.id, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature },
      timeoutMs,
      options.allowPrivate,
    );
    const now = Date.now();
    const answered = { last_attempt_at: nowIso(now), response_status: outcome.status, response_body: outcome.body, locked_until: null };
    if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
      await db
        .updateTable('webhook_deliveries')
        .set({ ...answered, status: 'delivered', delivered_at: nowIso(now), last_error: null })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const error = outcome.error ?? `the receiver answered ${outcome.status ?? 'nothing'}`;
    const giveUp = now - Date.parse(row.retry_from) >= WEBHOOK_RETRY_HOURS * 3_600_000;
    await db
      .updateTable('webhook_deliveries')
      .set({
        ...answered,
        last_error: error,
        ...(giveUp ? { status: 'failed' } : { next_attempt_at: nowIso(now + retryDelay(row.attempts, retryBaseMs, retryMaxMs)) }),
      })
      .where('id', '=', row.id)
      .execute();
    logger.warn({ delivery: row.id, attempts: row.attempts, error, failed: giveUp }, 'webhook delivery failed');
  }

  async function drain(): Promise<void> {
    while (!worker.closed) {
      const rows = await claim();
      if (rows.length === 0) return;
      // Each endpoint's deliveries one after the other, in the order of their events (a receiver
      // may still see one again out of order after a failed try); the endpoints side by side.
      const byEndpoint = new Map<string, typeof rows>();
      for (const row of [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))) {
        byEndpoint.set(row.endpoint_id, [...(byEndpoint.get(row.endpoint_id) ?? []), row]);
      }
      await Promise.all(
        [...byEndpoint.values()].map(async (list) => {
          for (const row of list) await deliver(row);
        }),
      );
    }
  }

  const worker = pollingWorker(drain, logger, 'webhook deliverer', options.pollMs);
  return worker;
}
