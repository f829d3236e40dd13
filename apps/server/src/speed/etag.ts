/**
 * Conditional GET for JSON lists that change rarely. The tag is a hash of the exact body, so it
 * changes with every write (on any server process sharing the database) and with nothing else.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { markEdgeCacheable } from './edge.js';

/** Weak: compression changes the bytes on the wire, not the meaning. `json` may come in pieces (hashed as if joined). */
export function etagOf(json: string | Buffer | readonly Buffer[]): string {
  const hash = createHash('sha256');
  if (typeof json === 'string' || Buffer.isBuffer(json)) hash.update(json);
  else for (const piece of json) hash.update(piece);
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Send `body`, an answer the same for everyone, as JSON with an ETag, or 304 when the client
 * already holds it. Browsers revalidate every time, so a change shows up at once and an unchanged
 * list costs a 304; an edge cache may keep it, tagged with `edgeTags` (speed/edge.ts).
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown, edgeTags: readonly string[]): FastifyReply {
  const json = JSON.stringify(body);
  const etag = etagOf(json);
  reply.header('ETag', etag);
  markEdgeCacheable(reply, edgeTags);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
