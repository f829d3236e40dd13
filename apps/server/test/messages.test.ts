/**
 * Issue 40: the conversation on quotes, inquiries and orders (and sample requests, issue 43). Posting (JSON and multipart, files
 * judged by their bytes), who may read and write (the buyer and administrators; anyone else 404),
 * attachments from the private store, hiding, read marks, the unread counts, the mail digests (one
 * mail for the messages of five minutes, on a clock the test moves), the Reply-To token, and the
 * live updates (Server-Sent Events).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  API,
  LANGUAGE_HEADER,
  QUOTE_DESK_MESSAGES,
  SAMPLE_API,
  THREAD_TEXT,
  type Inquiry,
  type MessageListResponse,
  type MessagePostResponse,
  type Order,
  type Quote,
  type QuoteDetail,
  type MySamplesResponse,
  type RequestChangesResponse,
  type Sample,
  type SamplesResponse,
  type ThreadMessage,
} from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens.js';
import { insertTestProduct, offerBody, quoteBody, sampleBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { file, makeImage, multipart } from './images-fixtures.js';

let t: TestApp;
// The app's clock in this file, an hour ahead of the real one: what the app still stamps with the
// real clock (the buyer's decisions) comes before what this clock stamps (messages; quotes,
// inquiries, offers and rejections since issue 41), whatever the time of day the suite runs (a fixed
// date failed once the day passed it).
let now = Date.now() + 60 * 60_000;
let productId: string;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ REPLY_ADDRESS: 'replies@example.com', PUBLIC_URL: 'https://agro.example' }, { clock: () => now });
  productId = await insertTestProduct(t.db);
  buyer = await t.loginUser({ fullName: 'Maria Lopez' });
  other = await t.loginUser();
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

async function newQuote(owner: TestUser = buyer): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(productId), headers: { cookie: owner.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ quote: { _id: string } }>().quote._id;
}

async function post(url: string, who: TestUser | null, payload: Record<string, unknown> | undefined, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
  });
}

async function list(url: string, who: TestUser, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `${url}${query}`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MessageListResponse>();
}

/** Mails written so far about threads (the digests), after the worker ran. */
async function threadMails() {
  return (await t.outbox()).filter((m) => /message/i.test(m.subject));
}

describe('a thread on a quote', () => {
  it('takes a message as JSON from the buyer and from an administrator, and lists them oldest first', async () => {
    const id = await newQuote();
    const first = await post(API.addQuoteMessage(id), buyer, { text: 'Can you pack in 10 kg cartons?' });
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<MessagePostResponse>();
    expect(answer).toMatchObject({ success: true, message: THREAD_TEXT.messageSent });
    expect(answer.item).toMatchObject({
      author: 'BUYER',
      authorName: 'Maria Lopez',
      text: 'Can you pack in 10 kg cartons?',
      attachments: [],
      readAt: null,
      hidden: false,
    });
    now += 1000;
    const reply = await post(API.addQuoteMessage(id), admin, { text: 'Yes, <b>of course</b>.' });
    expect(reply.json<MessagePostResponse>().item.author).toBe('COMPANY');

    const page = await list(API.quoteMessages(id), buyer);
    expect(page).toMatchObject({ success: true, total: 2, page: 1 });
    // Text stays text: nothing is turned into HTML.
    expect(page.messages.map((m) => m.text)).toEqual(['Can you pack in 10 kg cartons?', 'Yes, <b>of course</b>.']);
    expect(Object.keys(page.messages[0]!).sort()).toEqual([
      '_id',
      'attachments',
      'author',
      'authorName',
      'createdAt',
      'hidden',
      'readAt',
      'text',
    ]);
  });

  it('pages the thread: limit and page, oldest first', async () => {
    const id = await newQuote();
    for (let i = 1; i <= 5; i += 1) {
      now += 10;
      expect((await post(API.addQuoteMessage(id), buyer, { text: `message ${i}` })).statusCode).toBe(200);
    }
    const second = await list(API.quoteMessages(id), admin, '?page=2&limit=2');
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(second.messages.map((m) => m.text)).toEqual(['message 3', 'message 4']);
    const bad = await t.app.inject({ method: 'GET', url: `${API.quoteMessages(id)}?limit=0`, headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an empty message and a text that is too long', async () => {
    const id = await newQuote();
    const empty = await post(API.addQuoteMessage(id), buyer, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, message: THREAD_TEXT.textRequired });
    const long = await post(API.addQuoteMessage(id), buyer, { text: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: THREAD_TEXT.textTooLong });
  });

  it('is for its buyer and administrators only: another buyer gets 404, as for a thread that does not exist; anonymous 401', async () => {
    const id = await newQuote();
    await post(API.addQuoteMessage(id), buyer, { text: 'Private question' });
    for (const [method, url] of [
      ['GET', API.quoteMessages(id)],
      ['POST', API.addQuoteMessage(id)],
      ['GET', API.quoteMessageEvents(id)],
    ] as const) {
      const theirs = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { text: 'hi' } : undefined,
        headers: { cookie: other.cookie },
      });
      expect(theirs.statusCode, `${method} ${url}`).toBe(404);
      expect(theirs.json()).toEqual({ success: false, message: THREAD_TEXT.notFound });
      const none = await t.app.inject({
        method,
        url: url.replace(id, 'aaaaaaaaaaaaaaaaaaaaaaaa'),
        payload: method === 'POST' ? { text: 'hi' } : undefined,
        headers: { cookie: other.cookie },
      });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual(theirs.json());
      const anonymous = await t.app.inject({ method, url, payload: method === 'POST' ? { text: 'hi' } : undefined });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await list(API.quoteMessages(id), buyer)).total).toBe(1);
  });
});

