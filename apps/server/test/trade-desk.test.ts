/**
 * The trade desk: trade terms on a quote, the inquiry inbox, filters and pagination of
 * both lists, CSV exports and the dashboard. Runs on SQLite and (DATABASE_URL) PostgreSQL.
 */
import {
  API,
  LEAD_FILTER_MESSAGES,
  offerSchema,
  replyDueAtOf,
  LEADS_TEXT,
  TRADE_TERMS_MESSAGES as TM,
  type Dashboard,
  type Inquiry,
  type Quote,
} from '@agro/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { decideQuote, sendOffer } from '../src/modules/quote/service.js';
import { contactBody } from './security/endpoints.js';

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
let jaggery: string;
let onions: string;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.loginUser();
  admin = await t.loginAdmin();
  jaggery = await insertTestProduct(t.db, { productName: 'Natural Jaggery Blocks', productQuantityType: 'KG' });
  onions = await insertTestProduct(t.db, { productName: 'Crispy Fried Onions', productQuantityType: 'TONS' });
});
afterAll(() => t.close());

const TERMS = {
  incoterm: 'FOB',
  destinationPort: 'Port of Rotterdam',
  container: 'FCL_40_HC',
  targetPrice: '1.25',
  targetCurrency: 'EUR',
  targetPriceUnit: 'KG',
  certifications: ['FSSAI', 'EU_ORGANIC'],
  sampleFirst: true,
};

const addQuote = async (body: Record<string, unknown>, cookie = buyer.cookie) =>
  t.app.inject({ method: 'POST', url: API.addQuote, payload: body, headers: { cookie } });
const asAdmin = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

/** Backdate a row so date filters and the dashboard see it in another month (its reply due a day later, as when it arrived). */
const backdate = (table: 'quotes' | 'contacts', id: string, iso: string) =>
  t.db
    .updateTable(table)
    .set({ created_at: iso, reply_due_at: replyDueAtOf(iso) })
    .where('id', '=', id)
    .execute();

describe('trade terms on POST /api/v1/quote/add', () => {
  it('stores them exactly and answers them on the quote, the list and in the company mail', async () => {
    const res = await addQuote(quoteBody(jaggery, { companyName: 'Rotterdam Trading BV', tradeTerms: TERMS }));
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json<{ quote: Quote }>().quote;
    expect(quote.tradeTerms).toEqual({ ...TERMS, targetPriceMinor: 125 });
    const row = await t.db.selectFrom('quotes').selectAll().where('id', '=', quote._id).executeTakeFirstOrThrow();
    // Money: integer minor units beside the currency, never a float.
    expect(Number(row.trade_target_price_minor)).toBe(125);
    expect(row.trade_target_currency).toBe('EUR');

    const list = (await asAdmin('GET', API.allQuotes)).json<{ quotes: Quote[] }>().quotes;
    expect(list.find((q) => q._id === quote._id)?.tradeTerms).toEqual(quote.tradeTerms);

    const mail = (await t.outbox()).find((m) => m.subject.includes('Rotterdam Trading BV') && m.to === t.config.companyEmail);
    expect(mail?.text).toContain('Preferred Incoterm: FOB');
    expect(mail?.text).toContain("Container: 40' HC FCL");
    expect(mail?.text).toContain('Target price: EUR 1.25 per KG');
    expect(mail?.text).toContain('Certifications required: FSSAI, EU Organic');
    expect(mail?.text).toContain('Sample first: Yes');
  });

  it('a body with SPEC.md fields only (or empty trade terms) answers exactly the spec keys', async () => {
    for (const extra of [
      {},
      { tradeTerms: {} },
      { tradeTerms: { incoterm: '', certifications: [], sampleFirst: false } },
      { tradeTerms: null },
    ]) {
      const res = await addQuote(quoteBody(jaggery, extra));
      expect(res.statusCode, res.body).toBe(200);
      const quote = res.json<{ quote: Record<string, unknown> }>().quote;
      expect(quote).not.toHaveProperty('tradeTerms');
      const row = await t.db.selectFrom('quotes').selectAll().where('id', '=', String(quote._id)).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        trade_incoterm: null,
        trade_target_price_minor: null,
        trade_certifications: '[]',
        trade_sample_first: 0,
      });
    }
  });

  it('refuses each bad field with its own message, after every SPEC.md message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ incoterm: 'FOO' }, 'tradeTerms.incoterm', TM.incoterm],
      [{ destinationPort: 'x'.repeat(201) }, 'tradeTerms.destinationPort', TM.destinationPort],
      [{ container: '10ft' }, 'tradeTerms.container', TM.container],
      [{ targetPrice: '1.234', targetCurrency: 'USD', targetPriceUnit: 'KG' }, 'tradeTerms.targetPrice', TM.targetPrice],
      [{ targetPrice: '0', targetCurrency: 'USD', targetPriceUnit: 'KG' }, 'tradeTerms.targetPrice', TM.targetPrice],
      [{ targetPrice: '-3', targetCurrency: 'USD', targetPriceUnit: 'KG' }, 'tradeTerms.targetPrice', TM.targetPrice],
      [{ targetPrice: '2', targetPriceUnit: 'KG' }, 'tradeTerms.targetCurrency', TM.targetCurrencyRequired],
      [{ targetPrice: '2', targetCurrency: 'XYZ', targetPriceUnit: 'KG' }, 'tradeTerms.targetCurrency', TM.targetCurrency],
      [{ targetPrice: '2', targetCurrency: 'USD' }, 'tradeTerms.targetPriceUnit', TM.targetPriceUnitRequired],
      [{ targetCurrency: 'USD' }, 'tradeTerms.targetPrice', TM.targetPriceRequired],
      [{ certifications: ['FSSAI', 'MAGIC'] }, 'tradeTerms.certifications.1', TM.certifications],
    ];
    const before = await t.db.selectFrom('quotes').select('id').execute();
    for (const [terms, field, message] of cases) {
      const res = await addQuote(quoteBody(jaggery, { tradeTerms: terms }));
      expect(res.statusCode, JSON.stringify(terms)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
    expect(await addQuote(quoteBody(jaggery, { tradeTerms: 'FOB' }))).toMatchObject({ statusCode: 400 });
    // SPEC.md's own messages still come first.
    const spec = await addQuote(quoteBody(jaggery, { companyName: '', tradeTerms: { incoterm: 'FOO' } }));
    expect(spec.json()).toMatchObject({ message: 'Company Name is required' });
    expect(await t.db.selectFrom('quotes').select('id').execute()).toHaveLength(before.length);
  });
});

