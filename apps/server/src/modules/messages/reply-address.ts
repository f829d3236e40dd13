/**
 * The Reply-To of a thread's mails (issue 40): with REPLY_ADDRESS=replies@example.com a mail to one
 * person about one thread says `Reply-To: replies+<token>@example.com`. The token is 160 random bits
 * in lowercase base32 (mail systems may fold the case of a local part), made for that mail; only its
 * SHA-256 is stored (`reply_tokens`), with the thread and the person it was sent to, and it expires.
 * Whoever reads the replies (the IMAP reader, a later step) finds the row by the SHA-256 of the
 * lowercased token while `expires_at` is ahead, and checks that the reply comes from that person.
 * Without REPLY_ADDRESS there is no Reply-To.
 */
import { randomBytes } from 'node:crypto';
import type { MessageAuthor } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { hashToken } from '../../lib/tokens.js';
import type { ThreadRef } from './repository.js';

/** How long a reply token is taken (a reply to a mail months old is held for an administrator instead). */
const TOKEN_LIFETIME_MS = 180 * 24 * 3_600_000;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 160 random bits as 32 lowercase base32 characters. */
function newReplyToken(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** `replies@example.com` + token -> `replies+token@example.com`. */
function replyAddressWith(replyAddress: string, token: string): string {
  const at = replyAddress.lastIndexOf('@');
  return `${replyAddress.slice(0, at)}+${token}${replyAddress.slice(at)}`;
}

export interface ReplyRecipient {
  side: MessageAuthor;
  /** The buyer's account (BUYER); null for the company's notification address. */
  userId: string | null;
}

/**
 * The Reply-To for one mail about `thread` to `recipient`, stored (hashed) in the mail's own
 * transaction; undefined when REPLY_ADDRESS is unset.
 */
export async function replyAddress(
  tx: DbOrTx,
  configured: string | undefined,
  thread: ThreadRef,
  recipient: ReplyRecipient,
  nowMs: number,
): Promise<string | undefined> {
  if (!configured) return undefined;
  const token = newReplyToken();
  await tx
    .insertInto('reply_tokens')
    .values({
      token_hash: hashToken(token),
      thread_kind: thread.kind,
      thread_id: thread.id,
      recipient: recipient.side,
      user_id: recipient.userId,
      created_at: nowIso(nowMs),
      expires_at: nowIso(nowMs + TOKEN_LIFETIME_MS),
    })
    .execute();
  return replyAddressWith(configured, token);
}
