import {
  AUDIT_TEXT,
  apiResultSchema,
  auditFilterMessageOrder,
  auditFilterSchema,
  auditResponseSchema,
  type AuditEntry,
} from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies, specInput } from '../../lib/route-schemas.js';
import { requireRole } from '../../plugins/auth.js';
import { csvAnswer, sendCsv, toCsv, type CsvColumn } from '../../lib/csv.js';
import { listAudit } from './repository.js';

const tags = ['audit'];

const COLUMNS: readonly CsvColumn<AuditEntry>[] = [
  { header: 'When', value: (e) => e.at },
  { header: 'Who', value: (e) => e.actorEmail },
  { header: 'Action', value: (e) => e.action },
  { header: 'Type', value: (e) => e.entityType },
  { header: 'Id', value: (e) => e.entityId },
  { header: 'Changes', value: (e) => JSON.stringify(e.changes) },
];

/** /api/v1/audit (ADMIN): read only; no call edits or deletes the log. */
export default async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const querystring = specInput(auditFilterSchema, auditFilterMessageOrder);

  app.get(
    '/',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary: 'Administrative changes, newest first; filters: actor (id or e-mail), type, from, to; paginated (admin)',
        querystring,
        response: replies(auditResponseSchema, [400, 401, 403]),
      },
    },
    async (request) => ({ success: true, message: AUDIT_TEXT.fetched, ...(await listAudit(app.db, request.query)) }),
  );

  app.get(
    '/export',
    {
      preValidation: requireRole('ADMIN'),
      schema: {
        tags,
        summary: 'The filtered audit log as CSV, every match (admin)',
        querystring,
        response: { ...replies(apiResultSchema, [400, 401, 403]), 200: csvAnswer('The audit log, one change a row') },
      },
    },
    async (request, reply) => {
      const { audit } = await listAudit(app.db, request.query, true);
      return sendCsv(reply, 'audit-log', toCsv(COLUMNS, audit));
    },
  );
}
