/**
 * The reply mailbox reader (IMAP_URL): one process at a time holds the `reply-mailbox` lease in the
 * database (renewed every pass and every mail; a process that dies leaves it to run out), opens
 * the mailbox with imapflow, and hands each unseen mail, parsed by mailparser, to `handle`
 * (service.ts: post, hold or ignore, recorded in the same transaction). Only then is the mail
 * marked \Seen: a crash in between leaves it unseen and recorded, and the next pass only marks it.
 *
 * Between passes the connection stays open in IDLE (imapflow starts it when the connection is
 * quiet): a new mail starts a pass at once; otherwise a pass runs every IMAP_POLL_SECONDS. A
 * mailbox that is away (refused, timed out, a bad password) is logged and tried again with
 * exponential backoff; it never stops the server.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import { simpleParser, type AddressObject } from 'mailparser';
import type { Db } from '../../db/index.js';
import { releaseLease, sweepInboundMails, takeLease } from './repository.js';
import type { InboundMail, InboundOutcome } from './service.js';

const LEASE = 'reply-mailbox';
/** The longest wait between two tries of a mailbox that is away. */
const BACKOFF_MAX_MS = 5 * 60_000;
/** Mails handled in one pass (the next pass takes the rest). */
const PASS_MAX = 200;
/** How long a mail read is remembered (its Message-ID), and how often the older ones are forgotten. */
const KEEP_READ_MS = 90 * 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;
const IMAP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 5 * 60_000 };
/** IDLE starts this long after a pass (imapflow's default, 15 s, would leave a reply waiting that long). */
const IDLE_AFTER_MS = 2_000;

export interface ReplyReaderOptions {
  db: Db;
  /** imaps://user:password@host:port/mailbox (imap:// on loopback). */
  url: string;
  pollMs: number;
  /** How long a pass's lease lasts unless renewed; by default three polls and 30 s. */
  leaseMs?: number;
  logger: FastifyBaseLogger;
  handle: (mail: InboundMail) => Promise<InboundOutcome>;
  /** Tests: runs after a mail was handled and before it is marked \Seen (a throw stands for a crash there). */
  beforeSeen?: (outcome: InboundOutcome) => Promise<void> | void;
  now?: () => number;
}

export interface ReplyReaderState {
  /** Whether this process holds the lease and a connection to the mailbox. */
  reading: boolean;
  /** Failed passes in a row (0 when the last pass worked). */
  failures: number;
  lastError: string | undefined;
  /** When a pass last worked (ms), or 0. */
  lastSuccessMs: number;
  posted: number;
  held: number;
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? '')).filter((a) => a !== '');

function headerAddresses(value: unknown): string[] {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim().replace(/^.*<|>.*$/g, ''));
  if (Array.isArray(value)) return value.flatMap(headerAddresses);
  if (value && typeof value === 'object' && 'value' in value) return addresses(value as AddressObject);
  return [];
}

/** A raw mail as the service takes it. */
export async function parseMail(source: Buffer, fallbackKey: string): Promise<InboundMail> {
  const parsed = await simpleParser(source, { skipHtmlToText: false, skipTextToHtml: true, skipTextLinks: true });
  const from = parsed.from?.value[0];
  const autoSubmitted = String(parsed.headers.get('auto-submitted') ?? 'no').toLowerCase();
  const returnPath = headerAddresses(parsed.headers.get('return-path'));
  return {
    key: parsed.messageId ? parsed.messageId.toLowerCase().slice(0, 500) : fallbackKey,
    fromAddress: (from?.address ?? '').toLowerCase(),
    fromName: from?.name ?? '',
    recipients: [
      ...addresses(parsed.to),
      ...addresses(parsed.cc),
      ...headerAddresses(parsed.headers.get('delivered-to')),
      ...headerAddresses(parsed.headers.get('x-original-to')),
    ],
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    attachments: parsed.attachments
      .filter((a) => a.contentDisposition === 'attachment' || (a.filename !== undefined && a.filename !== ''))
      .map((a) => ({ fileName: a.filename ?? 'attachment', data: a.content })),
    automatic: autoSubmitted !== 'no' || returnPath.includes('') || !from?.address,
  };
}

export class ReplyReader {
  private readonly holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly now: () => number;
  private client: ImapFlow | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private lastSweepMs = 0;
  private readonly st: ReplyReaderState = { reading: false, failures: 0, lastError: undefined, lastSuccessMs: 0, posted: 0, held: 0 };

  constructor(private readonly options: ReplyReaderOptions) {
    this.leaseMs = options.leaseMs ?? options.pollMs * 3 + 30_000;
    this.now = options.now ?? Date.now;
  }

