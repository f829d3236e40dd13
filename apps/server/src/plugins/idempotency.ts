/**
 * Exactly once (issue 25, docs/decisions/020): a POST that creates or decides something may carry
 * an `Idempotency-Key` header. The first request with a key claims it (a row of
 * `idempotency_keys`, per client scope: the user with a session, else the address); the change it
 * makes marks the key applied in its own transaction (`markApplied`), and its answer is kept for
 * 24 hours. A repeat with the same key and body gets that answer again (`Idempotent-Replayed:
 * true`) and changes nothing; with another body, 422; while the first still runs, it waits for it
 * (up to 10 s), then 409. Every process shares the rows, so a retry that reaches another process
 * (a proxy's retry after a process died) is answered the same way.
 *
 * Routes opt in with `config: { idempotent: true }` and call `markApplied(tx)`
 * (lib/idempotency-claims.ts) inside the transaction of their change.
 */
import { createHash } from 'node:crypto';
import { SERVER_ERRORS } from '@agro/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';
import { nowIso } from '../db/mappers.js';
import type { IdempotencyKeysTable } from '../db/schema.js';
import { HttpError, badRequest, conflict } from '../lib/errors.js';
import { claims, type Claim } from '../lib/idempotency-claims.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long an answer is kept for its key. */
export const KEEP_MS = 24 * 3_600_000;
/** A running request's claim: a process that died holding it frees the key after this. */
const LEASE_MS = 60_000;
/** How long a repeat waits for the first request to end before it answers 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
const SWEEP_EVERY_MS = 3_600_000;
/** Printable ASCII, as the IETF draft's examples and every client library send (UUIDs and the like). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key (and marks its change applied: markApplied). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, until its answer is kept. */
    idempotency: Claim | null;
  }
}

function fingerprintOf(request: FastifyRequest): string {
  // A multipart body is read by the handler, after this: its length stands for it (a client's
  // retry sends the same bytes; the same form sent again has a boundary of the same length).
  const multipart = (request.headers['content-type'] ?? '').startsWith('multipart/');
  const what = multipart ? `multipart:${request.headers['content-length'] ?? ''}` : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(what).digest('base64url');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Row = Pick<IdempotencyKeysTable, 'method' | 'path' | 'fingerprint' | 'state' | 'status' | 'body' | 'locked_until' | 'created_at'>;

/** Claims the key for this request, or answers from the first one. */
async function claimOrAnswer(db: Db, request: FastifyRequest, reply: FastifyReply, claim: Claim): Promise<FastifyReply | undefined> {
  const method = request.method;
  const path = request.url.split('?')[0] ?? request.url;
  const fingerprint = fingerprintOf(request);
  const waitUntil = Date.now() + WAIT_MS;
  for (;;) {
    const now = Date.now();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        ...claim,
        method,
        path,
        fingerprint,
        state: 'running',
        status: null,
        body: null,
        locked_until: nowIso(now + LEASE_MS),
        created_at: nowIso(now),
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return undefined;

    const row: Row | undefined = await db
      .selectFrom('idempotency_keys')
      .select(['method', 'path', 'fingerprint', 'state', 'status', 'body', 'locked_until', 'created_at'])
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .executeTakeFirst();
    if (!row) continue;
    if (Date.parse(row.created_at) <= now - KEEP_MS) {
      // Expired: the key may be used again.
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', claim.scope)
        .where('key', '=', claim.key)
        .where('created_at', '=', row.created_at)
        .execute();
      continue;
    }
    if (row.method !== method || row.path !== path || row.fingerprint !== fingerprint) {
      throw new HttpError(422, SERVER_ERRORS.idempotencyKeyReused);
    }
    if (row.state === 'done' && row.status !== null) {
      request.idempotency = null;
      reply.code(row.status).header(REPLAYED_HEADER, 'true').header('Content-Type', 'application/json; charset=utf-8');
      return reply.send(row.body ?? '');
    }
    if (row.state === 'running' && Date.parse(row.locked_until) <= now) {
      // The process that ran it died before its change committed (else the row would be applied):
      // this request takes the key over.
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ locked_until: nowIso(now + LEASE_MS) })
        .where('scope', '=', claim.scope)
        .where('key', '=', claim.key)
        .where('state', '=', 'running')
        .where('locked_until', '=', row.locked_until)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return undefined;
      continue;
    }
    if (row.state === 'applied' && Date.parse(row.locked_until) <= now) {
      // The change was made and its answer never kept (the process died, or failed after it).
      throw conflict(SERVER_ERRORS.idempotencyApplied);
    }
    // Running elsewhere (or applied, its answer on the way): wait for it.
    if (Date.now() + POLL_MS > waitUntil) {
      throw conflict(row.state === 'applied' ? SERVER_ERRORS.idempotencyApplied : SERVER_ERRORS.idempotencyInProgress);
    }
    await sleep(POLL_MS);
  }
}

async function idempotency(app: FastifyInstance): Promise<void> {
  app.decorateRequest('idempotency', null);
  let lastSweep = 0;

  // The handler of a route that takes a key runs with its claim, for markApplied.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const claim = request.idempotency;
      return claim ? claims.run(claim, () => handler.call(this, request, reply)) : handler.call(this, request, reply);
    } as typeof handler;
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw badRequest(SERVER_ERRORS.idempotencyKeyInvalid);
    const claim: Claim = { scope: request.user ? `user:${request.user._id}` : `ip:${request.ip}`, key };
    const now = Date.now();
    if (now - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now;
      app.db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', nowIso(now - KEEP_MS))
        .execute()
        .catch((err: unknown) => request.log.warn({ err }, 'could not sweep expired idempotency keys'));
    }
    const answered = await claimOrAnswer(app.db, request, reply, claim);
    if (answered) return answered;
    request.idempotency = claim;
  });

  // The answer is kept for the key; a failure that changed nothing (5xx, 429) frees the key for a retry.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const status = reply.statusCode;
    const row = app.db.updateTable('idempotency_keys').where('scope', '=', claim.scope).where('key', '=', claim.key);
    try {
      if (status >= 500 || status === 429) {
        await app.db
          .deleteFrom('idempotency_keys')
          .where('scope', '=', claim.scope)
          .where('key', '=', claim.key)
          .where('state', '=', 'running')
          .execute();
      } else {
        await row.set({ state: 'done', status, body: typeof payload === 'string' ? payload : null }).execute();
      }
    } catch (err) {
      // The answer goes out all the same; a repeat then finds the key applied (409) or running.
      request.log.warn({ err }, 'could not keep the answer of an idempotent request');
    }
    return payload;
  });
}

export default fp(idempotency, { name: 'idempotency' });
