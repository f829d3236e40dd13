/**
 * A reply read from the mailbox becomes a message of its thread, posted as the person its reply
 * address was sent to, through the same `addMessage` the API uses (its digest, the lead's last
 * activity; the caller publishes the live event). Anything else is held for an administrator.
 *
 * Exactly once: the mail's key (its Message-ID, else the mailbox's UID) is recorded in the
 * transaction that posts or holds it. A second reader, or the same one after a crash before the
 * mail was marked \Seen, finds it recorded and only marks it seen.
 */
import { HELD_REPLY_TEXT, THREAD_LIMITS, type MessageAuthor, type ThreadKind } from '@agro/shared';
import { newId } from '../../db/ids.js';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { conflict, notFound } from '../../lib/errors.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { hashToken } from '../../lib/tokens.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { actorOf, recordAudit } from '../audit/index.js';
import {
  addMessage,
  attachmentStorageName,
  findThreadMessage,
  findThreadOwner,
  sniffAttachment,
  type Caller,
  type StoredAttachment,
} from '../messages/index.js';
import { replyText } from './reply-text.js';
import {
  decideHeldReply,
  findHeldReply,
  findReplyToken,
  heldAttachments,
  insertHeldReply,
  mailRecorded,
  recordMail,
} from './repository.js';

/** A mail as the reader parsed it. */
export interface InboundMail {
  /** The Message-ID (lowercased), else `uid:<uidvalidity>:<uid>`. */
  key: string;
  fromAddress: string;
  fromName: string;
  /** Every address it was delivered to: To, Cc, Delivered-To, X-Original-To. */
  recipients: string[];
  subject: string;
  /** The plain text body (mailparser makes one from HTML when there is none). */
  text: string;
  attachments: Array<{ fileName: string; data: Buffer }>;
  /** An out-of-office answer or a bounce (Auto-Submitted, a null sender): never posted, never answered. */
  automatic: boolean;
}

export interface InboundContext {
  db: Db;
  storage: FileStorage;
  /** The company's notification address and name (site settings), read per mail. */
  company: () => Promise<{ email: string; name: string }>;
  nowMs: number;
  /** A company's reply that is a lead's first (issue 41) adds its seconds since the lead arrived here (for /metrics). */
  firstReplies?: number[];
}

export type InboundOutcome =
  | { outcome: 'recorded' }
  | { outcome: 'ignored' }
  | { outcome: 'held'; heldId: string }
  | { outcome: 'posted'; messageId: string; thread: { kind: ThreadKind; id: string } };

/** `replies+<token>@domain`: the token is 32 lowercase base32 characters (messages/reply-address.ts). */
const TOKEN_IN_ADDRESS = /\+([a-z2-7]{32})@/i;

export function replyTokenOf(recipients: readonly string[]): string | undefined {
  for (const address of recipients) {
    const match = TOKEN_IN_ADDRESS.exec(address);
    if (match) return match[1]!.toLowerCase();
  }
  return undefined;
}

/** Judge each file as the API does (bytes, count, size); a refused one becomes a note in the text. */
async function judgeAttachments(
  files: InboundMail['attachments'],
): Promise<{ accepted: Array<StoredAttachment & { data: Buffer }>; notes: string[] }> {
  const accepted: Array<StoredAttachment & { data: Buffer }> = [];
  const notes: string[] = [];
  for (const file of files) {
    const name = (file.fileName || 'attachment').slice(0, 200);
    const type =
      file.data.length <= THREAD_LIMITS.fileMaxBytes && accepted.length < THREAD_LIMITS.filesMax
        ? await sniffAttachment(file.data, name)
        : undefined;
    if (!type || file.data.length === 0) {
      notes.push(HELD_REPLY_TEXT.attachmentDropped.replace('{{name}}', name));
      continue;
    }
    accepted.push({
      id: newId(),
      fileName: name,
      storageName: attachmentStorageName(type),
      contentType: type,
      bytes: file.data.length,
      data: file.data,
    });
  }
  return { accepted, notes };
}

interface Author {
  side: MessageAuthor;
  userId: string | null;
  name: string;
}

