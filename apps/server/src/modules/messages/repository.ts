/** SQL of the threads: messages, attachments, who read what, and the unread counts the lists show. */
import { proposalSchema, type MessageAuthor, type ThreadKind, type ThreadMessage } from '@agro/shared';
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/index.js';
import { queueWebhookEvent } from '../webhooks/repository.js';
import type { MessageAttachmentRow, MessageRow } from '../../db/schema.js';

/** The table each kind of thread hangs on. */
export const THREAD_TABLES = {
  quote: 'quotes',
  contact: 'contacts',
  order: 'orders',
  sample: 'samples',
} as const satisfies Record<ThreadKind, string>;

export interface ThreadRef {
  kind: ThreadKind;
  id: string;
}

export interface ThreadOwner {
  /** The buyer's account (null once deleted). */
  userId: string | null;
  /** How mails name it: the order number, or the quote's / inquiry's short reference. */
  ref: string;
  /** A quote or inquiry held as spam: the company is not mailed about it (it is not in their lists either). */
  heldAsSpam: boolean;
}

/** The other side of a thread. */
export const otherSide = (side: MessageAuthor): MessageAuthor => (side === 'BUYER' ? 'COMPANY' : 'BUYER');

/** '#3F9A1C': the last six characters of a quote's or inquiry's id, as the quotation number has them. */
const shortRef = (id: string): string => `#${id.slice(-6).toUpperCase()}`;

export async function findThreadOwner(db: DbOrTx, thread: ThreadRef): Promise<ThreadOwner | undefined> {
  if (thread.kind === 'order') {
    const row = await db.selectFrom('orders').select(['user_id', 'order_number']).where('id', '=', thread.id).executeTakeFirst();
    return row ? { userId: row.user_id, ref: row.order_number, heldAsSpam: false } : undefined;
  }
  if (thread.kind === 'sample') {
    const row = await db.selectFrom('samples').select(['user_id', 'number']).where('id', '=', thread.id).executeTakeFirst();
    return row ? { userId: row.user_id, ref: row.number, heldAsSpam: false } : undefined;
  }
  const row = await db
    .selectFrom(THREAD_TABLES[thread.kind])
    .select(['user_id', 'spam_reason'])
    .where('id', '=', thread.id)
    .executeTakeFirst();
  return row ? { userId: row.user_id, ref: shortRef(thread.id), heldAsSpam: row.spam_reason !== null } : undefined;
}

function toAttachment(row: MessageAttachmentRow) {
  return { _id: row.id, fileName: row.file_name, contentType: row.content_type, size: Number(row.bytes) };
}

/** A stored message as the API shows it (hidden: its line only). */
export function toThreadMessage(row: MessageRow, attachments: MessageAttachmentRow[]): ThreadMessage {
  const hidden = row.hidden_at !== null;
  const proposal = !hidden && row.proposal !== null ? proposalSchema.safeParse(JSON.parse(row.proposal)) : undefined;
  return {
    _id: row.id,
    author: row.author,
    authorName: row.author_name,
    text: hidden ? '' : row.body,
    attachments: hidden ? [] : attachments.map(toAttachment),
    createdAt: row.created_at,
    readAt: row.read_at,
    hidden,
    ...(proposal?.success ? { proposal: proposal.data } : {}),
  };
}

