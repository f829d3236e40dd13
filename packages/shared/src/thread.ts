/**
 * The conversation on a quote request, an inquiry or an order (issue 40): its messages, their
 * attachments, the buyer's request for changes to an offer, and the answers of the thread calls.
 * One source for the server's route schemas (and so its OpenAPI document) and the web app's calls.
 */
import { z } from 'zod';
import { thread } from '../locales/en/desk.json';
import { QUOTE_DESK_MESSAGES } from './quote-desk-texts.js';
import { INCOTERM_CODES, isIncoterm, parseMinorUnits, MAX_UNIT_PRICE, type Incoterm } from './trade.js';
import { isSingleLine } from './validation.js';
import { quoteLines as QL } from '../locales/en/messages.json';

/** What a thread hangs on (a sample request's since issue 43); the word is the path's (`/api/v1/{kind}/{id}/messages`). */
export const THREAD_KINDS = ['quote', 'contact', 'order', 'sample'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/** Who wrote a message: the buyer who owns the thread, or the company (an administrator). */
export const MESSAGE_AUTHORS = ['BUYER', 'COMPANY'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

export const THREAD_LIMITS = {
  textMax: 5000,
  filesMax: 5,
  fileMaxBytes: 20 * 1024 * 1024,
  /** Messages per page of a thread, unless `limit` says otherwise. */
  pageSize: 50,
  pageSizeMax: 200,
  noteMax: 2000,
  textFieldMax: 200,
  /** Messages to one person within this time go out as one mail. */
  digestDelayMs: 5 * 60_000,
} as const;

/** The thread calls' answers and refusals, from the English message file. */
export const THREAD_TEXT = thread;

/**
 * What may be attached, judged by the file's bytes (never its name or declared type): PDF, images,
 * spreadsheets and documents (Office Open XML, OpenDocument). Text files (CSV, TXT) have no signature: they are accepted when
 * their bytes are UTF-8 text without control characters, and sent back as what they are.
 */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.text',
  'text/csv',
  'text/plain',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const T = THREAD_TEXT;
const Q = QUOTE_DESK_MESSAGES;

/** JSON body of POST /api/v1/{kind}/{id}/messages (multipart: the same `text`, and `files`). */
export const messageInputSchema = z.object({
  text: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: T.textRequired }).trim().max(THREAD_LIMITS.textMax, { error: T.textTooLong }),
  ),
});
export type MessageInput = z.infer<typeof messageInputSchema>;
export const messageInputMessageOrder = [T.textRequired, T.textTooLong] as const;

/** GET /api/v1/{kind}/{id}/messages: `page` from 1 (oldest first), `limit` 1-200 (default 50). */
export const messageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(THREAD_LIMITS.pageSizeMax).optional(),
});

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ error: message }).trim().max(max, { error: message }).refine(isSingleLine, { error: message }).optional(),
  );

/**
 * Body of POST /api/v1/quote/{id}/request-changes: the offer the buyer answers, a note, and any
 * of the terms they propose instead (each checked as the offer's field is). `unitPrice` is a
 * decimal in the offer's currency ("12.00" or 12).
 */
export const requestChangesSchema = z.object({
  offerId: z.string({ error: T.offerIdRequired }).trim().min(1, { error: T.offerIdRequired }).max(64, { error: T.offerIdRequired }),
  note: z
    .string({ error: T.noteRequired })
    .trim()
    .min(1, { error: T.noteRequired, abort: true })
    .max(THREAD_LIMITS.noteMax, { error: T.noteTooLong }),
  unitPrice: z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: Q.unitPriceInvalid })
      .trim()
      .refine(
        (v) => {
          const minor = parseMinorUnits(v, 2);
          return minor !== null && minor > 0 && minor <= MAX_UNIT_PRICE * 100;
        },
        { error: Q.unitPriceInvalid },
      )
      .optional(),
  ),
  requiredQty: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'string' ? undefined : v),
    z.number({ error: T.quantityInvalid }).gt(0, { error: T.quantityInvalid }).max(1_000_000_000, { error: T.quantityInvalid }).optional(),
  ),
  incoterm: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: Q.incotermInvalid })
      .refine(isIncoterm, { error: Q.incotermInvalid })
      .transform((v) => v as Incoterm)
      .optional(),
  ),
  destination: optionalText(THREAD_LIMITS.textFieldMax, T.textFieldTooLong),
  paymentTerms: optionalText(THREAD_LIMITS.textFieldMax, T.textFieldTooLong),
  leadTimeDays: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'string' ? undefined : v),
    z
      .number({ error: Q.leadTimeInvalid })
      .int({ error: Q.leadTimeInvalid })
      .min(1, { error: Q.leadTimeInvalid })
      .max(365, { error: Q.leadTimeInvalid })
      .optional(),
  ),
  /** Issue 45: the quote lines the request is about (`quote.items[]._id`); absent: the whole offer. */
  itemIds: z
    .array(z.string({ error: QL.changeItemsUnknown }).max(64, { error: QL.changeItemsUnknown }), { error: QL.changeItemsUnknown })
    .max(20, { error: QL.changeItemsUnknown })
    .optional(),
});
export type RequestChangesInput = z.input<typeof requestChangesSchema>;
export type RequestChangesData = z.output<typeof requestChangesSchema>;
export const requestChangesMessageOrder = [
  T.offerIdRequired,
  T.noteRequired,
  T.noteTooLong,
  Q.unitPriceInvalid,
  T.quantityInvalid,
  Q.incotermInvalid,
  Q.leadTimeInvalid,
  T.textFieldTooLong,
  QL.changeItemsUnknown,
] as const;

