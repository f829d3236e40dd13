/**
 * Sessions: an opaque random token in an httpOnly SameSite=Lax cookie; the database keeps only
 * its SHA-256, so a leaked database does not leak live sessions and several server processes
 * share sessions (docs/decisions). Routes protect themselves with `preValidation: requireAuth`
 * or `preValidation: requireRole('ADMIN')` (before the body is validated: 401/403 before 400);
 * afterwards `request.user` is set. The session rows are read and written through the
 * `SessionStore` the app passes in (the user module's session repository).
 */
import type { PublicUser, Role } from '@agro/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { nowIso, toPublicUser } from '../db/mappers.js';
import type { UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { isHttps } from '../lib/request-origin.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { networkOf, USER_AGENT_MAX } from '../lib/networks.js';
import { PRIVATE_CACHE_CONTROL } from '../speed/edge.js';

export const SESSION_COOKIE = 'agro_session';

/** Extend a session at most once a day, not on every request. */
const SLIDE_AFTER_MS = 24 * 3_600_000;

/** Mark a session used at most this often (the profile's 'last active'), not on every request. */
const SEEN_EVERY_MS = 5 * 60_000;

export interface NewSession {
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  /** The opening request's User-Agent (cut to USER_AGENT_MAX characters). */
  userAgent?: string;
  /** Its address cut to its network (lib/networks.ts). */
  ipPrefix?: string;
}

/** Session rows by token hash. */
export interface SessionStore {
  insert(session: NewSession): Promise<void>;
  /** The session's user when the session exists and has not expired at `nowIso`. */
  findUser(tokenHash: string, nowIso: string): Promise<{ user: UserRow; expiresAt: string; lastSeenAt: string | null } | undefined>;
  /** Marks it used at `seenAt`; moves its end to `expiresAt` when given. */
  extend(tokenHash: string, expiresAt: string | undefined, seenAt: string): Promise<void>;
  delete(tokenHash: string): Promise<void>;
}

/** A further check of an ADMIN's request (two-step sign-in required by the site): a refusal message, or undefined. */
export type AdminGate = (request: FastifyRequest, userId: string) => Promise<string | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    adminGate: AdminGate | undefined;
  }
  interface FastifyRequest {
    /** The logged-in user, set by requireAuth / requireRole (null before or without a session). */
    user: PublicUser | null;
    /** Hash of the current session's token, when logged in. */
    sessionTokenHash: string | null;
  }
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  const { config } = request.server;
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, config),
    expires: expiresAt,
  });
}

/** Load the session named by the cookie, if any, into request.user (no error when absent). */
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<PublicUser | null> {
  if (request.user) return request.user;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const { sessions, config } = request.server;
  const tokenHash = hashToken(token);
  const now = Date.now();
  const found = await sessions.findUser(tokenHash, nowIso(now));
  if (!found) return null;
  const slide = Date.parse(found.expiresAt) - now < config.sessionTtlMs - SLIDE_AFTER_MS;
  const seenLongAgo = found.lastSeenAt === null || now - Date.parse(found.lastSeenAt) > SEEN_EVERY_MS;
  if (slide || seenLongAgo) {
    const expiresAt = slide ? new Date(now + config.sessionTtlMs) : undefined;
    await sessions.extend(tokenHash, expiresAt?.toISOString(), nowIso(now));
    if (expiresAt) setSessionCookie(request, reply, token, expiresAt);
  }
  request.user = toPublicUser(found.user);
  request.sessionTokenHash = tokenHash;
  // An answer read with a session is that person's: no shared cache keeps it (speed/edge.ts). A
  // route that says more (private, no-store for documents) sets its own afterwards.
  reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
  return request.user;
}

/** The hooks below: a route whose first preValidation hook is one of them refuses every request without a session first. */
const SESSION_GATES = new WeakSet<object>();

/** preValidation hook: 401 unless logged in. */
export async function requireAuth(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!(await loadSession(request, reply))) throw unauthorized();
}
SESSION_GATES.add(requireAuth);

/** preValidation hook factory: 401 unless logged in, 403 unless the user has one of `roles`. */
export function requireRole(...roles: Role[]) {
  const gate = async function requireRoleHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const user = await loadSession(request, reply);
    if (!user) throw unauthorized();
    if (!roles.includes(user.role)) throw forbidden();
    if (user.role === 'ADMIN') {
      const refusal = await request.server.adminGate?.(request, user._id);
      if (refusal) throw forbidden(refusal);
    }
  };
  SESSION_GATES.add(gate);
  return gate;
}

/** Start a new session for `userId` and set its cookie. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const { sessions, config } = request.server;
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + config.sessionTtlMs);
  await sessions.insert({
    tokenHash: hashToken(token),
    userId,
    createdAt: nowIso(now),
    expiresAt: expiresAt.toISOString(),
    userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
    ipPrefix: networkOf(request.ip),
  });
  setSessionCookie(request, reply, token, expiresAt);
}

/** End the current session (if any) and clear the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await request.server.sessions.delete(hashToken(token));
  request.user = null;
  request.sessionTokenHash = null;
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, request.server.config),
  });
}

/** Owns the session decorators; register once, before the routes. */
async function auth(app: FastifyInstance, { sessions, adminGate }: { sessions: SessionStore; adminGate?: AdminGate }): Promise<void> {
  app.decorate('sessions', sessions);
  app.decorate('adminGate', adminGate);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  // A GET that needs a session answers every request without a cookie with the same 401, before
  // anything else of the route runs (rate limits aside): the front lane answers it from then on.
  const laneRefusal: onSendHookHandler = (request, reply, payload, done) => {
    if (typeof payload === 'string') request.server.frontLane?.rememberRefusal(request, reply, payload);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const gates = route.preValidation;
    const first: unknown = Array.isArray(gates) ? gates[0] : gates;
    const config: unknown = route.config;
    const rateLimited = typeof config === 'object' && config !== null && 'rateLimit' in config;
    if (!methods.includes('GET') || typeof first !== 'function' || !SESSION_GATES.has(first) || rateLimited) return;
    const onSend = route.onSend;
    route.onSend = onSend === undefined ? [laneRefusal] : [...(Array.isArray(onSend) ? onSend : [onSend]), laneRefusal];
  });
}

export default fp(auth, { name: 'auth', dependencies: ['@fastify/cookie'] });