describe('finding leads', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    // A clean slate: this block counts rows.
    await t.db.deleteFrom('quotes').execute();
    await t.db.deleteFrom('contacts').execute();
    const make = async (name: string, overrides: Record<string, unknown>, at: string) => {
      const res = await addQuote(quoteBody(jaggery, { companyName: name, ...overrides }));
      const id = res.json<{ quote: Quote }>().quote._id;
      await backdate('quotes', id, at);
      return id;
    };
    ids = {
      spain: await make('Valencia Foods SL', { country: 'Spain' }, '2026-03-10T10:00:00.000Z'),
      spainLower: await make('Madrid 100% Sweet_Co', { country: ' spain', productId: onions }, '2026-04-02T08:00:00.000Z'),
      uae: await make('Dubai Spices LLC', { country: 'UAE', contactPersonName: 'Omar Haddad' }, '2026-04-30T23:59:59.000Z'),
      germany: await make(
        'Hamburg Import GmbH',
        { country: 'Germany', companyEmail: 'einkauf@hamburg-import.example' },
        '2026-05-01T00:00:00.000Z',
      ),
    };
  });

  const quoteIds = async (query: string) => {
    const res = await asAdmin('GET', `${API.allQuotes}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ quotes: Quote[] }>().quotes.map((q) => q._id);
  };

  it('without parameters: every quote, newest first, and no page keys (SPEC.md)', async () => {
    const res = await asAdmin('GET', API.allQuotes);
    const body = res.json<Record<string, unknown> & { quotes: Quote[] }>();
    expect(Object.keys(body).sort()).toEqual(['message', 'quotes', 'success']);
    expect(body.quotes.map((q) => q._id)).toEqual([ids.germany, ids.uae, ids.spainLower, ids.spain]);
  });

  it('by country (any case and spacing), product, date range (whole UTC days) and search', async () => {
    expect(await quoteIds('country=SPAIN')).toEqual([ids.spainLower, ids.spain]);
    expect(await quoteIds(`productId=${onions}`)).toEqual([ids.spainLower]);
    expect(await quoteIds('from=2026-04-01&to=2026-04-30')).toEqual([ids.uae, ids.spainLower]);
    expect(await quoteIds('from=2026-05-01')).toEqual([ids.germany]);
    expect(await quoteIds('to=2026-03-10')).toEqual([ids.spain]);
    expect(await quoteIds('q=omar')).toEqual([ids.uae]);
    expect(await quoteIds('q=HAMBURG-IMPORT.example')).toEqual([ids.germany]);
    // LIKE's wildcards are searched as text.
    expect(await quoteIds('q=100%25')).toEqual([ids.spainLower]);
    expect(await quoteIds('q=_')).toEqual([ids.spainLower]);
    expect(await quoteIds('country=spain&q=valencia')).toEqual([ids.spain]);
    expect(await quoteIds('country=France')).toEqual([]);
  });

  it("by the quote desk's status, EXPIRED included", async () => {
    await sendOffer(t.db, t.dialect, ids.uae!, offerSchema.parse(offerBody({ unitPrice: '12.50' })), { userId: admin.user._id });
    expect(await quoteIds('status=QUOTED')).toEqual([ids.uae]);
    expect(await quoteIds('status=NEW&country=spain')).toEqual([ids.spainLower, ids.spain]);
    expect(await quoteIds('status=EXPIRED')).toEqual([]);
    const csv = parse((await asAdmin('GET', `${API.exportQuotes}?status=QUOTED`)).body, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({
      'Quote ID': ids.uae,
      Status: 'QUOTED',
      'Offer Unit Price': '12.50',
      'Offer Currency': 'USD',
      'Offer Incoterm': 'FOB',
    });
    expect(csv[0]!['Quotation Number']).not.toBe('');
  });

  it('pages with totals and the countries to filter by', async () => {
    const res = await asAdmin('GET', `${API.allQuotes}?limit=3&page=2`);
    expect(res.json()).toMatchObject({ success: true, total: 4, page: 2, limit: 3, pageCount: 2, countries: ['Germany', 'Spain', 'UAE'] });
    expect(res.json<{ quotes: Quote[] }>().quotes.map((q) => q._id)).toEqual([ids.spain]);
    const filtered = await asAdmin('GET', `${API.allQuotes}?country=spain&page=1`);
    expect(filtered.json()).toMatchObject({ total: 2, page: 1, limit: 12, pageCount: 1 });
  });

  it('refuses bad filters with a clear message', async () => {
    for (const [query, message] of [
      ['from=2026-02-30', LEAD_FILTER_MESSAGES.from],
      ['to=yesterday', LEAD_FILTER_MESSAGES.to],
      ['from=2026-05-02&to=2026-05-01', LEAD_FILTER_MESSAGES.range],
      ['limit=101', LEAD_FILTER_MESSAGES.limit],
      ['page=0', LEAD_FILTER_MESSAGES.page],
      [`q=${'x'.repeat(101)}`, LEAD_FILTER_MESSAGES.q],
      ['status=WHATEVER', LEAD_FILTER_MESSAGES.status],
    ] as const) {
      const res = await asAdmin('GET', `${API.allQuotes}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, message });
    }
  });

  it('exports the filtered quotes as CSV: BOM, header, one row per quote, ISO dates, every field, no formulas', async () => {
    const hostile = await addQuote(
      quoteBody(jaggery, {
        companyName: '=HYPERLINK("http://evil.example")',
        contactPersonName: '@SUM(1+1)',
        additionalInfo: 'Line one\nLine two, "quoted"',
        country: 'Spain',
        tradeTerms: TERMS,
      }),
    );
    const hostileId = hostile.json<{ quote: Quote }>().quote._id;
    const res = await asAdmin('GET', `${API.exportQuotes}?country=spain`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="quotes-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Quote ID'])).toEqual([hostileId, ids.spainLower, ids.spain]);
    const h = rows[0]!;
    expect(h['Company Name']).toBe('\'=HYPERLINK("http://evil.example")');
    expect(h['Contact Person Name']).toBe("'@SUM(1+1)");
    expect(h['Additional Information']).toBe('Line one\nLine two, "quoted"');
    expect(h['Created At']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(h).toMatchObject({
      'Product Name': 'Natural Jaggery Blocks',
      'Required Quantity': '1200',
      Unit: 'KG',
      'Packaging Type': 'PP Bag',
      'Custom Packaging Required': 'Yes',
      Urgent: 'No',
      'Quoted By': buyer.email,
      'Preferred Incoterm': 'FOB',
      Container: "40' HC FCL",
      'Target Price': '1.25',
      'Target Price Currency': 'EUR',
      'Certifications Required': 'FSSAI; EU Organic',
      'Sample First': 'Yes',
    });
    // Today's 45 columns, then the line's (issue 45: one row per line, a one-line quote one row).
    expect(Object.keys(h)).toHaveLength(50);
    expect(Object.keys(h).slice(45)).toEqual(['Line', 'Lines', 'Line ID', 'Offer Line Quantity', 'Offer Line Total']);
    expect(h).toMatchObject({ Line: '1', Lines: '1' });
    expect(h).toMatchObject({ Status: 'NEW', 'Quotation Number': '', 'Offer Unit Price': '' });
    expect(rows[2]).toMatchObject({ 'Created At': '2026-03-10T10:00:00.000Z', 'Preferred Incoterm': '', 'Sample First': 'No' });
  });
});

