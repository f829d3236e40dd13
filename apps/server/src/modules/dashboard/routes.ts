import { DUE_SOON_HOURS, HANDLING_TEXT, LEADS_TEXT, dashboardResponseSchema, dueSoonResponseSchema } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { nowIso } from '../../db/mappers.js';
import { countDueLeads, countLateLeads } from '../reply-clock/index.js';
import { dashboardFigures } from './repository.js';

/**
 * /api/v1/dashboard (trade desk): the owner's figures of the last 12 months; /due-soon: the leads due
 * within four hours and late now, for the administrators' header (issue 41). ADMIN only.
 */
export default async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags: ['dashboard'],
        summary:
          'Quotes and inquiries of the last 12 months: by month, country, product, source; offer speed and acceptance; ' +
          'first-reply times (median, 90th percentile, share within 24 hours) overall, per month and per owner, and the leads late now (admin)',
        response: replies(dashboardResponseSchema, [401, 403]),
      },
    },
    async () => ({ success: true, message: LEADS_TEXT.dashboardFetched, dashboard: await dashboardFigures(app.db, new Date(app.now())) }),
  );

  app.get(
    '/due-soon',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags: ['dashboard'],
        summary:
          `Unanswered leads due within ${DUE_SOON_HOURS} hours and late now, all of them and the caller's own (admin): ` +
          "the administrators' header (issue 41)",
        response: replies(dueSoonResponseSchema, [401, 403]),
      },
    },
    async (request, reply) => {
      const nowMs = app.now();
      const now = nowIso(nowMs);
      const until = nowIso(nowMs + DUE_SOON_HOURS * 3_600_000);
      const me = request.user!._id;
      const [dueSoon, late, myDueSoon, myLate] = await Promise.all([
        countDueLeads(app.db, now, until),
        countLateLeads(app.db, now),
        countDueLeads(app.db, now, until, me),
        countLateLeads(app.db, now, me),
      ]);
      reply.header('cache-control', 'private, no-store');
      return {
        success: true,
        message: HANDLING_TEXT.dueSoonCounted,
        withinHours: DUE_SOON_HOURS,
        dueSoon,
        late,
        mine: { dueSoon: myDueSoon, late: myLate },
      };
    },
  );
}
