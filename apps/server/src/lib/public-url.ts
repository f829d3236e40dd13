import type { FastifyRequest } from 'fastify';
import { requestOrigin } from './request-origin.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Base URL for links in mails. PUBLIC_URL when set. Otherwise the request's own origin, but
 * only for loopback hosts: trusting any Host header would let an attacker have reset mails
 * point at a server of theirs (host header poisoning). Elsewhere fall back to localhost:PORT.
 */
export function publicBaseUrl(request: FastifyRequest): string {
  const { config } = request.server;
  if (config.publicUrl) return config.publicUrl;
  if (LOOPBACK.has(request.hostname)) return requestOrigin(request);
  return `http://localhost:${config.port}`;
}
