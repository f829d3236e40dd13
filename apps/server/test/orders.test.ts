/**
 * Orders (issue 27): made in the acceptance's transaction, numbered ORD-YYYY-NNNN without gaps or
 * duplicates under concurrency, frozen terms, milestones in order (every refusal changes nothing),
 * mails, the buyer's delivery confirmation, private documents, the proforma PDF (read back with
 * pdftotext), the admin list's filters and CSV.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  API,
  ORDER_MESSAGES as M,
  offerToday,
  orderYear,
  type Order,
  type OrdersResponse,
  type Quote,
  type QuoteDetail,
} from '@agro/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/index.js';
import { proformaIssuer } from '../src/modules/order/company.js';
import { proformaPdf } from '../src/modules/order/proforma.js';
import { findOrder } from '../src/modules/order/repository.js';
import { decideQuote } from '../src/modules/quote/service.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { file, makeImage, multipart } from './images-fixtures.js';

const run = promisify(execFile);

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://agro.example' });
  [buyer, otherBuyer, admin] = [await t.loginUser(), await t.loginUser(), await t.loginAdmin()];
  productId = await insertTestProduct(t.db, { productName: 'Crispy Fried Onions', productQuantityType: 'KG' });
  await t.db.updateTable('products').set({ hs_code: '0712.20' }).where('id', '=', productId).execute();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const today = () => offerToday();
const daysAgo = (n: number) => offerToday(Date.now() - n * 86_400_000);

/** A quote of `owner` with an offer, accepted: its order. */
async function acceptedOrder(owner: TestUser = buyer, quoteOverrides: Record<string, unknown> = {}, offer: Record<string, unknown> = {}) {
  const made = await call('POST', API.addQuote, owner.cookie, quoteBody(productId, quoteOverrides));
  expect(made.statusCode, made.body).toBe(200);
  const quote = made.json<{ quote: Quote }>().quote;
  const offered = await call('POST', API.quoteOffer(quote._id), admin.cookie, offerBody(offer));
  expect(offered.statusCode, offered.body).toBe(200);
  const accepted = await call('POST', API.quoteAccept(quote._id), owner.cookie, {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  const order = await t.db.selectFrom('orders').select('id').where('quote_id', '=', quote._id).executeTakeFirstOrThrow();
  return { quote: offered.json<{ quote: QuoteDetail }>().quote, orderId: order.id };
}

async function getOrder(id: string, cookie = admin.cookie): Promise<Order> {
  const res = await call('GET', API.order(id), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: Order }>().order;
}

const step = (id: string, body: Record<string, unknown>, cookie = admin.cookie) => call('POST', API.orderMilestone(id), cookie, body);

/** The body that records `name` validly. */
function stepBody(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const fields: Record<string, Record<string, unknown>> = {
    ADVANCE_RECEIVED: { amount: '4446.00' },
    PACKED: { containerNumber: 'MSCU1234567', sealNumber: 'SL-998877' },
    SHIPPED: {
      vessel: 'MSC Aurora',
      voyage: 'AU123W',
      billOfLading: 'MEDU12345678',
      etd: today(),
      eta: offerToday(Date.now() + 20 * 86_400_000),
      trackingUrl: 'https://www.msc.com/track?b=MEDU12345678',
    },
    DOCUMENTS_SENT: { courier: 'DHL Express', courierTracking: '1234567890' },
    CANCELLED: { note: 'The buyer withdrew the order.' },
  };
  return { step: name, ...(fields[name] ?? {}), ...extra };
}

const FLOW = ['ADVANCE_RECEIVED', 'IN_PRODUCTION', 'QUALITY_CHECKED', 'PACKED', 'SHIPPED', 'DOCUMENTS_SENT', 'DELIVERED', 'CLOSED'];

/** Record every step after the order's current one up to `last`. */
async function moveTo(id: string, last: string): Promise<void> {
  const current = (await t.db.selectFrom('orders').select('step').where('id', '=', id).executeTakeFirstOrThrow()).step;
  for (const name of FLOW.slice(FLOW.indexOf(current) + 1)) {
    const res = await step(id, stepBody(name));
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    if (name === last) return;
  }
}

/** Every row of the order tables (a refused call must leave them as they were). */
async function orderSnapshot() {
  const out: Record<string, string[]> = {};
  for (const table of ['orders', 'order_milestones', 'order_documents', 'order_counters'] as const) {
    out[table] = (await t.db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  }
  // The mails queued (their sending goes on meanwhile).
  out.mails = (await t.db.selectFrom('mail_outbox').select('dedupe_key').execute()).map((r) => r.dedupe_key).sort();
  return out;
}

describe('an accepted offer becomes an order', () => {
  it('in the same transaction, numbered ORD-YYYY-NNNN, with the offer terms frozen and the answer keys of the issue', async () => {
    const { quote, orderId } = await acceptedOrder(buyer, {}, { unitPrice: '3.70' });
    const order = await getOrder(orderId, buyer.cookie);
    expect(Object.keys(order)).toEqual(
      expect.arrayContaining(['_id', 'orderNumber', 'quoteId', 'step', 'terms', 'milestones', 'documents']),
    );
    expect(order).toMatchObject({
      _id: orderId,
      quoteId: quote._id,
      step: 'PROFORMA_ISSUED',
      orderNumber: expect.stringMatching(new RegExp(`^ORD-${orderYear()}-\\d{4}$`)),
      late: false,
      documents: [],
      terms: {
        offerId: quote.offer!._id,
        quotationNumber: quote.offer!.quotationNumber,
        productName: 'Crispy Fried Onions',
        hsCode: '0712.20',
        quantity: 1200,
        unit: 'KG',
        currency: 'USD',
        unitPrice: quote.offer!.unitPrice,
        total: quote.offer!.total,
        incoterm: 'FOB',
        leadTimeDays: 21,
        paymentTerms: '30% TT advance / 70% against documents',
      },
      buyer: { companyName: 'Global Foods Ltd', country: 'Spain', accountEmail: buyer.email },
    });
    expect(order.milestones).toEqual([expect.objectContaining({ step: 'PROFORMA_ISSUED', at: today(), by: 'COMPANY' })]);
    expect(order.shipBy).toBe(offerToday(Date.now() + 21 * 86_400_000));

    // Frozen: renaming the product or its HS code later changes nothing of the order.
    await t.db.updateTable('products').set({ product_name: 'Renamed Onions', hs_code: '9999.99' }).where('id', '=', productId).execute();
    const again = await getOrder(orderId);
    expect(again.terms).toEqual(order.terms);
    await t.db
      .updateTable('products')
      .set({ product_name: 'Crispy Fried Onions', hs_code: '0712.20' })
      .where('id', '=', productId)
      .execute();

    const mail = (await t.outbox()).find((m) => m.to.includes(buyer.email) && m.subject.includes(order.orderNumber));
    expect(mail?.subject).toContain('Proforma issued');
    expect(mail?.text).toContain(`https://agro.example/orders/${orderId}`);
  });

  it('keeps a decimal quantity exactly (2.5 TONS)', async () => {
    const { orderId } = await acceptedOrder(buyer, { requiredQty: 2.5 }, { unitPrice: '410.00' });
    const order = await getOrder(orderId);
    expect(order.terms).toMatchObject({ quantity: 2.5, unitPrice: '410.00', total: '1025.00' });
  });

  it('outlives its quote: deleting the quote keeps the order and its terms', async () => {
    const { quote, orderId } = await acceptedOrder();
    const before = await getOrder(orderId);
    expect((await call('DELETE', API.deleteQuote(quote._id), admin.cookie)).statusCode).toBe(200);
    const after = await getOrder(orderId);
    expect(after).toMatchObject({ quoteId: null, orderNumber: before.orderNumber, terms: before.terms });
  });

  it('an acceptance that fails leaves no order and no number used', async () => {
    const before = await orderSnapshot();
    const made = await call('POST', API.addQuote, buyer.cookie, quoteBody(productId));
    const quote = made.json<{ quote: Quote }>().quote;
    // No offer yet: the acceptance is refused, and so no order is made.
    expect((await call('POST', API.quoteAccept(quote._id), buyer.cookie, {})).statusCode).toBe(409);
    const after = await orderSnapshot();
    expect(after.orders).toEqual(before.orders);
    expect(after.order_counters).toEqual(before.order_counters);
  });

  it('numbers orders without gaps or duplicates when many are accepted at once', async () => {
    const quotes: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const made = await call('POST', API.addQuote, buyer.cookie, quoteBody(productId));
      const id = made.json<{ quote: Quote }>().quote._id;
      expect((await call('POST', API.quoteOffer(id), admin.cookie, offerBody())).statusCode).toBe(200);
      quotes.push(id);
    }
    const before = (await t.db.selectFrom('order_counters').selectAll().where('year', '=', orderYear()).executeTakeFirst())?.last ?? 0;
    const answers = await Promise.all(quotes.map((id) => call('POST', API.quoteAccept(id), buyer.cookie, {})));
    expect(answers.map((a) => a.statusCode)).toEqual(quotes.map(() => 200));
    const rows = await t.db.selectFrom('orders').select(['order_number', 'quote_id']).where('quote_id', 'in', quotes).execute();
    const numbers = rows.map((r) => Number(r.order_number.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual(quotes.map((_, i) => Number(before) + i + 1));
    expect(new Set(rows.map((r) => r.quote_id)).size).toBe(quotes.length);
  });
});

describe('numbering across processes (PostgreSQL)', () => {
  // A second pool on the same schema stands for a second server process: acceptances sent through
  // both at once still get consecutive numbers, each once. (SQLite runs in one process by design.)
  it.runIf(Boolean(process.env.DATABASE_URL))('two pools accepting at once share one sequence', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const other = createDatabase({
      databaseUrl: t.config.databaseUrl,
      sqliteFile: t.config.sqliteFile,
      pgSchema: rows[0]!.schema,
      pgPoolSize: 4,
    });
    try {
      const quotes: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const made = await call('POST', API.addQuote, buyer.cookie, quoteBody(productId));
        const id = made.json<{ quote: Quote }>().quote._id;
        expect((await call('POST', API.quoteOffer(id), admin.cookie, offerBody())).statusCode).toBe(200);
        quotes.push(id);
      }
      const before = Number(
        (await t.db.selectFrom('order_counters').select('last').where('year', '=', orderYear()).executeTakeFirst())?.last ?? 0,
      );
      await Promise.all(quotes.map((id, i) => decideQuote(i % 2 === 0 ? t.db : other.db, id, 'ACCEPTED', '', { userId: buyer.user._id })));
      const numbers = (await t.db.selectFrom('orders').select('order_number').where('quote_id', 'in', quotes).execute())
        .map((r) => Number(r.order_number.slice(-4)))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(quotes.map((_, i) => before + i + 1));
    } finally {
      await other.close();
    }
  });
});

describe('milestones', () => {
  it("write the administrator's audit row in the step's transaction, and a refused step writes none", async () => {
    const { orderId } = await acceptedOrder();
    await moveTo(orderId, 'IN_PRODUCTION');
    const rows = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', orderId).orderBy('created_at').execute();
    expect(rows.map((r) => [r.entity_type, r.action, r.actor_email])).toEqual([
      ['order', 'update', admin.email],
      ['order', 'update', admin.email],
    ]);
    expect(JSON.parse(rows[1]!.changes)).toMatchObject({ step: { before: 'ADVANCE_RECEIVED', after: 'IN_PRODUCTION' } });
    const refused = await step(orderId, stepBody('SHIPPED'));
    expect(refused.statusCode).toBe(409);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', orderId).execute()).toHaveLength(2);
  });

  it('go in order with their fields, mail the buyer at each step and the company at DELIVERED', async () => {
    const { orderId } = await acceptedOrder();
    await moveTo(orderId, 'CLOSED');
    const order = await getOrder(orderId, buyer.cookie);
    expect(order.step).toBe('CLOSED');
    expect(order.milestones.map((m) => m.step)).toEqual(['PROFORMA_ISSUED', ...FLOW]);
    expect(order.milestones.find((m) => m.step === 'ADVANCE_RECEIVED')).toMatchObject({ amount: '4446.00' });
    expect(order.milestones.find((m) => m.step === 'PACKED')).toMatchObject({ containerNumber: 'MSCU1234567', sealNumber: 'SL-998877' });
    expect(order.milestones.find((m) => m.step === 'SHIPPED')).toMatchObject({ vessel: 'MSC Aurora', billOfLading: 'MEDU12345678' });
    expect(order).toMatchObject({ eta: stepBody('SHIPPED').eta, trackingUrl: 'https://www.msc.com/track?b=MEDU12345678', late: false });

    const mails = (await t.outbox()).filter((m) => m.subject.includes(order.orderNumber));
    const toBuyer = mails.filter((m) => m.to.includes(buyer.email));
    expect(toBuyer).toHaveLength(FLOW.length + 1);
    expect(toBuyer.find((m) => m.subject.includes('Shipped'))?.text).toContain('MEDU12345678');
    expect(mails.filter((m) => m.to.includes(t.config.companyEmail)).map((m) => m.subject)).toEqual([expect.stringContaining('DELIVERED')]);
  });

  it('refuse a step out of order, after CLOSED or CANCELLED, a cancellation after SHIPPED: 409 and nothing changes', async () => {
    const { orderId } = await acceptedOrder();
    const refused = async (body: Record<string, unknown>, message: string) => {
      const before = await orderSnapshot();
      const res = await step(orderId, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ success: false, message });
      expect(await orderSnapshot()).toEqual(before);
    };
    await refused(stepBody('IN_PRODUCTION'), M.outOfOrder('IN_PRODUCTION', 'ADVANCE_RECEIVED'));
    await refused(stepBody('SHIPPED'), M.outOfOrder('SHIPPED', 'ADVANCE_RECEIVED'));
    await moveTo(orderId, 'ADVANCE_RECEIVED');
    await refused(stepBody('ADVANCE_RECEIVED'), M.outOfOrder('ADVANCE_RECEIVED', 'IN_PRODUCTION'));
    await moveTo(orderId, 'SHIPPED');
    await refused(stepBody('CANCELLED'), M.cannotCancel('SHIPPED'));
    await step(orderId, stepBody('DOCUMENTS_SENT'));
    await step(orderId, stepBody('DELIVERED'));
    await step(orderId, stepBody('CLOSED'));
    for (const name of [...FLOW, 'CANCELLED']) await refused(stepBody(name), M.finished('CLOSED'));

    const cancelled = await acceptedOrder();
    await moveTo(cancelled.orderId, 'PACKED');
    const res = await step(cancelled.orderId, stepBody('CANCELLED'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ order: Order }>().order.milestones.at(-1)).toMatchObject({
      step: 'CANCELLED',
      note: 'The buyer withdrew the order.',
    });
    for (const name of FLOW) {
      const before = await orderSnapshot();
      const again = await step(cancelled.orderId, stepBody(name));
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(M.finished('CANCELLED'));
      expect(await orderSnapshot()).toEqual(before);
    }
  });

  it('refuse a day in the future or before the previous step, and missing fields of a step: 400 and nothing changes', async () => {
    const { orderId } = await acceptedOrder();
    const before = await orderSnapshot();
    const cases: [Record<string, unknown>, string][] = [
      [stepBody('ADVANCE_RECEIVED', { at: offerToday(Date.now() + 2 * 86_400_000) }), M.dateFuture],
      [stepBody('ADVANCE_RECEIVED', { at: daysAgo(3) }), M.dateBeforePrevious(today())],
      [stepBody('ADVANCE_RECEIVED', { amount: undefined }), M.amountRequired],
      [stepBody('ADVANCE_RECEIVED', { amount: '-5' }), M.amountInvalid],
      [stepBody('ADVANCE_RECEIVED', { at: '2026-02-30' }), M.dateInvalid],
      [{ step: 'WHATEVER' }, M.stepInvalid],
      [{}, M.stepRequired],
      [{ step: 'PROFORMA_ISSUED' }, M.stepInvalid],
      [stepBody('CANCELLED', { note: '' }), M.reasonRequired],
    ];
    for (const [body, message] of cases) {
      const res = await step(orderId, JSON.parse(JSON.stringify(body)) as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(body)).toBe(message);
    }
    expect(await orderSnapshot()).toEqual(before);
    // A day in the past is fine.
    expect((await step(orderId, stepBody('ADVANCE_RECEIVED', { at: today() }))).statusCode).toBe(200);
    await moveTo(orderId, 'PACKED');
    const shipped = { ...stepBody('SHIPPED'), vessel: undefined, voyage: undefined, billOfLading: undefined };
    const res = await step(orderId, JSON.parse(JSON.stringify(shipped)) as Record<string, unknown>);
    expect(res.json()).toMatchObject({ message: M.carrierRequired, errors: { billOfLading: M.transportDocumentRequired } });
    // An air shipment: a flight and an air waybill instead.
    const air = { step: 'SHIPPED', flight: 'EK 505', airWaybill: '176-12345675', etd: today(), eta: today() };
    expect((await step(orderId, air)).statusCode).toBe(200);
  });

  it('the buyer confirms the delivery after DOCUMENTS_SENT, only their own order; the company is mailed', async () => {
    const { orderId } = await acceptedOrder();
    expect((await call('POST', API.orderDelivered(orderId), buyer.cookie, {})).statusCode).toBe(409);
    await moveTo(orderId, 'DOCUMENTS_SENT');
    expect((await call('POST', API.orderDelivered(orderId), otherBuyer.cookie, {})).statusCode).toBe(403);
    expect((await call('POST', API.orderDelivered(orderId), admin.cookie, {})).statusCode).toBe(403);
    const res = await call('POST', API.orderDelivered(orderId), buyer.cookie, { note: 'All 48 bags arrived.' });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<{ order: Order }>().order;
    expect(order.step).toBe('DELIVERED');
    expect(order.milestones.at(-1)).toMatchObject({ step: 'DELIVERED', by: 'BUYER', note: 'All 48 bags arrived.' });
    const company = (await t.outbox()).find((m) => m.to.includes(t.config.companyEmail) && m.subject.includes(order.orderNumber));
    expect(company?.text).toContain('confirmed by the buyer');
    expect((await call('POST', API.orderDelivered(orderId), buyer.cookie, {})).statusCode).toBe(409);
  });
});

describe('who sees an order', () => {
  it("another buyer's order, its proforma and its documents are refused; lists hold only one's own", async () => {
    const { orderId } = await acceptedOrder();
    const pdf = Buffer.from('%PDF-1.4\n% a tiny test document\n');
    const form = await multipart([
      ['type', 'BILL_OF_LADING'],
      ['document', file(pdf, 'bl.pdf', 'application/pdf')],
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: API.addOrderDocument(orderId),
      payload: form.payload,
      headers: { ...form.headers, cookie: admin.cookie },
    });
    expect(added.statusCode, added.body).toBe(200);
    const docId = added.json<{ order: Order }>().order.documents[0]!._id;

    for (const url of [API.order(orderId), API.orderProforma(orderId), API.orderDocument(orderId, docId)]) {
      expect((await call('GET', url, otherBuyer.cookie)).statusCode, url).toBe(403);
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
    const mine = (await call('GET', API.myOrders, otherBuyer.cookie)).json<OrdersResponse>().orders;
    expect(mine.map((o) => o._id)).not.toContain(orderId);
    expect((await call('GET', API.myOrders, buyer.cookie)).json<OrdersResponse>().orders.map((o) => o._id)).toContain(orderId);
    expect((await call('GET', API.myOrders, admin.cookie)).statusCode).toBe(403);
    expect((await call('GET', API.allOrders, buyer.cookie)).statusCode).toBe(403);
    // A document id under another order (the buyer's own) is not found there.
    const { orderId: otherOrder } = await acceptedOrder(otherBuyer);
    expect((await call('GET', API.orderDocument(otherOrder, docId), otherBuyer.cookie)).statusCode).toBe(404);
    expect((await call('GET', API.order('0123456789abcdef01234567'), admin.cookie)).statusCode).toBe(404);
  });
});

describe('documents', () => {
  const upload = async (orderId: string, part: ReturnType<typeof file>, type = 'COMMERCIAL_INVOICE', cookie = admin.cookie) => {
    const form = await multipart([
      ['type', type],
      ['document', part],
    ]);
    return t.app.inject({
      method: 'POST',
      url: API.addOrderDocument(orderId),
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  };
  const storedFiles = async () => (await fs.readdir(t.config.documentsDir).catch(() => [] as string[])).sort();

  it('are stored privately under an unguessable name, downloaded by the buyer with Cache-Control private, each download recorded', async () => {
    const { orderId } = await acceptedOrder();
    const png = await makeImage('png', 20, 20, 7);
    const res = await upload(orderId, file(png, 'photo of the bags.png'), 'OTHER');
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<{ order: Order }>().order.documents[0]!;
    expect(doc).toMatchObject({ type: 'OTHER', fileName: 'photo of the bags.png', contentType: 'image/png', bytes: png.length });
    const row = await t.db.selectFrom('order_documents').selectAll().where('id', '=', doc._id).executeTakeFirstOrThrow();
    expect(row.storage_name).toMatch(/^[0-9a-f]{48}\.png$/);
    expect(await storedFiles()).toContain(row.storage_name);
    // Not under the public uploads, nor served from there.
    expect(await fs.readdir(t.config.uploadsDir).catch(() => [])).not.toContain(row.storage_name);
    expect((await call('GET', `/uploads/${row.storage_name}`)).statusCode).toBe(404);

    const download = await call('GET', API.orderDocument(orderId, doc._id), buyer.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('photo of the bags.png');
    expect(download.rawPayload.equals(png)).toBe(true);
    expect((await call('GET', API.orderDocument(orderId, doc._id), admin.cookie)).statusCode).toBe(200);
    const downloads = await t.db.selectFrom('order_document_downloads').selectAll().where('document_id', '=', doc._id).execute();
    expect(downloads.map((d) => d.role).sort()).toEqual(['ADMIN', 'USER']);
    expect(downloads.find((d) => d.role === 'USER')?.user_id).toBe(buyer.user._id);
  });

  it('refuse a renamed executable, a text file, an empty form, a bad type and a file over 20 MB, storing nothing', async () => {
    const { orderId } = await acceptedOrder();
    const before = { rows: await orderSnapshot(), files: await storedFiles() };
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200, 0x41)]);
    const cases: [Promise<Awaited<ReturnType<typeof upload>>>, number, string][] = [
      [upload(orderId, file(exe, 'invoice.pdf', 'application/pdf')), 415, M.documentNotAllowed],
      [upload(orderId, file(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'list.png')), 415, M.documentNotAllowed],
      [upload(orderId, file(Buffer.from('<html><script>alert(1)</script></html>'), 'x.webp', 'image/webp')), 415, M.documentNotAllowed],
      [upload(orderId, file(Buffer.from('%PDF-1.4\n'), 'x.pdf'), 'PASSPORT'), 400, M.documentTypeInvalid],
      [upload(orderId, file(Buffer.alloc(0), 'empty.pdf')), 400, M.documentRequired],
      [
        upload(orderId, file(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * 1024 * 1024)]), 'big.pdf')),
        413,
        M.documentTooLarge,
      ],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await orderSnapshot()).toEqual(before.rows);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('only administrators attach and delete; a deleted document is gone with its file', async () => {
    const { orderId } = await acceptedOrder();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n');
    expect((await upload(orderId, file(pdf, 'x.pdf', 'application/pdf'), 'PACKING_LIST', buyer.cookie)).statusCode).toBe(403);
    const res = await upload(orderId, file(pdf, 'packing list.pdf', 'application/pdf'), 'PACKING_LIST');
    const doc = res.json<{ order: Order }>().order.documents[0]!;
    const row = await t.db.selectFrom('order_documents').selectAll().where('id', '=', doc._id).executeTakeFirstOrThrow();
    expect((await call('DELETE', API.deleteOrderDocument(orderId, doc._id), buyer.cookie)).statusCode).toBe(403);
    const deleted = await call('DELETE', API.deleteOrderDocument(orderId, doc._id), admin.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ order: Order }>().order.documents).toEqual([]);
    expect(await storedFiles()).not.toContain(row.storage_name);
    expect((await call('GET', API.orderDocument(orderId, doc._id), buyer.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', API.deleteOrderDocument(orderId, doc._id), admin.cookie)).statusCode).toBe(404);
  });
});

describe('the proforma invoice', () => {
  it('is a PDF for the buyer and administrators with the company, buyer, HS code and every term', async () => {
    const { orderId } = await acceptedOrder(
      buyer,
      {},
      { unitPrice: '1234.5', currency: 'AED', incoterm: 'CIF', destination: 'Jebel Ali, Dubai' },
    );
    const order = await getOrder(orderId);
    expect((await call('GET', API.orderProforma(orderId), admin.cookie)).statusCode).toBe(200);
    const res = await call('GET', API.orderProforma(orderId), buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdfFile = path.join(t.dataDir, 'proforma.pdf');
    await fs.writeFile(pdfFile, res.rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', pdfFile, '-']);
    const text = stdout.replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Sahyadri Agro Exports',
      'info@sahyadriagroexports.com',
      'PROFORMA INVOICE',
      order.orderNumber,
      order.terms.quotationNumber,
      'Global Foods Ltd',
      'Maria Lopez',
      'Crispy Fried Onions',
      '0712.20',
      '1,200 KG',
      'AED 1,234.50 per KG',
      'AED 1,481,400.00',
      'CIF Jebel Ali, Dubai',
      'Nhava Sheva (JNPT), India',
      '30% TT advance / 70% against documents',
      '21 days',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});

describe('the proforma with bank details and registrations (as site settings will give them)', () => {
  it('prints the bank block and the registrations when the issuer has them', async () => {
    const { orderId } = await acceptedOrder();
    const order = (await findOrder(t.db, orderId))!;
    const issuer = {
      ...proformaIssuer(await t.app.siteSettings()),
      registrations: [['IEC', '0123456789'] as [string, string]],
      bank: {
        accountName: 'Sahyadri Agro Exports',
        bankName: 'State Bank of India',
        branch: 'Kolhapur Main',
        accountNumber: '00000012345678901',
        codes: [
          ['IFSC', 'SBIN0000001'],
          ['SWIFT', 'SBININBB123'],
        ] as [string, string][],
      },
    };
    const pdfFile = path.join(t.dataDir, 'proforma-bank.pdf');
    await fs.writeFile(pdfFile, await proformaPdf(order, issuer));
    const text = (await run('pdftotext', ['-layout', pdfFile, '-'])).stdout.replace(/[ \t]+/g, ' ');
    for (const expected of [
      'IEC 0123456789',
      'Bank details',
      'State Bank of India',
      'Kolhapur Main',
      '00000012345678901',
      'IFSC SBIN0000001',
      'SWIFT SBININBB123',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The default settings have no bank details: the block is left out.
    await fs.writeFile(pdfFile, await proformaPdf(order, proformaIssuer(await t.app.siteSettings())));
    expect((await run('pdftotext', ['-layout', pdfFile, '-'])).stdout).not.toContain('Bank details');

    // Set by the owner from the browser (PATCH /api/v1/settings): the next proforma prints them.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: API.updateSettings,
      headers: { cookie: admin.cookie },
      payload: {
        registrations: { iec: '0123456789', gstin: '27AAAAA0000A1Z5' },
        bankDetails: {
          accountName: 'Sahyadri Agro Exports',
          bankName: 'Bank of Maharashtra',
          accountNumber: '60012345678',
          ifsc: 'MAHB0000123',
        },
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: API.orderProforma(orderId), headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    await fs.writeFile(pdfFile, res.rawPayload);
    const printed = (await run('pdftotext', ['-layout', pdfFile, '-'])).stdout;
    for (const expected of [
      'Bank details',
      'Bank of Maharashtra',
      '60012345678',
      'MAHB0000123',
      'IEC 0123456789',
      'GSTIN 27AAAAA0000A1Z5',
    ]) {
      expect(printed, expected).toContain(expected);
    }
  });
});

describe("administrators' list", () => {
  it('filters by step, country, ETA between and late; paginates; exports CSV', async () => {
    const lateOne = await acceptedOrder(buyer, { country: 'Kenya' });
    const shipped = await acceptedOrder(buyer, { country: 'Kenya' });
    await moveTo(shipped.orderId, 'SHIPPED');
    // A late order: its ship-by day has passed and it has not shipped.
    await t.db
      .updateTable('orders')
      .set({ ship_by: daysAgo(2) })
      .where('id', '=', lateOne.orderId)
      .execute();

    const list = async (query: string) => {
      const res = await call('GET', `${API.allOrders}?${query}`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<OrdersResponse>();
    };
    expect((await list('country=kenya')).orders.map((o) => o._id).sort()).toEqual([lateOne.orderId, shipped.orderId].sort());
    expect((await list('country=kenya&step=SHIPPED')).orders.map((o) => o._id)).toEqual([shipped.orderId]);
    const late = await list('late=true');
    expect(late.orders.map((o) => o._id)).toContain(lateOne.orderId);
    expect(late.orders.every((o) => o.late)).toBe(true);
    expect((await list('late=false&country=kenya')).orders.map((o) => o._id)).toEqual([shipped.orderId]);
    const eta = stepBody('SHIPPED').eta as string;
    expect((await list(`etaFrom=${eta}&etaTo=${eta}&country=kenya`)).orders.map((o) => o._id)).toEqual([shipped.orderId]);
    expect((await list(`etaTo=${daysAgo(1)}&country=kenya`)).orders).toEqual([]);
    const page = await list('page=1&limit=1');
    expect(page).toMatchObject({ page: 1, limit: 1, total: expect.any(Number), pageCount: expect.any(Number) });
    expect(page.orders).toHaveLength(1);
    expect(page.countries).toContain('Kenya');
    expect((await call('GET', `${API.allOrders}?late=maybe`, admin.cookie)).statusCode).toBe(400);
    expect((await call('GET', `${API.allOrders}?etaFrom=2026-05-02&etaTo=2026-05-01`, admin.cookie)).statusCode).toBe(400);

    const csv = await call('GET', `${API.exportOrders}?country=kenya`, admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Order Number');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(shipped.orderId);
  });
});

describe('the HS code, an optional product field', () => {
  it('is stored, answered only when set, refused when malformed, and frozen into the next order', async () => {
    const { PRODUCT_TEXT_FIELDS, freshImage } = await import('./security/endpoints.js');
    const add = async (extra: [string, string][]) => {
      const form = await multipart([...PRODUCT_TEXT_FIELDS, ...extra, ['productThumbnail', file(await freshImage())]]);
      return t.app.inject({
        method: 'POST',
        url: API.addProduct,
        payload: form.payload,
        headers: { ...form.headers, cookie: admin.cookie },
      });
    };
    const without = await add([]);
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json<{ product: Record<string, unknown> }>().product).not.toHaveProperty('hsCode');
    const bad = await add([['hsCode', '12-AB']]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('HS code must be 4 to 10 digits, dots allowed (e.g. 0712.20)');
    const withCode = await add([['hsCode', '1701.13']]);
    expect(withCode.statusCode, withCode.body).toBe(200);
    const product = withCode.json<{ product: { _id: string; hsCode?: string } }>().product;
    expect(product.hsCode).toBe('1701.13');
    expect((await call('GET', API.product(product._id))).json<{ product: { hsCode?: string } }>().product.hsCode).toBe('1701.13');
    const update = await multipart([
      ['_id', product._id],
      ['hsCode', '1701.14'],
    ]);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: API.updateProduct(product._id),
      payload: update.payload,
      headers: { ...update.headers, cookie: admin.cookie },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ product: { hsCode?: string } }>().product.hsCode).toBe('1701.14');
  });
});

describe('the dashboard', () => {
  it('adds orders per month, the on-time shipment rate and the median days from acceptance to shipment', async () => {
    const { orderId } = await acceptedOrder();
    await moveTo(orderId, 'SHIPPED');
    // Accepted 30 days ago with a 21-day lead time, shipped today: 9 days late.
    const accepted = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await t.db
      .updateTable('orders')
      .set({ created_at: accepted, ship_by: daysAgo(9) })
      .where('id', '=', orderId)
      .execute();
    const rows = await t.db.selectFrom('orders').select(['created_at', 'ship_by', 'shipped_on']).execute();
    const shipped = rows.filter((r) => r.shipped_on !== null);
    const res = await call('GET', API.dashboard, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<{
      dashboard: {
        orders: { months: { month: string; orders: number }[]; onTime: Record<string, number | null>; medianDaysToShip: number | null };
      };
    }>().dashboard.orders;
    expect(figures.months).toHaveLength(12);
    expect(figures.months.reduce((s, m) => s + m.orders, 0)).toBe(rows.length);
    expect(figures.onTime).toEqual({ onTime: shipped.length - 1, shipped: shipped.length, rate: (shipped.length - 1) / shipped.length });
    // Every other order shipped on the day it was accepted.
    expect(figures.medianDaysToShip).toBe(0);
  });
});