describe('a thread on a sample request', () => {
  async function newSample(owner: TestUser): Promise<Sample> {
    const res = await t.app.inject({
      method: 'POST',
      url: SAMPLE_API.addSample,
      payload: sampleBody(productId),
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ sample: Sample }>().sample;
  }
  const inList = async (url: string, who: TestUser, id: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SamplesResponse | MySamplesResponse>().samples.find((s) => s._id === id);
  };

  it("the buyer and the company write on it; nobody else reads it; the lists count each side's unread; mails link to the request", async () => {
    const spanish = await t.loginUser({ fullName: 'Lucía Gómez' }, { [LANGUAGE_HEADER]: 'es' });
    const sample = await newSample(spanish);
    await t.outbox();
    const before = (await t.outbox()).length;
    expect((await post(API.addSampleMessage(sample._id), spanish, { text: '¿Pueden enviar 500 g en lugar de 250 g?' })).statusCode).toBe(
      200,
    );
    // Another buyer: the same 404 as for no request; anonymous: 401.
    expect((await post(API.addSampleMessage(sample._id), other, { text: 'Mine?' })).statusCode).toBe(404);
    const foreign = await t.app.inject({ method: 'GET', url: API.sampleMessages(sample._id), headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe(THREAD_TEXT.notFound);
    expect((await t.app.inject({ method: 'GET', url: API.sampleMessages(sample._id) })).statusCode).toBe(401);

    // The administrators' list counts the buyer's message as unread until one of them opens it.
    expect((await inList(`${SAMPLE_API.allSamples}?page=1&limit=50`, admin, sample._id))?.unread).toBe(1);
    // Five minutes on, unread: the company is mailed, in English, with the request's number and page.
    now += 5 * 60_000 + 1;
    const toCompany = (await t.outbox()).slice(before).find((m) => m.text.includes(sample._id) && m.to !== spanish.email);
    expect(toCompany?.subject).toContain(`sample request ${sample.number}`);
    expect(toCompany?.text).toContain('¿Pueden enviar 500 g en lugar de 250 g?');
    expect(toCompany?.text).toContain(`https://agro.example/profile/samples?sample=${sample._id}#messages`);
    const read = await list(API.sampleMessages(sample._id), admin);
    expect(read.messages.map((m) => m.text)).toEqual(['¿Pueden enviar 500 g en lugar de 250 g?']);
    expect((await inList(`${SAMPLE_API.allSamples}?page=1&limit=50`, admin, sample._id))?.unread).toBe(0);

    now += 60_000;
    expect((await post(API.addSampleMessage(sample._id), admin, { text: 'Yes, 500 g is fine.' })).statusCode).toBe(200);
    const mine = await inList(SAMPLE_API.mySamples, spanish, sample._id);
    expect(mine?.unread).toBe(1);
    expect(mine?.lastActivityAt).toBe(new Date(now).toISOString());

    // Five minutes on: the buyer is mailed the company's answer, in Spanish.
    now += 5 * 60_000 + 1;
    const toBuyer = (await t.outbox()).slice(before).find((m) => m.text.includes(sample._id) && m.to === spanish.email);
    expect(toBuyer?.subject.replace(/\s/g, '')).toBe(`Nuevo mensaje sobre su solicitud de muestras ${sample.number}`.replace(/\s/g, ''));
    expect(toBuyer?.text).toContain('Yes, 500 g is fine.');
    expect(toBuyer?.text).toContain(`https://agro.example/es/profile/samples?sample=${sample._id}#messages`);
  });
});

describe('attachments', () => {
  it('takes up to five files by multipart, judged by their bytes, and serves each to the same people only', async () => {
    const id = await newQuote();
    const pdf = Buffer.from('%PDF-1.4\n% lab report\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const png = await makeImage('png', 8, 8, 7);
    const form = await multipart([
      ['text', 'The lab report and a photo'],
      ['files', file(pdf, 'lab report.pdf', 'application/pdf')],
      ['files', file(png, 'carton.png', 'image/png')],
      ['files', file(Buffer.from('size;price\n10 kg;12.00\n'), 'prices.csv', 'text/csv')],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuoteMessage(id),
      payload: form.payload,
      headers: { ...form.headers, cookie: buyer.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json<MessagePostResponse>().item;
    expect(item.attachments.map((a) => [a.fileName, a.contentType, a.size])).toEqual([
      ['lab report.pdf', 'application/pdf', pdf.length],
      ['carton.png', 'image/png', png.length],
      ['prices.csv', 'text/csv', 23],
    ]);

    const pdfId = item.attachments[0]!._id;
    for (const who of [buyer, admin]) {
      const download = await t.app.inject({ method: 'GET', url: API.attachment(pdfId), headers: { cookie: who.cookie } });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="lab report.pdf"; filename*=UTF-8''lab%20report.pdf`);
      expect(download.headers['cache-control']).toBe('private, no-store');
      expect(download.rawPayload.equals(pdf)).toBe(true);
    }
    const theirs = await t.app.inject({ method: 'GET', url: API.attachment(pdfId), headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: API.attachment(pdfId) })).statusCode).toBe(401);
    // Kept in the private store, never under the public uploads.
    const stored = await fs.readdir(t.config.documentsDir);
    expect(stored.some((name) => name.endsWith('.pdf'))).toBe(true);
    expect(await fs.readdir(t.config.uploadsDir).catch(() => [])).toEqual([]);
  });

  it("go with their quote when an administrator deletes it: the messages' rows and files", async () => {
    const id = await newQuote();
    const form = await multipart([
      ['text', 'Report'],
      ['files', file(Buffer.from('%PDF-1.4\n%%EOF\n'), 'report.pdf', 'application/pdf')],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuoteMessage(id),
      payload: form.payload,
      headers: { ...form.headers, cookie: buyer.cookie },
    });
    const attachmentId = res.json<MessagePostResponse>().item.attachments[0]!._id;
    const { storage_name } = await t.db
      .selectFrom('message_attachments')
      .select('storage_name')
      .where('id', '=', attachmentId)
      .executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'DELETE', url: API.deleteQuote(id), headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(await t.db.selectFrom('messages').select('id').where('thread_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('message_digests').select('id').where('thread_id', '=', id).execute()).toEqual([]);
    expect(await fs.readdir(t.config.documentsDir)).not.toContain(storage_name);
    expect((await t.app.inject({ method: 'GET', url: API.attachment(attachmentId), headers: { cookie: admin.cookie } })).statusCode).toBe(
      404,
    );
  });

  it('refuses a program renamed .pdf, a sixth file and a file over 20 MB, with a clear message, and keeps nothing', async () => {
    const id = await newQuote();
    const before = await fs.readdir(t.config.documentsDir).catch(() => [] as string[]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);
    exe.writeUInt32LE(64, 60);
    const send = async (entries: Parameters<typeof multipart>[0]) => {
      const form = await multipart(entries);
      return t.app.inject({
        method: 'POST',
        url: API.addQuoteMessage(id),
        payload: form.payload,
        headers: { ...form.headers, cookie: buyer.cookie },
      });
    };
    const program = await send([
      ['text', 'invoice'],
      ['files', file(exe, 'invoice.pdf', 'application/pdf')],
    ]);
    expect(program.statusCode).toBe(415);
    expect(program.json()).toEqual({ success: false, message: THREAD_TEXT.fileNotAllowed });

    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const six = await send([
      ['text', 'six'],
      ...Array.from({ length: 6 }, (_, i) => ['files', file(pdf, `f${i}.pdf`, 'application/pdf')] as const),
    ]);
    expect(six.statusCode).toBe(413);
    expect(six.json()).toEqual({ success: false, message: THREAD_TEXT.tooManyFiles });

    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024)]);
    const oversized = await send([
      ['text', 'big'],
      ['files', file(big, 'big.pdf', 'application/pdf')],
    ]);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ success: false, message: THREAD_TEXT.fileTooLarge });

    expect((await list(API.quoteMessages(id), buyer)).total).toBe(0);
    expect(await fs.readdir(t.config.documentsDir).catch(() => [] as string[])).toEqual(before);
  });
});

describe('hiding, read marks and unread counts', () => {
  it('an administrator hides a message: the line stays without text or files, an audit row says who', async () => {
    const id = await newQuote();
    const posted = (await post(API.addQuoteMessage(id), buyer, { text: 'Call me on +1 555 0100' })).json<MessagePostResponse>().item;
    expect((await post(API.hideMessage(posted._id), buyer, {})).statusCode).toBe(403);
    const hidden = await post(API.hideMessage(posted._id), admin, {});
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<MessagePostResponse>().item).toMatchObject({ _id: posted._id, hidden: true, text: '', attachments: [] });
    const page = await list(API.quoteMessages(id), buyer);
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({ hidden: true, text: '' });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', posted._id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity_type: 'message', action: 'update', actor_email: admin.email });
    expect((await post(API.hideMessage(posted._id), admin, {})).statusCode).toBe(409);
    expect((await post(API.hideMessage('aaaaaaaaaaaaaaaaaaaaaaaa'), admin, {})).statusCode).toBe(404);
  });

  it("reading a thread marks the other side's messages read (readAt) and clears the reader's unread count", async () => {
    const id = await newQuote();
    const fresh = await t.loginAdmin();
    const unread = async (who: TestUser) =>
      (await t.app.inject({ method: 'GET', url: API.unreadMessages, headers: { cookie: who.cookie } })).json<{ unread: number }>().unread;
    const adminBefore = await unread(fresh);
    const question = (await post(API.addQuoteMessage(id), buyer, { text: 'Question' })).json<MessagePostResponse>().item;
    now += 1000;
    await post(API.addQuoteMessage(id), buyer, { text: 'And another' });
    expect(await unread(fresh)).toBe(adminBefore + 2);
    // The buyer reading their own messages marks nothing.
    expect((await list(API.quoteMessages(id), buyer)).messages.every((m) => m.readAt === null)).toBe(true);
    now += 1000;
    const read = await list(API.quoteMessages(id), fresh);
    expect(read.messages.find((m) => m._id === question._id)?.readAt).toBe(new Date(now).toISOString());
    expect(await unread(fresh)).toBe(adminBefore);

    const buyerBefore = await unread(buyer);
    now += 1000;
    await post(API.addQuoteMessage(id), fresh, { text: 'Answer' });
    expect(await unread(buyer)).toBe(buyerBefore + 1);
    expect(await unread(other)).toBe(0);
    await list(API.quoteMessages(id), buyer);
    expect(await unread(buyer)).toBe(buyerBefore);
  });

  it("an administrator's unread total follows every change of the threads: a message, a read, a hidden message, a deleted lead", async () => {
    const fresh = await t.loginAdmin();
    const unread = async () =>
      (await t.app.inject({ method: 'GET', url: API.unreadMessages, headers: { cookie: fresh.cookie } })).json<{ unread: number }>().unread;
    const base = await unread();
    expect(await unread()).toBe(base);
    const id = await newQuote();
    const first = (await post(API.addQuoteMessage(id), buyer, { text: 'One' })).json<MessagePostResponse>().item;
    expect(await unread()).toBe(base + 1);
    await post(API.addQuoteMessage(id), buyer, { text: 'Two' });
    expect(await unread()).toBe(base + 2);
    expect((await post(API.hideMessage(first._id), admin, {})).statusCode).toBe(200);
    expect(await unread()).toBe(base + 1);
    const gone = await newQuote();
    await post(API.addQuoteMessage(gone), buyer, { text: 'Three' });
    expect(await unread()).toBe(base + 2);
    expect((await t.app.inject({ method: 'DELETE', url: API.deleteQuote(gone), headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(await unread()).toBe(base + 1);
    now += 1000;
    await list(API.quoteMessages(id), fresh);
    expect(await unread()).toBe(base);
  });
});

describe('mails', () => {
  it('three buyer messages within five minutes make one mail to the company, sent five minutes after the first', async () => {
    await t.outbox();
    const id = await newQuote();
    const mailsBefore = (await threadMails()).length;
    for (const text of ['One', 'Two', 'Three']) {
      await post(API.addQuoteMessage(id), buyer, { text });
      now += 60_000;
    }
    expect((await threadMails()).length).toBe(mailsBefore);
    now += 2 * 60_000 + 1;
    const mails = (await threadMails()).slice(mailsBefore).filter((m) => m.text.includes(id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain('@');
    expect(mails[0]!.subject).toContain('quote request');
    for (const text of ['One', 'Two', 'Three']) expect(mails[0]!.text).toContain(text);
    expect(mails[0]!.text).toContain(`https://agro.example/quote/description?id=${id}`);
    // Sent once: the worker running again adds nothing.
    now += 10 * 60_000;
    expect((await threadMails()).filter((m) => m.text.includes(id))).toHaveLength(1);
  });

  it('leaves out of the mail what the recipient already read on the site: no mail when nothing is left', async () => {
    await t.outbox();
    const id = await newQuote();
    await post(API.addQuoteMessage(id), admin, { text: 'Read before the mail' });
    now += 60_000;
    await list(API.quoteMessages(id), buyer);
    now += 5 * 60_000;
    expect((await t.outbox()).filter((m) => m.text.includes('Read before the mail'))).toEqual([]);
  });

  it('does not mail the company about a quote held as spam', async () => {
    await t.outbox();
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      payload: quoteBody(productId, { website: 'https://bot.example' }),
      headers: { cookie: buyer.cookie },
    });
    const id = res.json<{ quote: { _id: string } }>().quote._id;
    expect((await post(API.addQuoteMessage(id), buyer, { text: 'Cheap watches here' })).statusCode).toBe(200);
    now += 5 * 60_000 + 1;
    expect((await t.outbox()).filter((m) => m.text.includes('Cheap watches here'))).toEqual([]);
  });

  it("a company message mails the buyer in the buyer's language, with the attachments' names, the link and a Reply-To bound to the thread", async () => {
    await t.outbox();
    const spanish = await t.loginUser({ fullName: 'Lucía Gómez' }, { [LANGUAGE_HEADER]: 'es' });
    const id = await newQuote(spanish);
    const before = (await t.outbox()).length;
    const form = await multipart([
      ['text', 'Adjuntamos la ficha técnica.'],
      ['files', file(Buffer.from('%PDF-1.4\n%%EOF\n'), 'ficha.pdf', 'application/pdf')],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuoteMessage(id),
      payload: form.payload,
      headers: { ...form.headers, cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    now += 5 * 60_000 + 1;
    const mails = (await t.outbox()).slice(before).filter((m) => m.to === spanish.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    // (The test's mail reader joins encoded header words with a space.)
    expect(mail.subject.replace(/\s/g, '')).toBe(
      `Nuevo mensaje sobre su solicitud de cotización #${id.slice(-6).toUpperCase()}`.replace(/\s/g, ''),
    );
    expect(mail.text).toContain('Adjuntamos la ficha técnica.');
    expect(mail.text).toContain('Adjuntos: ficha.pdf');
    expect(mail.text).toContain(`https://agro.example/es/profile?quote=${id}#messages`);
    const raw = await fs.readFile(path.join(t.config.outboxDir, mail.file), 'utf8');
    const replyTo = /^Reply-To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '';
    const token = /^replies\+([a-z2-7]{32})@example\.com$/.exec(replyTo)?.[1];
    expect(token, replyTo).toBeDefined();
    // Only the token's hash is kept, bound to this thread and this buyer; the outbox row keeps it sealed.
    const stored = await t.db.selectFrom('reply_tokens').selectAll().where('token_hash', '=', hashToken(token!)).executeTakeFirst();
    expect(stored).toMatchObject({ thread_kind: 'quote', thread_id: id, recipient: 'BUYER', user_id: spanish.user._id });
    const rows = await t.db.selectFrom('mail_outbox').select(['reply_to', 'text_body']).execute();
    expect(rows.some((r) => (r.reply_to ?? '').includes(token!) || r.text_body.includes(token!))).toBe(false);
  });
});

describe('live updates (Server-Sent Events)', () => {
  it('delivers a new message to a thread open in another browser, and nothing of other threads', async () => {
    const id = await newQuote();
    const elsewhere = await newQuote();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const received: string[] = [];
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: API.quoteMessageEvents(id), headers: { cookie: admin.cookie } }, resolve)
        .on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    stream.setEncoding('utf8');
    const ready = new Promise<void>((resolve) => {
      stream.on('data', (chunk: string) => {
        received.push(chunk);
        if (chunk.includes(': ready')) resolve();
      });
    });
    await ready;
    await post(API.addQuoteMessage(elsewhere), buyer, { text: 'Not for this thread' });
    const started = Date.now();
    await post(API.addQuoteMessage(id), buyer, { text: 'Live hello' });
    await expect.poll(() => received.join(''), { timeout: 5000 }).toContain('Live hello');
    expect(Date.now() - started).toBeLessThan(5000);
    const event = received
      .join('')
      .split('\n\n')
      .find((e) => e.includes('Live hello'))!;
    expect(event).toMatch(/^event: message$/m);
    const data = JSON.parse(/^data: (.*)$/m.exec(event)![1]!) as { kind: string; threadId: string; item: ThreadMessage };
    expect(data).toMatchObject({ kind: 'quote', threadId: id, item: { text: 'Live hello', author: 'BUYER' } });
    expect(received.join('')).not.toContain('Not for this thread');

    // An administrator hides it: the other browser is told.
    await post(API.hideMessage(data.item._id), admin, {});
    await expect.poll(() => received.join(''), { timeout: 5000 }).toMatch(/^event: hidden$/m);
    stream.destroy();

    // A browser that reconnects with the last event it got first gets what it missed.
    await post(API.addQuoteMessage(id), buyer, { text: 'While you were away' });
    const again = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: API.quoteMessageEvents(id), headers: { cookie: admin.cookie, 'last-event-id': data.item._id } },
          resolve,
        )
        .on('error', reject);
    });
    again.setEncoding('utf8');
    let missed = '';
    await new Promise<void>((resolve) =>
      again.on('data', (chunk: string) => {
        missed += chunk;
        if (missed.includes(': ready')) resolve();
      }),
    );
    expect(missed.indexOf('While you were away')).toBeGreaterThan(-1);
    expect(missed.indexOf('While you were away')).toBeLessThan(missed.indexOf(': ready'));
    expect(missed).not.toContain('Live hello');
    again.destroy();
  });

  it('shows the writer that the other side has seen their messages (a `read` event), once, and only when something became read', async () => {
    const id = await newQuote();
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = t.app.server.address() as AddressInfo;
    let received = '';
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: API.quoteMessageEvents(id), headers: { cookie: admin.cookie } }, resolve)
        .on('error', reject);
    });
    stream.setEncoding('utf8');
    await new Promise<void>((resolve) =>
      stream.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes(': ready')) resolve();
      }),
    );
    await post(API.addQuoteMessage(id), admin, { text: 'First answer' });
    const second = await post(API.addQuoteMessage(id), admin, { text: 'Second answer' });
    const secondId = second.json<{ item: ThreadMessage }>().item._id;
    const readEvents = () => received.split('\n\n').filter((e) => /^event: read$/m.test(e));
    expect(readEvents()).toHaveLength(0);

    const list = () => t.app.inject({ method: 'GET', url: API.quoteMessages(id), headers: { cookie: buyer.cookie } });
    expect((await list()).statusCode).toBe(200);
    await expect.poll(() => readEvents().length, { timeout: 5000 }).toBe(1);
    const event = readEvents()[0]!;
    // It names the newest message now read; the client's Last-Event-ID is not moved back by it.
    expect(event).not.toMatch(/^id: /m);
    const data = JSON.parse(/^data: (.*)$/m.exec(event)![1]!) as { item: ThreadMessage };
    expect(data.item).toMatchObject({ _id: secondId, author: 'COMPANY' });
    expect(data.item.readAt).not.toBeNull();

    // Opened again with nothing new: nothing is written, nobody is told.
    const before = await t.db.selectFrom('thread_reads').select('last_read_at').where('thread_id', '=', id).execute();
    expect((await list()).statusCode).toBe(200);
    await post(API.addQuoteMessage(id), buyer, { text: 'Thank you' });
    await expect.poll(() => received, { timeout: 5000 }).toContain('Thank you');
    expect(readEvents()).toHaveLength(1);
    expect(await t.db.selectFrom('thread_reads').select('last_read_at').where('thread_id', '=', id).execute()).toEqual(before);
    stream.destroy();
  });
});

