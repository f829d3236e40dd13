/**
 * The reply clock (issue 41, items 1 and 5) on a clock the test moves: every quote and inquiry is
 * due a reply 24 hours after it arrives; the company's first offer, rejection, message or 'handled'
 * mark stops it; spam is never late; a reopened inquiry keeps its first reply; a deleted lead
 * leaves the figures. The lists' reply filter and due sort, the dashboard's figures (checked
 * against the leads one by one), /metrics and the public reply time. SQLite and PostgreSQL.
 */
import {
  API,
  HANDLING_TEXT,
  REPLY_TIME_RULES,
  offerToday,
  replyState,
  type Dashboard,
  type DueSoonResponse,
  type Inquiry,
  type Quote,
} from '@agro/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { contactBody } from './security/endpoints.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOKEN = 'metrics-token-for-the-reply-clock-0123';

let t: TestApp;
/** The app's clock: set per test from the real time (its offsets are what matter). */
let now = Date.now();
let buyer: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN }, { clock: () => now });
  buyer = await t.loginUser();
  admin = await t.loginAdmin();
  productId = await insertTestProduct(t.db);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('quotes').execute();
  await t.db.deleteFrom('contacts').execute();
  now = Date.now() - 3 * DAY;
});

const as = (who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function newQuote(overrides: Record<string, unknown> = {}): Promise<Quote> {
  const res = await as(buyer, 'POST', API.addQuote, quoteBody(productId, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ quote: Quote }>().quote;
}

async function newInquiry(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await as(buyer, 'POST', API.addContact, contactBody(productId, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ contact: { _id: string } }>().contact._id;
}

/** An offer valid two weeks after the app's clock. */
const offer = (id: string) => as(admin, 'POST', API.quoteOffer(id), offerBody({ validUntil: offerToday(now + 14 * DAY) }));

async function quotes(query = ''): Promise<Quote[]> {
  const res = await as(admin, 'GET', `${API.allQuotes}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ quotes: Quote[] }>().quotes;
}

async function inquiries(query = ''): Promise<Inquiry[]> {
  const res = await as(admin, 'GET', `${API.allInquiries}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ inquiries: Inquiry[] }>().inquiries;
}

const quoteById = async (id: string) => (await as(admin, 'GET', API.quote(id))).json<{ quote: Quote }>().quote;
const inquiryById = async (id: string) => (await inquiries()).find((i) => i._id === id)!;

describe('the clock of a lead', () => {
  it('a new quote is due 24 hours after it arrives, then overdue; the offer stops the clock and a second offer keeps the first time', async () => {
    const arrived = now;
    const quote = await newQuote();
    expect(quote.createdAt).toBe(new Date(arrived).toISOString());
    expect(quote.replyDueAt).toBe(new Date(arrived + DAY).toISOString());
    expect(quote.firstReplyAt).toBeNull();
    expect((await quotes('?reply=due')).map((q) => q._id)).toEqual([quote._id]);
    expect(await quotes('?reply=overdue')).toEqual([]);

    now = arrived + DAY + HOUR;
    expect(await quotes('?reply=due')).toEqual([]);
    expect((await quotes('?reply=overdue')).map((q) => q._id)).toEqual([quote._id]);
    expect(replyState((await quotes())[0]!, now)).toBe('overdue');

    const offered = await offer(quote._id);
    expect(offered.statusCode, offered.body).toBe(200);
    const first = new Date(now).toISOString();
    expect(offered.json<{ quote: Quote }>().quote.firstReplyAt).toBe(first);
    now += HOUR;
    expect((await offer(quote._id)).statusCode).toBe(200);
    expect((await quoteById(quote._id)).firstReplyAt).toBe(first);
    expect((await quotes('?reply=answered')).map((q) => q._id)).toEqual([quote._id]);
    expect(await quotes('?reply=overdue')).toEqual([]);
    // The buyer's own list carries the clock too.
    const mine = (await as(buyer, 'GET', API.userQuotes)).json<{ quotes: Quote[] }>().quotes;
    expect(mine[0]).toMatchObject({ _id: quote._id, replyDueAt: quote.replyDueAt, firstReplyAt: first });
  });

  it("a rejection stops it; the buyer's message does not, the company's does (quotes and inquiries)", async () => {
    const rejected = await newQuote();
    now += 2 * HOUR;
    expect((await as(admin, 'POST', API.quoteReject(rejected._id), { reason: 'Out of season until March.' })).statusCode).toBe(200);
    expect((await quoteById(rejected._id)).firstReplyAt).toBe(new Date(now).toISOString());

    const asked = await newQuote();
    const inquiry = await newInquiry();
    now += HOUR;
    for (const url of [API.addQuoteMessage(asked._id), API.addContactMessage(inquiry)]) {
      expect((await as(buyer, 'POST', url, { text: 'Any news?' })).statusCode).toBe(200);
    }
    expect((await quoteById(asked._id)).firstReplyAt).toBeNull();
    expect((await inquiryById(inquiry)).firstReplyAt).toBeNull();
    now += HOUR;
    const answered = new Date(now).toISOString();
    for (const url of [API.addQuoteMessage(asked._id), API.addContactMessage(inquiry)]) {
      expect((await as(admin, 'POST', url, { text: 'Prices tomorrow.' })).statusCode).toBe(200);
    }
    expect((await quoteById(asked._id)).firstReplyAt).toBe(answered);
    expect((await inquiryById(inquiry)).firstReplyAt).toBe(answered);
  });

  it("an inquiry's 'handled' mark stops it; reopened it keeps its first reply, and handled again too", async () => {
    const id = await newInquiry();
    now += 3 * HOUR;
    const handledAt = new Date(now).toISOString();
    const handled = await as(admin, 'PATCH', API.updateInquiry(id), { handled: true });
    expect(handled.json<{ inquiry: Inquiry }>().inquiry).toMatchObject({ handled: true, firstReplyAt: handledAt });
    now += DAY;
    const reopened = await as(admin, 'PATCH', API.updateInquiry(id), { handled: false });
    expect(reopened.json<{ inquiry: Inquiry }>().inquiry).toMatchObject({ handled: false, firstReplyAt: handledAt });
    // Answered, so not late, however long it stays open.
    expect(await inquiries('?reply=overdue')).toEqual([]);
    expect((await inquiries('?reply=answered')).map((i) => i._id)).toEqual([id]);
    now += HOUR;
    await as(admin, 'PATCH', API.updateInquiry(id), { handled: true });
    expect((await inquiryById(id)).firstReplyAt).toBe(handledAt);
  });

  it('spam is never late: held, it is in no due or overdue list nor in the late count; released, its clock counts from its arrival', async () => {
    const held = await newQuote({ website: 'https://bot.example' });
    const heldInquiry = await newInquiry({ website: 'https://bot.example' });
    now += 2 * DAY;
    for (const reply of ['due', 'overdue']) {
      expect(await quotes(`?spam=true&reply=${reply}`)).toEqual([]);
      expect(await inquiries(`?spam=true&reply=${reply}`)).toEqual([]);
    }
    const listed = (await quotes('?spam=true'))[0]!;
    expect(replyState(listed, now)).toBe('held');
    expect((await dashboard()).firstReply.lateNow).toBe(0);

    expect((await as(admin, 'POST', API.quoteNotSpam(held._id), {})).statusCode).toBe(200);
    expect((await as(admin, 'POST', API.inquiryNotSpam(heldInquiry), {})).statusCode).toBe(200);
    expect((await quotes('?reply=overdue')).map((q) => q._id)).toEqual([held._id]);
    expect((await inquiries('?reply=overdue')).map((i) => i._id)).toEqual([heldInquiry]);
    expect((await dashboard()).firstReply.lateNow).toBe(2);
  });

  it('sort=due: the unanswered first, earliest due first, then the answered; the filters and the sort combine with pages', async () => {
    const first = await newQuote({ companyName: 'First Arrival Ltd' });
    now += HOUR;
    const second = await newQuote({ companyName: 'Second Arrival Ltd' });
    now += HOUR;
    const third = await newQuote({ companyName: 'Third Arrival Ltd' });
    now += HOUR;
    await offer(first._id);
    expect((await quotes('?sort=due')).map((q) => q._id)).toEqual([second._id, third._id, first._id]);
    const page = await as(admin, 'GET', `${API.allQuotes}?sort=due&limit=2&page=1`);
    expect(page.json<{ quotes: Quote[]; total: number }>()).toMatchObject({ total: 3 });
    expect(page.json<{ quotes: Quote[] }>().quotes.map((q) => q._id)).toEqual([second._id, third._id]);
    expect((await quotes('?sort=due&reply=due&limit=5')).map((q) => q._id)).toEqual([second._id, third._id]);

    const a = await newInquiry();
    now += HOUR;
    const b = await newInquiry();
    now += HOUR;
    await as(admin, 'PATCH', API.updateInquiry(a), { handled: true });
    expect((await inquiries('?sort=due')).map((i) => i._id)).toEqual([b, a]);
  });

  it("the administrators' header: leads due within four hours and late now, all and the caller's own", async () => {
    const counts = async () => {
      const res = await as(admin, 'GET', API.dueSoon);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return res.json<DueSoonResponse>();
    };
    const early = await newQuote();
    now += 2 * HOUR;
    await newInquiry();
    await newQuote({ website: 'https://bot.example' });
    now += 19 * HOUR;
    // The first is due in 3 hours, the second in 5: one within four hours, none late (spam never counts).
    expect(await counts()).toMatchObject({ withinHours: 4, dueSoon: 1, late: 0, mine: { dueSoon: 0, late: 0 } });
    await as(admin, 'PATCH', API.quoteHandling(early._id), { assigneeId: admin.user._id });
    now += 4 * HOUR;
    expect(await counts()).toMatchObject({ dueSoon: 1, late: 1, mine: { dueSoon: 0, late: 1 } });
    expect((await as(buyer, 'GET', API.dueSoon)).statusCode).toBe(403);
  });

  it('the CSV exports take the same reply filter and carry the clock', async () => {
    const late = await newQuote({ companyName: 'Late Reply Trading' });
    now += 2 * DAY;
    await newQuote({ companyName: 'Fresh Request Trading' });
    const res = await as(admin, 'GET', `${API.exportQuotes}?reply=overdue`);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Quote ID'])).toEqual([late._id]);
    expect(rows[0]).toMatchObject({ 'Reply Due At': late.replyDueAt, 'First Reply At': '', Assignee: '' });
    const inquiryCsv = await as(admin, 'GET', `${API.exportInquiries}?reply=answered`);
    expect(inquiryCsv.statusCode).toBe(200);
  });

  it('answers 400 with a clear message for a bad reply, sort or assignee value, on the lists and the exports', async () => {
    for (const url of [API.allQuotes, API.allInquiries, API.exportQuotes, API.exportInquiries]) {
      for (const [query, message] of [
        ['reply=late', HANDLING_TEXT.replyFilter],
        ['sort=oldest', HANDLING_TEXT.sortInvalid],
        ['assignee=bob', HANDLING_TEXT.assigneeFilter],
      ] as const) {
        const res = await as(admin, 'GET', `${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message });
      }
    }
  });
});

async function dashboard(): Promise<Dashboard> {
  const res = await as(admin, 'GET', API.dashboard);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ dashboard: Dashboard }>().dashboard;
}

/** The figures recomputed here from what the lists say of each lead, one by one. */
function oneByOne(leads: Array<{ createdAt: string; replyDueAt: string; firstReplyAt: string | null }>, nowMs: number) {
  let counted = 0;
  let within = 0;
  const minutes: number[] = [];
  for (const lead of leads) {
    if (lead.firstReplyAt !== null) {
      counted += 1;
      if (Date.parse(lead.firstReplyAt) <= Date.parse(lead.replyDueAt)) within += 1;
      // Whole minutes, rounded down.
      minutes.push(Math.floor((Date.parse(lead.firstReplyAt) - Date.parse(lead.createdAt)) / 60_000));
    } else if (Date.parse(lead.replyDueAt) <= nowMs) counted += 1;
  }
  minutes.sort((x, y) => x - y);
  const mid = Math.floor(minutes.length / 2);
  const median = minutes.length === 0 ? null : minutes.length % 2 ? minutes[mid]! : (minutes[mid - 1]! + minutes[mid]!) / 2;
  const p90 = minutes.length === 0 ? null : minutes[Math.ceil(0.9 * minutes.length) - 1]!;
  return { counted, within, rate: counted === 0 ? null : within / counted, median, p90 };
}

describe('the figures', () => {
  it("the dashboard's share within 24 hours matches the leads one by one; deleted and spam leads leave the figures", async () => {
    const start = now;
    const fast = await newQuote();
    now += 2 * HOUR;
    await offer(fast._id);
    now = start + HOUR;
    const slow = await newQuote();
    const handledInquiry = await newInquiry();
    await newInquiry(); // never answered: late
    const deleted = await newQuote();
    await newQuote({ website: 'https://bot.example' });
    now = start + 3 * HOUR;
    await as(admin, 'PATCH', API.updateInquiry(handledInquiry), { handled: true });
    now = start + 31 * HOUR;
    await offer(slow._id);
    now = start + 40 * HOUR;
    await newQuote();

    const before = await dashboard();
    expect(before.firstReply.lateNow).toBe(2);
    expect((await as(admin, 'DELETE', API.deleteQuote(deleted._id))).statusCode).toBe(200);

    const d = await dashboard();
    const leads = [...(await quotes()), ...(await inquiries())].filter((l) => l.createdAt >= d.from);
    const expected = oneByOne(leads, now);
    expect(expected).toMatchObject({ counted: 4, within: 2 });
    expect(d.firstReply).toMatchObject({
      within24hRate: expected.rate,
      within24h: expected.within,
      counted: expected.counted,
      answered: 3,
      medianMinutes: expected.median,
      p90Minutes: expected.p90,
      // The deleted one left; the spam one never counted.
      lateNow: (await quotes('?reply=overdue')).length + (await inquiries('?reply=overdue')).length,
    });
    expect(d.firstReply.lateNow).toBe(1);
    // The quotes' own share (offerWithin24h), by the same rules.
    const q = oneByOne(await quotes(), now);
    expect(d.offerWithin24h).toEqual({ within: q.within, total: q.counted, share: q.rate });
    expect(d.offerWithin24h).toEqual({ within: 1, total: 2, share: 0.5 });
    // Per month of arrival (the leads all arrived this month or the one before), and per owner (nobody here).
    const thisMonth = new Date(start).toISOString().slice(0, 7);
    expect(d.firstReplyByMonth).toHaveLength(12);
    expect(d.firstReplyByMonth.find((m) => m.month === thisMonth)!.counted).toBe(
      oneByOne(
        leads.filter((l) => l.createdAt.startsWith(thisMonth)),
        now,
      ).counted,
    );
    expect(d.firstReplyByAssignee).toEqual([{ assignee: null, ...d.firstReply }]);
  });

  it('/metrics: agro_leads_late now, and agro_first_reply_seconds observed once per lead when it is first answered', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const value = (text: string, series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.slice(series.length + 1),
      );
    const before = await scrape();
    const a = await newQuote();
    const b = await newInquiry();
    now += 25 * HOUR;
    expect(value(await scrape(), 'agro_leads_late')).toBe(2);
    await offer(a._id);
    await offer(a._id);
    await as(admin, 'POST', API.addContactMessage(b), { text: 'Sorry for the wait.' });
    const after = await scrape();
    expect(value(after, 'agro_leads_late')).toBe(0);
    const count = (text: string) => value(text, 'agro_first_reply_seconds_count') || 0;
    expect(count(after) - count(before)).toBe(2);
    // Both came 25 hours after arrival: above the 24-hour bucket, within the 48-hour one.
    const bucket = (text: string, le: number) => value(text, `agro_first_reply_seconds_bucket{le="${le}"}`) || 0;
    expect(bucket(after, 86_400) - bucket(before, 86_400)).toBe(0);
    expect(bucket(after, 172_800) - bucket(before, 172_800)).toBe(2);
  });
});

describe("'Usually replies within N hours'", () => {
  const publicHours = async () =>
    (await t.app.inject({ method: 'GET', url: API.settings })).json<{ settings: { replyTimeHours: number | null } }>().settings
      .replyTimeHours;

  it('is shown from 10 answered leads of the last 90 days, at most 24 hours; cached an hour; hidden by showReplyTime', async () => {
    const answer = async (count: number, afterHours: number) => {
      for (let i = 0; i < count; i += 1) {
        const arrived = now;
        const quote = await newQuote();
        now = arrived + afterHours * HOUR;
        await offer(quote._id);
        now = arrived + 60_000;
      }
    };
    await answer(REPLY_TIME_RULES.minAnswered - 1, 2.5);
    await t.app.replyTime.refresh();
    expect(await publicHours()).toBeNull();

    await answer(1, 2.5);
    await t.app.replyTime.refresh();
    expect(await publicHours()).toBe(3);

    // Never computed per request: slower replies change nothing until the hour has passed.
    await answer(5, 30);
    expect(await publicHours()).toBe(3);
    now += REPLY_TIME_RULES.refreshMs;
    // The first request after the hour starts the computation in the background; a later one shows it.
    await vi.waitFor(async () => expect(await publicHours()).toBeNull(), { timeout: 5000, interval: 20 });

    // Leads older than 90 days are not read.
    now += (REPLY_TIME_RULES.windowDays + 1) * DAY;
    await answer(12, 1);
    await t.app.replyTime.refresh();
    expect(await publicHours()).toBe(1);

    expect((await as(admin, 'PATCH', API.updateSettings, { showReplyTime: false })).json()).toMatchObject({
      settings: { showReplyTime: false, replyTimeHours: null },
    });
    expect(await publicHours()).toBeNull();
    expect((await as(admin, 'PATCH', API.updateSettings, { showReplyTime: true })).statusCode).toBe(200);
    expect(await publicHours()).toBe(1);
  });
});