async function withAttachments(db: DbOrTx, rows: MessageRow[]): Promise<ThreadMessage[]> {
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('message_attachments')
    .selectAll()
    .where(
      'message_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('message_id')
    .orderBy('position')
    .execute();
  return rows.map((row) =>
    toThreadMessage(
      row,
      files.filter((f) => f.message_id === row.id),
    ),
  );
}

export async function findMessage(db: DbOrTx, id: string): Promise<(ThreadMessage & { thread: ThreadRef }) | undefined> {
  const row = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [message] = await withAttachments(db, [row]);
  return { ...message!, thread: { kind: row.thread_kind, id: row.thread_id } };
}

/** One page of a thread, oldest first (the id breaks ties), and how many messages it has. */
export async function listMessages(
  db: DbOrTx,
  thread: ThreadRef,
  page: number,
  limit: number,
): Promise<{ messages: ThreadMessage[]; total: number }> {
  const inThread = db.selectFrom('messages').where('thread_kind', '=', thread.kind).where('thread_id', '=', thread.id);
  const [rows, count] = await Promise.all([
    inThread
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    inThread.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { messages: await withAttachments(db, rows), total: Number(count.n) };
}

/**
 * The thread's messages after `afterId` (one of its messages), oldest first, at most `limit`: what a
 * live stream that reconnects (Last-Event-ID) missed. None when `afterId` is not in the thread.
 */
export async function messagesAfter(db: DbOrTx, thread: ThreadRef, afterId: string, limit: number): Promise<ThreadMessage[]> {
  const after = await db
    .selectFrom('messages')
    .select(['created_at', 'id'])
    .where('id', '=', afterId)
    .where('thread_kind', '=', thread.kind)
    .where('thread_id', '=', thread.id)
    .executeTakeFirst();
  if (!after) return [];
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('thread_kind', '=', thread.kind)
    .where('thread_id', '=', thread.id)
    .where(sql<boolean>`(created_at, id) > (${after.created_at}, ${after.id})`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return withAttachments(db, rows);
}

export interface NewMessage {
  id: string;
  thread: ThreadRef;
  author: MessageAuthor;
  userId: string | null;
  authorName: string;
  text: string;
  proposal: string | null;
  createdAt: string;
  digestId: string | null;
  attachments: Array<{ id: string; fileName: string; storageName: string; contentType: string; bytes: number }>;
}

export async function insertMessage(db: DbOrTx, m: NewMessage): Promise<void> {
  await db
    .insertInto('messages')
    .values({
      id: m.id,
      thread_kind: m.thread.kind,
      thread_id: m.thread.id,
      author: m.author,
      user_id: m.userId,
      author_name: m.authorName,
      body: m.text,
      proposal: m.proposal,
      created_at: m.createdAt,
      read_at: null,
      hidden_at: null,
      hidden_by: null,
      digest_id: m.digestId,
    })
    .execute();
  await queueWebhookEvent(db, 'message.created', {
    message: {
      _id: m.id,
      thread: { kind: m.thread.kind, id: m.thread.id },
      author: m.author,
      authorName: m.authorName,
      text: m.text,
      createdAt: m.createdAt,
      attachments: m.attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, bytes: a.bytes })),
    },
  });
  if (m.attachments.length === 0) return;
  await db
    .insertInto('message_attachments')
    .values(
      m.attachments.map((a, position) => ({
        id: a.id,
        message_id: m.id,
        file_name: a.fileName,
        storage_name: a.storageName,
        content_type: a.contentType,
        bytes: a.bytes,
        position,
      })),
    )
    .execute();
}

/** The thread's lead (quote, inquiry, order, sample request) had a message now: its `lastActivityAt`. */
export async function touchThread(db: DbOrTx, thread: ThreadRef, at: string): Promise<void> {
  await db.updateTable(THREAD_TABLES[thread.kind]).set({ last_activity_at: at }).where('id', '=', thread.id).execute();
}

/**
 * `userId` (of `side`) opened the thread at `now`: the other side's messages they had not seen
 * count as read for them, and those nobody of this side had seen get their `readAt`. Nothing is
 * written when they had seen every one already (two primary-key and index reads instead of a
 * commit at each open). Answers the newest message that got its `readAt` now, if any: the other
 * side's open thread shows it as seen (a `read` event).
 */
export async function markThreadRead(
  db: DbOrTx,
  thread: ThreadRef,
  side: MessageAuthor,
  userId: string,
  now: string,
): Promise<string | undefined> {
  const newest = await db
    .selectFrom('messages')
    .select(['id', 'created_at'])
    .where('thread_kind', '=', thread.kind)
    .where('thread_id', '=', thread.id)
    .where('author', '=', otherSide(side))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return undefined;
  const seen = await db
    .selectFrom('thread_reads')
    .select('last_read_at')
    .where('user_id', '=', userId)
    .where('thread_kind', '=', thread.kind)
    .where('thread_id', '=', thread.id)
    .executeTakeFirst();
  if (seen && seen.last_read_at > newest.created_at) return undefined;
  const marked = await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('thread_kind', '=', thread.kind)
    .where('thread_id', '=', thread.id)
    .where('author', '=', otherSide(side))
    .where('read_at', 'is', null)
    .executeTakeFirst();
  await db
    .insertInto('thread_reads')
    .values({ user_id: userId, thread_kind: thread.kind, thread_id: thread.id, last_read_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'thread_kind', 'thread_id']).doUpdateSet({ last_read_at: now }))
    .execute();
  return marked.numUpdatedRows > 0n ? newest.id : undefined;
}

