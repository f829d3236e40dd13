import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { newId } from '../db/ids.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /** Queue a message. Never throws and never waits for delivery: failures are logged. */
  send(message: MailMessage): void;
  /** Resolves once every queued message has been handled (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in the outbox and its
 * subject and links are logged, so flows such as password reset work on a fresh machine.
 * Messages are sent one after another in the background so a slow or failing mail server
 * never delays or fails the request that caused the mail.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { logger } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let queue: Promise<void> = Promise.resolve();

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (options.smtpUrl) {
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    await fs.mkdir(options.outboxDir, { recursive: true });
    // Time first, then a sortable id: `ls` shows the outbox in sending order.
    const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`);
    const raw = (info as { message?: unknown }).message;
    await fs.writeFile(file, Buffer.isBuffer(raw) ? raw : String(raw ?? ''));
    logger.info(
      { to: message.to, subject: message.subject, links: message.text.match(LINK_PATTERN) ?? [], file },
      'mail written to outbox',
    );
  }

  return {
    send(message) {
      queue = queue.then(() =>
        deliver(message).catch((err: unknown) => {
          logger.error({ err, to: message.to, subject: message.subject }, 'mail could not be sent');
        }),
      );
    },
    idle: () => queue,
    async close() {
      await queue;
      transport.close();
    },
  };
}
