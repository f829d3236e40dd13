/**
 * Durable mail. Every mail is first a row of `mail_outbox`, written by `queueMail` in the same
 * transaction as what caused it (a quote, an inquiry, a reset token): if that commits, the mail
 * exists; if it rolls back, there is no mail. A worker in every server process then claims due
 * rows (on PostgreSQL with `FOR UPDATE SKIP LOCKED`, so two processes never claim the same row),
 * sends them and marks them sent, or schedules a retry with exponential backoff.
 *
 * "Sent twice" is ruled out per recipient and event by the unique `dedupe_key` (queuing the same
 * event again is a no-op) and by the claim's lease (another worker takes a row only once the lease
 * ran out, which is longer than any SMTP timeout). The one window left is a process dying between
 * the SMTP server's "250 OK" and the row's update: the row is sent again with the same Message-ID,
 * which receiving servers use to drop the copy.
 *
 * A secret a mail carries (a password reset token) is never stored in clear: the row holds the
 * mail with a placeholder and the secret sealed with AES-256-GCM under a key derived from
 * MAIL_SECRET (shared by every process), or a random key of this process when it is unset.
 *
 * Without SMTP_URL every mail becomes DATA_DIR/outbox/<created>-<id>.eml (named after the row, so
 * a retry rewrites the same file) and its subject and links are logged.
 *
 * Mail that arrives (issue 44, item 4; docs/decisions/037-mail-that-arrives.md): every mail has a
 * plain-text part (`text` is required), a `Message-ID` on the company's own domain, stable per row,
 * and, with DKIM_* set, a DKIM signature (nodemailer signs) that also covers `List-Unsubscribe-Post`.
 * Attachments (the offer's quotation PDF) are stored with the row and dropped once it is sent.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { newId } from '../db/ids.js';
import type { Db, DbOrTx, Dialect } from '../db/index.js';
import { nowIso } from '../db/mappers.js';
import { faultOf } from '../lib/faults.js';
import { workerRuns } from '../lib/worker-runs.js';
import type { MailOutboxRow } from '../db/schema.js';
import type { DkimConfig } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * Headers sent with the mail beside the usual ones (a reminder's `List-Unsubscribe` and
   * `List-Unsubscribe-Post`, RFC 8058): stored with the outbox row, sent on every attempt.
   */
  headers?: Record<string, string>;
  /** Files sent with the mail (the offer's quotation PDF): stored with the outbox row until it is sent. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** How an attachment is stored in the row's `attachments` column (JSON text). */
interface StoredAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export interface QueuedMail extends MailMessage {
  /**
   * What caused the mail, unique per event (e.g. `quote:<id>:company`): with the recipient it
   * makes the mail's identity, so queuing it again never sends a second copy.
   */
  event: string;
  /** A secret inside subject, text, html, Reply-To or headers (a reset, reply or unsubscribe token): stored sealed, never in clear. */
  secret?: string;
}

/** Stands for the secret in a stored mail. */
const SECRET_PLACEHOLDER = '{{sealed-secret}}';
let sealKey = randomBytes(32);

/** Seal mail secrets with a key derived from `secret` (the same in every process) from now on. */
export function useMailSecret(secret: string): void {
  sealKey = createHash('sha256').update(`agro-mail-outbox\n${secret}`).digest();
}

function seal(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}

function unseal(sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
  if (!iv || !tag || !data) throw new Error('malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealKey, iv);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('the mail was sealed with another key (set the same MAIL_SECRET in every process)');
  }
}

const storedAttachment = (a: MailAttachment): StoredAttachment => ({
  filename: a.filename,
  contentType: a.contentType,
  content: a.content.toString('base64'),
});

const sentAttachment = (a: StoredAttachment) => ({
  filename: a.filename,
  contentType: a.contentType,
  content: Buffer.from(a.content, 'base64'),
});

