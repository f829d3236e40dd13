/**
 * Issue 25, item 2: the honeypot and the minimum fill time of every form, and inquiries and quote
 * requests held as spam (stored, not mailed, out of the default lists) until 'Not spam'.
 */
import { API, BOT_SIGNAL_TEXT, FORM_MIN_FILL_MS, LEADS_TEXT, SERVER_ERRORS, SUCCESS, type Inquiry, type Quote } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spamInText } from '../src/modules/bot-signals/index.js';
import { insertTestProduct, quoteBody } from './fixtures.js';
import { buildTestApp, newUserBody, PASSWORD, type TestApp, type TestUser } from './helper.js';

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.loginUser();
  admin = await t.loginAdmin();
  productId = await insertTestProduct(t.db, { productName: 'Spam Test Jaggery' });
});
afterAll(() => t.close());

const post = (url: string, cookie: string | undefined, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const mailsQueued = async () =>
  Number(
    (
      await t.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function inquiryBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: 'Amira Haddad',
    email: 'amira@dates.example',
    companyName: 'Haddad Trading',
    country: 'Jordan',
    productId,
    estimatedQuantity: 800,
    description: 'We import jaggery for bakeries. Please send your price for 800 kg.',
    ...overrides,
  };
}

const LINKS = 'Great prices! https://a.example/1 and https://b.example/2 and www.c.example/3';

describe('spam rules of the free text', () => {
  it.each([
    'Please send your price for 20 tons of jaggery powder, CIF Jebel Ali, payment by LC.',
    'Our website is https://www.importer.example: we buy organic products for 40 stores.',
    'We need fried onions in 10 kg cartons; see our specs at https://specs.example/onions and www.importer.example.',
    'Can you invest in new packaging for us? We want 500 g pouches with our brand.',
    'Is your jaggery certified organic? We sell in Germany and need the EU certificate.',
  ])('lets an honest inquiry through: %s', (text) => {
    expect(spamInText(text)).toBeNull();
  });

  it.each([
    [LINKS, 'links'],
    ['Visit <a href="https://pills.example">cheap</a> now', 'pattern'],
    ['[url=https://x.example]best[/url]', 'pattern'],
    ['We offer SEO services to get you on the first page of Google', 'pattern'],
    ['Buy cheap viagra online', 'pattern'],
    ['Bitcoin investment with 30% guaranteed profits every month', 'pattern'],
    ['Make money fast: earn $500 per day from home', 'pattern'],
  ] as const)('holds %s as %s', (text, reason) => {
    expect(spamInText(text)).toBe(reason);
  });
});

describe('a quote request held as spam', () => {
  let held: Quote;

  it('answers the buyer as usual, stores it, mails nobody and keeps it out of the default lists', async () => {
    const mailsBefore = await mailsQueued();
    const res = await post(API.addQuote, buyer.cookie, quoteBody(productId, { additionalInfo: LINKS }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: SUCCESS.addQuote });
    // Nothing in the answer tells the sender.
    expect(body.quote.spamReason).toBeUndefined();
    held = body.quote;
    const row = await t.db.selectFrom('quotes').select('spam_reason').where('id', '=', held._id).executeTakeFirstOrThrow();
    expect(row.spam_reason).toBe('links');
    expect(await mailsQueued()).toBe(mailsBefore);

    const all = (await get(API.allQuotes, admin.cookie)).json().quotes as Quote[];
    expect(all.some((q) => q._id === held._id)).toBe(false);
    const paged = (await get(`${API.allQuotes}?page=1&limit=50`, admin.cookie)).json();
    expect(paged.quotes.some((q: Quote) => q._id === held._id)).toBe(false);
    const spam = (await get(`${API.allQuotes}?spam=true`, admin.cookie)).json().quotes as Quote[];
    expect(spam.find((q) => q._id === held._id)).toMatchObject({ spamReason: 'links' });
    expect(spam.every((q) => q.spamReason !== undefined)).toBe(true);

    // The buyer still sees the request they made, without the mark.
    const mine = (await get(API.userQuotes, buyer.cookie)).json().quotes as Quote[];
    const own = mine.find((q) => q._id === held._id);
    expect(own).toBeDefined();
    expect(own!.spamReason).toBeUndefined();
    const detail = (await get(API.quote(held._id), buyer.cookie)).json().quote;
    expect(detail.spamReason).toBeUndefined();
    expect((await get(API.quote(held._id), admin.cookie)).json().quote.spamReason).toBe('links');

    // Nor is it counted on the dashboard or exported.
    const csv = await get(`${API.exportQuotes}`, admin.cookie);
    expect(csv.body).not.toContain(held._id);
    const spamCsv = await get(`${API.exportQuotes}?spam=true`, admin.cookie);
    expect(spamCsv.body).toContain(held.companyName);
  });

  it("refuses 'Not spam' to a buyer (403), for an unknown quote (404)", async () => {
    expect((await post(API.quoteNotSpam(held._id), buyer.cookie, {})).statusCode).toBe(403);
    expect((await post(API.quoteNotSpam(held._id), undefined, {})).statusCode).toBe(401);
    expect((await post(API.quoteNotSpam('0123456789abcdef01234567'), admin.cookie, {})).statusCode).toBe(404);
  });

  it("'Not spam' releases it: into the lists, both mails sent, once", async () => {
    const mailsBefore = await mailsQueued();
    const res = await post(API.quoteNotSpam(held._id), admin.cookie, {}, { 'idempotency-key': `release-${held._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: BOT_SIGNAL_TEXT.quoteReleased, quote: { _id: held._id } });
    expect(res.json().quote.spamReason).toBeUndefined();
    expect(await mailsQueued()).toBe(mailsBefore + 2);
    const all = (await get(API.allQuotes, admin.cookie)).json().quotes as Quote[];
    expect(all.some((q) => q._id === held._id)).toBe(true);
    // Who released it, in the audit log (written in the release's transaction).
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', held._id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', entity_type: 'quote', actor_email: admin.email });
    expect(JSON.parse(audit[0]!.changes)).toEqual({ spamReason: { before: 'links', after: null } });

    // The same request again replays the answer; without the key it is a conflict. No third mail.
    const replay = await post(API.quoteNotSpam(held._id), admin.cookie, {}, { 'idempotency-key': `release-${held._id}` });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await post(API.quoteNotSpam(held._id), admin.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: BOT_SIGNAL_TEXT.notHeld });
    expect(await mailsQueued()).toBe(mailsBefore + 2);

    const mails = await t.outbox();
    const about = mails.filter((m) => m.text?.includes(held._id) || m.subject?.includes(held.companyName));
    expect(about.length).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['the honeypot filled in', { website: 'https://seo.example' }, 'honeypot'],
    ['sent faster than a person fills the form', { fillMs: 300 }, 'too-fast'],
    ['a fill time given as text', { fillMs: '120' }, 'too-fast'],
  ] as const)('holds a request with %s', async (_what, signals, reason) => {
    const res = await post(API.addQuote, buyer.cookie, { ...quoteBody(productId), ...signals });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('quotes').select('spam_reason').where('id', '=', res.json().quote._id).executeTakeFirstOrThrow();
    expect(row.spam_reason).toBe(reason);
  });

  it.each([
    ['no signal fields (a client of SPEC.md)', {}],
    ['an empty honeypot and a person\u2019s fill time', { website: '', fillMs: FORM_MIN_FILL_MS.quote + 5000 }],
    ['a fill time that is not a number', { fillMs: 'soon' }],
  ] as const)('mails a request with %s', async (_what, signals) => {
    const mailsBefore = await mailsQueued();
    const res = await post(API.addQuote, buyer.cookie, { ...quoteBody(productId), ...signals });
    expect(res.statusCode).toBe(200);
    expect(await mailsQueued()).toBe(mailsBefore + 2);
  });
});

describe('an inquiry held as spam', () => {
  it("is stored unmailed, shown under the 'Spam' filter only, and 'Not spam' sends its mails", async () => {
    const mailsBefore = await mailsQueued();
    const res = await post(
      API.addContact,
      buyer.cookie,
      inquiryBody({ description: 'We provide SEO services and backlinks for your site.' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: SUCCESS.contact });
    const id = res.json().contact._id as string;
    expect(await mailsQueued()).toBe(mailsBefore);

    const inbox = (await get(`${API.allInquiries}?page=1&limit=100`, admin.cookie)).json().inquiries as Inquiry[];
    expect(inbox.some((i) => i._id === id)).toBe(false);
    const spam = (await get(`${API.allInquiries}?spam=true`, admin.cookie)).json().inquiries as Inquiry[];
    expect(spam.find((i) => i._id === id)).toMatchObject({ spamReason: 'pattern' });
    expect((await get(`${API.allInquiries}?spam=maybe`, admin.cookie)).statusCode).toBe(400);

    expect((await post(API.inquiryNotSpam(id), buyer.cookie, {})).statusCode).toBe(403);
    const released = await post(API.inquiryNotSpam(id), admin.cookie, {});
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ success: true, message: BOT_SIGNAL_TEXT.inquiryReleased, inquiry: { _id: id } });
    expect(released.json().inquiry.spamReason).toBeUndefined();
    expect(await mailsQueued()).toBe(mailsBefore + 2);
    const after = (await get(`${API.allInquiries}?page=1&limit=100`, admin.cookie)).json().inquiries as Inquiry[];
    expect(after.some((i) => i._id === id)).toBe(true);
    expect((await post(API.inquiryNotSpam(id), admin.cookie, {})).statusCode).toBe(409);
    expect((await post(API.inquiryNotSpam('0123456789abcdef01234567'), admin.cookie, {})).json()).toEqual({
      success: false,
      message: LEADS_TEXT.inquiryNotFound,
    });
  });

  it('holds an inquiry whose honeypot is filled in', async () => {
    const res = await post(API.addContact, buyer.cookie, inquiryBody({ website: 'x' }));
    const row = await t.db.selectFrom('contacts').select('spam_reason').where('id', '=', res.json().contact._id).executeTakeFirstOrThrow();
    expect(row.spam_reason).toBe('honeypot');
  });
});

describe('the forms without a lead to hold refuse a request a program sent', () => {
  const refused = { success: false, message: SERVER_ERRORS.automatedForm };

  it('login: the honeypot or a too-fast fill is refused, a person is let in', async () => {
    const body = { email: buyer.email, password: buyer.password };
    const trap = await post(API.login, undefined, { ...body, website: 'me' });
    expect(trap.statusCode).toBe(400);
    expect(trap.json()).toEqual(refused);
    expect(trap.headers['set-cookie']).toBeUndefined();
    expect((await post(API.login, undefined, { ...body, fillMs: 50 })).json()).toEqual(refused);
    expect((await post(API.login, undefined, { ...body, fillMs: FORM_MIN_FILL_MS.login })).statusCode).toBe(200);
    expect((await post(API.login, undefined, body)).statusCode).toBe(200);
  });

  it('registration: nothing is created', async () => {
    const body = newUserBody();
    const res = await post(API.register, undefined, { ...body, website: 'http://bot.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', body.email.toLowerCase()).executeTakeFirst()).toBeUndefined();
    expect((await post(API.register, undefined, { ...body, fillMs: FORM_MIN_FILL_MS.register + 1 })).statusCode).toBe(200);
  });

  it('forgot and reset password: no mail, no change', async () => {
    const mailsBefore = await mailsQueued();
    const res = await post(API.forgotPassword, undefined, { email: buyer.email, fillMs: 10 });
    expect(res.json()).toEqual(refused);
    expect(await mailsQueued()).toBe(mailsBefore);
    const reset = await t.app.inject({
      method: 'PATCH',
      url: API.resetPassword('a'.repeat(64)),
      payload: { password: PASSWORD, website: 'x' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual(refused);
  });
});
