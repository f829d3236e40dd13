import helmet from 'helmet';
import { SERVER_ERRORS } from '@agro/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin this server answers on for this request (honours X-Forwarded-* only with TRUST_PROXY). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function isHttps(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || (config.publicUrl?.startsWith('https:') ?? false);
}

/**
 * Security headers (CSP without inline script), CORS limited to CORS_ORIGINS, and a refusal of
 * state-changing requests sent from foreign origins: with SameSite=Lax cookies this closes
 * cross-site request forgery even for clients that send cookies on cross-site POSTs.
 */
async function security(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  // Built once: @fastify/helmet rebuilt (and re-parsed the CSP of) helmet on every request,
  // about 5% of a cached API answer's CPU time (docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });

  const allowed = new Set(config.corsOrigins);
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const corsAllowed = allowed.has(origin);
    if (corsAllowed) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
      reply.header('Vary', 'Origin');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        reply
          .header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
          .header('Access-Control-Allow-Headers', 'Content-Type')
          .header('Access-Control-Max-Age', '600')
          .code(204)
          .send();
        return reply;
      }
    }
    if (STATE_CHANGING.has(request.method) && !corsAllowed && origin !== requestOrigin(request) && origin !== publicOrigin) {
      reply.code(403).send({ success: false, message: SERVER_ERRORS.foreignOrigin });
      return reply;
    }
  });
}

export default fp(security, { name: 'security' });
