import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { SERVER_ERRORS } from '@agro/shared';
import type { FastifyContextConfig, FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { HttpError } from '../lib/errors.js';

export type RateLimitKind = 'auth' | 'form';

/**
 * Route `config` for a rate-limited route: `{ config: rateLimited(app.config, 'auth') }`.
 * 'auth' = login, register, forgot/reset password; 'form' = contact and quote.
 * Limits are per client IP and per route, within RATE_LIMIT_WINDOW_MS.
 */
export function rateLimited(config: Config, kind: RateLimitKind): FastifyContextConfig {
  if (!config.rateLimit.enabled) return {};
  const max = kind === 'auth' ? config.rateLimit.authMax : config.rateLimit.formMax;
  return { rateLimit: { max, timeWindow: config.rateLimit.windowMs } };
}

type StoreCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/** Expired counters are deleted now and then (at most once per this many ms per process). */
const SWEEP_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store whose counters live in the `rate_limits` table, so every server
 * process sharing the database counts the same hits. One upsert per limited request: it starts a
 * new window when the old one ended and otherwise adds one, and returns the count and the end.
 */
/** One more hit on `key` in the `rate_limits` table: a new window once the last one ended; the count and the window's end. */
export async function countHit(db: Db, key: string, timeWindow: number, now = Date.now()): Promise<{ hits: number; windowEnds: number }> {
  const ends = now + timeWindow;
  const result = await sql<{ hits: number; window_ends: number | string }>`
    insert into rate_limits (key, hits, window_ends) values (${key}, 1, ${ends})
    on conflict (key) do update set
      hits = case when rate_limits.window_ends <= ${now} then 1 else rate_limits.hits + 1 end,
      window_ends = case when rate_limits.window_ends <= ${now} then excluded.window_ends else rate_limits.window_ends end
    returning hits, window_ends`.execute(db);
  const row = result.rows[0]!;
  return { hits: Number(row.hits), windowEnds: Number(row.window_ends) };
}

/**
 * preHandler of a 'form' route (inquiries, quotes): the same limit per signed-in account, beside
 * the one per address (a buyer's account on many addresses, or many buyers behind one address,
 * are each held to it). Shared by every process (the `rate_limits` table). Undefined when rate
 * limits are off.
 */
export function perAccount(config: Config, db: Db, route: string): preHandlerAsyncHookHandler | undefined {
  if (!config.rateLimit.enabled) return undefined;
  const { formMax, windowMs } = config.rateLimit;
  return async (request) => {
    if (!request.user) return;
    const now = Date.now();
    const { hits, windowEnds } = await countHit(db, `account:${request.user._id}:${route}`, windowMs, now);
    if (hits > formMax) {
      throw new HttpError(429, SERVER_ERRORS.rateLimited, undefined, {
        'retry-after': String(Math.max(1, Math.ceil((windowEnds - now) / 1000))),
      });
    }
  };
}

export function databaseStore(db: Db) {
  let lastSweep = 0;
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params: unknown,
      private readonly namespace = '',
    ) {}

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = Date.now();
      countHit(db, `${this.namespace}${key}`, timeWindow, now).then(
        ({ hits, windowEnds }) => callback(null, { current: hits, ttl: Math.max(0, windowEnds - now) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        void db
          .deleteFrom('rate_limits')
          .where('window_ends', '<', now)
          .execute()
          .catch(() => undefined);
      }
    }

    /** One store per limited route: its counters are kept apart by a `METHOD/url:` prefix. */
    child(params: Parameters<FastifyRateLimitStore['child']>[0]): DatabaseRateLimitStore {
      // At run time the plugin passes its merged options, with the route under `routeInfo`.
      const info: RouteInfo = (params as { routeInfo?: RouteInfo }).routeInfo ?? params;
      const method = [info.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(params, `${method}${info.url ?? ''}:`);
    }
  };
}

async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(app.config.rateLimit.store === 'database' ? { store: databaseStore(app.db) } : {}),
    // A broken counter store must not lock everyone out: the request goes through (logged).
    skipOnError: true,
    // Only the standard Retry-After, on a refusal: the non-standard X-RateLimit-* headers told every
    // client (a password guesser too) how many tries were left, and were three more headers to
    // handle on every limited answer (docs/performance.md).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, SERVER_ERRORS.rateLimited, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
