/**
 * Issue 40, item 3: answers by e-mail, read from a real IMAP server (dovecot, started here on a
 * throwaway Maildir and loopback port; test/dovecot.ts). A buyer's reply lands in its thread once,
 * quote cut off and PDF kept; a reply from someone else, or with an unknown or expired token, is
 * held; an administrator posts one and drops another; two readers (two processes) post each mail
 * once; a crash after posting and before \Seen posts once after the restart; the mailbox stopped
 * and started again: the reader recovers. Skipped, saying why, where dovecot is not installed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { API, HELD_REPLY_TEXT, type HeldReplyListResponse, type HeldReplyPostResponse, type MessageListResponse } from '@agro/shared';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens.js';
import { replyReaderFor } from '../src/modules/replies/routes.js';
import type { ReplyReader } from '../src/modules/replies/reader.js';
import { dovecotMissing, startDovecot, type DovecotServer } from './dovecot.js';
import { insertTestProduct, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

if (dovecotMissing) console.warn(`replies-by-mail test skipped: ${dovecotMissing}`);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

interface Mail {
  from: string;
  to: string;
  text: string;
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

async function raw(mail: Mail): Promise<Buffer> {
  const composer = new MailComposer({
    from: mail.from,
    to: mail.to,
    subject: 'Re: New message about your quote request',
    text: mail.text,
    messageId: mail.messageId ?? `<${randomBytes(8).toString('hex')}@mail.example>`,
    attachments: mail.attachments ?? [],
    headers: mail.headers ?? {},
  });
  return composer.compile().build();
}

describe.skipIf(Boolean(dovecotMissing))('replies by mail, read from dovecot', () => {
  let t: TestApp;
  let imap: DovecotServer;
  let now = Date.parse('2026-11-27T09:00:00.000Z');
  let productId: string;
  let buyer: TestUser;
  let admin: TestUser;
  const readers: ReplyReader[] = [];
  /** A reader of this mailbox, as one more server process would have. */
  const reader = (overrides: Parameters<typeof replyReaderFor>[2] = {}) => {
    const r = replyReaderFor(t.app, imap.url, { pollMs: 200, ...overrides });
    readers.push(r);
    return r;
  };

  beforeAll(async () => {
    imap = await startDovecot();
    // The app itself reads no mailbox here: each test's readers do, one per "process".
    t = await buildTestApp({ REPLY_ADDRESS: 'replies@example.com', PUBLIC_URL: 'https://agro.example' }, { clock: () => now });
    productId = await insertTestProduct(t.db);
    buyer = await t.loginUser({ fullName: 'Maria Lopez' });
    admin = await t.loginAdmin();
  });
  // A reader that stops gives its lease back (as a process that shuts down cleanly does).
  afterEach(async () => {
    for (const r of readers.splice(0)) await r.close();
  });
  afterAll(async () => {
    await t?.close();
    await imap?.close();
  });

  async function newQuote(): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(productId), headers: { cookie: buyer.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ quote: { _id: string } }>().quote._id;
  }

  /** The company writes in the thread; five minutes later the buyer's mail says Reply-To: replies+<token>@example.com. */
  async function tokenMailedToBuyer(quoteId: string): Promise<string> {
    const before = (await t.outbox()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuoteMessage(quoteId),
      payload: { text: 'Can you take 10 kg cartons?' },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    now += 5 * 60_000 + 1;
    const mail = (await t.outbox()).slice(before).find((m) => m.to === buyer.email)!;
    const source = await fs.readFile(path.join(t.config.outboxDir, mail.file), 'utf8');
    return /^Reply-To: replies\+([a-z2-7]{32})@example\.com$/m.exec(source)![1]!;
  }

  /** A token issued now (as a digest would), for `recipient`, expiring at `expiresAt`. */
  async function issuedToken(quoteId: string, recipient: 'BUYER' | 'COMPANY', expiresAt = now + 86_400_000): Promise<string> {
    const token = randomBytes(20)
      .toString('hex')
      .slice(0, 32)
      .replace(/[018-9]/g, 'a');
    await t.db
      .insertInto('reply_tokens')
      .values({
        token_hash: hashToken(token),
        thread_kind: 'quote',
        thread_id: quoteId,
        recipient,
        user_id: recipient === 'BUYER' ? buyer.user._id : null,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(expiresAt).toISOString(),
      })
      .execute();
    return token;
  }

  async function thread(quoteId: string) {
    const res = await t.app.inject({ method: 'GET', url: API.quoteMessages(quoteId), headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MessageListResponse>().messages;
  }

  async function held() {
    const res = await t.app.inject({ method: 'GET', url: API.heldReplies, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HeldReplyListResponse>().heldReplies;
  }

  it("posts a buyer's reply to its thread once, without the quote, with its PDF, and marks it read", async () => {
    const quoteId = await newQuote();
    const token = await tokenMailedToBuyer(quoteId);
    const mail = await raw({
      from: `Maria Lopez <${buyer.email.toUpperCase()}>`,
      to: `replies+${token}@example.com`,
      text: 'Yes, 10 kg cartons are fine.\nThe lab report is attached.\n\n-- \nMaria\n\nOn Fri, 27 Nov 2026 at 09:05, Sahyadri Agro Exports <replies@example.com> wrote:\n> Can you take 10 kg cartons?\n',
      attachments: [
        { filename: 'lab-report.pdf', content: PDF, contentType: 'application/pdf' },
        { filename: 'setup.exe', content: EXE, contentType: 'application/octet-stream' },
      ],
    });
    await imap.deliver(mail);
    // The same mail delivered twice (a copy, a redelivery): one Message-ID, one post.
    await imap.deliver(mail);
    const r = reader();
    expect(await r.runOnce()).toEqual({ taken: true, handled: 2 });
    expect(await r.runOnce()).toEqual({ taken: true, handled: 0 });
    // The company is told as for a reply on the site: one digest, five minutes on (before anyone
    // opens the thread: a message read on the site is left out of its digest).
    const mailed = (await t.outbox()).length;
    now += 5 * 60_000 + 1;
    expect((await t.outbox()).slice(mailed).filter((m) => m.text.includes('Yes, 10 kg cartons are fine.'))).toHaveLength(1);
    const messages = await thread(quoteId);
    const replies = messages.filter((m) => m.author === 'BUYER');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.authorName).toBe('Maria Lopez');
    expect(replies[0]!.text).toBe(
      `Yes, 10 kg cartons are fine.\nThe lab report is attached.\n\n${HELD_REPLY_TEXT.attachmentDropped.replace('{{name}}', 'setup.exe')}`,
    );
    expect(replies[0]!.attachments).toEqual([
      expect.objectContaining({ fileName: 'lab-report.pdf', contentType: 'application/pdf', size: PDF.length }),
    ]);
    const download = await t.app.inject({
      method: 'GET',
      url: API.attachment(replies[0]!.attachments[0]!._id),
      headers: { cookie: buyer.cookie },
    });
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(await imap.counts()).toEqual({ total: 2, unseen: 0 });
  });

  it('holds a reply from someone else, and one whose token is unknown or expired; an administrator posts one and drops another', async () => {
    const quoteId = await newQuote();
    const buyerToken = await issuedToken(quoteId, 'BUYER');
    const expired = await issuedToken(quoteId, 'BUYER', now - 1);
    await imap.deliver(
      await raw({
        from: 'someone@else.example',
        to: `replies+${buyerToken}@example.com`,
        text: 'Forwarded: 12.00 a kilo?',
        attachments: [{ filename: 'forwarded.pdf', content: PDF, contentType: 'application/pdf' }],
      }),
    );
    await imap.deliver(await raw({ from: buyer.email, to: `replies+${'q'.repeat(32)}@example.com`, text: 'Unknown token' }));
    await imap.deliver(await raw({ from: buyer.email, to: `replies+${expired}@example.com`, text: 'Too late' }));
    await reader().runOnce();
    expect((await thread(quoteId)).filter((m) => m.author === 'BUYER')).toHaveLength(0);
    const list = await held();
    const bySender = list.find((h) => h.text === 'Forwarded: 12.00 a kilo?')!;
    const unknown = list.find((h) => h.text === 'Unknown token')!;
    const late = list.find((h) => h.text === 'Too late')!;
    expect(bySender.attachments).toEqual([expect.objectContaining({ fileName: 'forwarded.pdf', contentType: 'application/pdf' })]);
    const file = await t.app.inject({
      method: 'GET',
      url: API.heldReplyAttachment(bySender._id, bySender.attachments[0]!._id),
      headers: { cookie: admin.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(bySender).toMatchObject({
      reason: 'SENDER',
      thread: { kind: 'quote', id: quoteId },
      intendedFor: 'BUYER',
      intendedAddress: buyer.email,
      fromAddress: 'someone@else.example',
    });
    expect(unknown).toMatchObject({ reason: 'UNKNOWN_TOKEN', thread: null });
    expect(late).toMatchObject({ reason: 'EXPIRED_TOKEN', thread: { kind: 'quote', id: quoteId } });
    // Administrators only.
    expect((await t.app.inject({ method: 'GET', url: API.heldReplies, headers: { cookie: buyer.cookie } })).statusCode).toBe(403);

    const posted = await t.app.inject({
      method: 'POST',
      url: API.postHeldReply(bySender._id),
      payload: {},
      headers: { cookie: admin.cookie },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json<HeldReplyPostResponse>().item).toMatchObject({
      author: 'BUYER',
      authorName: 'Maria Lopez',
      text: 'Forwarded: 12.00 a kilo?',
    });
    expect(posted.json<HeldReplyPostResponse>().item.attachments).toEqual([expect.objectContaining({ fileName: 'forwarded.pdf' })]);
    expect((await thread(quoteId)).filter((m) => m.author === 'BUYER').map((m) => m.text)).toEqual(['Forwarded: 12.00 a kilo?']);
    const again = await t.app.inject({
      method: 'POST',
      url: API.postHeldReply(bySender._id),
      payload: {},
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: HELD_REPLY_TEXT.decided });
    const noThread = await t.app.inject({
      method: 'POST',
      url: API.postHeldReply(unknown._id),
      payload: {},
      headers: { cookie: admin.cookie },
    });
    expect(noThread.statusCode).toBe(409);
    expect(noThread.json()).toMatchObject({ message: HELD_REPLY_TEXT.noThread });
    const dropped = await t.app.inject({
      method: 'POST',
      url: API.dropHeldReply(unknown._id),
      payload: {},
      headers: { cookie: admin.cookie },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({ success: true, message: HELD_REPLY_TEXT.dropped });
    expect((await held()).map((h) => h._id)).toEqual(expect.not.arrayContaining([bySender._id, unknown._id]));
    expect((await held()).map((h) => h._id)).toContain(late._id);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'actor_id'])
      .where('actor_id', '=', admin.user._id)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'create', entity_type: 'message', entity_id: posted.json<HeldReplyPostResponse>().item._id }),
        expect.objectContaining({ action: 'delete', entity_type: 'held-reply', entity_id: unknown._id }),
      ]),
    );
  });

  it('posts nothing and holds nothing for an out-of-office answer, a reply with only the quote, or a mail without a token', async () => {
    const quoteId = await newQuote();
    const token = await issuedToken(quoteId, 'BUYER');
    const before = (await held()).length;
    await imap.deliver(
      await raw({
        from: buyer.email,
        to: `replies+${token}@example.com`,
        text: 'I am away until Monday.',
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    );
    await imap.deliver(
      await raw({ from: buyer.email, to: `replies+${token}@example.com`, text: '\n\nOn Fri, 27 Nov 2026, Agro wrote:\n> old' }),
    );
    await imap.deliver(await raw({ from: buyer.email, to: 'replies@example.com', text: 'No token here' }));
    await reader().runOnce();
    expect((await thread(quoteId)).filter((m) => m.author === 'BUYER')).toHaveLength(0);
    expect(await held()).toHaveLength(before);
    expect((await imap.counts()).unseen).toBe(0);
  });

  it("takes the company's reply from its notification address or an administrator's", async () => {
    const quoteId = await newQuote();
    const token = await issuedToken(quoteId, 'COMPANY');
    await imap.deliver(await raw({ from: admin.email, to: `replies+${token}@example.com`, text: 'Revision 2 follows today.\n\n> old' }));
    await reader().runOnce();
    expect((await thread(quoteId)).filter((m) => m.author === 'COMPANY').map((m) => [m.text, m.authorName])).toContainEqual([
      'Revision 2 follows today.',
      'Site Admin',
    ]);
  });

  it('two processes reading the same mailbox post each mail once', async () => {
    const quoteId = await newQuote();
    const token = await issuedToken(quoteId, 'BUYER');
    for (let i = 1; i <= 6; i++)
      await imap.deliver(await raw({ from: buyer.email, to: `replies+${token}@example.com`, text: `Reply ${i}` }));
    // A lease that runs out at once (on the real clock): both readers go at the same mails at the
    // same time; the record of each mail decides.
    const one = reader({ leaseMs: 1, now: Date.now });
    const two = reader({ leaseMs: 1, now: Date.now });
    await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    const texts = (await thread(quoteId)).filter((m) => m.author === 'BUYER').map((m) => m.text);
    expect(texts.sort()).toEqual(['Reply 1', 'Reply 2', 'Reply 3', 'Reply 4', 'Reply 5', 'Reply 6']);
    expect((await imap.counts()).unseen).toBe(0);
    await one.close();
    await two.close();
    // With a lease that lasts, the second process leaves the mailbox to the first.
    const first = reader({ leaseMs: 60_000 });
    const second = reader({ leaseMs: 60_000 });
    expect((await first.runOnce()).taken).toBe(true);
    expect((await second.runOnce()).taken).toBe(false);
    await first.close();
  });

  it('forgets the mails read more than 90 days ago (at most once an hour per reader)', async () => {
    const row = (key: string, ageDays: number) => ({
      mail_key: key,
      outcome: 'ignored' as const,
      message_id: null,
      held_id: null,
      received_at: new Date(now - ageDays * 86_400_000).toISOString(),
    });
    await t.db
      .insertInto('inbound_mails')
      .values([row('<old@mail.example>', 91), row('<recent@mail.example>', 89)])
      .execute();
    await reader().runOnce();
    const kept = await t.db
      .selectFrom('inbound_mails')
      .select('mail_key')
      .where('mail_key', 'in', ['<old@mail.example>', '<recent@mail.example>'])
      .execute();
    expect(kept.map((k) => k.mail_key)).toEqual(['<recent@mail.example>']);
  });

  it('a crash after posting and before \\Seen posts once, and the restart marks the mail read', async () => {
    const quoteId = await newQuote();
    const token = await issuedToken(quoteId, 'BUYER');
    await imap.deliver(await raw({ from: buyer.email, to: `replies+${token}@example.com`, text: 'Posted before the crash' }));
    const crashing = reader({
      beforeSeen: () => {
        throw new Error('the process died here');
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow('the process died here');
    expect((await imap.counts()).unseen).toBe(1);
    await crashing.close();
    expect((await reader().runOnce()).taken).toBe(true);
    expect((await thread(quoteId)).filter((m) => m.author === 'BUYER').map((m) => m.text)).toEqual(['Posted before the crash']);
    expect((await imap.counts()).unseen).toBe(0);
  });

  it('a mailbox that goes away is retried, logged, and read again once it is back', async () => {
    const quoteId = await newQuote();
    const token = await issuedToken(quoteId, 'BUYER');
    const r = reader();
    await r.runOnce();
    await imap.stop();
    await imap.deliver(await raw({ from: buyer.email, to: `replies+${token}@example.com`, text: 'Sent while the mailbox was away' }));
    // Its open connection ends a moment after the server (dovecot's mail process is stopped after its master).
    let failed: unknown;
    for (let i = 0; i < 50 && !failed; i++) {
      failed = await r.runOnce().then(
        () => undefined,
        (err: unknown) => err ?? new Error('failed'),
      );
      if (!failed) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(failed).toBeInstanceOf(Error);
    expect(r.state()).toMatchObject({ reading: false, failures: 1 });
    // Still away: the next try fails too, and is counted.
    await expect(r.runOnce()).rejects.toThrow();
    expect(r.state().failures).toBe(2);
    await imap.start();
    expect((await r.runOnce()).taken).toBe(true);
    expect(r.state()).toMatchObject({ failures: 0 });
    expect((await thread(quoteId)).filter((m) => m.author === 'BUYER').map((m) => m.text)).toEqual(['Sent while the mailbox was away']);
  });

  it('with IMAP_URL the app reads the mailbox itself: a new mail is read at once in IDLE (no poll due), and /readyz tells', async () => {
    const own = await buildTestApp({ REPLY_ADDRESS: 'replies@example.com', IMAP_URL: imap.url, IMAP_POLL_SECONDS: '3600' });
    try {
      const owner = await own.loginUser({ fullName: 'Omar Haddad' });
      const product = await insertTestProduct(own.db);
      const res = await own.app.inject({
        method: 'POST',
        url: API.addQuote,
        payload: quoteBody(product),
        headers: { cookie: owner.cookie },
      });
      const quoteId = res.json<{ quote: { _id: string } }>().quote._id;
      const token = 'b'.repeat(32);
      await own.db
        .insertInto('reply_tokens')
        .values({
          token_hash: hashToken(token),
          thread_kind: 'quote',
          thread_id: quoteId,
          recipient: 'BUYER',
          user_id: owner.user._id,
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .execute();
      // Its first pass (at start) has run.
      await expect.poll(() => own.app.replyMailbox.reader?.state().reading, { timeout: 10_000 }).toBe(true);
      await imap.deliver(
        await raw({
          from: owner.email,
          to: `replies+${token}@example.com`,
          text: 'موافق على السعر.\n\nفي الجمعة، 27 نوفمبر 2026 كتب Agro <replies@example.com>:\n> x',
        }),
      );
      await expect
        .poll(
          async () => {
            const list = await own.app.inject({ method: 'GET', url: API.quoteMessages(quoteId), headers: { cookie: owner.cookie } });
            return list.json<MessageListResponse>().messages.map((m) => m.text);
          },
          { timeout: 8_000, interval: 200 },
        )
        .toEqual(['موافق على السعر.']);
      const ready = await own.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toMatchObject({ replyMailbox: { reading: true, failures: 0 } });
    } finally {
      await own.close();
    }
  });
});
