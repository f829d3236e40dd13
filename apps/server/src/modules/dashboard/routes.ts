import { LEADS_TEXT, dashboardResponseSchema } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { dashboardFigures } from './repository.js';

/** /api/v1/dashboard (trade desk): the owner's figures of the last 12 months; ADMIN only. */
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
}
