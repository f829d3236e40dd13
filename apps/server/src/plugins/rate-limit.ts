import rateLimit from '@fastify/rate-limit';
import { SERVER_ERRORS } from '@agro/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
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

async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, SERVER_ERRORS.rateLimited, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
