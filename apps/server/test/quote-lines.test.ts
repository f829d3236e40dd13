/**
 * A quote's lines (issue 45): several products in one request, priced line by line; SPEC.md's
 * request and answers unchanged for a one-line quote; the buyer's quote list.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  API,
  QUOTE_DESK_MESSAGES as M,
  QUOTE_LINE_MESSAGES as QL,
  VALIDATION as V,
  type Order,
  type Quote,
  type QuoteDetail,
} from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

const run = promisify(execFile);

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let jaggery: string;
let powder: string;
let onions: string;

beforeAll(async () => {
  t = await buildTestApp();
  user = await t.loginUser();
  admin = await t.loginAdmin();
  jaggery = await insertTestProduct(t.db, { productName: 'Jaggery Blocks' });
  powder = await insertTestProduct(t.db, { productName: 'Jaggery Powder', moq: { quantity: 1, unit: 'TONS' } });
  onions = await insertTestProduct(t.db, { productName: 'Fried Onions', productQuantityType: 'NOS' });
});
afterAll(async () => {
  await t.close();
});

const line = (productId: string, requiredQty: unknown = 1200, more: Record<string, unknown> = {}) => ({
  productId,
  requiredQty,
  packagingType: 'PP_BAG',
  isCustomPackagingRequired: false,
  ...more,
});

/** SPEC.md's body with `items` and without its top-level product fields. */
const mixedBody = (items: unknown, overrides: Record<string, unknown> = {}) =>
  quoteBody(jaggery, {
    productId: undefined,
    requiredQty: undefined,
    packagingType: undefined,
    isCustomPackagingRequired: undefined,
    items,
    ...overrides,
  });

const add = (payload: unknown, cookie = user.cookie) =>
  t.app.inject({ method: 'POST', url: API.addQuote, payload: payload as object, headers: { cookie } });

async function addMixed(items: unknown[]): Promise<Quote> {
  const res = await add(mixedBody(items));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ quote: Quote }>().quote;
}