/** Write a mail to the outbox; call it inside the transaction that caused the mail. */
export async function queueMail(db: DbOrTx, mail: QueuedMail): Promise<void> {
  const now = nowIso();
  const hide = (text: string): string => (mail.secret ? text.split(mail.secret).join(SECRET_PLACEHOLDER) : text);
  await db
    .insertInto('mail_outbox')
    .values({
      id: newId(),
      dedupe_key: `${mail.event}:${mail.to.toLowerCase()}`,
      to_address: mail.to,
      subject: hide(mail.subject),
      text_body: hide(mail.text),
      html_body: mail.html === undefined ? null : hide(mail.html),
      sealed_secret: mail.secret ? seal(mail.secret) : null,
      reply_to: mail.replyTo === undefined ? null : hide(mail.replyTo),
      headers: mail.headers === undefined ? null : hide(JSON.stringify(mail.headers)),
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments.map(storedAttachment)) : null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export interface Mailer {
  /**
   * Queue a mail in a transaction of its own (prefer `queueMail` inside the caller's transaction
   * and then `kick()`). Never throws: a failure to queue is logged.
   */
  send(message: MailMessage & { event?: string }): void;
  /** Look for due mail now (after a commit that queued some) instead of at the next poll. */
  kick(): void;
  /** Resolves once every mail due now has been tried (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Run `source` before each look for due mail (every poll, kick and idle): a producer of mail that
   * is due later than it is caused (the threads' digests) queues it there, in its own transactions.
   */
  addSource(source: () => Promise<unknown>): void;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  dialect: Dialect;
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
  /** How often each process looks for due mail (ms); 0 = only on kick()/idle(). */
  pollMs?: number;
  /** First retry delay (ms); doubled per attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** After this many failed attempts the row is marked failed (and logged as an error). */
  maxAttempts?: number;
  /** How long a claimed row is reserved for the worker that claimed it (ms). */
  leaseMs?: number;
  /** MAIL_SECRET: see useMailSecret. */
  secret?: string;
  /** DKIM_*: every mail is signed with it; undefined = unsigned. */
  dkim?: DkimConfig;
  /** The domain of every Message-ID (config.messageIdDomain: the company's own). */
  messageIdDomain: string;
}

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;
/** How often a mail's outcome is written again while the database is away. */
const SETTLE_RETRY_MS = 250;
const BATCH = 10;
/** SMTP timeouts, all well below the default lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/**
 * The headers a DKIM signature covers: nodemailer's default list (RFC 6376, section 5.4) and
 * List-Unsubscribe-Post, which a one-click unsubscribe must have signed (RFC 8058, section 4).
 */
const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'In-Reply-To',
  'References',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

/** Retry delay after `attempts` failed attempts: base * 2^(attempts-1), capped, with up to 20% jitter. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (1 + Math.random() * 0.2));
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, logger } = options;
  if (options.secret) useMailSecret(options.secret);
  const pollMs = options.pollMs ?? 1000;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;
  const maxAttempts = options.maxAttempts ?? 25;
  const leaseMs = options.leaseMs ?? 120_000;
  const dkim = options.dkim ? { dkim: { ...options.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {};
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: BATCH, ...SMTP_TIMEOUTS, ...dkim })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...dkim });
  // The SMTP pool reports a connection that fails while idle as an 'error' event: logged, never
  // the end of the process. The mails stay queued and are retried.
  transport.on('error', (err) => logger.warn({ err }, 'mail transport error (queued mail is retried)'));

  let closed = false;
  const sources: Array<() => Promise<unknown>> = [];

  /** Claim up to BATCH due rows for this worker. */
  async function claim(): Promise<MailOutboxRow[]> {
    const now = Date.now();
    const due = db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso(now))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso(now))]))
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .$if(options.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
    return db
      .updateTable('mail_outbox')
      .set({ locked_until: nowIso(now + leaseMs), attempts: sql<number>`attempts + 1` })
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  async function deliver(row: MailOutboxRow): Promise<void> {
    const secret = row.sealed_secret === null ? undefined : unseal(row.sealed_secret);
    const show = (text: string): string => (secret === undefined ? text : text.split(SECRET_PLACEHOLDER).join(secret));
    const message = {
      from: options.from,
      to: row.to_address,
      subject: show(row.subject),
      text: show(row.text_body),
      ...(row.html_body !== null ? { html: show(row.html_body) } : {}),
      ...(row.reply_to !== null ? { replyTo: show(row.reply_to) } : {}),
      ...(row.headers !== null ? { headers: JSON.parse(show(row.headers)) as Record<string, string> } : {}),
      ...(row.attachments !== null ? { attachments: (JSON.parse(row.attachments) as StoredAttachment[]).map(sentAttachment) } : {}),
      // The same id on every attempt, on the company's domain: a receiving server can drop a copy.
      messageId: `<${row.id}@${options.messageIdDomain}>`,
    };
    const info = await transport.sendMail(message);
    if (options.smtpUrl) {
      logger.info({ to: row.to_address, subject: row.subject, mailId: row.id }, 'mail sent');
      return;
    }
    await fs.mkdir(options.outboxDir, { recursive: true });
    // Time first, then the row's id: `ls` shows the outbox in queuing order.
    const file = path.join(options.outboxDir, `${row.created_at.replace(/[:.]/g, '-')}-${row.id}.eml`);
    const raw = (info as { message?: unknown }).message;
    await fs.writeFile(file, Buffer.isBuffer(raw) ? raw : String(raw ?? ''));
    logger.info(
      { to: row.to_address, subject: message.subject, links: message.text.match(LINK_PATTERN) ?? [], file },
      'mail written to outbox',
    );
  }

  async function settle(row: MailOutboxRow, err: unknown): Promise<void> {
    if (err === undefined) {
      await db
        .updateTable('mail_outbox')
        // The attachments' bytes leave with the mail: the outbox stays small (the offer's PDF is drawn again on request).
        .set({ status: 'sent', sent_at: nowIso(), locked_until: null, last_error: null, attachments: null })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const failed = row.attempts >= maxAttempts;
    await db
      .updateTable('mail_outbox')
      .set({
        status: failed ? 'failed' : 'pending',
        next_attempt_at: nowIso(Date.now() + retryDelay(row.attempts, retryBaseMs, retryMaxMs)),
        locked_until: null,
        last_error: lastError,
      })
      .where('id', '=', row.id)
      .execute();
    const log = { err, to: row.to_address, subject: row.subject, mailId: row.id, attempts: row.attempts };
    if (failed) logger.error(log, 'mail could not be sent: giving up');
    else logger.warn(log, 'mail could not be sent: will retry');
  }

  /**
   * settle, tried again while the database is away, for as long as the row's lease lasts: a mail
   * the SMTP server took while the database went away (a restart) is marked sent once it is back,
   * before another worker may claim the row and send it a second time.
   */
  async function settleOnce(row: MailOutboxRow, err: unknown): Promise<void> {
    const deadline = Date.now() + leaseMs;
    for (;;) {
      try {
        return await settle(row, err);
      } catch (settleError) {
        if (!faultOf(settleError) || Date.now() + SETTLE_RETRY_MS >= deadline) throw settleError;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
      }
    }
  }

  /** Send everything due now, batch after batch. */
  async function drain(): Promise<void> {
    // A source that fails (the database away) is tried again at the next poll; the outbox drains anyway.
    for (const source of sources) {
      await source().catch((err: unknown) => logger.warn({ err }, 'a mail source failed; retrying at the next poll'));
    }
    while (!closed) {
      const rows = await claim();
      if (rows.length === 0) return;
      // A batch goes out in parallel over the pooled SMTP connections.
      await Promise.all(
        rows.map(async (row) => {
          let error: unknown;
          try {
            await deliver(row);
          } catch (err) {
            error = err ?? new Error('unknown mail error');
          }
          await settleOnce(row, error);
        }),
      );
    }
  }

  const runs = workerRuns(drain, logger, 'mail worker');
  const run = runs.run;

  const timer = pollMs > 0 ? setInterval(() => void run(), pollMs) : undefined;
  timer?.unref();

  return {
    send(message) {
      const { event, ...mail } = message;
      void queueMail(db, { ...mail, event: event ?? `mail:${newId()}` }).then(run, (err: unknown) => {
        logger.error({ err, to: message.to, subject: message.subject }, 'mail could not be queued');
      });
    },
    kick() {
      if (!closed) void run();
    },
    idle: () => (closed ? runs.current() : run()),
    addSource(source) {
      sources.push(source);
    },
    async close() {
      if (timer) clearInterval(timer);
      // Whatever is in flight finishes; rows not yet claimed wait in the table for the next start.
      closed = true;
      await runs.current();
      transport.close();
    },
  };
}

/** Mails waiting to be sent, and how long the oldest has waited. */
export async function outboxState(db: Db): Promise<{ pending: number; oldestSeconds: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number | string>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const oldest = row?.oldest ? Date.parse(String(row.oldest)) : NaN;
  return {
    pending: Number(row?.pending ?? 0),
    oldestSeconds: Number.isNaN(oldest) ? 0 : Math.max(0, Math.floor((Date.now() - oldest) / 1000)),
  };
}
