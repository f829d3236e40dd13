/**
 * Reminders (issue 41): what the administrators' digest covers, and the buyers' one-click
 * unsubscribe from reminder mails (RFC 8058): its call's query, body and answers. The settings that
 * time the reminders are `reminders` in settings.ts. One source for the server's routes (and so its
 * OpenAPI document) and any client.
 */
import { z } from 'zod';
import { unsubscribe } from '../locales/en/desk.json';

/** The digest lists the offers that expire within this many days. */
export const DIGEST_OFFER_EXPIRY_DAYS = 3;

/** The unsubscribe call's answers and refusals, from the English message file. */
export const UNSUBSCRIBE_TEXT = unsubscribe;

/** A reminder's unsubscribe token: 256 random bits, base64url. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token travels in the link's query (a mail client's one-click POST keeps the link as it is). */
export const unsubscribeQuerySchema = z.object({ token: z.string().optional() });

/**
 * POST body, all optional: a mail client's one-click POST sends `List-Unsubscribe=One-Click`
 * (RFC 8058); the confirmation page's form sends the token here instead of in the query.
 */
export const unsubscribeBodySchema = z.object({ token: z.string().optional(), 'List-Unsubscribe': z.string().optional() });

export const unsubscribeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Whether the buyer the token belongs to gets no more reminder mails. */
  unsubscribed: z.boolean(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
