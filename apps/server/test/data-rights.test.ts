/**
 * The buyer's data rights (issue 44, item 3): the export (JSON and ZIP) holds everything of the
 * account and nothing of another; the deletion refuses a wrong password and the last
 * administrator, removes the account with its sessions and second factor, makes its leads without
 * an order anonymous in every answer, list, CSV and search, keeps its orders for the retention
 * period and says so, and writes one audit row. Both databases (DATABASE_URL).
 */
import {
  API,
  DATA_RIGHTS_TEXT,
  DELETED_ACCOUNT_TEXT,
  dataExportSchema,
  deletedAccountEmail,
  offerSchema,
  type AccountDeleted,
  type DataExport,
  type Inquiry,
  type Quote,
  ACCOUNT_API,
} from '@agro/shared';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { nowIso } from '../src/db/mappers.js';
import { orderRetention } from '../src/modules/data-rights/retention.js';
import { keptUntil } from '../src/modules/data-rights/service.js';
import { decideQuote, sendOffer } from '../src/modules/quote/service.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { NOWHERE_WEBHOOK_URL, contactBody } from './security/endpoints.js';

let t: TestApp;
let admin: TestUser;
let productId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAdmin();
  productId = await insertTestProduct(t.db, { productName: 'Rights Jaggery' });
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const deleteAccount = (cookie: string, password: unknown) =>
  t.app.inject({ method: 'DELETE', url: ACCOUNT_API.deleteAccount, headers: { cookie }, payload: { password } });

/** A file stored as the order's documents and the threads' attachments are. */
async function storedFile(content: string, ext: string): Promise<string> {
  const name = `${randomBytes(24).toString('hex')}.${ext}`;
  await fs.mkdir(t.config.documentsDir, { recursive: true });
  await fs.writeFile(path.join(t.config.documentsDir, name), content);
  return name;
}

interface World {
  buyer: TestUser;
  openQuote: Quote;
  orderedQuote: Quote;
  orderId: string;
  orderNumber: string;
  inquiry: Inquiry;
  documentBytes: string;
  attachmentBytes: string;
  quoteAttachment: string;
}

