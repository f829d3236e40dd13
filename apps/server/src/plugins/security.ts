import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { EARLY_TAPS_SCRIPT, LANGUAGE_HEADER, SERVER_ERRORS } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { requestOrigin } from '../lib/request-origin.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's state change is authorised by a token in the request itself, never by a cookie,
     * and is sent from elsewhere by design (a mail provider's one-click unsubscribe, RFC 8058): a
     * foreign Origin is not refused.
     */
    anyOrigin?: boolean;
  }
}

const EARLY_TAPS_HASH = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

/**
 * Security headers (CSP without inline script but the one the server-rendered pages carry, allowed
 * by its hash), CORS limited to CORS_ORIGINS, and a refusal of
 * state-changing requests sent from foreign origins: with SameSite=Lax cookies this closes
 * cross-site request forgery even for clients that send cookies on cross-site POSTs.
 */
async function security(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  // Built once: @fastify/helmet rebuilt (and re-parsed the CSP of) helmet on every request,
  // about 5% of a cached API answer's CPU time (docs/performance.md); and run once (below).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The early-taps script of server-rendered pages (packages/shared/src/early-taps.ts) by its
        // hash: no other inline script runs.
        scriptSrc: ["'self'", EARLY_TAPS_HASH],
        // React style attributes need inline styles; scripts stay self-only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.cspImgSources],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // HSTS over plain http is ignored by browsers and would only confuse a local setup.
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
  const { set, removed } = staticHeaders(securityHeaders);

  const allowed = new Set(config.corsOrigins);
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;

  // One synchronous hook for the security headers and CORS: a promise per request and helmet's
  // chain of twelve middlewares were a line of their own in the cost table (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    const corsAllowed = allowed.has(origin);
    if (corsAllowed) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
      reply.header('Vary', 'Origin');
      // A cross-origin client may read whether an answer was replayed (plugins/idempotency.ts).
      reply.header('Access-Control-Expose-Headers', 'Idempotent-Replayed, Retry-After');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        reply
          .header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
          .header('Access-Control-Allow-Headers', `Content-Type, Idempotency-Key, ${LANGUAGE_HEADER}`)
          .header('Access-Control-Max-Age', '600')
          .code(204)
          .send();
        return;
      }
    }
    if (
      STATE_CHANGING.has(request.method) &&
      !corsAllowed &&
      origin !== requestOrigin(request) &&
      origin !== publicOrigin &&
      request.routeOptions.config.anyOrigin !== true
    ) {
      reply.code(403).send({ success: false, message: SERVER_ERRORS.foreignOrigin });
      return;
    }
    done();
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * What helmet does to every response, recorded once: its headers do not depend on the request
 * (no nonces), so they are computed at start-up and copied onto each response.
 */
function staticHeaders(middleware: Middleware): { set: [string, string | string[]][]; removed: string[] } {
  const set: [string, string | string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      set.push([name, typeof value === 'number' ? String(value) : Array.isArray(value) ? [...value] : String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let failed: unknown;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (err) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return { set, removed };
}

export default fp(security, { name: 'security' });
