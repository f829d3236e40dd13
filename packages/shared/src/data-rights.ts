/**
 * The buyer's data rights (issue 44, item 3): everything the site holds about an account, as one
 * JSON file (or a ZIP with its files), and the account deleted, its leads without an order made
 * anonymous, its orders kept for the retention period of the settings (`retentionYears`).
 */
import { z } from 'zod';
import en from '../locales/en/server.json';
import { auditEntrySchema } from './audit.js';
import { orderSchema } from './order.js';
import { passkeyRecordSchema, passkeyCredentialSchema } from './passkeys.js';
import { sampleSchema } from './sample.js';
import { sessionRecordSchema } from './sessions.js';
import { threadMessageSchema, THREAD_KINDS } from './thread.js';
import { apiResultSchema, inquirySchema, publicUserSchema, quoteDetailSchema } from './types.js';

export const DATA_RIGHTS_TEXT = en.accountMessages.dataRights;

/** What an anonymised lead says in place of a name, a company or free text. */
export const DELETED_ACCOUNT_TEXT = 'Deleted account';
/** What an anonymised lead says in place of an e-mail address (`.invalid` never resolves: RFC 2606). */
export const deletedAccountEmail = (userId: string): string => `deleted-${userId}@invalid`;

export const EXPORT_FORMATS = ['json', 'zip'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS, { error: DATA_RIGHTS_TEXT.formatInvalid }).optional() });

/** The password, or instead an answer of one of the account's passkeys (to POST /user/passkey/confirm/options). */
export const deleteAccountSchema = z
  .object({
    password: z.string({ error: DATA_RIGHTS_TEXT.passwordRequired }).max(200).optional(),
    passkey: passkeyCredentialSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.passkey && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: DATA_RIGHTS_TEXT.passwordRequired });
  });
export const deleteAccountMessageOrder: readonly string[] = [DATA_RIGHTS_TEXT.passwordRequired];

/** An order kept after its buyer deleted their account, and until when (the retention period). */
export const keptOrderSchema = z.object({ orderNumber: z.string(), keptUntil: z.string() });

export const accountDeletedSchema = apiResultSchema.extend({
  /** The orders kept, with their quotes, invoices and documents; empty when there were none. */
  kept: z.array(keptOrderSchema),
  /** The retention period of the settings, in years. */
  retentionYears: z.number(),
  /** How many quotes and inquiries that led to no order were made anonymous. */
  anonymised: z.object({ quotes: z.number(), inquiries: z.number(), samples: z.number() }),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** A file of the ZIP export: where it sits in the archive and what it belongs to. */
export const exportFileSchema = z.object({
  path: z.string(),
  kind: z.enum(['order-document', 'message-attachment']),
  ownerId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number(),
});

/** GET /api/v1/user/export: the JSON file (written as a stream; this schema documents and tests it). */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  account: publicUserSchema.extend({ language: z.string(), remindersOptedOutAt: z.string().nullable(), twoStepSignIn: z.boolean() }),
  sessions: z.array(sessionRecordSchema),
  /** The account's passkeys: name, added, last used (never the key). */
  passkeys: z.array(passkeyRecordSchema),
  quotes: z.array(quoteDetailSchema),
  orders: z.array(orderSchema),
  inquiries: z.array(inquirySchema),
  /** The messages of the account's threads (quotes, inquiries, orders), oldest first. */
  messages: z.array(threadMessageSchema.extend({ threadKind: z.enum(THREAD_KINDS), threadId: z.string() })),
  /** The account's sample requests (issue 43), oldest first. */
  samples: z.array(sampleSchema),
  audit: z.array(auditEntrySchema),
  /** The attachments and documents: in the ZIP (`?format=zip`) under their `path`. */
  files: z.array(exportFileSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;