/** Hide a message (text and attachments no longer shown); false when it was hidden already or does not exist. */
export async function hideMessageRow(db: DbOrTx, id: string, by: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ hidden_at: now, hidden_by: by })
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findAttachment(
  db: DbOrTx,
  id: string,
): Promise<(MessageAttachmentRow & { thread_kind: ThreadKind; thread_id: string; hidden_at: string | null }) | undefined> {
  return db
    .selectFrom('message_attachments as a')
    .innerJoin('messages as m', 'm.id', 'a.message_id')
    .selectAll('a')
    .select(['m.thread_kind', 'm.thread_id', 'm.hidden_at'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/**
 * Everything of a thread whose lead (a quote, an inquiry) is deleted in this transaction: its
 * messages, attachments' rows, read marks, digests and reply tokens. The attachments' storage
 * names, for their files to go once the deletion committed.
 */
export async function deleteThread(db: DbOrTx, thread: ThreadRef): Promise<string[]> {
  const files = await db
    .selectFrom('message_attachments as a')
    .innerJoin('messages as m', 'm.id', 'a.message_id')
    .select('a.storage_name')
    .where('m.thread_kind', '=', thread.kind)
    .where('m.thread_id', '=', thread.id)
    .execute();
  // The attachments' rows go with their messages (on delete cascade).
  for (const table of ['messages', 'thread_reads', 'message_digests', 'reply_tokens'] as const) {
    await db.deleteFrom(table).where('thread_kind', '=', thread.kind).where('thread_id', '=', thread.id).execute();
  }
  return files.map((f) => f.storage_name);
}

/** Who asks, for the unread counts: their account and their side. */
export interface Viewer {
  userId: string | null;
  side: MessageAuthor;
}

/**
 * The viewer's unread messages of the thread whose lead row is `table.id` (a correlated subquery
 * for a list's SELECT): the other side's visible messages written after the viewer last read it.
 * Served by messages_thread_author_idx and the thread_reads key: a few index lookups per row.
 */
export function unreadCountSql(kind: ThreadKind, viewer: Viewer): RawBuilder<number> {
  const lead = sql.ref(`${THREAD_TABLES[kind]}.id`);
  return sql<number>`(select count(*) from messages m
    where m.thread_kind = ${kind} and m.thread_id = ${lead} and m.author = ${otherSide(viewer.side)} and m.hidden_at is null
    and m.created_at > coalesce((select r.last_read_at from thread_reads r
      where r.user_id = ${viewer.userId} and r.thread_kind = ${kind} and r.thread_id = ${lead}), ''))`;
}

/** A lead's last activity: its last message's time, or its creation's. */
export const lastActivitySql = (kind: ThreadKind): RawBuilder<string> =>
  sql<string>`coalesce(${sql.ref(`${THREAD_TABLES[kind]}.last_activity_at`)}, ${sql.ref(`${THREAD_TABLES[kind]}.created_at`)})`;

/**
 * Every unread message of the viewer: a buyer's in the threads of their quotes, inquiries,
 * orders and sample requests; an administrator's in every thread (the buyers' messages after the administrator last read it).
 */
export async function unreadTotal(db: DbOrTx, viewer: Viewer): Promise<number> {
  const mine =
    viewer.side === 'BUYER'
      ? sql`and ((m.thread_kind = 'quote' and m.thread_id in (select id from quotes where user_id = ${viewer.userId}))
          or (m.thread_kind = 'contact' and m.thread_id in (select id from contacts where user_id = ${viewer.userId}))
          or (m.thread_kind = 'order' and m.thread_id in (select id from orders where user_id = ${viewer.userId}))
          or (m.thread_kind = 'sample' and m.thread_id in (select id from samples where user_id = ${viewer.userId})))`
      : sql``;
  const result = await sql<{ n: number | string }>`select count(*) as n from messages m
    where m.author = ${otherSide(viewer.side)} and m.hidden_at is null ${mine}
    and m.created_at > coalesce((select r.last_read_at from thread_reads r
      where r.user_id = ${viewer.userId} and r.thread_kind = m.thread_kind and r.thread_id = m.thread_id), '')`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
