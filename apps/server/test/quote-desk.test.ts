/**
 * Quote desk: statuses, offers with history, rejection, the buyer's decision, mails,
 * the quotation PDF (read back with pdftotext), expiry, and racing decisions.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { API, QUOTE_DESK_MESSAGES as M, SERVER_ERRORS, offerToday, type Quote, type QuoteDetail } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuotes } from '../src/modules/quote/repository.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { dataSnapshot } from './security/endpoints.js';

const run = promisify(execFile);

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://agro.example' });
  buyer = await t.loginUser();
  otherBuyer = await t.loginUser();
  admin = await t.loginAdmin();
  productId = await insertTestProduct(t.db, { productName: 'Crispy Fried Onions', productQuantityType: 'KG' });
});
afterAll(() => t.close());

const inFuture = (days: number) => offerToday(Date.now() + days * 86_400_000);

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newQuote(owner: TestUser = buyer, overrides: Record<string, unknown> = {}): Promise<Quote> {
  const res = await call('POST', API.addQuote, owner.cookie, quoteBody(productId, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ quote: Quote }>().quote;
}

async function offer(id: string, overrides: Record<string, unknown> = {}): Promise<QuoteDetail> {
  const res = await call('POST', API.quoteOffer(id), admin.cookie, offerBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ quote: QuoteDetail }>().quote;
}

/** Moves a quote's current offer into the past, as the passing of its validity date would. */
async function expire(id: string): Promise<void> {
  const past = new Date(Date.now() - 60_000).toISOString();
  await t.db.updateTable('quotes').set({ offer_expires_at: past }).where('id', '=', id).execute();
  await t.db
    .updateTable('quote_offers')
    .set({ expires_at: past, valid_until: offerToday(Date.now() - 86_400_000) })
    .where('quote_id', '=', id)
    .execute();
}

const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to.includes(to));

describe('statuses on the list calls', () => {
  it('a new request is NEW with no offer, in the buyer list and the admin list', async () => {
    const quote = await newQuote();
    expect(quote).toMatchObject({ status: 'NEW', offer: null });
    const mine = (await call('GET', API.userQuotes, buyer.cookie)).json<{ quotes: Quote[] }>().quotes;
    expect(mine.find((q) => q._id === quote._id)).toMatchObject({ status: 'NEW', offer: null });
    const all = (await call('GET', API.allQuotes, admin.cookie)).json<{ quotes: Quote[] }>().quotes;
    expect(all.find((q) => q._id === quote._id)).toMatchObject({ status: 'NEW', offer: null });
  });

  it('a quote stored before the quote desk (no status written) reads as NEW', async () => {
    const quote = await newQuote();
    const row = await t.db.selectFrom('quotes').select('status').where('id', '=', quote._id).executeTakeFirstOrThrow();
    expect(row.status).toBe('NEW');
  });
});