describe('POST /api/v1/quote/add with items', () => {
  it('stores every line in order; the quote answers the first line as SPEC.md fields and every line in items', async () => {
    const quote = await addMixed([
      line(jaggery, 5000),
      line(powder, 2000, { packagingType: 'CORRUGATED_BOX', isCustomPackagingRequired: true }),
      line(onions, 300),
    ]);
    expect(quote.productId?._id).toBe(jaggery);
    expect(quote.productId?.productName).toBe('Jaggery Blocks');
    expect(quote.requiredQty).toBe(5000);
    expect(quote.packagingType).toBe('PP_BAG');
    expect(quote.items.map((i) => [i.productId?._id, i.requiredQty, i.packagingType, i.isCustomPackagingRequired])).toEqual([
      [jaggery, 5000, 'PP_BAG', false],
      [powder, 2000, 'CORRUGATED_BOX', true],
      [onions, 300, 'PP_BAG', false],
    ]);
    expect(quote.items[2]!.productId).toMatchObject({ productName: 'Fried Onions', productQuantityType: 'NOS' });
    expect(new Set(quote.items.map((i) => i._id)).size).toBe(3);

    // The same lines in every answer that carries the quote.
    const mine = (await t.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: user.cookie } })).json<{ quotes: Quote[] }>();
    expect(mine.quotes.find((q) => q._id === quote._id)?.items).toEqual(quote.items);
    const all = (await t.app.inject({ method: 'GET', url: API.allQuotes, headers: { cookie: admin.cookie } })).json<{ quotes: Quote[] }>();
    expect(all.quotes.find((q) => q._id === quote._id)?.items).toEqual(quote.items);
    const detail = (await t.app.inject({ method: 'GET', url: API.quote(quote._id), headers: { cookie: admin.cookie } })).json<{
      quote: QuoteDetail;
    }>();
    expect(detail.quote.items).toEqual(quote.items);
  });

  it('takes top-level product fields equal to the first line, and refuses others', async () => {
    const same = await add(
      mixedBody([line(jaggery, 1500), line(onions, 20)], { productId: jaggery, requiredQty: 1500, packagingType: 'PP_BAG' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    const blank = await add(mixedBody([line(jaggery, 1500), line(onions, 20)], { productId: '', requiredQty: '', packagingType: '' }));
    expect(blank.statusCode, blank.body).toBe(200);
    const other = await add(mixedBody([line(jaggery, 1500), line(onions, 20)], { productId: onions }));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ success: false, message: QL.itemsFirstLine });
  });

  it.each([
    ['an empty list', [], QL.itemsMin],
    ['21 lines', Array.from({ length: 21 }, (_, i) => line(`${String(i).padStart(24, 'a')}`)), QL.itemsMax],
    ['a product twice', [line('aaaaaaaaaaaaaaaaaaaaaaaa'), line('aaaaaaaaaaaaaaaaaaaaaaaa', 5)], QL.itemsDuplicate],
    ['a line without product', [line('aaaaaaaaaaaaaaaaaaaaaaaa'), line('')], 'Product is required'],
    ['a line without quantity', [line('aaaaaaaaaaaaaaaaaaaaaaaa'), line('bbbbbbbbbbbbbbbbbbbbbbbb', '')], 'Required Quantity is required'],
    ['a quantity under 1', [line('aaaaaaaaaaaaaaaaaaaaaaaa'), line('bbbbbbbbbbbbbbbbbbbbbbbb', 0.5)], V.quoteRequiredQtyMin],
    [
      'a line without packaging',
      [line('aaaaaaaaaaaaaaaaaaaaaaaa'), line('bbbbbbbbbbbbbbbbbbbbbbbb', 5, { packagingType: '' })],
      'Packaging Type is required',
    ],
    [
      'an unknown packaging',
      [line('aaaaaaaaaaaaaaaaaaaaaaaa'), line('bbbbbbbbbbbbbbbbbbbbbbbb', 5, { packagingType: 'SACK' })],
      V.invalidPackagingType,
    ],
  ])('refuses %s with its message', async (_name, items, message) => {
    // Top-level fields given: an empty list leaves nothing to take them from ('Product is required' first).
    const res = await add(mixedBody(items, items.length === 0 ? { productId: jaggery, requiredQty: 5, packagingType: 'PP_BAG' } : {}));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it("checks SPEC.md's fields before the lines, in SPEC.md's order", async () => {
    const res = await add(mixedBody([line(jaggery), line(jaggery)], { companyName: '' }));
    expect(res.json<{ message: string }>().message).toBe('Company Name is required');
  });

  it("refuses a line under its product's minimum order, naming the line, and an unknown product", async () => {
    const low = await add(mixedBody([line(jaggery), line(powder, 999)]));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      message: 'Required Quantity must be at least 1000 KG for this product',
      errors: { 'items.1.requiredQty': 'Required Quantity must be at least 1000 KG for this product' },
    });
    const unknown = await add(mixedBody([line(jaggery), line('cccccccccccccccccccccccc')]));
    expect(unknown.statusCode).toBe(404);
  });

  it("without items, SPEC.md's messages and order are today's", async () => {
    const res = await add(quoteBody(jaggery, { productId: '', requiredQty: '', packagingType: '' }));
    expect(res.json<{ message: string }>().message).toBe('Product is required');
    expect((await add({})).json<{ message: string }>().message).toBe('Company Name is required');
  });
});

