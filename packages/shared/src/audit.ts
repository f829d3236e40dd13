/**
 * The audit log (issue 26): one entry per administrative change, written in the change's own
 * transaction, read by GET /api/v1/audit (ADMIN) with filters and pages. Nothing edits or deletes it.
 */
import { z } from 'zod';
import { adminMessages } from '../locales/en/desk.json';
import { blank, isoDay, wholeNumber } from './query-fields.js';

export const AUDIT_ENTITY_TYPES = [
  'product',
  'gallery',
  'quote',
  'offer',
  'inquiry',
  'settings',
  'team',
  'order',
  'document',
  'message',
  'held-reply',
  'webhook',
  'account',
  'sample',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A changed field: its value before and after ('(hidden)' stands for a secret). */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  _id: string;
  at: string;
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  changes: Record<string, AuditChange>;
}

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE_MAX = 100;

export const AUDIT_MESSAGES = {
  actor: 'Person filter must be at most 254 characters',
  type: 'Unknown type filter',
  from: 'From must be a date (YYYY-MM-DD)',
  to: 'To must be a date (YYYY-MM-DD)',
  range: 'From must not be after To',
  page: 'Page must be a whole number from 1',
  limit: `Limit must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}`,
} as const;
const M = AUDIT_MESSAGES;
export const auditFilterMessageOrder: readonly string[] = Object.values(M);

export const AUDIT_TEXT = adminMessages.audit;

/** `actor`: a person's id or (part of) their e-mail address; `from`/`to`: whole UTC days. */
export const auditFilterSchema = z
  .object({
    actor: z.preprocess(blank, z.string({ error: M.actor }).trim().max(254, { error: M.actor }).optional()),
    type: z.preprocess(blank, z.enum(AUDIT_ENTITY_TYPES, { error: M.type }).optional()),
    from: isoDay(M.from),
    to: isoDay(M.to),
    page: wholeNumber(1, 1_000_000, M.page),
    limit: wholeNumber(1, AUDIT_PAGE_SIZE_MAX, M.limit),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { error: M.range, path: ['to'] });
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});

export const auditResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  audit: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
