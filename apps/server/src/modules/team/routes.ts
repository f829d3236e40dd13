import {
  TEAM_TEXT,
  acceptInviteMessageOrder,
  acceptInviteSchema,
  apiResultSchema,
  inviteMessageOrder,
  inviteResponseSchema,
  inviteSchema,
  teamResponseSchema,
  userResponseSchema,
} from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toPublicUser } from '../../db/mappers.js';
import { actorOf } from '../audit/index.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireRole, startSession } from '../../plugins/auth.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { inviteMail } from './mails.js';
import { createTeamService } from './service.js';

const tags = ['team'];

/** /api/v1/team: the administrators and their invitations (ADMIN); accepting an invitation is public (the link is the key). */
export default async function teamRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const team = createTeamService(app.db, app.dialect, app.config, async () => (await app.siteSettings()).assignment);
  const admin = requireRole('ADMIN');

  app.get(
    '/',
    {
      preValidation: admin,
      schema: { tags, summary: 'Administrators and pending invitations (admin)', response: replies(teamResponseSchema, [401, 403]) },
    },
    async () => ({ success: true, message: TEAM_TEXT.fetched, ...(await team.list()) }),
  );

  app.post(
    '/invite',
    {
      preValidation: admin,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Invite a colleague by e-mail: a single-use link valid 72 hours (admin)',
        body: specInput(inviteSchema, inviteMessageOrder),
        response: replies(inviteResponseSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      const inviter = request.user!;
      const invite = await team.invite(request.body.email, actorOf(inviter), (token, id, address) => ({
        ...inviteMail(address, inviter.fullName, `${publicBaseUrl(request)}/team/accept/${token}`),
        event: `team-invite:${id}`,
        secret: token,
      }));
      app.mailer.kick();
      return { success: true, message: TEAM_TEXT.invited, invite };
    },
  );

  app.post(
    '/accept/:token',
    {
      config: rateLimited(app.config, 'auth'),
      schema: {
        tags,
        summary: "Accept an invitation: set name, phone and password and become an ADMIN (the link's token is the key); signs in",
        params: z.object({ token: z.string() }),
        body: specInput(acceptInviteSchema, acceptInviteMessageOrder),
        response: replies(userResponseSchema, [400, 429]),
      },
    },
    async (request, reply) => {
      const user = await team.accept(request.params.token, request.body);
      await startSession(request, reply, user.id);
      return { success: true, message: TEAM_TEXT.accepted, user: toPublicUser(user) };
    },
  );

  app.delete(
    '/:id',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Remove an administrator (back to USER, their sessions end) or cancel an invitation; never the last administrator (admin)',
        params: z.object({ id: z.string() }),
        response: replies(apiResultSchema, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const done = await team.remove(request.params.id, actorOf(request.user!));
      return { success: true, message: done === 'removed' ? TEAM_TEXT.removed : TEAM_TEXT.cancelled };
    },
  );
}
