/**
 * /api/v1/quote-list (issue 45): the signed-in buyer's quote list, the lines they collect while
 * browsing before they send one request for a mixed container. Read and replaced whole.
 */
import { QUOTE_LINE_MESSAGES as QL, quoteListMessageOrder, quoteListResponseSchema, quoteListSchema } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nowIso } from '../../db/mappers.js';
import { badRequest } from '../../lib/errors.js';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { listProductIds } from '../product/repository.js';
import { readQuoteList, writeQuoteList } from './repository.js';

const tags = ['quote'];

export default async function quoteListRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      preValidation: requireRole('USER', 'ADMIN'),
      schema: {
        tags,
        summary: "The signed-in user's quote list (the lines collected while browsing; [] when empty)",
        response: replies(quoteListResponseSchema, [401, 403]),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { success: true, message: QL.listFetched, items: await readQuoteList(app.db, request.user!._id) };
    },
  );

  app.put(
    '/',
    {
      preValidation: requireRole('USER', 'ADMIN'),
      schema: {
        tags,
        summary:
          "Replace the signed-in user's quote list: at most 20 lines, no product twice, each with the quote form's rules " +
          'and messages; every product must be in the catalogue; `[]` empties it',
        body: specInput(quoteListSchema, [...quoteListMessageOrder, QL.listMax, QL.listCustomPackaging, QL.listProductUnknown]),
        response: replies(quoteListResponseSchema, [400, 401, 403]),
      },
    },
    async (request, reply) => {
      const { items } = request.body;
      if (items.length > 0) {
        const known = await listProductIds(app.db);
        const unknown = items.findIndex((item) => !known.has(item.productId));
        if (unknown !== -1) throw badRequest(QL.listProductUnknown, { [`items.${unknown}.productId`]: QL.listProductUnknown });
      }
      await writeQuoteList(app.db, request.user!._id, items, nowIso(app.now()));
      reply.header('Cache-Control', 'private, no-store');
      return { success: true, message: QL.listSaved, items: await readQuoteList(app.db, request.user!._id) };
    },
  );
}
