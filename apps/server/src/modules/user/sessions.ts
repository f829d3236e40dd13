/**
 * Sessions the person controls (issue 44, item 2): `GET /api/v1/user/sessions` lists the account's
 * live sessions (device and browser named from the User-Agent that opened each, the address cut to
 * its network, lib/networks.ts), `DELETE /api/v1/user/sessions/{id}` ends one (the current one
 * too: that signs out here), `DELETE /api/v1/user/sessions` ends every other. A password change or
 * reset ends every other session already (service.ts).
 */
import {
  DEVICE_TYPES,
  SESSION_TEXT,
  sessionsEndedSchema,
  sessionsResponseSchema,
  apiResultSchema,
  type DeviceType,
  type SessionRecord,
} from '@agro/shared';
import Bowser from 'bowser';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { notFound } from '../../lib/errors.js';
import { replies } from '../../lib/route-schemas.js';
import { endSession, requireAuth } from '../../plugins/auth.js';
import { deleteUserSession, deleteUserSessions, listUserSessions, type SessionRow } from './session-repository.js';

const isDeviceType = (value: string | undefined): value is DeviceType => DEVICE_TYPES.some((t) => t === value);

/** The browser (with its major version), the system and the kind of device a User-Agent names. */
export function describeUserAgent(userAgent: string): Pick<SessionRecord, 'browser' | 'os' | 'deviceType'> {
  if (!userAgent) return { browser: '', os: '', deviceType: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : '';
  const type = parsed.platform.type;
  return { browser, os: parsed.os.name ?? '', deviceType: isDeviceType(type) ? type : 'unknown' };
}

export function toSessionRecord(row: SessionRow, currentTokenHash: string | null): SessionRecord {
  return {
    _id: row.id,
    current: row.token_hash === currentTokenHash,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at ?? row.created_at,
    userAgent: row.user_agent,
    ipPrefix: row.ip_prefix,
    ...describeUserAgent(row.user_agent),
  };
}

const tags = ['user'];
const SMALL_ANSWERS = { compress: false } as const;

export function sessionRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sessions',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "The account's live sessions, the most recently used first (`current`: the one this request came with)",
        response: replies(sessionsResponseSchema, [401]),
      },
    },
    async (request) => {
      const rows = await listUserSessions(app.db, request.user!._id, nowIso());
      return { success: true, message: SESSION_TEXT.fetched, sessions: rows.map((r) => toSessionRecord(r, request.sessionTokenHash)) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "End one of the account's sessions (ending the current one signs out here)",
        params: z.object({ id: z.string().max(64) }),
        response: replies(apiResultSchema, [401, 404]),
      },
    },
    async (request, reply) => {
      // Not an id (a NUL, which PostgreSQL refuses in text, or any other byte): no such session.
      if (!isId(request.params.id)) throw notFound(SESSION_TEXT.notFound);
      const ended = await deleteUserSession(app.db, request.user!._id, request.params.id);
      if (ended === undefined) throw notFound(SESSION_TEXT.notFound);
      if (ended === request.sessionTokenHash) await endSession(request, reply);
      return { success: true, message: SESSION_TEXT.ended };
    },
  );

  app.delete(
    '/sessions',
    {
      ...SMALL_ANSWERS,
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'End every session of the account but the current one',
        response: replies(sessionsEndedSchema, [401]),
      },
    },
    async (request) => {
      const ended = await deleteUserSessions(app.db, request.user!._id, request.sessionTokenHash ?? undefined);
      return { success: true, message: SESSION_TEXT.othersEnded, ended };
    },
  );
}