describe('the inquiry inbox', () => {
  let first: string;
  let second: string;

  beforeAll(async () => {
    await t.db.deleteFrom('contacts').execute();
    const send = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: API.addContact, payload: body, headers: { cookie: buyer.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ contact: { _id: string } }>().contact._id;
    };
    first = await send(contactBody(jaggery, { companyName: 'Global Foods Ltd', country: 'Spain' }));
    await backdate('contacts', first, '2026-01-15T12:00:00.000Z');
    second = await send(
      contactBody(onions, { fullName: 'Kenji Sato', email: 'kenji@tokyo.example', companyName: 'Tokyo Kitchens', country: 'Japan' }),
    );
  });

  it('lists newest first with product, quantity and unit, country and company', async () => {
    const res = await asAdmin('GET', API.allInquiries);
    expect(res.statusCode).toBe(200);
    const inquiries = res.json<{ inquiries: Inquiry[] }>().inquiries;
    expect(inquiries.map((i) => i._id)).toEqual([second, first]);
    expect(inquiries[0]).toMatchObject({
      fullName: 'Kenji Sato',
      companyName: 'Tokyo Kitchens',
      country: 'Japan',
      productId: onions,
      productName: 'Crispy Fried Onions',
      productQuantityType: 'TONS',
      estimatedQuantity: 500,
      handled: false,
      handledAt: null,
    });
  });

  it('marks handled and reopens; filters by status, product, country, date and search', async () => {
    const done = await asAdmin('PATCH', API.updateInquiry(first), { handled: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, message: LEADS_TEXT.inquiryHandled, inquiry: { _id: first, handled: true } });
    const handledAt = done.json<{ inquiry: Inquiry }>().inquiry.handledAt;
    expect(handledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Marking again keeps the first time.
    const again = await asAdmin('PATCH', API.updateInquiry(first), { handled: true });
    expect(again.json<{ inquiry: Inquiry }>().inquiry.handledAt).toBe(handledAt);

    const ids = async (query: string) =>
      (await asAdmin('GET', `${API.allInquiries}?${query}`)).json<{ inquiries: Inquiry[] }>().inquiries.map((i) => i._id);
    expect(await ids('status=HANDLED')).toEqual([first]);
    expect(await ids('status=OPEN')).toEqual([second]);
    expect(await ids(`productId=${jaggery}`)).toEqual([first]);
    expect(await ids('country=japan')).toEqual([second]);
    expect(await ids('to=2026-01-31')).toEqual([first]);
    expect(await ids('q=KENJI@')).toEqual([second]);
    expect(await ids('q=global')).toEqual([first]);
    const paged = await asAdmin('GET', `${API.allInquiries}?limit=1`);
    expect(paged.json()).toMatchObject({ total: 2, page: 1, limit: 1, pageCount: 2, countries: ['Japan', 'Spain'] });

    const reopened = await asAdmin('PATCH', API.updateInquiry(first), { handled: false });
    expect(reopened.json()).toMatchObject({ message: LEADS_TEXT.inquiryReopened, inquiry: { handled: false, handledAt: null } });
  });

  it('refuses a bad body or an unknown id', async () => {
    for (const payload of [{}, { handled: 'yes' }, { handled: 1 }]) {
      const res = await asAdmin('PATCH', API.updateInquiry(first), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: LEAD_FILTER_MESSAGES.handled });
    }
    for (const id of ['aaaaaaaaaaaaaaaaaaaaaaaa', 'nope']) {
      expect((await asAdmin('PATCH', API.updateInquiry(id), { handled: true })).json()).toEqual({
        success: false,
        message: LEADS_TEXT.inquiryNotFound,
      });
      expect((await asAdmin('DELETE', API.deleteInquiry(id))).statusCode).toBe(404);
    }
  });

  it('exports the inbox as CSV and deletes an inquiry', async () => {
    const csv = await asAdmin('GET', `${API.exportInquiries}?country=spain`);
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Inquiry ID': first,
      'Created At': '2026-01-15T12:00:00.000Z',
      Status: 'OPEN',
      Unit: 'KG',
      'Company Name': 'Global Foods Ltd',
    });

    const res = await asAdmin('DELETE', API.deleteInquiry(second));
    expect(res.json()).toEqual({ success: true, message: LEADS_TEXT.inquiryDeleted });
    expect((await asAdmin('GET', API.allInquiries)).json<{ inquiries: Inquiry[] }>().inquiries.map((i) => i._id)).toEqual([first]);
  });
});