export const messageAttachmentSchema = z.object({
  _id: z.string(),
  /** The sender's file name (shown; the download is named after it). */
  fileName: z.string(),
  /** What the bytes are (one of ATTACHMENT_TYPES). */
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/**
 * A buyer's request for changes, carried by the message that asks for them: the offer it answers
 * and only the terms the buyer proposes instead (absent keys: keep the offer's).
 */
export const proposalSchema = z.object({
  /** The offer answered (`quote.offers[]._id`) and its quotation number. */
  offerId: z.string(),
  quotationNumber: z.string(),
  /** The offer's currency: `unitPrice` is in it. */
  currency: z.string(),
  unitPrice: z.string().optional(),
  /** `unitPrice` in exact minor units. */
  unitPriceMinor: z.number().int().optional(),
  requiredQty: z.number().optional(),
  incoterm: z.enum(INCOTERM_CODES).optional(),
  destination: z.string().optional(),
  paymentTerms: z.string().optional(),
  leadTimeDays: z.number().int().optional(),
  /** Issue 45: the lines the buyer asks changes to (`quote.items[]._id`); absent: the whole offer. */
  itemIds: z.array(z.string()).optional(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const threadMessageSchema = z.object({
  _id: z.string(),
  author: z.enum(MESSAGE_AUTHORS),
  /** The writer's name as it was when they wrote (the buyer's, or the administrator's). */
  authorName: z.string(),
  /** Plain text, shown as text (never HTML); '' once hidden. */
  text: z.string(),
  attachments: z.array(messageAttachmentSchema),
  createdAt: z.string(),
  /** When the other side first saw it (opened the thread), or null. */
  readAt: z.string().nullable(),
  /** Hidden by an administrator: the line stays, its text and attachments are gone. */
  hidden: z.boolean(),
  /** A request for changes to an offer (POST /quote/{id}/request-changes); absent on other messages. */
  proposal: proposalSchema.optional(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** GET /api/v1/{kind}/{id}/messages: one page, oldest first. */
export const messageListResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  messages: z.array(threadMessageSchema),
  /** Messages in the thread (hidden ones included). */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

/** POST /api/v1/{kind}/{id}/messages and POST /api/v1/messages/{id}/hide: the message as it is now. */
export const messagePostResponseSchema = z.object({ success: z.boolean(), message: z.string(), item: threadMessageSchema });
export type MessagePostResponse = z.infer<typeof messagePostResponseSchema>;

/** GET /api/v1/messages/unread: the other side's messages the caller has not opened, in every thread they see. */
export const unreadResponseSchema = z.object({ success: z.boolean(), message: z.string(), unread: z.number().int() });
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;

/**
 * Server-Sent Events of GET /api/v1/{kind}/{id}/messages/events, each `event: <type>` with
 * `id: <message id>` and `data: <JSON of this schema>`: `message` (a new message in the thread),
 * `hidden` (an administrator hid one: `item.hidden` is true), `read` (the other side opened the
 * thread: `item` is the newest message that became read, with its `readAt`; every earlier one of
 * its author is read too). A comment line (`: ping`) keeps the connection open every 25 s.
 */
export const THREAD_EVENT_TYPES = ['message', 'hidden', 'read'] as const;
export type ThreadEventType = (typeof THREAD_EVENT_TYPES)[number];
export const threadEventSchema = z.object({
  kind: z.enum(THREAD_KINDS),
  threadId: z.string(),
  item: threadMessageSchema,
});
export type ThreadEvent = z.infer<typeof threadEventSchema>;

/** `sort` of the lists (quotes, inquiries, orders): newest first by creation (default) or by last activity. */
export const LIST_SORTS = ['created', 'activity'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const listSortField = z.preprocess((v) => (v === '' ? undefined : v), z.enum(LIST_SORTS, { error: 'Unknown sort' }).optional());

/** Query of the buyer's own lists (GET /quote/getQuoteByUser, /order/mine). */
export const buyerListQuerySchema = z.object({ sort: listSortField });

/** What each list's item carries about its thread (lists only). */
export const threadSummaryShape = {
  /** The other side's messages the caller has not opened. */
  unread: z.number().int().optional(),
  /** The last message's time, or the creation's when there is none. */
  lastActivityAt: z.string().optional(),
};

/**
 * The web page where a thread is read, for a mail's link (the buyer's or the company's side): the
 * page that shows the quote, inquiry or order opens its thread at `#messages` (the buyer's quote or
 * inquiry under the profile's lists, the quote desk without navigation state, the inquiry's dialog
 * in the inbox, the order page).
 */
export function threadPagePath(kind: ThreadKind, id: string, side: MessageAuthor): string {
  const ref = encodeURIComponent(id);
  if (kind === 'order') return `/orders/${ref}#messages`;
  // The buyer's samples and the administrators' sample requests are one address (the page shows each its own).
  if (kind === 'sample') return `/profile/samples?sample=${ref}#messages`;
  if (side === 'BUYER') return `/profile?${kind === 'quote' ? 'quote' : 'inquiry'}=${ref}#messages`;
  return kind === 'quote' ? `/quote/description?id=${ref}#messages` : `/inquiries?inquiry=${ref}#messages`;
}
