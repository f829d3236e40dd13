import { timingSafeEqual } from 'node:crypto';
import { SERVER_ERRORS } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboxState } from '../mail/mailer.js';
import { withinMs } from '../lib/time-limit.js';
import { Metrics, type PoolStats } from '../lib/metrics.js';

export interface MetricsOptions {
  /** The bearer token /metrics answers to; undefined: no metrics are kept and there is no /metrics. */
  token: string | undefined;
  pool?: (() => PoolStats) | undefined;
  /** The leads late now (modules/reply-clock), read when scraped. */
  leadsLate?: (() => Promise<number>) | undefined;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How long a scrape waits for the database's figures. */
const SCRAPE_DATABASE_MS = 2000;

/**
 * GET /metrics in Prometheus's text format (lib/metrics.ts), outside /api, for a Prometheus server
 * with `METRICS_TOKEN` as its bearer token. Without the token (or with a wrong one) it is the site's
 * 404: nothing tells a visitor it exists. Unset, nothing is measured at all (no cost per request).
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const { token } = options;
  const notFound = { success: false, message: SERVER_ERRORS.notFound };
  if (!token) {
    app.decorate('metrics', undefined);
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.code(404).send(notFound));
    return;
  }
  // A scrape answers in time while the database hangs (Prometheus gives up after 10 s by default,
  // and the process would look down with every figure lost): the outbox's are then unknown.
  const outbox = () => withinMs(outboxState(app.db), SCRAPE_DATABASE_MS, 'mail outbox');
  const leadsLate = options.leadsLate;
  const metrics = new Metrics({
    outbox,
    pool: options.pool,
    replyMailbox: () => app.replyMailbox.reader?.state(),
    leadsLate: leadsLate && (() => withinMs(leadsLate(), SCRAPE_DATABASE_MS, 'late leads')),
  });
  app.decorate('metrics', metrics);
  app.frontLane.observe((route, status, seconds) => metrics.observe('GET', route, status, seconds));
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !sameToken(given, token)) return reply.code(404).send(notFound);
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