describe('GET /api/v1/dashboard', () => {
  it('counts quotes and inquiries per month, country, product and heard-from over the last 12 months', async () => {
    await t.db.deleteFrom('quotes').execute();
    await t.db.deleteFrom('contacts').execute();
    const now = new Date();
    const thisMonth = now.toISOString().slice(0, 7);
    const q1 = (await addQuote(quoteBody(jaggery, { country: 'Spain', heardFrom: 'LinkedIn' }))).json<{ quote: Quote }>().quote._id;
    await addQuote(quoteBody(onions, { country: 'spain', heardFrom: 'LinkedIn' }));
    await addQuote(quoteBody(jaggery, { country: 'UAE', heardFrom: 'Google' }));
    // Older than 12 months: not counted.
    await backdate('quotes', q1, '2020-01-01T00:00:00.000Z');
    await t.app.inject({
      method: 'POST',
      url: API.addContact,
      payload: contactBody(onions, { country: 'UAE' }),
      headers: { cookie: buyer.cookie },
    });

    const res = await asAdmin('GET', API.dashboard);
    expect(res.statusCode).toBe(200);
    const d = res.json<{ dashboard: Dashboard }>().dashboard;
    expect(d.months).toHaveLength(12);
    expect(d.months.at(-1)).toEqual({ month: thisMonth, quotes: 2, inquiries: 1 });
    expect(d.months.slice(0, -1).every((m) => m.quotes === 0 && m.inquiries === 0)).toBe(true);
    expect(d.byCountry).toEqual([
      { label: 'UAE', quotes: 1, inquiries: 1 },
      { label: 'spain', quotes: 1, inquiries: 0 },
    ]);
    expect(d.byProduct).toEqual([
      { label: 'Crispy Fried Onions', quotes: 1, inquiries: 1 },
      { label: 'Natural Jaggery Blocks', quotes: 1, inquiries: 0 },
    ]);
    // No offers yet: the quotes are younger than a day, so they count neither way.
    expect(d.offerWithin24h).toEqual({ within: 0, total: 0, share: null });
    expect(d.acceptance).toEqual({ accepted: 0, decided: 0, rate: null });
    expect(d.heardFrom).toEqual([
      { label: 'Google', count: 1 },
      { label: 'Instagram', count: 0 },
      { label: 'LinkedIn', count: 1 },
      { label: 'Advertisement', count: 0 },
      { label: 'Friend', count: 0 },
      { label: 'Other', count: 0 },
    ]);
  });
});