/** Who the token was issued to, if the mail comes from them; else why it is held. */
async function authorOf(
  ctx: InboundContext,
  token: string | undefined,
  fromAddress: string,
): Promise<{
  author?: Author;
  held?: 'SENDER' | 'UNKNOWN_TOKEN' | 'EXPIRED_TOKEN';
  thread: { kind: ThreadKind; id: string } | null;
  recipient: MessageAuthor | null;
  userId: string | null;
}> {
  const row = token ? await findReplyToken(ctx.db, hashToken(token)) : undefined;
  if (!row) return { held: 'UNKNOWN_TOKEN', thread: null, recipient: null, userId: null };
  const thread = { kind: row.thread_kind, id: row.thread_id };
  const base = { thread, recipient: row.recipient, userId: row.user_id };
  const owner = await findThreadOwner(ctx.db, thread);
  if (!owner) return { held: 'UNKNOWN_TOKEN', thread: null, recipient: null, userId: null };
  if (row.expires_at <= nowIso(ctx.nowMs)) return { ...base, held: 'EXPIRED_TOKEN' };
  const from = fromAddress.toLowerCase();
  if (row.recipient === 'BUYER') {
    const buyer = row.user_id
      ? await ctx.db.selectFrom('users').select(['id', 'email', 'full_name']).where('id', '=', row.user_id).executeTakeFirst()
      : undefined;
    // The buyer the mail was sent to, still the thread's buyer.
    if (buyer && owner.userId === buyer.id && buyer.email === from)
      return { ...base, author: { side: 'BUYER', userId: buyer.id, name: buyer.full_name } };
    return { ...base, held: 'SENDER' };
  }
  // The company's mail went to its notification address: a reply from it, or from an administrator's own address.
  const admin = await ctx.db
    .selectFrom('users')
    .select(['id', 'full_name'])
    .where('email', '=', from)
    .where('role', '=', 'ADMIN')
    .executeTakeFirst();
  if (admin) return { ...base, author: { side: 'COMPANY', userId: admin.id, name: admin.full_name } };
  const company = await ctx.company();
  if (company.email.toLowerCase() === from) return { ...base, author: { side: 'COMPANY', userId: null, name: company.name } };
  return { ...base, held: 'SENDER' };
}

class AlreadyRecorded extends Error {}

/** Post, hold or ignore one mail, exactly once (see the file's comment). */
export async function takeInboundMail(ctx: InboundContext, mail: InboundMail): Promise<InboundOutcome> {
  if (await mailRecorded(ctx.db, mail.key)) return { outcome: 'recorded' };
  const token = replyTokenOf(mail.recipients);
  if (!token || mail.automatic) {
    const recorded = await ctx.db.transaction().execute((tx) => recordMail(tx, mail.key, 'ignored', {}, ctx.nowMs));
    return recorded ? { outcome: 'ignored' } : { outcome: 'recorded' };
  }
  const { accepted, notes } = await judgeAttachments(mail.attachments);
  const text = [replyText(mail.text), ...notes]
    .filter((line) => line !== '')
    .join('\n\n')
    .slice(0, THREAD_LIMITS.textMax);
  // Nothing but the quote (a reply sent by mistake): nothing to say in the thread.
  if (text === '' && accepted.length === 0) {
    const recorded = await ctx.db.transaction().execute((tx) => recordMail(tx, mail.key, 'ignored', {}, ctx.nowMs));
    return recorded ? { outcome: 'ignored' } : { outcome: 'recorded' };
  }
  const decided = await authorOf(ctx, token, mail.fromAddress);
  const stored: StoredAttachment[] = accepted.map(({ data: _data, ...a }) => a);
  await Promise.all(accepted.map((a) => ctx.storage.put(a.storageName, a.data)));
  try {
    return await ctx.db.transaction().execute(async (tx): Promise<InboundOutcome> => {
      const { author, thread } = decided;
      if (author && thread) {
        const messageId = await addMessage(tx, {
          thread,
          author,
          text,
          attachments: stored,
          nowMs: ctx.nowMs,
          ...(ctx.firstReplies ? { firstReplies: ctx.firstReplies } : {}),
        });
        if (!(await recordMail(tx, mail.key, 'posted', { messageId }, ctx.nowMs))) throw new AlreadyRecorded();
        return { outcome: 'posted', messageId, thread };
      }
      const heldId = newId(ctx.nowMs);
      await insertHeldReply(tx, {
        id: heldId,
        reason: decided.held ?? 'UNKNOWN_TOKEN',
        thread,
        recipient: decided.recipient,
        userId: decided.userId,
        fromAddress: mail.fromAddress.slice(0, 320),
        fromName: mail.fromName.slice(0, 200),
        subject: mail.subject.slice(0, 500),
        text,
        attachments: stored,
        notes,
        nowMs: ctx.nowMs,
      });
      if (!(await recordMail(tx, mail.key, 'held', { heldId }, ctx.nowMs))) throw new AlreadyRecorded();
      return { outcome: 'held', heldId };
    });
  } catch (err) {
    // Nothing was written: the files must not stay behind.
    await ctx.storage.remove(stored.map((s) => s.storageName)).catch(() => undefined);
    if (err instanceof AlreadyRecorded) return { outcome: 'recorded' };
    throw err;
  }
}

