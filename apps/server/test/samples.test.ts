/**
 * Sample requests (issue 43, item 2): each step and its refusals, the limits (products, grams, one
 * open request per product, requests in 30 days), the bot and spam rules, mails in the buyer's
 * language, audit rows, `sample.changed` webhooks, a courier account number never shown to another
 * buyer, the admin list's filters and CSV, 'Request a quote' remembering its sample, the
 * dashboard's figure, and the buyer's data export and account deletion.
 */
import {
  API,
  ACCOUNT_API,
  LANGUAGE_HEADER,
  SAMPLE_API,
  SAMPLE_TEXT as M,
  type DataExport,
  type MySamplesResponse,
  type Quote,
  type Sample,
  type SamplesResponse,
} from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { nowIso } from '../src/db/mappers.js';
import { insertTestProduct, quoteBody } from './fixtures.js';
import { NOWHERE_WEBHOOK_URL } from './security/endpoints.js';
import { PASSWORD, buildTestApp, type TestApp, type TestUser } from './helper.js';

let t: TestApp;
let admin: TestUser;
let products: string[];

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://agro.example' });
  admin = await t.loginAdmin();
  products = [];
  for (const name of ['Sample Onion Flakes', 'Sample Garlic Powder', 'Sample Jute Bags', 'Sample Neem Oil']) {
    products.push(await insertTestProduct(t.db, { productName: name }));
  }
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const body = (overrides: Record<string, unknown> = {}) => ({
  items: [{ productId: products[0], grams: 250 }],
  address: '12 Harbour Road, Rotterdam 3011',
  country: 'Netherlands',
  companyName: 'Dutch Spice BV',
  shipping: 'ACCOUNT',
  courier: 'DHL',
  accountNumber: '960123456',
  note: '',
  fillMs: 9000,
  ...overrides,
});

async function add(buyer: TestUser, overrides: Record<string, unknown> = {}): Promise<Sample> {
  const res = await call('POST', SAMPLE_API.addSample, buyer.cookie, body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sample: Sample }>().sample;
}

const stepCall = (url: string, cookie: string, payload: unknown = {}) => call('POST', url, cookie, payload);

/** A request of `buyer` taken to DELIVERED. */
async function delivered(buyer: TestUser, overrides: Record<string, unknown> = {}): Promise<Sample> {
  const sample = await add(buyer, overrides);
  expect((await stepCall(SAMPLE_API.approveSample(sample._id), admin.cookie)).statusCode).toBe(200);
  const sent = await stepCall(SAMPLE_API.dispatchSample(sample._id), admin.cookie, { courier: 'FEDEX', trackingNumber: '771234567890' });
  expect(sent.statusCode, sent.body).toBe(200);
  const done = await stepCall(SAMPLE_API.sampleDelivered(sample._id), buyer.cookie);
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ sample: Sample }>().sample;
}