it('holds at most 20 live streams open per account on a process (429 beyond), and frees them when they close', async () => {
  const id = await newQuote();
  const open = () =>
    t.app.inject({ method: 'GET', url: API.quoteMessageEvents(id), headers: { cookie: buyer.cookie }, payloadAsStream: true });
  const streams = [];
  for (let i = 0; i < 20; i += 1) {
    const res = await open();
    expect(res.statusCode).toBe(200);
    streams.push(res);
  }
  const refused = await open();
  expect(refused.statusCode).toBe(429);
  refused.stream().resume();
  for (const res of streams) (res.raw.res as unknown as { destroy(): void }).destroy();
  await expect.poll(async () => (await open()).statusCode).toBe(200);
});

describe('asking for changes to an offer', () => {
  async function offeredQuote(owner: TestUser = buyer): Promise<{ id: string; offerId: string }> {
    const id = await newQuote(owner);
    const res = await post(API.quoteOffer(id), admin, offerBody());
    expect(res.statusCode, res.body).toBe(200);
    return { id, offerId: res.json<{ quote: Quote }>().quote.offer!._id };
  }

  it('makes the quote CHANGES_REQUESTED, records it, puts the proposal in the thread and mails the company; a revised offer makes it QUOTED again', async () => {
    await t.outbox();
    const { id, offerId } = await offeredQuote();
    const res = await post(API.quoteRequestChanges(id), buyer, {
      offerId,
      note: '12.00 a kilo for two containers?',
      unitPrice: '12.00',
      requiredQty: 2000,
      incoterm: 'CIF',
      leadTimeDays: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<RequestChangesResponse>();
    expect(answer).toMatchObject({ success: true, message: THREAD_TEXT.changesRequested });
    expect(answer.quote.status).toBe('CHANGES_REQUESTED');
    expect(answer.quote.history.at(-1)).toMatchObject({
      status: 'CHANGES_REQUESTED',
      by: 'BUYER',
      offerId,
      note: '12.00 a kilo for two containers?',
    });
    expect(answer.item).toMatchObject({
      author: 'BUYER',
      text: '12.00 a kilo for two containers?',
      proposal: {
        offerId,
        quotationNumber: answer.quote.offer!.quotationNumber,
        currency: 'USD',
        unitPrice: '12.00',
        unitPriceMinor: 1200,
        requiredQty: 2000,
        incoterm: 'CIF',
        leadTimeDays: 30,
      },
    });
    expect(answer.item.proposal).not.toHaveProperty('destination');
    // The admin's list filters by it.
    const filtered = await t.app.inject({
      method: 'GET',
      url: `${API.allQuotes}?status=CHANGES_REQUESTED&page=1&limit=100`,
      headers: { cookie: admin.cookie },
    });
    expect(filtered.json<{ quotes: Quote[] }>().quotes.map((q) => q._id)).toContain(id);

    now += 5 * 60_000 + 1;
    const mail = (await t.outbox()).find((m) => m.text.includes('Proposed changes to') && m.text.includes(id));
    expect(mail?.text).toContain('Unit price: USD 12.00');
    const thread = await list(API.quoteMessages(id), admin);
    expect(thread.messages.at(-1)?.proposal?.unitPriceMinor).toBe(1200);

    const revised = await post(API.quoteOffer(id), admin, offerBody({ unitPrice: '12.10' }));
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json<{ quote: Quote }>().quote).toMatchObject({ status: 'QUOTED', offer: { revision: 2, unitPrice: '12.10' } });
  });

  it('refuses (409) an offer that is not the current one, an expired offer and a decided quote; 400 on a bad field', async () => {
    const { id, offerId } = await offeredQuote();
    expect((await post(API.quoteRequestChanges(id), buyer, { offerId, note: 'x', unitPrice: '-3' })).statusCode).toBe(400);
    expect((await post(API.quoteRequestChanges(id), buyer, { offerId, note: 'x', incoterm: 'XYZ' })).json()).toMatchObject({
      message: QUOTE_DESK_MESSAGES.incotermInvalid,
    });
    expect((await post(API.quoteRequestChanges(id), buyer, { offerId })).json()).toMatchObject({ message: THREAD_TEXT.noteRequired });

    await post(API.quoteOffer(id), admin, offerBody({ unitPrice: '11.00' }));
    const stale = await post(API.quoteRequestChanges(id), buyer, { offerId, note: 'Lower please' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, message: THREAD_TEXT.notCurrentOffer });

    const expired = await offeredQuote();
    const past = new Date(now - 60_000).toISOString();
    await t.db.updateTable('quotes').set({ offer_expires_at: past }).where('id', '=', expired.id).execute();
    await t.db.updateTable('quote_offers').set({ expires_at: past, valid_until: '2026-11-26' }).where('id', '=', expired.offerId).execute();
    const late = await post(API.quoteRequestChanges(expired.id), buyer, { offerId: expired.offerId, note: 'Lower please' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, message: QUOTE_DESK_MESSAGES.offerExpired('2026-11-26') });

    const decided = await offeredQuote();
    expect((await post(API.quoteAccept(decided.id), buyer, { offerId: decided.offerId })).statusCode).toBe(200);
    const done = await post(API.quoteRequestChanges(decided.id), buyer, { offerId: decided.offerId, note: 'Lower please' });
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ success: false, message: QUOTE_DESK_MESSAGES.alreadyDecided('ACCEPTED') });

    // Only the quote's owner asks; nothing changed by the refusals.
    const theirs = await offeredQuote(other);
    expect((await post(API.quoteRequestChanges(theirs.id), buyer, { offerId: theirs.offerId, note: 'Mine?' })).statusCode).toBe(403);
    expect((await post(API.quoteRequestChanges(theirs.id), admin, { offerId: theirs.offerId, note: 'Mine?' })).statusCode).toBe(403);
    expect((await list(API.quoteMessages(decided.id), buyer)).total).toBe(0);
  });

  it('lets the buyer still accept the offer they asked changes to', async () => {
    const { id, offerId } = await offeredQuote();
    expect((await post(API.quoteRequestChanges(id), buyer, { offerId, note: 'Could you do 30 days?' })).statusCode).toBe(200);
    const accepted = await post(API.quoteAccept(id), buyer, { offerId });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ quote: Quote }>().quote.status).toBe('ACCEPTED');
  });
});