/**
 * An administrator posts a held reply to its thread as the person the token was issued to (the
 * buyer, or the company): the same message a reply from the right address would have made, with
 * an audit row in the same transaction.
 */
export async function postHeldReply(
  db: Db,
  id: string,
  caller: Caller,
  company: { name: string },
  nowMs: number,
  firstReplies: number[] = [],
) {
  const held = await findHeldReply(db, id);
  if (!held) throw notFound(HELD_REPLY_TEXT.notFound);
  if (held.status !== 'HELD') throw conflict(HELD_REPLY_TEXT.decided);
  if (!held.thread_kind || !held.thread_id || !held.recipient) throw conflict(HELD_REPLY_TEXT.noThread);
  const thread = { kind: held.thread_kind, id: held.thread_id };
  const owner = await findThreadOwner(db, thread);
  if (!owner) throw conflict(HELD_REPLY_TEXT.noThread);
  let author: Author;
  if (held.recipient === 'BUYER') {
    const buyer = owner.userId
      ? await db.selectFrom('users').select(['id', 'full_name']).where('id', '=', owner.userId).executeTakeFirst()
      : undefined;
    if (!buyer) throw conflict(HELD_REPLY_TEXT.noThread);
    author = { side: 'BUYER', userId: buyer.id, name: buyer.full_name };
  } else {
    author = { side: 'COMPANY', userId: null, name: company.name };
  }
  const messageId = await db.transaction().execute(async (tx) => {
    await markApplied(tx);
    const messageId = await addMessage(tx, { thread, author, text: held.body, attachments: heldAttachments(held), nowMs, firstReplies });
    if (!(await decideHeldReply(tx, id, 'POSTED', caller._id, messageId, nowMs))) throw conflict(HELD_REPLY_TEXT.decided);
    await recordAudit(tx, actorOf(caller), {
      action: 'create',
      entityType: 'message',
      entityId: messageId,
      after: { heldReply: id, thread: `${thread.kind}:${thread.id}`, author: author.name, from: held.from_address },
    });
    return messageId;
  });
  const { thread: _thread, ...item } = (await findThreadMessage(db, messageId))!;
  return { thread, item };
}

/** An administrator drops a held reply: its files are removed; an audit row in the same transaction. */
export async function dropHeldReply(db: Db, storage: FileStorage, id: string, caller: Caller, nowMs: number): Promise<void> {
  const held = await findHeldReply(db, id);
  if (!held) throw notFound(HELD_REPLY_TEXT.notFound);
  await db.transaction().execute(async (tx) => {
    await markApplied(tx);
    if (!(await decideHeldReply(tx, id, 'DROPPED', caller._id, null, nowMs))) throw conflict(HELD_REPLY_TEXT.decided);
    await recordAudit(tx, actorOf(caller), {
      action: 'delete',
      entityType: 'held-reply',
      entityId: id,
      before: { heldReply: id, reason: held.reason, from: held.from_address, subject: held.subject },
    });
  });
  await storage.remove(heldAttachments(held).map((a) => a.storageName)).catch(() => undefined);
}
