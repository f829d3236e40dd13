import zlib from 'node:zlib';
/**
 * The two routes every admin list has (All Quotes, the inquiry inbox, orders), ADMIN only:
 * GET /all, the filtered list (one page of it when paginated), and GET /export, every match of the
 * same filters as a CSV download (`page` and `limit` ignored).
 */
import type { Readable } from 'node:stream';
import { apiResultSchema, type LeadPage, type PublicUser } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { csvAnswer, sendCsv } from '../../lib/csv.js';
import { replies } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';

type Paged = { page?: number | undefined; limit?: number | undefined };

export interface AdminListRoutes<Q extends z.ZodType<Paged>, A extends z.ZodType> {
  /** GET /all in the OpenAPI document. */
  list: { summary: string; response: A };
  /** `user`: who asks (the lists carry their unread counts: issue 40). */
  answer: (query: z.output<Q>, user: PublicUser) => Promise<z.output<A>>;
  csv: {
    /** What the list holds ('inquiries'): the download's name (`<noun>-<today>.csv`) and its documentation. */
    noun: string;
    /** Every matching row: CSV text, or a stream of it. `user`: who asks (assignee=me: issue 41). */
    rows: (filter: Omit<z.output<Q>, 'page' | 'limit'>, user: PublicUser) => Promise<string | Readable>;
  };
}

/** A list's answer: its items under their own key, and the page's facts when it was asked for a page. */
export const listAnswer = <T extends { page?: LeadPage | undefined }>(message: string, { page, ...items }: T) => ({
  success: true as const,
  message,
  ...items,
  ...page,
});

/** GET /all and GET /export of a list; `query` holds its filters (specInput: a bad one answers 400 with its message). */
export function registerListRoutes<Q extends z.ZodType<Paged>, A extends z.ZodType>(
  fastify: FastifyInstance,
  tags: string[],
  query: Q,
  routes: AdminListRoutes<Q, A>,
): void {
  const { noun } = routes.csv;
  // Registered without the zod type provider: its types do not follow generic schemas. Each list's
  // `answer` and `csv` are typed by its own schemas instead.
  fastify.get(
    '/all',
    {
      preValidation: requireRole('ADMIN'),
      schema: { tags, summary: routes.list.summary, querystring: query, response: replies(routes.list.response, [400, 401, 403]) },
    },
    (request) => routes.answer(request.query as z.output<Q>, request.user!),
  );
  fastify.get(
    '/export',
    {
      preValidation: requireRole('ADMIN'),
      // gzip, each piece (a batch of rows) flushed as written: the first rows reach the browser at
      // once (issue 45; first byte p99 13 ms at a year's quotes on PostgreSQL). Brotli (quality 4)
      // held an export's first ~3.5 MB before it sent a byte (580-920 ms), and brotli flushing each
      // piece grew the server by +161 MB over a whole export (gzip flushed: +18 MB; docs/performance.md).
      compress: { encodings: ['gzip'], zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH } },
      schema: {
        tags,
        summary: `The filtered ${noun} as CSV, every match (admin)`,
        querystring: query,
        response: { ...replies(apiResultSchema, [400, 401, 403]), 200: csvAnswer(`The ${noun}, one row each`) },
      },
    },
    async (request, reply) => {
      const { page: _page, limit: _limit, ...filter } = request.query as z.output<Q>;
      return sendCsv(reply, noun, await routes.csv.rows(filter, request.user!));
    },
  );
}