  /** Read now and then every poll (sooner when the mailbox says a mail arrived). */
  start(): void {
    this.schedule(0);
  }

  state(): ReplyReaderState {
    return { ...this.st };
  }

  /** One pass (tests call it; passes never overlap): whether this process held the lease, and the mails it handled. */
  runOnce(): Promise<{ taken: boolean; handled: number }> {
    const pass = this.running.then(() => this.pass());
    this.running = pass.catch(() => undefined);
    return pass;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.disconnect();
    await releaseLease(this.options.db, LEASE, this.holder).catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runOnce().then(
        () => this.schedule(this.options.pollMs),
        () => this.schedule(Math.min(BACKOFF_MAX_MS, this.options.pollMs * 2 ** Math.min(10, this.st.failures - 1))),
      );
    }, delayMs);
    this.timer.unref();
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.st.reading = false;
    if (!client) return;
    client.removeAllListeners('exists');
    await client.logout().catch(() => client.close());
  }

  private async connect(): Promise<ImapFlow> {
    if (this.client?.usable) return this.client;
    await this.disconnect();
    const url = new URL(this.options.url);
    const client = new ImapFlow({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : url.protocol === 'imaps:' ? 993 : 143,
      secure: url.protocol === 'imaps:',
      // Plain imap:// is only taken on loopback (config.ts): no STARTTLS to try there.
      ...(url.protocol === 'imap:' ? { doSTARTTLS: false } : {}),
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
      autoIdleDelay: IDLE_AFTER_MS,
      ...IMAP_TIMEOUTS,
    });
    // A connection that drops is reported here and opened again at the next pass.
    client.on('error', (err: unknown) => this.options.logger.warn({ err }, 'reply mailbox connection error'));
    client.on('close', () => {
      if (this.client === client) {
        this.client = undefined;
        this.st.reading = false;
      }
    });
    // A new mail while idle: read it now.
    client.on('exists', () => this.schedule(0));
    await client.connect();
    this.client = client;
    return client;
  }

  private async pass(): Promise<{ taken: boolean; handled: number }> {
    if (this.closed) return { taken: false, handled: 0 };
    const { db, logger } = this.options;
    try {
      if (!(await takeLease(db, LEASE, this.holder, this.leaseMs, this.now()))) {
        // Another process reads the mailbox.
        await this.disconnect();
        return { taken: false, handled: 0 };
      }
      if (Math.abs(this.now() - this.lastSweepMs) > SWEEP_EVERY_MS) {
        this.lastSweepMs = this.now();
        await sweepInboundMails(db, this.lastSweepMs - KEEP_READ_MS);
      }
      const client = await this.connect();
      this.st.reading = true;
      const mailbox = decodeURIComponent(new URL(this.options.url).pathname.replace(/^\/+/, '')) || 'INBOX';
      let handled = 0;
      const lock = await client.getMailboxLock(mailbox);
      try {
        const uidValidity = client.mailbox ? String(client.mailbox.uidValidity) : '0';
        // imapflow answers a failed SEARCH (a connection that just dropped) with false, not a throw.
        const unseen = await client.search({ seen: false }, { uid: true });
        if (!unseen) throw new Error('the reply mailbox could not be searched');
        for (const uid of unseen.slice(0, PASS_MAX)) {
          // Still ours? A pass that outlived its lease stops; the mail stays unseen for the holder.
          if (!(await takeLease(db, LEASE, this.holder, this.leaseMs, this.now()))) break;
          const message = await client.fetchOne(String(uid), { source: true, uid: true }, { uid: true });
          if (!message || !message.source) continue;
          const mail = await parseMail(message.source, `uid:${uidValidity}:${uid}`);
          const outcome = await this.options.handle(mail);
          if (outcome.outcome === 'posted') this.st.posted += 1;
          if (outcome.outcome === 'held') this.st.held += 1;
          if (outcome.outcome !== 'recorded') logger.info({ outcome: outcome.outcome, from: mail.fromAddress }, 'reply mail read');
          await this.options.beforeSeen?.(outcome);
          if (!(await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true })))
            throw new Error('a reply mail could not be marked seen');
          handled += 1;
        }
      } finally {
        lock.release();
      }
      if (this.st.failures > 0) logger.info({ after: this.st.failures }, 'reply mailbox reachable again');
      this.st.failures = 0;
      this.st.lastError = undefined;
      this.st.lastSuccessMs = this.now();
      return { taken: true, handled };
    } catch (err) {
      this.st.failures += 1;
      this.st.lastError = err instanceof Error ? err.message : String(err);
      logger.warn({ err, failures: this.st.failures }, 'reply mailbox could not be read; retrying with backoff');
      await this.disconnect();
      throw err;
    }
  }
}
