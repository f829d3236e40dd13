/**
 * Where a request came from, as this server sees it (X-Forwarded-* honoured only with
 * TRUST_PROXY), and the URL paths public links are built on.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** URL prefix of stored images (served by plugins/static-files.ts); `secure_url` values start with it. */
export const UPLOADS_PREFIX = '/uploads/';

/** The origin this server answers on for this request. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** True when the client reached us over https (directly, through a trusted proxy, or per PUBLIC_URL). */
export function isHttps(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || (config.publicUrl?.startsWith('https:') ?? false);
}
