/**
 * Notifications that do not flood (issue 40): a message does not mail the other side at once. The
 * first message to a side opens a pending digest row for (thread, side), due five minutes later;
 * the next messages before it is sent join it. When it is due, one process claims it (a conditional
 * UPDATE that clears its `pending_key`: of two processes exactly one changes the row) and, in the
 * same transaction, queues ONE mail of its messages in the outbox (mail/mailer.ts sends it): a
 * crash before the commit leaves the digest pending, after it the mail queued; never both, never
 * twice (the mail's event is the digest's id).
 *
 * On PostgreSQL a message posted while its digest is being claimed cannot be lost: the post's
 * upsert and the claim's UPDATE lock the same row, so the post either joins the digest before the
 * claim reads its messages, or waits and opens a new one. SQLite runs one writer at a time.
 *
 * Messages the recipient has read meanwhile on the site, and hidden ones, are left out; a digest
 * with none left sends nothing, nor one to the company about a quote or inquiry held as spam. The
 * company's digest of a quote or an inquiry goes to its owner (issue 41), else the notification address.
 */
import { THREAD_LIMITS, type Language, type MessageAuthor } from '@agro/shared';
import { newId } from '../../db/ids.js';
import type { Db, DbOrTx } from '../../db/index.js';
import { nowIso } from '../../db/mappers.js';
import { queueMail } from '../../mail/mailer.js';
import { ownerAddress } from '../assignment/index.js';
import { digestMail } from './mails.js';
import { findThreadOwner, toThreadMessage, type ThreadRef } from './repository.js';
import { replyAddress } from './reply-address.js';

/** The digest of `thread` for `recipient` that a new message joins (opened now if none is pending); its id. */
export async function joinDigest(tx: DbOrTx, thread: ThreadRef, recipient: MessageAuthor, nowMs: number): Promise<string> {
  const pendingKey = `${thread.kind}:${thread.id}:${recipient}`;
  const row = await tx
    .insertInto('message_digests')
    .values({
      id: newId(nowMs),
      pending_key: pendingKey,
      thread_kind: thread.kind,
      thread_id: thread.id,
      recipient,
      send_at: nowIso(nowMs + THREAD_LIMITS.digestDelayMs),
      created_at: nowIso(nowMs),
      sent_at: null,
    })
    // A no-op update of the pending row: it returns its id and locks it until this post commits.
    .onConflict((oc) => oc.column('pending_key').doUpdateSet({ pending_key: (eb) => eb.ref('excluded.pending_key') }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface DigestContext {
  db: Db;
  /** The company's notification address (site settings), read before each run. */
  notificationEmail: () => Promise<string>;
  /** REPLY_ADDRESS, or undefined. */
  replyAddress: string | undefined;
  /** The site's address for the mails' links. */
  baseUrl: string;
  now: () => number;
}

const BATCH = 20;
/** Sent digests are kept this long (a later look at what was mailed when), expired reply tokens not at all. */
const KEEP_SENT_MS = 30 * 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;
let lastSweep = 0;

/** Send every digest that is due: each claimed and turned into one outbox mail in one transaction. */
export async function sendDueDigests(ctx: DigestContext): Promise<number> {
  const nowMs = ctx.now();
  if (Math.abs(nowMs - lastSweep) > SWEEP_EVERY_MS) {
    lastSweep = nowMs;
    await ctx.db.deleteFrom('reply_tokens').where('expires_at', '<', nowIso(nowMs)).execute();
    await ctx.db
      .deleteFrom('message_digests')
      .where('pending_key', 'is', null)
      .where('sent_at', '<', nowIso(nowMs - KEEP_SENT_MS))
      .execute();
  }
  const due = await ctx.db
    .selectFrom('message_digests')
    .select('id')
    .where('pending_key', 'is not', null)
    .where('send_at', '<=', nowIso(nowMs))
    .orderBy('send_at')
    .limit(BATCH)
    .execute();
  if (due.length === 0) return 0;
  // Read before the transactions: on SQLite a read through `db` inside one would wait for it.
  const notificationEmail = await ctx.notificationEmail();
  let queued = 0;
  for (const { id } of due) {
    const sent = await ctx.db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('message_digests')
        .set({ pending_key: null, sent_at: nowIso(nowMs) })
        .where('id', '=', id)
        .where('pending_key', 'is not', null)
        .returning(['thread_kind', 'thread_id', 'recipient'])
        .executeTakeFirst();
      if (!claimed) return false;
      const thread = { kind: claimed.thread_kind, id: claimed.thread_id };
      const rows = await tx
        .selectFrom('messages')
        .selectAll()
        .where('digest_id', '=', id)
        .where('hidden_at', 'is', null)
        .where('read_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const owner = await findThreadOwner(tx, thread);
      // Nothing left to tell; or a lead held as spam, which the company is not mailed about.
      if (rows.length === 0 || !owner || (claimed.recipient === 'COMPANY' && owner.heldAsSpam)) return false;
      const files = await tx
        .selectFrom('message_attachments')
        .selectAll()
        .where(
          'message_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('position')
        .execute();
      const messages = rows.map((r) =>
        toThreadMessage(
          r,
          files.filter((f) => f.message_id === r.id),
        ),
      );
      let to = claimed.recipient === 'COMPANY' ? await ownerAddress(tx, thread, notificationEmail) : notificationEmail;
      let language: Language = 'en';
      if (claimed.recipient === 'BUYER') {
        const buyer = owner.userId
          ? await tx.selectFrom('users').select(['email', 'language']).where('id', '=', owner.userId).executeTakeFirst()
          : undefined;
        // The account is gone: nobody to tell.
        if (!buyer) return false;
        to = buyer.email;
        language = buyer.language;
      }
      const reply = await replyAddress(
        tx,
        ctx.replyAddress,
        thread,
        { side: claimed.recipient, userId: claimed.recipient === 'BUYER' ? owner.userId : null },
        nowMs,
      );
      const mail = digestMail({
        to,
        recipient: claimed.recipient,
        thread,
        owner,
        messages,
        baseUrl: ctx.baseUrl,
        language,
        replyTo: reply,
      });
      // The reply token is the mail's secret: the outbox keeps it sealed, never in clear.
      await queueMail(tx, {
        ...mail,
        event: `digest:${id}`,
        ...(reply ? { secret: reply.slice(reply.indexOf('+') + 1, reply.lastIndexOf('@')) } : {}),
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
