/** The SQL of replies by mail: the mailbox's lease, the mails read, the held replies. */
import type { HeldReply, HeldReplyReason, MessageAuthor, ThreadKind } from '@agro/shared';
import type { Db, DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import type { HeldRepliesTable } from '../../db/schema.js';
import type { StoredAttachment } from '../messages/index.js';

/**
 * Take or renew the lease `name` for `holder` until now + leaseMs: true when this holder has it
 * (free, run out, or already its own). Of two processes asking at once exactly one UPDATE matches.
 */
export async function takeLease(db: Db, name: string, holder: string, leaseMs: number, nowMs: number): Promise<boolean> {
  await db
    .insertInto('worker_leases')
    .values({ name, holder: null, locked_until: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const taken = await db
    .updateTable('worker_leases')
    .set({ holder, locked_until: nowIso(nowMs + leaseMs) })
    .where('name', '=', name)
    .where((eb) =>
      eb.or([eb('holder', 'is', null), eb('holder', '=', holder), eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso(nowMs))]),
    )
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Give the lease back (a clean stop): another process may read at once. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .updateTable('worker_leases')
    .set({ holder: null, locked_until: null })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

/** Whether a mail was read already (posted, held or ignored). */
export async function mailRecorded(db: DbOrTx, mailKey: string): Promise<boolean> {
  return (await db.selectFrom('inbound_mails').select('mail_key').where('mail_key', '=', mailKey).executeTakeFirst()) !== undefined;
}

/**
 * Record a mail as read, inside the transaction that posts or holds it: false when it is recorded
 * already (another reader got there first), and then that transaction must roll back.
 */
export async function recordMail(
  tx: DbOrTx,
  mailKey: string,
  outcome: 'posted' | 'held' | 'ignored',
  ids: { messageId?: string; heldId?: string },
  nowMs: number,
): Promise<boolean> {
  const row = await tx
    .insertInto('inbound_mails')
    .values({ mail_key: mailKey, outcome, message_id: ids.messageId ?? null, held_id: ids.heldId ?? null, received_at: nowIso(nowMs) })
    .onConflict((oc) => oc.column('mail_key').doNothing())
    .executeTakeFirst();
  return Number(row.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Forget the mails read before `beforeMs`: by then each was marked \Seen long ago, and a copy
 * delivered again that late is taken as a new mail (its thread shows it twice at worst).
 */
export async function sweepInboundMails(db: Db, beforeMs: number): Promise<void> {
  await db.deleteFrom('inbound_mails').where('received_at', '<', nowIso(beforeMs)).execute();
}

/** The reply token's row (by the SHA-256 of the lowercased token), expired or not. */
export async function findReplyToken(db: DbOrTx, tokenHash: string) {
  return db.selectFrom('reply_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export interface NewHeldReply {
  id: string;
  reason: HeldReplyReason;
  thread: { kind: ThreadKind; id: string } | null;
  recipient: MessageAuthor | null;
  userId: string | null;
  fromAddress: string;
  fromName: string;
  subject: string;
  text: string;
  attachments: StoredAttachment[];
  notes: string[];
  nowMs: number;
}

export async function insertHeldReply(tx: DbOrTx, h: NewHeldReply): Promise<void> {
  await tx
    .insertInto('held_replies')
    .values({
      id: h.id,
      reason: h.reason,
      thread_kind: h.thread?.kind ?? null,
      thread_id: h.thread?.id ?? null,
      recipient: h.recipient,
      user_id: h.userId,
      from_address: h.fromAddress,
      from_name: h.fromName,
      subject: h.subject,
      body: h.text,
      attachments: JSON.stringify(h.attachments),
      notes: JSON.stringify(h.notes),
      received_at: nowIso(h.nowMs),
      status: 'HELD',
      decided_at: null,
      decided_by: null,
      message_id: null,
    })
    .execute();
}

export const heldAttachments = (row: Pick<HeldRepliesTable, 'attachments'>): StoredAttachment[] =>
  JSON.parse(row.attachments) as StoredAttachment[];

export async function findHeldReply(db: DbOrTx, id: string) {
  return db.selectFrom('held_replies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The replies waiting for an administrator, newest first, with the address each was meant to come from. */
export async function listHeldReplies(db: Db, notificationEmail: string): Promise<HeldReply[]> {
  const rows = await db
    .selectFrom('held_replies as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .selectAll('h')
    .select('u.email as user_email')
    .where('h.status', '=', 'HELD')
    .orderBy('h.received_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    reason: r.reason,
    thread: r.thread_kind && r.thread_id ? { kind: r.thread_kind, id: r.thread_id } : null,
    intendedFor: r.recipient,
    intendedAddress: r.recipient === 'COMPANY' ? notificationEmail : (r.user_email ?? null),
    fromAddress: r.from_address,
    fromName: r.from_name,
    subject: r.subject,
    text: r.body,
    attachments: heldAttachments(r).map((a) => ({ _id: a.id, fileName: a.fileName, contentType: a.contentType, size: a.bytes })),
    receivedAt: r.received_at,
  }));
}

/** Decide a held reply (one of two concurrent decisions wins): true when it was still held. */
export async function decideHeldReply(
  tx: DbOrTx,
  id: string,
  status: 'POSTED' | 'DROPPED',
  by: string,
  messageId: string | null,
  nowMs: number,
): Promise<boolean> {
  const done = await tx
    .updateTable('held_replies')
    .set({ status, decided_by: by, decided_at: nowIso(nowMs), message_id: messageId })
    .where('id', '=', id)
    .where('status', '=', 'HELD')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