describe('dashboard: replies within 24 hours and acceptance', () => {
  it('counts the first offer against the quote time, and accepted of answered or expired offers', async () => {
    await t.db.deleteFrom('quotes').execute();
    const now = Date.now();
    const make = async (hoursAgo: number) => {
      const id = (await addQuote(quoteBody(jaggery))).json<{ quote: Quote }>().quote._id;
      await backdate('quotes', id, new Date(now - hoursAgo * 3_600_000).toISOString());
      return id;
    };
    const fast = await make(72); // offer 2 h after
    const slow = await make(72); // offer 30 h after
    await make(48); // no offer after 2 days: late
    await make(2); // no offer yet, too young to count
    const young = await make(1); // offer 30 min after: counted though younger than a day
    const offer = (id: string, at: number) =>
      sendOffer(t.db, t.dialect, id, offerSchema.parse(offerBody()), { userId: admin.user._id }, at);
    await offer(fast, now - 70 * 3_600_000);
    await offer(slow, now - 42 * 3_600_000);
    await offer(young, now - 1_800_000);
    await decideQuote(t.db, fast, 'ACCEPTED', '', { userId: buyer.user._id });
    await decideQuote(t.db, slow, 'DECLINED', '', { userId: buyer.user._id });

    const d = (await asAdmin('GET', API.dashboard)).json<{ dashboard: Dashboard }>().dashboard;
    expect(d.offerWithin24h).toEqual({ within: 2, total: 4, share: 2 / 4 });
    expect(d.acceptance).toEqual({ accepted: 1, decided: 2, rate: 0.5 });
  });
});