describe('who has seen what', () => {
  it("records when the buyer first opens the quote or its PDF after the offer was sent, never the administrator's look", async () => {
    const id = await newQuote();
    await post(API.quoteOffer(id), admin, offerBody());
    const detail = async (who: TestUser) =>
      (await t.app.inject({ method: 'GET', url: API.quote(id), headers: { cookie: who.cookie } })).json<{ quote: QuoteDetail }>().quote;
    expect((await detail(admin)).offer!.viewedAt).toBeNull();
    now += 1000;
    const seenAt = new Date(now).toISOString();
    expect((await t.app.inject({ method: 'GET', url: API.quotePdf(id), headers: { cookie: buyer.cookie } })).statusCode).toBe(200);
    now += 1000;
    expect((await detail(buyer)).offer!.viewedAt).toBe(seenAt);
    expect((await detail(admin)).offers[0]!.viewedAt).toBe(seenAt);
    // A revised offer is unseen until the buyer looks again.
    await post(API.quoteOffer(id), admin, offerBody({ unitPrice: '13.00' }));
    expect((await detail(admin)).offer!.viewedAt).toBeNull();
  });

  it('lists carry unread and lastActivityAt, and sort=activity puts the latest conversation first', async () => {
    const lister = await t.loginUser();
    const older = await newQuote(lister);
    now += 1000;
    const newer = await newQuote(lister);
    now += 1000;
    await post(API.addQuoteMessage(older), admin, { text: 'News about your older request' });
    const mine = async (query = '') =>
      (await t.app.inject({ method: 'GET', url: `${API.userQuotes}${query}`, headers: { cookie: lister.cookie } })).json<{
        quotes: Quote[];
      }>().quotes;
    expect((await mine()).map((q) => q._id)).toEqual([newer, older]);
    const byActivity = await mine('?sort=activity');
    expect(byActivity.map((q) => q._id)).toEqual([older, newer]);
    expect(byActivity[0]).toMatchObject({ unread: 1, lastActivityAt: new Date(now).toISOString() });
    expect(byActivity[1]).toMatchObject({ unread: 0 });
    expect(
      (await t.app.inject({ method: 'GET', url: `${API.userQuotes}?sort=sideways`, headers: { cookie: lister.cookie } })).statusCode,
    ).toBe(400);

    const adminPage = await t.app.inject({
      method: 'GET',
      url: `${API.allQuotes}?sort=activity&page=1&limit=5`,
      headers: { cookie: admin.cookie },
    });
    expect(adminPage.statusCode, adminPage.body).toBe(200);
    const first = adminPage.json<{ quotes: Quote[] }>().quotes[0]!;
    expect(first._id).toBe(older);
    expect(first).toMatchObject({ unread: 0, lastActivityAt: new Date(now).toISOString() });
  });

  it('threads on inquiries and orders work the same way, and their lists show the unread messages', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: API.addContact,
      headers: { cookie: buyer.cookie },
      payload: {
        fullName: 'Maria Lopez',
        email: 'maria@globalfoods.example',
        companyName: 'Global Foods Ltd',
        country: 'Spain',
        productId,
        estimatedQuantity: 500,
        description: 'Please send prices for 500 kg.',
      },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const inquiryId = contact.json<{ contact: { _id: string } }>().contact._id;
    expect((await post(API.addContactMessage(inquiryId), admin, { text: 'Which port?' })).statusCode).toBe(200);
    expect((await post(API.addContactMessage(inquiryId), other, { text: 'Which port?' })).statusCode).toBe(404);
    const inquiries = await t.app.inject({ method: 'GET', url: `${API.myInquiries}?sort=activity`, headers: { cookie: buyer.cookie } });
    expect(inquiries.statusCode, inquiries.body).toBe(200);
    expect(inquiries.json<{ inquiries: Inquiry[] }>().inquiries[0]).toMatchObject({ _id: inquiryId, unread: 1 });
    expect(
      (await t.app.inject({ method: 'GET', url: API.myInquiries, headers: { cookie: other.cookie } })).json<{ inquiries: Inquiry[] }>()
        .inquiries,
    ).toEqual([]);

    const quoteId = await newQuote();
    const offer = (await post(API.quoteOffer(quoteId), admin, offerBody())).json<{ quote: Quote }>().quote.offer!;
    expect((await post(API.quoteAccept(quoteId), buyer, { offerId: offer._id })).statusCode).toBe(200);
    const orderId = (await t.db.selectFrom('orders').select('id').where('quote_id', '=', quoteId).executeTakeFirstOrThrow()).id;
    expect((await post(API.addOrderMessage(orderId), buyer, { text: 'When does it ship?' })).statusCode).toBe(200);
    expect((await list(API.orderMessages(orderId), admin)).messages[0]).toMatchObject({ text: 'When does it ship?', author: 'BUYER' });
    expect((await t.app.inject({ method: 'GET', url: API.orderMessages(orderId), headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    now += 1000;
    await post(API.addOrderMessage(orderId), admin, { text: 'Next week.' });
    const orders = await t.app.inject({ method: 'GET', url: `${API.myOrders}?sort=activity`, headers: { cookie: buyer.cookie } });
    expect(orders.json<{ orders: Order[] }>().orders[0]).toMatchObject({ _id: orderId, unread: 1 });
    const all = await t.app.inject({
      method: 'GET',
      url: `${API.allOrders}?sort=activity&page=1&limit=5`,
      headers: { cookie: admin.cookie },
    });
    expect(all.json<{ orders: Order[] }>().orders[0]).toMatchObject({ _id: orderId, unread: 0 });
  });
});

it('sweeps expired reply tokens and digests sent long ago (runs last: it moves the clock half a year on)', async () => {
  expect((await t.db.selectFrom('reply_tokens').select('token_hash').execute()).length).toBeGreaterThan(0);
  now += 181 * 24 * 3_600_000;
  await t.outbox();
  const today = new Date(now).toISOString();
  const monthAgo = new Date(now - 30 * 24 * 3_600_000).toISOString();
  expect(await t.db.selectFrom('reply_tokens').select('token_hash').where('expires_at', '<', today).execute()).toEqual([]);
  expect(await t.db.selectFrom('message_digests').select('id').where('sent_at', '<', monthAgo).execute()).toEqual([]);
});
