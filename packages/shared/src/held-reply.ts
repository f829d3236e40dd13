/**
 * Held replies (issue 40, answer by e-mail): a mail to a thread's reply address that was not posted
 * because its sender is not the person the address was sent to, or its token is unknown or expired.
 * Administrators list them, post one to its thread as the intended person, or drop it.
 */
import { z } from 'zod';
import { heldReplies } from '../locales/en/desk.json';
import { MESSAGE_AUTHORS, THREAD_KINDS, messageAttachmentSchema, threadMessageSchema } from './thread.js';

/** The held replies calls' answers and refusals, from the English message file. */
export const HELD_REPLY_TEXT = heldReplies;

/** Why a reply was held. */
export const HELD_REPLY_REASONS = ['SENDER', 'UNKNOWN_TOKEN', 'EXPIRED_TOKEN'] as const;
export type HeldReplyReason = (typeof HELD_REPLY_REASONS)[number];

export const heldReplySchema = z.object({
  _id: z.string(),
  reason: z.enum(HELD_REPLY_REASONS),
  /** The thread the token named, and the person it was sent to; null when the token is unknown. */
  thread: z.object({ kind: z.enum(THREAD_KINDS), id: z.string() }).nullable(),
  intendedFor: z.enum(MESSAGE_AUTHORS).nullable(),
  /** Who the token was issued to (the buyer's account e-mail, or the company's notification address), when known. */
  intendedAddress: z.string().nullable(),
  fromAddress: z.string(),
  fromName: z.string(),
  subject: z.string(),
  /** The new text of the reply (quote and signature cut off). */
  text: z.string(),
  attachments: z.array(messageAttachmentSchema),
  receivedAt: z.string(),
});
export type HeldReply = z.infer<typeof heldReplySchema>;

/** GET /api/v1/held-replies: the replies waiting for a decision, newest first. */
export const heldReplyListResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  heldReplies: z.array(heldReplySchema),
  total: z.number().int(),
});
export type HeldReplyListResponse = z.infer<typeof heldReplyListResponseSchema>;

/** POST /api/v1/held-replies/{id}/post: the message it became. */
export const heldReplyPostResponseSchema = z.object({ success: z.boolean(), message: z.string(), item: threadMessageSchema });
export type HeldReplyPostResponse = z.infer<typeof heldReplyPostResponseSchema>;