describe('POST /api/v1/sample/add', () => {
  it('stores the request, mails the buyer (in their language) and the company, audits it', async () => {
    const buyer = await t.loginUser({}, { [LANGUAGE_HEADER]: 'fr' });
    const sample = await add(buyer, {
      items: [
        { productId: products[0], grams: 250 },
        { productId: products[1], grams: '500' },
      ],
    });
    expect(sample.status).toBe('REQUESTED');
    expect(sample.number).toMatch(/^SMP-\d{4}-\d{6}$/);
    expect(sample.items.map((i) => [i.productName, i.grams])).toEqual([
      ['Sample Onion Flakes', 250],
      ['Sample Garlic Powder', 500],
    ]);
    expect(sample.courierAccount).toEqual({ courier: 'DHL', accountNumber: '960123456' });
    expect(sample.buyer.email).toBe(buyer.email);
    const mails = (await t.outbox()).filter((m) => m.subject.includes(sample.number));
    const toBuyer = mails.find((m) => m.to.includes(buyer.email));
    expect(toBuyer?.subject).toContain('Demande');
    expect(toBuyer?.text).toContain(`https://agro.example/fr/profile/samples?sample=${sample._id}`);
    const toCompany = mails.find((m) => !m.to.includes(buyer.email));
    expect(toCompany?.subject).toContain('New sample request');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'sample')
      .where('entity_id', '=', sample._id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('numbers the requests one after another within the year, past a number an earlier request holds', async () => {
    const first = await add(await t.loginUser());
    const [, year, sequence] = first.number.match(/^SMP-(\d{4})-(\d{6})$/)!;
    const next = (n: number) => `SMP-${year}-${String(Number(sequence) + n).padStart(6, '0')}`;
    // The second request's number moved to the one the counter gives next, as if an earlier request (numbered from its id) held it.
    await t.db
      .updateTable('samples')
      .set({ number: next(2) })
      .where('id', '=', (await add(await t.loginUser()))._id)
      .execute();
    const third = await add(await t.loginUser());
    expect(third.number).toBe(next(3));
    const numbers = (await t.db.selectFrom('samples').select('number').execute()).map((r) => r.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('pay on delivery keeps no courier account', async () => {
    const buyer = await t.loginUser();
    const sample = await add(buyer, { shipping: 'ON_DELIVERY', courier: 'UPS', accountNumber: 'X1234' });
    expect(sample.shipping).toBe('ON_DELIVERY');
    expect(sample.courierAccount).toBeNull();
  });

  it('refuses bad input with its message, and changes nothing', async () => {
    const buyer = await t.loginUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [] }, M.itemsRequired],
      [{ items: [{ productId: 'nope', grams: 10 }] }, M.productInvalid],
      [{ items: [{ productId: products[0], grams: 0 }] }, M.gramsInvalid],
      [
        {
          items: [
            { productId: products[0], grams: 10 },
            { productId: products[0], grams: 20 },
          ],
        },
        M.sameProductTwice,
      ],
      [{ address: '' }, M.addressRequired],
      [{ country: '' }, M.countryRequired],
      [{ shipping: 'PIGEON' }, M.shippingInvalid],
      [{ courier: 'TNT' }, M.courierInvalid],
      [{ accountNumber: '' }, M.accountNumberRequired],
      [{ accountNumber: 'no spaces allowed' }, M.accountNumberInvalid],
      [{ items: [{ productId: 'a'.repeat(24), grams: 10 }] }, M.productNotFound],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', SAMPLE_API.addSample, buyer.cookie, body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect((await call('GET', SAMPLE_API.mySamples, buyer.cookie)).json<MySamplesResponse>().samples).toEqual([]);
  });

  it("keeps to the settings' limits: products per request, grams of each", async () => {
    const buyer = await t.loginUser();
    const four = products.map((productId) => ({ productId, grams: 100 }));
    const many = await call('POST', SAMPLE_API.addSample, buyer.cookie, body({ items: four }));
    expect(many.statusCode).toBe(400);
    expect(many.json<{ message: string }>().message).toBe('At most 3 products in one request');
    const heavy = await call('POST', SAMPLE_API.addSample, buyer.cookie, body({ items: [{ productId: products[0], grams: 501 }] }));
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json<{ message: string }>().message).toBe('At most 500 g of each product');
    // The administrator raises the grams: the same request passes.
    const patched = await call('PATCH', API.updateSettings, admin.cookie, { samples: { maxGrams: 1000 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const mine = await call('GET', SAMPLE_API.mySamples, buyer.cookie);
    expect(mine.json<MySamplesResponse>().limits).toEqual({ maxProducts: 3, maxGrams: 1000, maxPerMonth: 3 });
    await add(buyer, { items: [{ productId: products[0], grams: 900 }] });
    expect((await call('PATCH', API.updateSettings, admin.cookie, { samples: { maxGrams: 500 } })).statusCode).toBe(200);
    const bad = await call('PATCH', API.updateSettings, admin.cookie, { samples: { maxPerMonth: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(M.settingMaxPerMonth);
  });

  it('one open request per buyer and product; again once the earlier one is declined', async () => {
    const buyer = await t.loginUser();
    const first = await add(buyer, { items: [{ productId: products[2], grams: 100 }] });
    const again = await call('POST', SAMPLE_API.addSample, buyer.cookie, body({ items: [{ productId: products[2], grams: 50 }] }));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('You already have an open sample request for Sample Jute Bags');
    // Another buyer may ask for the same product.
    await add(await t.loginUser(), { items: [{ productId: products[2], grams: 100 }] });
    expect((await stepCall(SAMPLE_API.declineSample(first._id), admin.cookie, { reason: 'Out of season' })).statusCode).toBe(200);
    await add(buyer, { items: [{ productId: products[2], grams: 100 }] });
  });

  it('at most three requests in 30 days per buyer (setting)', async () => {
    const buyer = await t.loginUser();
    for (const productId of products.slice(0, 3)) await add(buyer, { items: [{ productId, grams: 10 }] });
    const fourth = await call('POST', SAMPLE_API.addSample, buyer.cookie, body({ items: [{ productId: products[3], grams: 10 }] }));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<{ message: string }>().message).toBe('At most 3 sample requests in 30 days: please try again later');
    // Older than 30 days no longer counts.
    const old = nowIso(Date.now() - 31 * 86_400_000);
    await t.db.updateTable('samples').set({ created_at: old }).where('account_email', '=', buyer.email).execute();
    await add(buyer, { items: [{ productId: products[3], grams: 10 }] });
  });

  it("refuses what trips the forms' bot signals or looks like spam", async () => {
    const buyer = await t.loginUser();
    for (const overrides of [{ website: 'http://bot.example' }, { fillMs: 300 }, { note: 'Cheap SEO services and backlinks for you' }]) {
      const res = await call('POST', SAMPLE_API.addSample, buyer.cookie, body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(M.spam);
    }
  });

  it("answers in the asking page's language", async () => {
    const buyer = await t.loginUser();
    const headers = { cookie: buyer.cookie, [LANGUAGE_HEADER]: 'de' };
    const bad = await t.app.inject({
      method: 'POST',
      url: SAMPLE_API.addSample,
      headers,
      payload: body({ items: [{ productId: products[0], grams: 501 }] }),
    });
    expect(bad.json<{ message: string }>().message).toBe('Höchstens 500 g je Produkt');
    const shape = await t.app.inject({ method: 'POST', url: SAMPLE_API.addSample, headers, payload: body({ items: [] }) });
    expect(shape.json<{ message: string }>().message).toBe('Wählen Sie mindestens ein Produkt');
    const ok = await t.app.inject({ method: 'POST', url: SAMPLE_API.addSample, headers, payload: body() });
    expect(ok.json<{ message: string }>().message).toBe('Musteranfrage gesendet');
    const id = ok.json<{ sample: Sample }>().sample._id;
    const early = await t.app.inject({ method: 'POST', url: SAMPLE_API.sampleDelivered(id), headers, payload: {} });
    expect(early.json<{ message: string }>().message).toBe(
      'Diese Anfrage hat den Status „Angefragt“: Dieser Schritt ist jetzt nicht möglich',
    );
  });

  it('is for signed-in buyers only', async () => {
    expect((await call('POST', SAMPLE_API.addSample, undefined, body())).statusCode).toBe(401);
    expect((await call('POST', SAMPLE_API.addSample, admin.cookie, body())).statusCode).toBe(403);
  });
});

describe('the steps of a request', () => {
  it('approve, dispatch with a tracking link, delivered, feedback: each mailed, audited and told to the webhooks', async () => {
    const endpoint = newId();
    await t.db
      .insertInto('webhook_endpoints')
      .values({
        id: endpoint,
        url: NOWHERE_WEBHOOK_URL,
        events: '["sample.changed"]',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        created_at: nowIso(),
        created_by: admin.email,
      })
      .execute();
    const buyer = await t.loginUser({}, { [LANGUAGE_HEADER]: 'ar' });
    const sample = await add(buyer);
    // Out of order: nothing changes.
    const early = await stepCall(SAMPLE_API.dispatchSample(sample._id), admin.cookie, { courier: 'DHL', trackingNumber: '1234567890' });
    expect(early.statusCode).toBe(409);
    expect((await stepCall(SAMPLE_API.approveSample(sample._id), buyer.cookie)).statusCode).toBe(403);
    const approved = await stepCall(SAMPLE_API.approveSample(sample._id), admin.cookie);
    expect(approved.json<{ sample: Sample }>().sample.status).toBe('APPROVED');
    expect((await stepCall(SAMPLE_API.approveSample(sample._id), admin.cookie)).statusCode).toBe(409);
    const badTracking = await stepCall(SAMPLE_API.dispatchSample(sample._id), admin.cookie, { courier: 'DHL', trackingNumber: '' });
    expect(badTracking.statusCode).toBe(400);
    const sent = await stepCall(SAMPLE_API.dispatchSample(sample._id), admin.cookie, { courier: 'DHL', trackingNumber: '1234567890' });
    const dispatched = sent.json<{ sample: Sample }>().sample;
    expect(dispatched.status).toBe('DISPATCHED');
    expect(dispatched.dispatch?.trackingUrl).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    );
    // Feedback before delivery: refused.
    expect((await stepCall(SAMPLE_API.sampleFeedback(sample._id), buyer.cookie, { rating: 5, note: '' })).statusCode).toBe(409);
    const done = await stepCall(SAMPLE_API.sampleDelivered(sample._id), buyer.cookie);
    expect(done.json<{ sample: Sample }>().sample.status).toBe('DELIVERED');
    expect((await stepCall(SAMPLE_API.sampleFeedback(sample._id), buyer.cookie, { rating: 6, note: '' })).statusCode).toBe(400);
    const feedback = await stepCall(SAMPLE_API.sampleFeedback(sample._id), buyer.cookie, {
      rating: 4,
      note: 'Good colour, a little moist',
    });
    expect(feedback.json<{ sample: Sample }>().sample.feedback).toMatchObject({ rating: 4, note: 'Good colour, a little moist' });
    const twice = await stepCall(SAMPLE_API.sampleFeedback(sample._id), buyer.cookie, { rating: 5, note: '' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(M.feedbackTwice);

    const outbox = await t.outbox();
    const mails = outbox.filter((m) => m.to.includes(buyer.email) && m.text.includes(sample.number));
    expect(mails).toHaveLength(4);
    // The company hears of the rating (once: the second try was refused).
    const rated = outbox.filter((m) => m.subject.startsWith(`Feedback on samples ${sample.number}`));
    expect(rated).toHaveLength(1);
    expect(rated[0]!.subject).toContain(': 4 of 5');
    expect(rated[0]!.text).toContain('Comments: Good colour, a little moist');
    expect(rated[0]!.text).toContain(`https://agro.example/profile/samples?id=${sample._id}`);
    expect(rated[0]!.to).not.toContain(buyer.email);
    const dispatchMail = mails.find((m) => m.text.includes('1234567890'));
    expect(dispatchMail?.text).toContain('tracking-id=1234567890');
    expect(dispatchMail?.html).toContain('dir="rtl"');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'sample')
      .where('entity_id', '=', sample._id)
      .execute();
    expect(audit).toHaveLength(5);
    const events = await t.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('endpoint_id', '=', endpoint)
      .orderBy('created_at')
      .execute();
    const statuses = events.map((e) => (JSON.parse(e.payload) as { data: { change: { status: string } } }).data.change.status);
    expect(statuses).toEqual(['REQUESTED', 'APPROVED', 'DISPATCHED', 'DELIVERED', 'DELIVERED']);
    await t.db.deleteFrom('webhook_endpoints').where('id', '=', endpoint).execute();
  });

  it('decline needs a reason, mails it, and ends the request', async () => {
    const buyer = await t.loginUser();
    const sample = await add(buyer);
    const none = await stepCall(SAMPLE_API.declineSample(sample._id), admin.cookie, { reason: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe(M.reasonRequired);
    const declined = await stepCall(SAMPLE_API.declineSample(sample._id), admin.cookie, { reason: 'We do not ship to this address' });
    expect(declined.json<{ sample: Sample }>().sample).toMatchObject({
      status: 'DECLINED',
      declineReason: 'We do not ship to this address',
    });
    const mail = (await t.outbox()).find((m) => m.to.includes(buyer.email) && m.subject.includes('Declined'));
    expect(mail?.text).toContain('We do not ship to this address');
    expect((await stepCall(SAMPLE_API.approveSample(sample._id), admin.cookie)).statusCode).toBe(409);
  });

  it("a courier account number is never shown to another buyer; another's request is 403, an unknown one 404", async () => {
    const owner = await t.loginUser();
    const other = await t.loginUser();
    const sample = await add(owner, { accountNumber: 'SECRET-7788' });
    const seen = await call('GET', SAMPLE_API.sample(sample._id), other.cookie);
    expect(seen.statusCode).toBe(403);
    expect(seen.body).not.toContain('SECRET-7788');
    for (const url of [SAMPLE_API.sampleDelivered(sample._id), SAMPLE_API.sampleFeedback(sample._id)]) {
      const res = await stepCall(url, other.cookie, { rating: 5, note: '' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('SECRET-7788');
    }
    const mine = await call('GET', SAMPLE_API.mySamples, other.cookie);
    expect(mine.body).not.toContain('SECRET-7788');
    expect((await call('GET', SAMPLE_API.allSamples, other.cookie)).statusCode).toBe(403);
    expect((await call('GET', SAMPLE_API.sample(sample._id), owner.cookie)).body).toContain('SECRET-7788');
    expect((await call('GET', SAMPLE_API.sample(newId()), owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', SAMPLE_API.sample('not-an-id'), owner.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/sample/all and /export (admin)', () => {
  it('filters by status, product, country, dates and text, pages, and exports CSV without account numbers', async () => {
    const buyer = await t.loginUser();
    const sample = await add(buyer, { country: 'Kenya', companyName: 'Nairobi Filter Foods', accountNumber: 'CSVHIDE-1' });
    const list = async (query: string) => {
      const res = await call('GET', `${SAMPLE_API.allSamples}?${query}`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SamplesResponse>();
    };
    expect((await list('country=kenya')).samples.map((s) => s._id)).toEqual([sample._id]);
    expect((await list('q=nairobi%20filter')).samples.map((s) => s._id)).toEqual([sample._id]);
    expect((await list(`productId=${products[0]}&status=REQUESTED`)).samples.some((s) => s._id === sample._id)).toBe(true);
    expect((await list('status=DELIVERED&country=kenya')).samples).toEqual([]);
    expect((await list('from=2000-01-01&to=2000-01-02')).samples).toEqual([]);
    const paged = await list('page=1&limit=2');
    expect(paged.samples).toHaveLength(2);
    expect(paged.countries).toContain('Kenya');
    expect((await call('GET', `${SAMPLE_API.allSamples}?status=LOST`, admin.cookie)).statusCode).toBe(400);
    const csv = await call('GET', `${SAMPLE_API.exportSamples}?country=Kenya`, admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Nairobi Filter Foods');
    expect(csv.body).not.toContain('CSVHIDE-1');
  });
});

describe("'Request a quote' from a delivered sample, and the dashboard", () => {
  it("the quote remembers its sample; only the buyer's own delivered sample with that product", async () => {
    const buyer = await t.loginUser();
    const sample = await delivered(buyer, { items: [{ productId: products[1], grams: 100 }] });
    const other = await t.loginUser();
    const foreign = await call('POST', API.addQuote, other.cookie, quoteBody(products[1]!, { sampleId: sample._id }));
    expect(foreign.statusCode).toBe(400);
    const wrongProduct = await call('POST', API.addQuote, buyer.cookie, quoteBody(products[0]!, { sampleId: sample._id }));
    expect(wrongProduct.statusCode).toBe(400);
    const made = await call('POST', API.addQuote, buyer.cookie, quoteBody(products[1]!, { sampleId: sample._id, fillMs: 9000 }));
    expect(made.statusCode, made.body).toBe(200);
    const quote = made.json<{ quote: Quote }>().quote;
    const row = await t.db.selectFrom('quotes').select('sample_id').where('id', '=', quote._id).executeTakeFirstOrThrow();
    expect(row.sample_id).toBe(sample._id);
    expect((await call('GET', SAMPLE_API.sample(sample._id), buyer.cookie)).json<{ sample: Sample }>().sample.quoteIds).toEqual([
      quote._id,
    ]);

    const dashboard = await call('GET', API.dashboard, admin.cookie);
    const figure = dashboard.json<{ dashboard: { samples: { sent: number; quoted: number; share: number | null } } }>().dashboard.samples;
    expect(figure.sent).toBeGreaterThanOrEqual(1);
    expect(figure.quoted).toBeGreaterThanOrEqual(1);
    expect(figure.share).toBeCloseTo(figure.quoted / figure.sent);
  });
});

describe('data rights', () => {
  it("the export holds the buyer's samples; deletion makes them anonymous", async () => {
    const buyer = await t.loginUser();
    const sample = await add(buyer, { accountNumber: 'ERASE-4455', address: '7 Erasable Lane, Leeds' });
    const exported = await call('GET', ACCOUNT_API.dataExport, buyer.cookie);
    expect(exported.statusCode).toBe(200);
    const data = exported.json<DataExport>();
    expect(data.samples.map((s) => s._id)).toEqual([sample._id]);
    expect(data.samples[0]?.courierAccount?.accountNumber).toBe('ERASE-4455');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: ACCOUNT_API.deleteAccount,
      headers: { cookie: buyer.cookie },
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ anonymised: { samples: number } }>().anonymised.samples).toBe(1);
    const row = await t.db.selectFrom('samples').selectAll().where('id', '=', sample._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, account_number: null, contact_name: 'Deleted account', address: 'Deleted account' });
    expect(row.account_email).toMatch(/@invalid$/);
    // The administrator still sees the request, without who it was.
    const seen = await call('GET', SAMPLE_API.sample(sample._id), admin.cookie);
    expect(seen.body).not.toContain('ERASE-4455');
    expect(seen.body).not.toContain(buyer.email);
  });
});