describe('mails of a request of several products', () => {
  it("name every line: the company's notice, the buyer's acknowledgement and the offer", async () => {
    await t.outbox();
    const before = (await t.outbox()).length;
    const quote = await addMixed([line(jaggery, 3000), line(onions, 12)]);
    const mails = (await t.outbox()).slice(before);
    const notice = mails.find((m) => m.to !== user.email && m.text.includes(quote._id));
    expect(notice?.text).toContain('Product 2: Fried Onions: 12 NOS');
    const thanks = mails.find((m) => m.to === user.email);
    expect(thanks?.text).toMatch(/Thank you for requesting a quote for .+ \(3000 KG\) and Fried Onions \(12 NOS\)\./);
    const [a, b] = quote.items;
    const offered = await t.app.inject({
      method: 'POST',
      url: API.quoteOffer(quote._id),
      payload: offerBody({
        unitPrice: undefined,
        lines: [
          { itemId: a!._id, unitPrice: '1.25' },
          { itemId: b!._id, unitPrice: '4' },
        ],
      }),
      headers: { cookie: admin.cookie },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const offerMail = (await t.outbox()).slice(before).find((m) => m.to === user.email && /Product 2/.test(m.text));
    expect(offerMail?.text).toContain('Product 1: ');
    expect(offerMail?.text).toMatch(/Product 2: Fried Onions: 12 NOS at .*4\.00 per NOS = .*48\.00/);
  });
});

describe('offers line by line', () => {
  const offer = (id: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: API.quoteOffer(id), payload: offerBody(body), headers: { cookie: admin.cookie } });

  it('prices each line exactly in minor units; the offer total is the sum; another quantity is shown as changed', async () => {
    const quote = await addMixed([line(jaggery, 3), line(powder, 1000.1), line(onions, 0.3 * 10 + 7)]);
    const [a, b, c] = quote.items;
    const res = await offer(quote._id, {
      unitPrice: undefined,
      lines: [
        { itemId: a!._id, unitPrice: '0.1' },
        { itemId: b!._id, unitPrice: 0.1 },
        { itemId: c!._id, unitPrice: '0.07', quantity: 10.5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<{ quote: QuoteDetail }>().quote.offer!;
    // 3 x 0.10 = 0.30; 1000.1 x 0.10 = 100.01; 10.5 x 0.07 = 0.735 -> 0.74 (half up): 100.32 + 0.74 = 101.05 (0.1 + 0.2 style floats would drift).
    expect(sent.lines.map((l) => [l.itemId, l.unitPrice, l.quantity, l.quantityChanged, l.totalMinor, l.total])).toEqual([
      [a!._id, '0.10', 3, false, 30, '0.30'],
      [b!._id, '0.10', 1000.1, false, 10001, '100.01'],
      [c!._id, '0.07', 10.5, true, 74, '0.74'],
    ]);
    expect(sent.totalMinor).toBe(10105);
    expect(sent.total).toBe('101.05');
    expect(sent.unitPrice).toBe('0.10');
    expect(sent.lines[2]!.priceBasis).toBe('NOS');

    // The buyer sees the same lines; accepting accepts the whole offer.
    const mine = (await t.app.inject({ method: 'GET', url: API.quote(quote._id), headers: { cookie: user.cookie } })).json<{
      quote: QuoteDetail;
    }>();
    expect(mine.quote.offer?.lines).toEqual(sent.lines);
    expect(mine.quote.offers[0]!.lines).toEqual(sent.lines);
    const accepted = await t.app.inject({
      method: 'POST',
      url: API.quoteAccept(quote._id),
      payload: { offerId: sent._id },
      headers: { cookie: user.cookie },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ quote: QuoteDetail }>().quote).toMatchObject({ status: 'ACCEPTED', items: quote.items });
  });

  it('refuses a mixed quote priced by unitPrice alone, a line missing, twice or unknown', async () => {
    const quote = await addMixed([line(jaggery, 10), line(onions, 10)]);
    const [a, b] = quote.items;
    const alone = await offer(quote._id, {});
    expect(alone.statusCode).toBe(400);
    expect(alone.json<{ message: string }>().message).toBe(QL.offerUnitPriceRequired);
    const missing = await offer(quote._id, { unitPrice: undefined, lines: [{ itemId: a!._id, unitPrice: '1' }] });
    expect(missing.json<{ message: string }>().message).toBe(QL.offerLinesEvery);
    const twice = await offer(quote._id, {
      unitPrice: undefined,
      lines: [
        { itemId: a!._id, unitPrice: '1' },
        { itemId: a!._id, unitPrice: '2' },
      ],
    });
    expect(twice.json<{ message: string }>().message).toBe(QL.offerLinesEvery);
    const unknown = await offer(quote._id, {
      unitPrice: undefined,
      lines: [
        { itemId: a!._id, unitPrice: '1' },
        { itemId: 'dddddddddddddddddddddddd', unitPrice: '2' },
      ],
    });
    expect(unknown.json<{ message: string }>().message).toBe(QL.offerLinesUnknown);
    const badPrice = await offer(quote._id, {
      unitPrice: undefined,
      lines: [
        { itemId: a!._id, unitPrice: '1' },
        { itemId: b!._id, unitPrice: '-2' },
      ],
    });
    expect(badPrice.json<{ message: string }>().message).toBe(M.unitPriceInvalid);
    const badQuantity = await offer(quote._id, {
      unitPrice: undefined,
      lines: [
        { itemId: a!._id, unitPrice: '1' },
        { itemId: b!._id, unitPrice: '2', quantity: 0 },
      ],
    });
    expect(badQuantity.json<{ message: string }>().message).toBe(QL.offerQuantityInvalid);
    // A blank quantity (a form's empty field) is the quantity asked for; text that is no number is refused.
    const blank = await offer(quote._id, {
      unitPrice: undefined,
      lines: [
        { itemId: a!._id, unitPrice: '1', quantity: '' },
        { itemId: b!._id, unitPrice: '2', quantity: '  ' },
      ],
    });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(
      blank.json<{ quote: { offer: { lines: Array<{ quantityChanged: boolean }> } } }>().quote.offer.lines.map((l) => l.quantityChanged),
    ).toEqual([false, false]);
  });

  it('a change request may name lines of the quote, and only those', async () => {
    const quote = await addMixed([line(jaggery, 10), line(onions, 10)]);
    const [a, b] = quote.items;
    const sent = (
      await offer(quote._id, {
        unitPrice: undefined,
        lines: [
          { itemId: a!._id, unitPrice: '1' },
          { itemId: b!._id, unitPrice: '2' },
        ],
      })
    ).json<{ quote: QuoteDetail }>().quote.offer!;
    const ask = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: API.quoteRequestChanges(quote._id),
        payload: { offerId: sent._id, note: 'Less for the onions?', ...body },
        headers: { cookie: user.cookie },
      });
    const unknown = await ask({ itemIds: ['eeeeeeeeeeeeeeeeeeeeeeee'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe(QL.changeItemsUnknown);
    const asked = await ask({ itemIds: [b!._id] });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<{ item: { proposal: { itemIds: string[] } } }>().item.proposal.itemIds).toEqual([b!._id]);
  });

  it('a one-line quote still takes unitPrice alone, and answers one line as today', async () => {
    const res = await add(quoteBody(jaggery, { requiredQty: 2500 }));
    const quote = res.json<{ quote: Quote }>().quote;
    const sent = (await offer(quote._id, {})).json<{ quote: QuoteDetail }>().quote.offer!;
    expect(sent).toMatchObject({ unitPrice: '12.35', totalMinor: 3_087_500, total: '30875.00' });
    expect(sent.lines).toEqual([
      {
        itemId: quote.items[0]!._id,
        productId: jaggery,
        quantity: 2500,
        quantityChanged: false,
        priceBasis: 'KG',
        unitPriceMinor: 1235,
        unitPrice: '12.35',
        totalMinor: 3_087_500,
        total: '30875.00',
      },
    ]);

    // Its export row: today's 45 columns first, in today's order, with today's values (the offer's
    // price and total where they were), the line's columns after them.
    const csv = await t.app.inject({ method: 'GET', url: `${API.exportQuotes}?productId=${jaggery}`, headers: { cookie: admin.cookie } });
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header!.split(',').slice(0, TODAYS_QUOTE_COLUMNS.length)).toEqual(TODAYS_QUOTE_COLUMNS);
    const row = rows.find((r) => r.startsWith(`${quote._id},`));
    expect(row).toContain(`,${jaggery},Jaggery Blocks,AGRO,2500,KG,`);
    expect(row).toContain(`,${sent.quotationNumber},12.35,USD,KG,30875.00,`);
    expect(row).toMatch(new RegExp(`,1,1,${quote.items[0]!._id},2500,30875.00$`));
  });
});

/** The quotes export's header before issue 45, which a one-line quote's row must keep. */
const TODAYS_QUOTE_COLUMNS = [
  'Quote ID',
  'Created At',
  'Status',
  'Company Name',
  'Contact Person Name',
  'Company Email',
  'Mobile Number',
  'Country',
  'Address',
  'Product ID',
  'Product Name',
  'Product Type',
  'Required Quantity',
  'Unit',
  'Packaging Type',
  'Custom Packaging Required',
  'Delivery Location',
  'Urgent',
  'Additional Information',
  'Heard From',
  'Quoted By',
  'Preferred Incoterm',
  'Destination Port or Place',
  'Container',
  'Target Price',
  'Target Price Currency',
  'Target Price Unit',
  'Certifications Required',
  'Sample First',
  'Quotation Number',
  'Offer Unit Price',
  'Offer Currency',
  'Offer Price Basis',
  'Offer Total',
  'Offer Incoterm',
  'Offer Port of Loading',
  'Offer Destination',
  'Offer Lead Time (days)',
  'Offer Payment Terms',
  'Offer Valid Until',
  'Offer Sent At',
  'Reply Due At',
  'First Reply At',
  'Assignee',
  'Follow Up On',
];

describe('a mixed quote to one order', () => {
  const pdfText = async (payload: Buffer, name: string): Promise<string> => {
    const file = path.join(t.dataDir, name);
    await fs.writeFile(file, payload);
    return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \t]+/g, ' ');
  };

  it('prices three lines in one quotation PDF, accepts into one order with three lines on its proforma (HS codes, weights)', async () => {
    await t.db.updateTable('products').set({ hs_code: '1701.13' }).where('id', '=', jaggery).execute();
    await t.db.updateTable('products').set({ hs_code: '1701.14' }).where('id', '=', powder).execute();
    const quote = await addMixed([line(jaggery, 5000), line(powder, 2000, { packagingType: 'CORRUGATED_BOX' }), line(onions, 300)]);
    const [a, b, c] = quote.items;
    const sent = await t.app.inject({
      method: 'POST',
      url: API.quoteOffer(quote._id),
      payload: offerBody({
        unitPrice: undefined,
        lines: [
          { itemId: a!._id, unitPrice: '0.45' },
          { itemId: b!._id, unitPrice: '0.6', quantity: 2500 },
          { itemId: c!._id, unitPrice: '1.1' },
        ],
      }),
      headers: { cookie: admin.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const offer = sent.json<{ quote: QuoteDetail }>().quote.offer!;
    expect(offer.total).toBe('4080.00'); // 2250 + 1500 + 330

    const pdf = await t.app.inject({ method: 'GET', url: API.quotePdf(quote._id), headers: { cookie: user.cookie } });
    expect(pdf.statusCode).toBe(200);
    const quotation = await pdfText(pdf.rawPayload, 'mixed-quotation.pdf');
    for (const expected of [
      '1. Jaggery Blocks',
      '5,000 KG',
      'USD 0.45 per KG = USD 2,250.00',
      '2. Jaggery Powder',
      '2,500 (asked 2,000) KG',
      'USD 1,500.00',
      '3. Fried Onions',
      '300 NOS',
      'USD 330.00',
      'USD 4,080.00',
    ]) {
      expect(quotation, expected).toContain(expected);
    }

    const accepted = await t.app.inject({
      method: 'POST',
      url: API.quoteAccept(quote._id),
      payload: { offerId: offer._id },
      headers: { cookie: user.cookie },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orders = (await t.app.inject({ method: 'GET', url: API.myOrders, headers: { cookie: user.cookie } })).json<{ orders: Order[] }>()
      .orders;
    const order = orders.find((o) => o.quoteId === quote._id)!;
    expect(order.terms).toMatchObject({ productId: jaggery, quantity: 5000, unitPrice: '0.45', total: '4080.00' });
    expect(
      order.items.map((i) => [i.productId, i.productName, i.hsCode, i.quantity, i.unit, i.weightKg, i.packagingType, i.unitPrice, i.total]),
    ).toEqual([
      [jaggery, 'Jaggery Blocks', '1701.13', 5000, 'KG', 5000, 'PP_BAG', '0.45', '2250.00'],
      [powder, 'Jaggery Powder', '1701.14', 2500, 'KG', 2500, 'CORRUGATED_BOX', '0.60', '1500.00'],
      [onions, 'Fried Onions', expect.any(String), 300, 'NOS', null, 'PP_BAG', '1.10', '330.00'],
    ]);
    const all = (await t.app.inject({ method: 'GET', url: API.allOrders, headers: { cookie: admin.cookie } })).json<{ orders: Order[] }>()
      .orders;
    expect(all.find((o) => o._id === order._id)?.items).toEqual(order.items);

    const csv = await t.app.inject({ method: 'GET', url: API.exportOrders, headers: { cookie: admin.cookie } });
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]!.endsWith(',Documents,Line,Lines,Line Weight (kg),Line Total')).toBe(true);
    const mine = rows.filter((r) => r.startsWith(`${order.orderNumber},`));
    expect(mine).toHaveLength(3);
    expect(mine[0]).toContain(',Jaggery Blocks,1701.13,5000,KG,');
    expect(mine[0]!.endsWith(',1,3,5000,2250.00')).toBe(true);
    expect(mine[1]).toContain(',Jaggery Powder,1701.14,2500,KG,');
    expect(mine[2]!.endsWith(',3,3,,330.00')).toBe(true);

    const proforma = await t.app.inject({ method: 'GET', url: API.orderProforma(order._id), headers: { cookie: user.cookie } });
    expect(proforma.statusCode).toBe(200);
    const text = await pdfText(proforma.rawPayload, 'mixed-proforma.pdf');
    for (const expected of [
      '1. Jaggery Blocks',
      'HS code 1701.13',
      '5,000 kg net',
      '2. Jaggery Powder',
      'HS code 1701.14',
      '2,500 kg net',
      '3. Fried Onions',
      'USD 4,080.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});

describe('exports, figures and search by line', () => {
  it("writes one row per line (the quote repeated, today's columns first), counts requests per product by lines, finds a quote by any line's product and its name", async () => {
    const fresh = await insertTestProduct(t.db, { productName: 'Jaggery Cubes' });
    const quote = await addMixed([line(jaggery, 700), line(fresh, 40, { packagingType: 'CORRUGATED_BOX' })]);
    const csv = await t.app.inject({ method: 'GET', url: `${API.exportQuotes}?productId=${fresh}`, headers: { cookie: admin.cookie } });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header!.startsWith('Quote ID,Created At,Status,Company Name')).toBe(true);
    expect(header!.endsWith('Follow Up On,Line,Lines,Line ID,Offer Line Quantity,Offer Line Total')).toBe(true);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.startsWith(`${quote._id},`))).toBe(true);
    expect(rows[0]).toContain(`,${jaggery},Jaggery Blocks,AGRO,700,KG,`);
    expect(rows[1]).toContain(`,${fresh},Jaggery Cubes,AGRO,40,KG,`);
    expect(rows[0]).toMatch(new RegExp(`,1,2,${quote.items[0]!._id},,$`));
    expect(rows[1]).toMatch(new RegExp(`,2,2,${quote.items[1]!._id},,$`));

    // The list's product filter finds it by its second line.
    const found = await t.app.inject({
      method: 'GET',
      url: `${API.allQuotes}?productId=${fresh}&page=1`,
      headers: { cookie: admin.cookie },
    });
    expect(found.json<{ quotes: Quote[] }>().quotes.map((q) => q._id)).toEqual([quote._id]);
    const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const recent = await t.app.inject({
      method: 'GET',
      url: `${API.allQuotes}?productId=${fresh}&from=${since}&page=1`,
      headers: { cookie: admin.cookie },
    });
    expect(recent.json<{ quotes: Quote[] }>().quotes.map((q) => q._id)).toEqual([quote._id]);
    const before = await t.app.inject({
      method: 'GET',
      url: `${API.allQuotes}?productId=${fresh}&to=2001-01-01&page=1`,
      headers: { cookie: admin.cookie },
    });
    expect(before.json<{ quotes: Quote[] }>().quotes).toEqual([]);

    // The search finds it by its second line's product name, in English or in a translation, as a
    // whole word, a part of one (trigram index on SQLite) or two letters (scanned), any case.
    await t.db
      .insertInto('product_translations')
      .values({
        product_id: fresh,
        language: 'fr',
        product_name: 'Cubes de jaggery',
        product_description: 'Cubes',
        key_features: '[]',
        nutrient_content: '[]',
        specifications: '[]',
        updated_at: new Date().toISOString(),
      })
      .execute();
    const search = async (q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API.allQuotes}?q=${encodeURIComponent(q)}&page=1&limit=50`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ quotes: Quote[] }>().quotes.map((q) => q._id);
    };
    for (const q of ['Jaggery Cubes', 'CUBES', 'ube', 'Cu', 'cubes de']) expect(await search(q), q).toContain(quote._id);
    expect(await search('Cubes de mangue')).not.toContain(quote._id);
    const exported = await t.app.inject({ method: 'GET', url: `${API.exportQuotes}?q=cubes`, headers: { cookie: admin.cookie } });
    expect(exported.body).toContain(`${quote._id},`);

    const figures = await t.app.inject({ method: 'GET', url: API.dashboard, headers: { cookie: admin.cookie } });
    const byProduct = figures.json<{ dashboard: { byProduct: { label: string; quotes: number }[] } }>().dashboard.byProduct;
    expect(byProduct.find((p) => p.label === 'Jaggery Cubes')?.quotes).toBe(1);
  });
});

describe('GET and PUT /api/v1/quote-list', () => {
  const put = (payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'PUT', url: API.saveQuoteList, payload: payload as object, headers: cookie ? { cookie } : {} });
  const get = (cookie?: string) => t.app.inject({ method: 'GET', url: API.quoteList, headers: cookie ? { cookie } : {} });

  it('401 without a session', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put({ items: [] })).statusCode).toBe(401);
  });

  it("keeps each user's list: round trip, replaced whole, emptied", async () => {
    const buyer = await t.loginUser();
    expect((await get(buyer.cookie)).json()).toMatchObject({ success: true, items: [] });
    const items = [
      line(jaggery, 5000, { customPackaging: '  Our own label, 25 kg  ' }),
      line(onions, 30, { isCustomPackagingRequired: 'true' }),
    ];
    const saved = await put({ items }, buyer.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = [
      {
        productId: jaggery,
        requiredQty: 5000,
        packagingType: 'PP_BAG',
        isCustomPackagingRequired: false,
        customPackaging: 'Our own label, 25 kg',
      },
      { productId: onions, requiredQty: 30, packagingType: 'PP_BAG', isCustomPackagingRequired: true },
    ];
    expect(saved.json().items).toEqual(expected);
    const read = await get(buyer.cookie);
    expect(read.json().items).toEqual(expected);
    expect(read.headers['cache-control']).toBe('private, no-store');
    // Another user's list is their own.
    expect((await get(user.cookie)).json().items).toEqual([]);
    await put({ items: [] }, buyer.cookie);
    expect((await get(buyer.cookie)).json().items).toEqual([]);
  });

  it.each([
    ['21 lines', { items: Array.from({ length: 21 }, (_, i) => line(String(i).padStart(24, 'a'))) }, QL.listMax],
    ['no items', {}, QL.listMax],
    ['a product twice', { items: [line('aaaaaaaaaaaaaaaaaaaaaaaa'), line('aaaaaaaaaaaaaaaaaaaaaaaa')] }, QL.itemsDuplicate],
    ['a quantity under 1', { items: [line('aaaaaaaaaaaaaaaaaaaaaaaa', 0)] }, V.quoteRequiredQtyMin],
    ['an unknown packaging', { items: [line('aaaaaaaaaaaaaaaaaaaaaaaa', 5, { packagingType: 'SACK' })] }, V.invalidPackagingType],
    ['an unknown product', { items: [line('aaaaaaaaaaaaaaaaaaaaaaaa', 5)] }, QL.listProductUnknown],
  ])('refuses %s', async (_name, body, message) => {
    const res = await put(body, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('takes 20 lines', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => insertTestProduct(t.db, { productName: `List product ${i}` })));
    const res = await put({ items: ids.map((id) => line(id, 2)) }, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(20);
  });
});

describe('settings: container payloads', () => {
  it('are public, absent until set, and validated', async () => {
    const read = await t.app.inject({ method: 'GET', url: API.settings });
    expect(read.json().settings.containerPayloadKg).toBeUndefined();
    const bad = await t.app.inject({
      method: 'PATCH',
      url: API.updateSettings,
      payload: { containerPayloadKg: { twenty: 10 } },
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(QL.containerPayload);
    const set = await t.app.inject({
      method: 'PATCH',
      url: API.updateSettings,
      payload: { containerPayloadKg: { forty: 26000 } },
      headers: { cookie: admin.cookie },
    });
    expect(set.statusCode, set.body).toBe(200);
    const pub = await t.app.inject({ method: 'GET', url: API.settings });
    expect(pub.json().settings.containerPayloadKg).toEqual({ twenty: 28000, forty: 26000 });
  });
});
