/**
 * Durable mail against a real SMTP server (smtp-server): every mail is a row first, written with
 * what caused it; a server that refuses mail, then recovers, gets every mail once; two workers
 * on one database never send the same mail twice.
 */
import { API, type Quote } from '@agro/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, queueMail } from '../../src/mail/mailer.js';
import { insertTestProduct, quoteBody } from '../fixtures.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { startSmtpServer, type SmtpTestServer } from '../servers.js';

let smtp: SmtpTestServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // The worker polls every 50 ms and retries after 100 ms, 200 ms, ...: a test's worth of time.
  t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => {
  smtp.failing = false;
  smtp.received.length = 0;
});

async function until(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const rowsOf = (event: string) =>
  t.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', 'like', `${event}:%`).orderBy('dedupe_key').execute();

describe('the mail outbox', () => {
  it('stores a quote and its two mails together; a refusing SMTP server gets them once it recovers', async () => {
    const user = await t.loginUser();
    const productId = await insertTestProduct(t.db);
    smtp.failing = true;
    const res = await t.app.inject({ method: 'POST', url: API.addQuote, headers: { cookie: user.cookie }, payload: quoteBody(productId) });
    expect(res.statusCode).toBe(200);
    const quote = res.json<{ quote: Quote }>().quote;
    const event = `quote:${quote._id}`;
    expect((await rowsOf(event)).map((r) => r.to_address).sort()).toEqual([t.config.companyEmail, user.email].sort());

    await until(async () => smtp.refused >= 2 && (await rowsOf(event)).every((r) => r.last_error !== null));
    const failed = await rowsOf(event);
    expect(failed.every((r) => r.status === 'pending' && r.attempts >= 1)).toBe(true);
    expect(smtp.received).toEqual([]);

    smtp.failing = false;
    await until(async () => (await rowsOf(event)).every((r) => r.status === 'sent'));
    const mine = smtp.received.filter((m) => m.subject.includes(quote.companyName) || m.to.includes(user.email));
    expect(mine.map((m) => m.to[0]).sort()).toEqual([t.config.companyEmail, user.email].sort());
    // Every attempt of a row carries the same Message-ID.
    expect(new Set(mine.map((m) => m.messageId)).size).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(2);
  });

  it('queues an event for a recipient once, and nothing when the transaction rolls back', async () => {
    const mail = { to: 'once@example.com', subject: 'Once', text: 'Only once', event: 'test:once' };
    await queueMail(t.db, mail);
    await queueMail(t.db, mail);
    await expect(
      t.db.transaction().execute(async (tx) => {
        await queueMail(tx, { ...mail, event: 'test:rolled-back' });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect((await rowsOf('test:once')).length).toBe(1);
    expect(await rowsOf('test:rolled-back')).toEqual([]);
    await t.app.mailer.idle();
    await until(() => smtp.received.some((m) => m.to.includes('once@example.com')));
    expect(smtp.received.filter((m) => m.to.includes('once@example.com')).length).toBe(1);
  });

  it('two workers on one database send each of 40 mails exactly once', async () => {
    const workers = [1, 2].map(() =>
      createMailer({
        db: t.db,
        dialect: t.dialect,
        smtpUrl: smtp.url,
        from: 'test@example.com',
        outboxDir: t.config.outboxDir,
        logger: t.app.log,
        pollMs: 0,
        messageIdDomain: 'example.com',
      }),
    );
    await t.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 40; i += 1)
        await queueMail(tx, { to: `many${i}@example.com`, subject: `Many ${i}`, text: 'x', event: 'test:many' });
    });
    await Promise.all(workers.flatMap((w) => [w.idle(), w.idle()]));
    await Promise.all(workers.map((w) => w.close()));
    await until(async () => (await rowsOf('test:many')).every((r) => r.status === 'sent'));
    const many = smtp.received.filter((m) => m.subject.startsWith('Many '));
    expect(many.length).toBe(40);
    expect(new Set(many.map((m) => m.to[0])).size).toBe(40);
  });

  it('keeps a reset token out of the stored mail, and puts it in the sent one', async () => {
    const user = await t.loginUser();
    const res = await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await until(() => smtp.received.some((m) => m.to.includes(user.email)));
    const sent = smtp.received.find((m) => m.to.includes(user.email))!;
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(sent.raw.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeDefined();
    const rows = await rowsOf('password-reset');
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).toContain('{{sealed-secret}}');
  });
});