describe('offers', () => {
  it('an offer sets QUOTED, is exact money, shows on both lists and mails the buyer', async () => {
    const quote = await newQuote();
    const res = await call('POST', API.quoteOffer(quote._id), admin.cookie, offerBody());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: boolean; message: string; quote: QuoteDetail }>();
    expect(body).toMatchObject({ success: true, message: M.offerSent });
    expect(body.quote.status).toBe('QUOTED');
    expect(body.quote.offer).toMatchObject({
      revision: 1,
      currency: 'USD',
      unitPriceMinor: 1235,
      unitPrice: '12.35',
      priceBasis: 'KG',
      // 12.35 x 1200 kg, exactly.
      totalMinor: 1_482_000,
      total: '14820.00',
      incoterm: 'FOB',
      portOfLoading: 'Nhava Sheva (JNPT), India',
      destination: 'Port of Valencia, Spain',
      leadTimeDays: 21,
      paymentTerms: '30% TT advance / 70% against documents',
      validUntil: inFuture(14),
      note: 'Price includes PP bags of 25 kg.',
      quotationNumber: expect.stringMatching(/^QTN-\d{4}-[0-9A-F]{6}-R1$/),
    });
    const stored = await t.db
      .selectFrom('quote_offers')
      .select(['unit_price_minor', 'currency'])
      .where('quote_id', '=', quote._id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.unit_price_minor)).toBe(1235);
    expect(stored.currency).toBe('USD');

    const mine = (await call('GET', API.userQuotes, buyer.cookie)).json<{ quotes: Quote[] }>().quotes.find((q) => q._id === quote._id);
    expect(mine).toMatchObject({ status: 'QUOTED', offer: { unitPrice: '12.35', total: '14820.00', incoterm: 'FOB' } });
    const all = (await call('GET', API.allQuotes, admin.cookie)).json<{ quotes: Quote[] }>().quotes.find((q) => q._id === quote._id);
    expect(all).toMatchObject({ status: 'QUOTED', offer: { _id: body.quote.offer!._id } });

    const mail = (await mailsTo(buyer.email)).find((m) => m.subject.includes(body.quote.offer!.quotationNumber));
    expect(mail, 'offer mail to the buyer').toBeDefined();
    expect(mail!.subject).toContain('USD 14,820.00');
    expect(mail!.text).toContain('USD 12.35 per KG');
    expect(mail!.text).toContain(`Valid until: ${inFuture(14)}`);
    expect(mail!.text).toContain('FOB');
    expect(mail!.text).toContain('https://agro.example/profile');
  });

  it('a later offer replaces the current one; earlier ones stay as history, newest first', async () => {
    const quote = await newQuote();
    await offer(quote._id);
    const second = await offer(quote._id, { unitPrice: 11.9, currency: 'EUR', incoterm: 'CIF', note: '' });
    expect(second.status).toBe('QUOTED');
    expect(second.offer).toMatchObject({ revision: 2, unitPriceMinor: 1190, currency: 'EUR', incoterm: 'CIF', total: '14280.00' });
    expect(second.offers.map((o) => o.revision)).toEqual([2, 1]);

    const detail = await call('GET', API.quote(quote._id), buyer.cookie);
    expect(detail.statusCode).toBe(200);
    const q = detail.json<{ quote: QuoteDetail }>().quote;
    expect(q.offers.map((o) => [o.revision, o.currency, o.unitPrice])).toEqual([
      [2, 'EUR', '11.90'],
      [1, 'USD', '12.35'],
    ]);
    expect(q.history.map((h) => [h.status, h.by])).toEqual([
      ['NEW', 'BUYER'],
      ['QUOTED', 'COMPANY'],
      ['QUOTED', 'COMPANY'],
    ]);
  });

  it.each([
    [{ unitPrice: undefined }, M.unitPriceRequired],
    [{ unitPrice: '0' }, M.unitPriceInvalid],
    [{ unitPrice: '-3' }, M.unitPriceInvalid],
    [{ unitPrice: '1.005' }, M.unitPriceInvalid],
    [{ unitPrice: '12,50' }, M.unitPriceInvalid],
    [{ currency: undefined }, M.currencyRequired],
    [{ currency: 'JPY' }, M.currencyInvalid],
    [{ incoterm: 'FOBX' }, M.incotermInvalid],
    [{ portOfLoading: '  ' }, M.portOfLoadingRequired],
    [{ destination: undefined }, M.destinationRequired],
    [{ leadTimeDays: undefined }, M.leadTimeRequired],
    [{ leadTimeDays: 2.5 }, M.leadTimeInvalid],
    [{ leadTimeDays: 0 }, M.leadTimeInvalid],
    [{ paymentTerms: '' }, M.paymentTermsRequired],
    [{ validUntil: undefined }, M.validUntilRequired],
    [{ validUntil: '2026-02-30' }, M.validUntilInvalid],
    [{ validUntil: '2020-01-01' }, M.validUntilPast],
  ])('refuses the offer %j with %s, changing nothing', async (overrides, message) => {
    const quote = await newQuote();
    const before = await dataSnapshot(t);
    const res = await call('POST', API.quoteOffer(quote._id), admin.cookie, offerBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await dataSnapshot(t)).toEqual(before);
  });

  it('404 for an unknown quote, 403 for a USER (even the owner)', async () => {
    const missing = await call('POST', API.quoteOffer('aaaaaaaaaaaaaaaaaaaaaaaa'), admin.cookie, offerBody());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: SERVER_ERRORS.quoteNotFound });
    const quote = await newQuote();
    const owner = await call('POST', API.quoteOffer(quote._id), buyer.cookie, offerBody());
    expect(owner.statusCode).toBe(403);
  });
});

