/** The threads' rules: who may see a thread, posting (with its digest), reading, hiding. */
import { THREAD_TEXT, type MessageAuthor, type Proposal, type ThreadKind, type ThreadMessage } from '@agro/shared';
import { isId, newId } from '../../db/ids.js';
import type { Db, DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { conflict, notFound } from '../../lib/errors.js';
import { markApplied } from '../../lib/idempotency-claims.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { stampFirstReply } from '../reply-clock/index.js';
import { joinDigest } from './digests.js';
import {
  findMessage,
  findThreadOwner,
  hideMessageRow,
  insertMessage,
  markThreadRead,
  otherSide,
  touchThread,
  type NewMessage,
  type ThreadOwner,
  type ThreadRef,
  type Viewer,
} from './repository.js';

/** The signed-in caller as a thread sees them. */
export interface Caller {
  _id: string;
  role: 'USER' | 'ADMIN';
  fullName: string;
  email: string;
}

/** An administrator writes for the company; anyone else for themselves, as the buyer. */
export const sideOf = (caller: Pick<Caller, 'role'>): MessageAuthor => (caller.role === 'ADMIN' ? 'COMPANY' : 'BUYER');

/** Who reads a list, for its unread counts. */
export const viewerOf = (caller: Pick<Caller, '_id' | 'role'>): Viewer => ({ userId: caller._id, side: sideOf(caller) });

/**
 * The thread, if the caller may see it: its buyer or any administrator. Anyone else, and an id
 * that is not one of ours, get the same 404: nothing says that the thread exists.
 */
export async function authorisedThread(
  db: DbOrTx,
  kind: ThreadKind,
  id: string,
  caller: Pick<Caller, '_id' | 'role'>,
): Promise<ThreadOwner> {
  const owner = isId(id) ? await findThreadOwner(db, { kind, id }) : undefined;
  if (!owner || (caller.role !== 'ADMIN' && owner.userId !== caller._id)) throw notFound(THREAD_TEXT.notFound);
  return owner;
}

export interface StoredAttachment {
  id: string;
  fileName: string;
  storageName: string;
  contentType: string;
  bytes: number;
}

export interface PostMessage {
  thread: ThreadRef;
  /** userId null: the company, by mail from its notification address (no account). */
  author: { side: MessageAuthor; userId: string | null; name: string };
  text: string;
  proposal?: Proposal;
  attachments?: StoredAttachment[];
  nowMs: number;
  /**
   * The company's message on a quote or an inquiry stops its reply clock (issue 41): when it is its
   * first reply, the seconds since the lead arrived are added here (for /metrics, once committed).
   */
  firstReplies?: number[];
}

/**
 * Add a message inside the caller's transaction: the row, its attachments' rows, the lead's last
 * activity, and the digest that will tell the other side (digests.ts). Its id.
 */
export async function addMessage(tx: DbOrTx, post: PostMessage): Promise<string> {
  const digestId = await joinDigest(tx, post.thread, otherSide(post.author.side), post.nowMs);
  const id = newId(post.nowMs);
  const createdAt = nowIso(post.nowMs);
  const message: NewMessage = {
    id,
    thread: post.thread,
    author: post.author.side,
    userId: post.author.userId,
    authorName: post.author.name,
    text: post.text,
    proposal: post.proposal ? JSON.stringify(post.proposal) : null,
    createdAt,
    digestId,
    attachments: post.attachments ?? [],
  };
  await insertMessage(tx, message);
  await touchThread(tx, post.thread, createdAt);
  // The reply clock runs on quotes and inquiries (orders and sample requests have none).
  if (post.author.side === 'COMPANY' && (post.thread.kind === 'quote' || post.thread.kind === 'contact')) {
    const seconds = await stampFirstReply(tx, { kind: post.thread.kind, id: post.thread.id }, createdAt);
    if (seconds !== undefined) post.firstReplies?.push(seconds);
  }
  return id;
}

/** POST /{kind}/{id}/messages: one message (the request's Idempotency-Key marked in its transaction). */
export async function postMessage(db: Db, post: PostMessage): Promise<ThreadMessage> {
  const id = await db.transaction().execute(async (tx) => {
    await markApplied(tx);
    return addMessage(tx, post);
  });
  const { thread: _thread, ...message } = (await findMessage(db, id))!;
  return message;
}

/**
 * The caller opened the thread now: the other side's messages are read (readAt) and none is unread
 * for them. Answers the newest message that became read now (undefined when none did).
 */
export async function readThread(db: Db, thread: ThreadRef, caller: Caller, nowMs: number): Promise<string | undefined> {
  return db.transaction().execute((tx) => markThreadRead(tx, thread, sideOf(caller), caller._id, nowIso(nowMs)));
}

/** An administrator hides a message: its line stays, without text or attachments; an audit row in the same transaction. */
export async function hideMessage(db: Db, id: string, caller: Caller, nowMs: number): Promise<ThreadMessage & { thread: ThreadRef }> {
  const found = isId(id) ? await findMessage(db, id) : undefined;
  if (!found) throw notFound(THREAD_TEXT.messageNotFound);
  await db.transaction().execute(async (tx) => {
    await markApplied(tx);
    if (!(await hideMessageRow(tx, id, caller._id, nowIso(nowMs)))) throw conflict(THREAD_TEXT.messageHidden);
    await recordAudit(tx, actorOf(caller), {
      action: 'update',
      entityType: 'message',
      entityId: id,
      before: { hidden: false, thread: `${found.thread.kind}:${found.thread.id}`, author: found.authorName },
      after: { hidden: true, thread: `${found.thread.kind}:${found.thread.id}`, author: found.authorName },
    });
  });
  return (await findMessage(db, id))!;
}