/** A buyer with a quote left open (a message and an attachment in its thread), a quote that became an order (a document, an attachment), an inquiry. */
async function world(tag: string): Promise<World> {
  const buyer = await t.loginUser({ fullName: `Zelda ${tag}`, email: `zelda.${tag}@example.com` });
  const add = async (companyName: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      headers: { cookie: buyer.cookie },
      payload: quoteBody(productId, {
        companyName,
        contactPersonName: `Zelda ${tag}`,
        companyEmail: buyer.email,
        country: 'Germany',
        requiredQty: 4321,
        additionalInfo: `Call Zelda ${tag} on her mobile`,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ quote: Quote }>().quote;
  };
  const openQuote = await add(`Open${tag} Trading`);
  const orderedQuote = await add(`Kept${tag} Foods`);
  await sendOffer(t.db, t.dialect, orderedQuote._id, offerSchema.parse(offerBody()), { userId: admin.user._id });
  await decideQuote(t.db, orderedQuote._id, 'ACCEPTED', '', { userId: buyer.user._id });
  const order = await t.db
    .selectFrom('orders')
    .select(['id', 'order_number'])
    .where('quote_id', '=', orderedQuote._id)
    .executeTakeFirstOrThrow();
  const inquiryRes = await t.app.inject({
    method: 'POST',
    url: API.addContact,
    headers: { cookie: buyer.cookie },
    payload: contactBody(productId, {
      fullName: `Zelda ${tag}`,
      email: buyer.email,
      companyName: `Inq${tag} GmbH`,
      description: `Zelda ${tag} asks`,
    }),
  });
  expect(inquiryRes.statusCode, inquiryRes.body).toBe(200);
  const inquiry = (await t.db.selectFrom('contacts').select('id').where('user_id', '=', buyer.user._id).executeTakeFirstOrThrow()).id;
  for (const [url, who, text] of [
    [API.addQuoteMessage(openQuote._id), buyer, `Zelda ${tag} writes on the open quote`],
    [API.addQuoteMessage(openQuote._id), admin, 'The company answers the open quote'],
    [API.addOrderMessage(order.id), buyer, `Zelda ${tag} writes on the order`],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload: { text } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const documentBytes = `%PDF-1.4\n% bill of lading ${tag}\n`;
  await t.db
    .insertInto('order_documents')
    .values({
      id: newId(),
      order_id: order.id,
      type: 'BILL_OF_LADING',
      file_name: 'bl.pdf',
      storage_name: await storedFile(documentBytes, 'pdf'),
      content_type: 'application/pdf',
      bytes: documentBytes.length,
      uploaded_by: admin.user._id,
      created_at: nowIso(),
    })
    .execute();
  const attach = async (threadKind: 'quote' | 'order', threadId: string, content: string) => {
    const message = await t.db
      .selectFrom('messages')
      .select('id')
      .where('thread_kind', '=', threadKind)
      .where('thread_id', '=', threadId)
      .where('author', '=', 'BUYER')
      .executeTakeFirstOrThrow();
    const storageName = await storedFile(content, 'png');
    await t.db
      .insertInto('message_attachments')
      .values({
        id: newId(),
        message_id: message.id,
        file_name: 'photo.png',
        storage_name: storageName,
        content_type: 'image/png',
        bytes: content.length,
        position: 0,
      })
      .execute();
    return storageName;
  };
  const attachmentBytes = `png of the order ${tag}`;
  await attach('order', order.id, attachmentBytes);
  const quoteAttachment = await attach('quote', openQuote._id, `png of the open quote ${tag}`);
  return {
    buyer,
    openQuote,
    orderedQuote,
    orderId: order.id,
    orderNumber: order.order_number,
    inquiry: { _id: inquiry } as Inquiry,
    documentBytes,
    attachmentBytes,
    quoteAttachment,
  };
}

describe('GET /api/v1/user/export', () => {
  let w: World;
  let other: World;
  beforeAll(async () => {
    w = await world(`exp${randomBytes(3).toString('hex')}`);
    other = await world(`oth${randomBytes(3).toString('hex')}`);
  });

  it("answers one JSON file of the account, its sessions, quotes with offers and history, orders, inquiries and messages, and nothing of another's", async () => {
    const res = await get(ACCOUNT_API.dataExport, w.buyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="agro-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data: DataExport = dataExportSchema.parse(JSON.parse(res.body));
    expect(data.account).toMatchObject({ _id: w.buyer.user._id, email: w.buyer.email, twoStepSignIn: false });
    expect(data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(data.quotes.map((q) => q._id).sort()).toEqual([w.openQuote._id, w.orderedQuote._id].sort());
    const ordered = data.quotes.find((q) => q._id === w.orderedQuote._id)!;
    expect(ordered.offers).toHaveLength(1);
    expect(ordered.history.map((h) => h.status)).toContain('ACCEPTED');
    expect(data.orders.map((o) => o.orderNumber)).toEqual([w.orderNumber]);
    expect(data.orders[0]!.milestones.length).toBeGreaterThan(0);
    expect(data.inquiries.map((i) => i._id)).toEqual([w.inquiry._id]);
    expect(data.messages.map((m) => m.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('writes on the open quote'), 'The company answers the open quote']),
    );
    // Its sample requests: none here (test/samples.test.ts exports and anonymises them).
    expect(data.samples).toEqual([]);
    expect(data.files.map((f) => f.kind).sort()).toEqual(['message-attachment', 'message-attachment', 'order-document']);
    // No secret, no hash, no company-only field, nothing of the other buyer.
    const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', w.buyer.user._id).executeTakeFirstOrThrow();
    expect(res.body).not.toContain(row.password_hash);
    for (const word of [
      'password',
      'totp',
      'token',
      'spamReason',
      'assignee',
      'storageName',
      other.buyer.email,
      other.buyer.user._id,
      other.openQuote._id,
    ]) {
      expect(res.body).not.toContain(word);
    }
  });

  it('?format=zip: data.json and the attachments and documents as stored', async () => {
    const res = await get(`${ACCOUNT_API.dataExport}?format=zip`, w.buyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="agro-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const data = dataExportSchema.parse(JSON.parse(new TextDecoder().decode(entries['data.json'])));
    expect(data.account.email).toBe(w.buyer.email);
    const names = Object.keys(entries).sort();
    expect(names).toEqual(['data.json', ...data.files.map((f) => f.path)].sort());
    const text = (p: string) => new TextDecoder().decode(entries[p]);
    const document = data.files.find((f) => f.kind === 'order-document')!;
    expect(text(document.path)).toBe(w.documentBytes);
    expect(data.files.filter((f) => f.kind === 'message-attachment').map((f) => text(f.path))).toContain(w.attachmentBytes);
    expect(res.rawPayload.toString('latin1')).not.toContain(other.buyer.email);
  });

  it('refuses an unknown format and anyone signed out', async () => {
    const bad = await get(`${ACCOUNT_API.dataExport}?format=xml`, w.buyer.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: DATA_RIGHTS_TEXT.formatInvalid });
    expect((await t.app.inject({ method: 'GET', url: ACCOUNT_API.dataExport })).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/user/account', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const w = await world(`pwd${randomBytes(3).toString('hex')}`);
    const wrong = await deleteAccount(w.buyer.cookie, 'Not!The1Password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, message: DATA_RIGHTS_TEXT.wrongPassword });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: ACCOUNT_API.deleteAccount,
      headers: { cookie: w.buyer.cookie },
      payload: {},
    });
    expect(missing.json()).toMatchObject({ success: false, message: DATA_RIGHTS_TEXT.passwordRequired });
    expect((await get(API.profile, w.buyer.cookie)).statusCode).toBe(200);
    const quote = await t.db.selectFrom('quotes').select('company_name').where('id', '=', w.openQuote._id).executeTakeFirstOrThrow();
    expect(quote.company_name).not.toBe(DELETED_ACCOUNT_TEXT);
  });

  it('removes the account, makes its leads without an order anonymous everywhere, keeps its orders for the retention period and says until when', async () => {
    const tag = `del${randomBytes(3).toString('hex')}`;
    // An endpoint of the company's CRM: its delivery log holds copies of the leads (never sent here: tests send on demand).
    const endpoint = newId();
    await t.db
      .insertInto('webhook_endpoints')
      .values({
        id: endpoint,
        url: NOWHERE_WEBHOOK_URL,
        events: '["quote.created","inquiry.created","message.created"]',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        created_at: nowIso(),
        created_by: admin.email,
      })
      .execute();
    const w = await world(tag);
    const deliveries = async () => (await get(ACCOUNT_API.webhookDeliveries(endpoint), admin.cookie)).body;
    expect(await deliveries()).toContain(`Open${tag} Trading`);
    expect(await deliveries()).toContain(w.buyer.email);
    const id = w.buyer.user._id;
    const laptop = await t.login(w.buyer.email, w.buyer.password);
    // A second factor's leftovers: its secret and recovery codes go too.
    await t.db.updateTable('users').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', id).execute();
    await t.db
      .insertInto('recovery_codes')
      .values({ code_hash: randomBytes(32).toString('hex'), user_id: id, used_at: null })
      .execute();
    const order = await t.db.selectFrom('orders').select('created_at').where('id', '=', w.orderId).executeTakeFirstOrThrow();

    const res = await deleteAccount(w.buyer.cookie, w.buyer.password);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<AccountDeleted>();
    expect(answer).toEqual({
      success: true,
      message: DATA_RIGHTS_TEXT.deleted,
      kept: [{ orderNumber: w.orderNumber, keptUntil: keptUntil(order.created_at, 8) }],
      retentionYears: 8,
      anonymised: { quotes: 1, inquiries: 1, samples: 0 },
    });
    expect(answer.kept[0]!.keptUntil.slice(0, 4)).toBe(String(new Date(order.created_at).getUTCFullYear() + 8));
    expect(res.cookies.find((c) => c.name === 'agro_session')?.value).toBe('');

    // The account, every session and the second factor are gone.
    expect((await get(API.profile, w.buyer.cookie)).statusCode).toBe(401);
    expect((await get(API.profile, laptop)).statusCode).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', id).execute()).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: API.login, payload: { email: w.buyer.email, password: w.buyer.password } })).statusCode,
    ).toBe(401);

    // The open quote: trade figures kept, the person gone (the admin's answer, its list, its search, its CSV).
    const detail = (await get(API.quote(w.openQuote._id), admin.cookie)).json<{ quote: Quote }>().quote;
    expect(detail).toMatchObject({
      companyName: DELETED_ACCOUNT_TEXT,
      contactPersonName: DELETED_ACCOUNT_TEXT,
      companyEmail: deletedAccountEmail(id),
      quotedByEmail: deletedAccountEmail(id),
      mobileNumber: '',
      address: DELETED_ACCOUNT_TEXT,
      additionalInfo: '',
      country: 'Germany',
      requiredQty: 4321,
    });
    expect(detail.productId?._id).toBe(productId);
    const found = async (url: string, q: string, key: 'quotes' | 'inquiries') =>
      ((await get(`${url}?q=${encodeURIComponent(q)}`, admin.cookie)).json<Record<string, { _id: string }[]>>()[key] ?? []).map(
        (x) => x._id,
      );
    expect(await found(API.allQuotes, `Open${tag}`, 'quotes')).toEqual([]);
    // By name and e-mail only the order's quote is found: the company keeps it as the law asks.
    expect(await found(API.allQuotes, `Zelda ${tag}`, 'quotes')).toEqual([w.orderedQuote._id]);
    expect(await found(API.allQuotes, w.buyer.email, 'quotes')).toEqual([w.orderedQuote._id]);
    expect(await found(API.allInquiries, `Zelda ${tag}`, 'inquiries')).toEqual([]);
    expect(await found(API.allInquiries, w.buyer.email, 'inquiries')).toEqual([]);
    expect(await found(API.allInquiries, `Inq${tag}`, 'inquiries')).toEqual([]);
    const inquiry = (await get(API.inquiry(w.inquiry._id), admin.cookie)).json<{ inquiry: Inquiry }>().inquiry;
    expect(inquiry).toMatchObject({
      fullName: DELETED_ACCOUNT_TEXT,
      email: deletedAccountEmail(id),
      companyName: DELETED_ACCOUNT_TEXT,
      description: DELETED_ACCOUNT_TEXT,
      country: 'Spain',
    });
    const quotesCsv = (await get(API.exportQuotes, admin.cookie)).body;
    const inquiriesCsv = (await get(API.exportInquiries, admin.cookie)).body;
    expect(quotesCsv).not.toContain(`Open${tag}`);
    expect(quotesCsv).toContain(deletedAccountEmail(id));
    expect(inquiriesCsv).not.toContain(w.buyer.email);
    expect(inquiriesCsv).not.toContain(`Zelda ${tag}`);
    // In the open quote's thread the buyer's words and files are gone, the company's stay.
    const thread = (await get(API.quoteMessages(w.openQuote._id), admin.cookie)).json<{
      messages: { text: string; authorName: string; attachments: unknown[] }[];
    }>();
    expect(thread.messages.map((m) => m.text)).toEqual([DELETED_ACCOUNT_TEXT, 'The company answers the open quote']);
    expect(thread.messages[0]!.attachments).toEqual([]);
    expect(JSON.stringify(thread)).not.toContain(`Zelda ${tag}`);
    await expect(fs.access(path.join(t.config.documentsDir, w.quoteAttachment))).rejects.toThrow();
    // Nothing of the person is left in a lead's row or message but the kept order's, its quote's and their thread's.
    const quotes = await t.db.selectFrom('quotes').selectAll().where('id', '!=', w.orderedQuote._id).execute();
    const contacts = await t.db.selectFrom('contacts').selectAll().execute();
    const messages = await t.db.selectFrom('messages').selectAll().where('thread_kind', '!=', 'order').execute();
    for (const rows of [quotes, contacts, messages]) {
      expect(JSON.stringify(rows)).not.toContain(`Zelda ${tag}`);
      expect(JSON.stringify(rows)).not.toContain(w.buyer.email);
    }

    // The delivery log no longer names the person nor the open quote, whatever event carried them.
    const log = await deliveries();
    // (The order's thread keeps its messages, and their copies say who wrote them.)
    for (const word of [w.buyer.email, `Open${tag}`, `Inq${tag}`, 'writes on the open quote', `Zelda ${tag} asks`])
      expect(log).not.toContain(word);
    expect(log).toContain(deletedAccountEmail(id));
    await t.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpoint).execute();
    await t.db.deleteFrom('webhook_endpoints').where('id', '=', endpoint).execute();

    // The order is kept whole: its quote, terms, documents, thread.
    const kept = await get(API.order(w.orderId), admin.cookie);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ order: { orderNumber: w.orderNumber, buyer: { companyEmail: w.buyer.email } } });
    expect((await get(API.quote(w.orderedQuote._id), admin.cookie)).json<{ quote: Quote }>().quote.companyName).toBe(`Kept${tag} Foods`);
    const orderThread = (await get(API.orderMessages(w.orderId), admin.cookie)).json<{ messages: { text: string }[] }>();
    expect(orderThread.messages.map((m) => m.text)).toEqual([`Zelda ${tag} writes on the order`]);

    // One audit row: who (the account's id, never its e-mail), when, what was kept.
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'account').where('entity_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'delete', actor_id: id, actor_email: deletedAccountEmail(id) });
    const changes = JSON.parse(audit[0]!.changes) as Record<string, { after: unknown }>;
    expect(changes.ordersKept!.after).toEqual([w.orderNumber]);
    expect(changes.keptUntil!.after).toBe(answer.kept[0]!.keptUntil);
    expect(audit[0]!.changes).not.toContain(w.buyer.email);
  });

  it('keeps orders for the years the settings say', async () => {
    const w = await world(`ret${randomBytes(3).toString('hex')}`);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: API.updateSettings,
      headers: { cookie: admin.cookie },
      payload: { retentionYears: 10 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const res = await deleteAccount(w.buyer.cookie, w.buyer.password);
      expect(res.statusCode, res.body).toBe(200);
      const order = await t.db.selectFrom('orders').select('created_at').where('id', '=', w.orderId).executeTakeFirstOrThrow();
      expect(res.json<AccountDeleted>()).toMatchObject({ retentionYears: 10, kept: [{ keptUntil: keptUntil(order.created_at, 10) }] });
    } finally {
      await t.app.inject({ method: 'PATCH', url: API.updateSettings, headers: { cookie: admin.cookie }, payload: { retentionYears: 8 } });
    }
    const refused = await t.app.inject({
      method: 'PATCH',
      url: API.updateSettings,
      headers: { cookie: admin.cookie },
      payload: { retentionYears: 0 },
    });
    expect(refused.statusCode).toBe(400);
  });

  it("deletes a deleted account's order, its quote, conversations, documents and files once its retention is over, and nothing before", async () => {
    const w = await world(`end${randomBytes(3).toString('hex')}`);
    const living = await world(`live${randomBytes(3).toString('hex')}`);
    expect((await deleteAccount(w.buyer.cookie, w.buyer.password)).statusCode).toBe(200);
    const order = await t.db.selectFrom('orders').select('created_at').where('id', '=', w.orderId).executeTakeFirstOrThrow();
    const files = async (orderId: string, quoteId: string) => [
      ...(await t.db.selectFrom('order_documents').select('storage_name').where('order_id', '=', orderId).execute()),
      ...(await t.db
        .selectFrom('message_attachments as a')
        .innerJoin('messages as m', 'm.id', 'a.message_id')
        .select('a.storage_name')
        .where((eb) => eb.or([eb('m.thread_id', '=', orderId), eb('m.thread_id', '=', quoteId)]))
        .execute()),
    ];
    const itsFiles = (await files(w.orderId, w.orderedQuote._id)).map((f) => f.storage_name);
    expect(itsFiles.length).toBeGreaterThanOrEqual(2);
    const removed: string[] = [];
    const job = orderRetention({
      db: t.db,
      settings: () => t.app.siteSettings(),
      removeFiles: async (names) => {
        removed.push(...names);
        await t.app.documentStorage.remove(names);
      },
      log: t.app.log,
    });
    const kept = keptUntil(order.created_at, 8);
    // On its last day it is still there (each day is one run: the claim is the day's).
    await job.run(Date.parse(`${kept}T12:00:00.000Z`));
    expect(await t.db.selectFrom('orders').select('id').where('id', '=', w.orderId).executeTakeFirst()).toBeDefined();
    // The day after, it goes with its quote and conversations; the living buyer's order of the same age stays.
    await job.run(Date.parse(`${kept}T12:00:00.000Z`) + 86_400_000);
    expect(await t.db.selectFrom('orders').select('id').where('id', '=', w.orderId).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('quotes').select('id').where('id', '=', w.orderedQuote._id).executeTakeFirst()).toBeUndefined();
    expect(
      await t.db
        .selectFrom('messages')
        .select('id')
        .where((eb) => eb.or([eb('thread_id', '=', w.orderId), eb('thread_id', '=', w.orderedQuote._id)]))
        .execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('order_documents').select('id').where('order_id', '=', w.orderId).execute()).toEqual([]);
    // (Earlier tests' deleted accounts left orders of the same age: theirs go too.)
    expect(removed).toEqual(expect.arrayContaining(itsFiles));
    const livingFiles = (await files(living.orderId, living.orderedQuote._id)).map((f) => f.storage_name);
    expect(livingFiles.length).toBeGreaterThanOrEqual(2);
    expect(removed.filter((name) => livingFiles.includes(name))).toEqual([]);
    for (const name of itsFiles) await expect(fs.access(path.join(t.config.documentsDir, name))).rejects.toThrow();
    expect(await t.db.selectFrom('orders').select('id').where('id', '=', living.orderId).executeTakeFirst()).toBeDefined();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_email', 'action'])
      .where('entity_type', '=', 'order')
      .where('entity_id', '=', w.orderId)
      .execute();
    expect(audit).toEqual([{ actor_email: 'retention@scheduler', action: 'delete' }]);
    expect((await get(API.order(w.orderId), admin.cookie)).statusCode).toBe(404);
  });

  it('refuses the last administrator, and lets an administrator go while another remains', async () => {
    const second = await t.loginAdmin();
    const others = await t.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').where('id', '!=', second.user._id).execute();
    await t.db
      .updateTable('users')
      .set({ role: 'USER' })
      .where(
        'id',
        'in',
        others.map((o) => o.id),
      )
      .execute();
    try {
      const refused = await deleteAccount(second.cookie, second.password);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ success: false, message: DATA_RIGHTS_TEXT.lastAdmin });
      expect((await get(API.profile, second.cookie)).statusCode).toBe(200);
    } finally {
      await t.db
        .updateTable('users')
        .set({ role: 'ADMIN' })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute();
    }
    const gone = await deleteAccount(second.cookie, second.password);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ kept: [], anonymised: { quotes: 0, inquiries: 0 } });
  });
});