describe('rejection', () => {
  it('REJECTED with a reason, mailed to the buyer; nothing can follow it', async () => {
    const quote = await newQuote();
    const short = await call('POST', API.quoteReject(quote._id), admin.cookie, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(M.reasonMin);
    const missing = await call('POST', API.quoteReject(quote._id), admin.cookie, {});
    expect(missing.json().message).toBe(M.reasonRequired);

    const res = await call('POST', API.quoteReject(quote._id), admin.cookie, { reason: 'We cannot ship to this destination this season.' });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<{ quote: QuoteDetail }>().quote;
    expect(q.status).toBe('REJECTED');
    expect(q.history.at(-1)).toMatchObject({ status: 'REJECTED', by: 'COMPANY', note: 'We cannot ship to this destination this season.' });

    const mail = (await mailsTo(buyer.email)).find((m) => m.text.includes('We cannot ship to this destination this season.'));
    expect(mail, 'rejection mail').toBeDefined();
    expect(mail!.text).toContain('Crispy Fried Onions');
    expect(mail!.text).toContain('1200 KG');
    // "Declined" is the buyer's own decision (DECLINED): the company's refusal is not called that.
    expect(mail!.subject).not.toMatch(/declined/i);

    // The reason reaches the buyer on the site too: on their list and in the quote's details.
    expect(q.rejectionReason).toBe('We cannot ship to this destination this season.');
    const mine = (await call('GET', API.userQuotes, buyer.cookie)).json<{ quotes: Quote[] }>().quotes.find((x) => x._id === quote._id);
    expect(mine?.rejectionReason).toBe('We cannot ship to this destination this season.');
    const detail = (await call('GET', API.quote(quote._id), buyer.cookie)).json<{ quote: QuoteDetail }>().quote;
    expect(detail.rejectionReason).toBe('We cannot ship to this destination this season.');
    // Other statuses carry no such key.
    expect((await call('GET', API.quote((await newQuote())._id), buyer.cookie)).json<{ quote: QuoteDetail }>().quote).not.toHaveProperty(
      'rejectionReason',
    );

    for (const [url, cookie, payload] of [
      [API.quoteOffer(quote._id), admin.cookie, offerBody()],
      [API.quoteReject(quote._id), admin.cookie, { reason: 'Once more, with feeling' }],
      [API.quoteAccept(quote._id), buyer.cookie, {}],
      [API.quoteDecline(quote._id), buyer.cookie, {}],
    ] as const) {
      const before = await dataSnapshot(t);
      const again = await call('POST', url, cookie, payload);
      expect(again.statusCode, url).toBe(409);
      expect(again.json()).toEqual({ success: false, message: M.alreadyDecided('REJECTED') });
      expect(await dataSnapshot(t)).toEqual(before);
    }
  });

  it('an offered quote can be rejected too', async () => {
    const quote = await newQuote();
    await offer(quote._id);
    const res = await call('POST', API.quoteReject(quote._id), admin.cookie, { reason: 'Prices changed, offer withdrawn.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ quote: Quote }>().quote.status).toBe('REJECTED');
  });
});

describe('the buyer decides', () => {
  it('accept: ACCEPTED, the company is mailed, and the decision is final', async () => {
    const quote = await newQuote();
    const noOffer = await call('POST', API.quoteAccept(quote._id), buyer.cookie, {});
    expect(noOffer.statusCode).toBe(409);
    expect(noOffer.json()).toEqual({ success: false, message: M.noOffer });

    const offered = await offer(quote._id);
    const notMine = await call('POST', API.quoteAccept(quote._id), otherBuyer.cookie, {});
    expect(notMine.statusCode).toBe(403);
    const byAdmin = await call('POST', API.quoteAccept(quote._id), admin.cookie, {});
    expect(byAdmin.statusCode).toBe(403);

    const res = await call('POST', API.quoteAccept(quote._id), buyer.cookie, { note: 'Please ship in March.' });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<{ message: string; quote: QuoteDetail }>();
    expect(q.message).toBe(M.offerAccepted);
    expect(q.quote.status).toBe('ACCEPTED');
    expect(q.quote.history.at(-1)).toMatchObject({
      status: 'ACCEPTED',
      by: 'BUYER',
      note: 'Please ship in March.',
      offerId: offered.offer!._id,
    });

    const mail = (await mailsTo(t.config.companyEmail)).find((m) =>
      m.subject.startsWith(`ACCEPTED: quotation ${offered.offer!.quotationNumber}`),
    );
    expect(mail, 'decision mail to the company').toBeDefined();
    expect(mail!.text).toContain('Global Foods Ltd');
    expect(mail!.text).toContain('USD 14,820.00');
    expect(mail!.text).toContain('Please ship in March.');

    const all = (await call('GET', API.allQuotes, admin.cookie)).json<{ quotes: Quote[] }>().quotes;
    expect(all.find((x) => x._id === quote._id)?.status).toBe('ACCEPTED');

    for (const url of [API.quoteAccept(quote._id), API.quoteDecline(quote._id)]) {
      const again = await call('POST', url, buyer.cookie, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(M.alreadyDecided('ACCEPTED'));
    }
    expect((await call('POST', API.quoteOffer(quote._id), admin.cookie, offerBody())).statusCode).toBe(409);
  });

  it('decline with no body at all, and a note is optional', async () => {
    const quote = await newQuote();
    await offer(quote._id);
    const res = await t.app.inject({ method: 'POST', url: API.quoteDecline(quote._id), headers: { cookie: buyer.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ quote: Quote }>().quote.status).toBe('DECLINED');
    const mail = (await mailsTo(t.config.companyEmail)).find((m) => m.subject.startsWith('DECLINED: quotation'));
    expect(mail).toBeDefined();
  });

  it('a decision on an offer a newer one replaced is refused (409) and changes nothing; on the current offer it is taken', async () => {
    const quote = await newQuote();
    const seen = await offer(quote._id, { unitPrice: '1.00' });
    // The company sends a new price while the buyer still reads the first one.
    const current = await offer(quote._id, { unitPrice: '9.00' });
    for (const url of [API.quoteAccept(quote._id), API.quoteDecline(quote._id)]) {
      const before = await dataSnapshot(t);
      const stale = await call('POST', url, buyer.cookie, { offerId: seen.offer!._id });
      expect(stale.statusCode, url).toBe(409);
      expect(stale.json()).toEqual({ success: false, message: M.offerReplaced(current.offer!.quotationNumber) });
      expect(await dataSnapshot(t)).toEqual(before);
    }
    const res = await call('POST', API.quoteAccept(quote._id), buyer.cookie, { offerId: current.offer!._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ quote: QuoteDetail }>().quote.history.at(-1)).toMatchObject({ status: 'ACCEPTED', offerId: current.offer!._id });
  });

  it('a buyer sees only their own quote; an admin sees any', async () => {
    const quote = await newQuote();
    expect((await call('GET', API.quote(quote._id), buyer.cookie)).statusCode).toBe(200);
    expect((await call('GET', API.quote(quote._id), admin.cookie)).statusCode).toBe(200);
    const other = await call('GET', API.quote(quote._id), otherBuyer.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ success: false, message: SERVER_ERRORS.forbidden });
    expect((await call('GET', API.quote(quote._id))).statusCode).toBe(401);
    expect((await call('GET', API.quote('bbbbbbbbbbbbbbbbbbbbbbbb'), admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', API.quote('not-an-id'), admin.cookie)).statusCode).toBe(404);
  });
});

describe('expiry', () => {
  it('an offer past its validity date reads EXPIRED everywhere and cannot be accepted; a new offer revives it', async () => {
    const quote = await newQuote();
    await offer(quote._id);
    await expire(quote._id);

    const mine = (await call('GET', API.userQuotes, buyer.cookie)).json<{ quotes: Quote[] }>().quotes.find((q) => q._id === quote._id);
    expect(mine?.status).toBe('EXPIRED');
    const all = (await call('GET', API.allQuotes, admin.cookie)).json<{ quotes: Quote[] }>().quotes.find((q) => q._id === quote._id);
    expect(all?.status).toBe('EXPIRED');
    const detail = (await call('GET', API.quote(quote._id), buyer.cookie)).json<{ quote: QuoteDetail }>().quote;
    expect(detail.status).toBe('EXPIRED');
    expect(detail.history.at(-1)).toMatchObject({ status: 'EXPIRED', by: null });

    const before = await dataSnapshot(t);
    const accept = await call('POST', API.quoteAccept(quote._id), buyer.cookie, {});
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({ success: false, message: M.offerExpired(detail.offer!.validUntil) });
    expect((await call('POST', API.quoteDecline(quote._id), buyer.cookie, {})).statusCode).toBe(409);
    expect(await dataSnapshot(t)).toEqual(before);

    // SQL filter by the status a reader sees (what the admin's status filter uses).
    const { quotes: expired } = await listQuotes(t.db, { status: 'EXPIRED' });
    expect(expired.map((q) => q._id)).toContain(quote._id);
    expect((await listQuotes(t.db, { status: 'QUOTED' })).quotes.map((q) => q._id)).not.toContain(quote._id);

    const renewed = await offer(quote._id, { unitPrice: '12.00' });
    expect(renewed.status).toBe('QUOTED');
    expect((await listQuotes(t.db, { status: 'QUOTED' })).quotes.map((q) => q._id)).toContain(quote._id);
    expect((await call('POST', API.quoteAccept(quote._id), buyer.cookie, {})).statusCode).toBe(200);
  });

  it('an offer valid until today can still be accepted today', async () => {
    const quote = await newQuote();
    await offer(quote._id, { validUntil: offerToday() });
    expect((await call('POST', API.quoteAccept(quote._id), buyer.cookie, {})).statusCode).toBe(200);
  });
});

describe('racing decisions', () => {
  it('accept and decline of the same offer at once leave exactly one decision', async () => {
    for (let round = 0; round < 5; round++) {
      const quote = await newQuote();
      await offer(quote._id);
      const [a, d] = await Promise.all([
        call('POST', API.quoteAccept(quote._id), buyer.cookie, { note: 'accept' }),
        call('POST', API.quoteDecline(quote._id), buyer.cookie, { note: 'decline' }),
      ]);
      expect([a.statusCode, d.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 'ACCEPTED' : 'DECLINED';
      const events = await t.db
        .selectFrom('quote_events')
        .select('status')
        .where('quote_id', '=', quote._id)
        .where('actor', '=', 'BUYER')
        .execute();
      expect(events.map((e) => e.status)).toEqual([winner]);
      const row = await t.db.selectFrom('quotes').select('status').where('id', '=', quote._id).executeTakeFirstOrThrow();
      expect(row.status).toBe(winner);
    }
  });

  it('two offers at once get revisions 1 and 2', async () => {
    const quote = await newQuote();
    const [a, b] = await Promise.all([
      call('POST', API.quoteOffer(quote._id), admin.cookie, offerBody({ unitPrice: '10' })),
      call('POST', API.quoteOffer(quote._id), admin.cookie, offerBody({ unitPrice: '11' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const detail = (await call('GET', API.quote(quote._id), admin.cookie)).json<{ quote: QuoteDetail }>().quote;
    expect(detail.offers.map((o) => o.revision)).toEqual([2, 1]);
    expect(detail.offer?._id).toBe(detail.offers[0]!._id);
  });
});

describe('quotation PDF', () => {
  it('404 before any offer; owner and admin download it; others may not', async () => {
    const quote = await newQuote(buyer, { tradeTerms: { certifications: ['FSSAI', 'HALAL'], sampleFirst: true } });
    const none = await call('GET', API.quotePdf(quote._id), buyer.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ success: false, message: M.noOffer });

    const offered = await offer(quote._id, { unitPrice: '1234.5', currency: 'AED', incoterm: 'CIF', destination: 'Jebel Ali, Dubai' });
    expect((await call('GET', API.quotePdf(quote._id), otherBuyer.cookie)).statusCode).toBe(403);
    expect((await call('GET', API.quotePdf(quote._id))).statusCode).toBe(401);
    expect((await call('GET', API.quotePdf(quote._id), admin.cookie)).statusCode).toBe(200);

    const res = await call('GET', API.quotePdf(quote._id), buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${offered.offer!.quotationNumber}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const file = path.join(t.dataDir, 'quotation.pdf');
    await fs.writeFile(file, res.rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    const text = stdout.replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Sahyadri Agro Exports',
      'info@sahyadriagroexports.com',
      'QUOTATION',
      offered.offer!.quotationNumber,
      'Global Foods Ltd',
      'Maria Lopez',
      'Crispy Fried Onions',
      '1,200 KG',
      'AED 1,234.50 per KG',
      // 1234.50 x 1200
      'AED 1,481,400.00',
      'Currency AED',
      'CIF Jebel Ali, Dubai',
      'Nhava Sheva (JNPT), India',
      '21 days',
      '30% TT advance / 70% against documents',
      // The buyer's trade terms: certifications and the sample request.
      'Certifications requested FSSAI, Halal',
      'Sample Requested before the order',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});
