/**
 * Every lead has an owner (issue 41, item 2): PATCH .../handling on quotes, inquiries (owner and
 * follow-up day) and orders (follow-up day), ADMIN only, audited; the lists' assignee filter; the
 * assignment rule of the settings (nobody, in turn, by country or product) for every new lead, the
 * owner getting the lead's mails; removing an administrator hands their open leads back to the rule.
 * SQLite and PostgreSQL.
 */
import {
  API,
  HANDLING_TEXT,
  SETTINGS_TEXT,
  offerToday,
  type AssignmentSettings,
  type AuditResponse,
  type Inquiry,
  type Order,
  type Quote,
} from '@agro/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decideQuote } from '../src/modules/quote/service.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { contactBody } from './security/endpoints.js';

const NOTIFY = 'sales-desk@agro.example';
let t: TestApp;
let now = Date.now();
let buyer: TestUser;
let owner: TestUser;
let asha: TestUser;
let ravi: TestUser;
let jaggery: string;
let onions: string;

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => now });
  buyer = await t.loginUser();
  // The administrators, oldest first (the round robin's order).
  owner = await t.loginAdmin();
  asha = await t.loginAdmin();
  ravi = await t.loginAdmin();
  jaggery = await insertTestProduct(t.db, { productName: 'Natural Jaggery Blocks' });
  onions = await insertTestProduct(t.db, { productName: 'Crispy Fried Onions' });
  expect((await as(owner, 'PATCH', API.updateSettings, { notificationEmail: NOTIFY })).statusCode).toBe(200);
});
afterAll(() => t.close());
beforeEach(async () => {
  await rule({ mode: 'NONE', rules: [] });
  now = Date.now();
});

const as = (who: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

async function rule(assignment: AssignmentSettings): Promise<void> {
  const res = await as(owner, 'PATCH', API.updateSettings, { assignment });
  expect(res.statusCode, res.body).toBe(200);
}

async function newQuote(overrides: Record<string, unknown> = {}, productId = jaggery): Promise<Quote> {
  const res = await as(buyer, 'POST', API.addQuote, quoteBody(productId, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return (await quoteOf(res.json<{ quote: Quote }>().quote._id))!;
}

async function newInquiry(overrides: Record<string, unknown> = {}, productId = jaggery): Promise<Inquiry> {
  const res = await as(buyer, 'POST', API.addContact, contactBody(productId, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return (await inquiryOf(res.json<{ contact: { _id: string } }>().contact._id))!;
}

const quoteOf = async (id: string) => (await as(owner, 'GET', API.quote(id))).json<{ quote: Quote }>().quote;
const inquiryOf = async (id: string) =>
  (await as(owner, 'GET', `${API.allInquiries}?spam=false`)).json<{ inquiries: Inquiry[] }>().inquiries.find((i) => i._id === id);
const named = (u: TestUser) => ({ _id: u.user._id, fullName: u.user.fullName });

describe('PATCH .../handling', () => {
  it('sets the owner and the follow-up day of a quote and an inquiry, each key alone or both; audited', async () => {
    const quote = await newQuote();
    expect(quote).toMatchObject({ assignee: null, followUpOn: null });
    const res = await as(owner, 'PATCH', API.quoteHandling(quote._id), { assigneeId: asha.user._id, followUpOn: '2030-03-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: HANDLING_TEXT.quoteHandlingSaved,
      item: { _id: quote._id, assignee: named(asha), followUpOn: '2030-03-01' },
    });
    // A key left out is left as it is.
    const moved = await as(owner, 'PATCH', API.quoteHandling(quote._id), { followUpOn: null });
    expect(moved.json<{ item: Quote }>().item).toMatchObject({ assignee: named(asha), followUpOn: null });
    expect((await as(owner, 'PATCH', API.quoteHandling(quote._id), {})).json<{ item: Quote }>().item.assignee).toEqual(named(asha));

    const inquiry = await newInquiry();
    const handled = await as(owner, 'PATCH', API.inquiryHandling(inquiry._id), { assigneeId: ravi.user._id });
    expect(handled.json()).toMatchObject({
      message: HANDLING_TEXT.inquiryHandlingSaved,
      item: { _id: inquiry._id, assignee: named(ravi), followUpOn: null },
    });
    const cleared = await as(owner, 'PATCH', API.inquiryHandling(inquiry._id), { assigneeId: null, followUpOn: '2030-03-02' });
    expect(cleared.json<{ item: Inquiry }>().item).toMatchObject({ assignee: null, followUpOn: '2030-03-02' });

    const audit = (await as(owner, 'GET', `${API.audit}?type=quote`)).json<AuditResponse>().audit;
    const entry = audit.find((e) => e.entityId === quote._id && e.changes.assigneeId);
    expect(entry).toMatchObject({
      actorId: owner.user._id,
      changes: {
        assigneeId: { before: null, after: asha.user._id },
        assignee: { before: null, after: asha.user.fullName },
        followUpOn: { before: null, after: '2030-03-01' },
      },
    });
  });

  it('an order gets a follow-up day; the buyer never sees it, nor who owns a lead', async () => {
    const quote = await newQuote();
    await as(owner, 'PATCH', API.quoteHandling(quote._id), { assigneeId: asha.user._id, followUpOn: '2030-04-01' });
    await as(owner, 'POST', API.quoteOffer(quote._id), offerBody({ validUntil: offerToday(now + 14 * 86_400_000) }));
    await decideQuote(t.db, quote._id, 'ACCEPTED', '', { userId: buyer.user._id });
    const orderId = (await t.db.selectFrom('orders').select('id').where('quote_id', '=', quote._id).executeTakeFirstOrThrow()).id;
    const res = await as(owner, 'PATCH', API.orderHandling(orderId), { followUpOn: '2030-05-01' });
    expect(res.json()).toMatchObject({ message: HANDLING_TEXT.orderFollowUpSaved, item: { _id: orderId, followUpOn: '2030-05-01' } });
    expect((await as(owner, 'GET', API.order(orderId))).json<{ order: Order }>().order.followUpOn).toBe('2030-05-01');
    expect((await as(owner, 'GET', API.allOrders)).json<{ orders: Order[] }>().orders.find((o) => o._id === orderId)!.followUpOn).toBe(
      '2030-05-01',
    );

    const order = (await as(buyer, 'GET', API.order(orderId))).json<{ order: Order }>().order;
    expect(order).not.toHaveProperty('followUpOn');
    expect((await as(buyer, 'GET', API.myOrders)).json<{ orders: Order[] }>().orders[0]).not.toHaveProperty('followUpOn');
    for (const q of [
      (await as(buyer, 'GET', API.quote(quote._id))).json<{ quote: Quote }>().quote,
      ...(await as(buyer, 'GET', API.userQuotes)).json<{ quotes: Quote[] }>().quotes,
    ]) {
      expect(q).not.toHaveProperty('assignee');
      expect(q).not.toHaveProperty('followUpOn');
      expect(q).toHaveProperty('replyDueAt');
    }
    const mine = (await as(buyer, 'GET', API.myInquiries)).json<{ inquiries: Inquiry[] }>().inquiries;
    expect(mine.every((i) => !('assignee' in i) && !('followUpOn' in i) && 'replyDueAt' in i)).toBe(true);
  });

  it('refuses: 401 anonymous, 403 a buyer, 404 an unknown lead, 400 a bad or non-administrator assignee or a bad day', async () => {
    const quote = await newQuote();
    const inquiry = await newInquiry();
    const targets = [API.quoteHandling(quote._id), API.inquiryHandling(inquiry._id)];
    for (const url of targets) {
      expect((await as(null, 'PATCH', url, { followUpOn: null })).statusCode).toBe(401);
      expect((await as(buyer, 'PATCH', url, { followUpOn: null })).statusCode).toBe(403);
      for (const [body, message] of [
        [{ assigneeId: 'nobody' }, HANDLING_TEXT.assigneeInvalid],
        [{ assigneeId: 42 }, HANDLING_TEXT.assigneeInvalid],
        [{ assigneeId: buyer.user._id }, HANDLING_TEXT.assigneeNotAdmin],
        [{ assigneeId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, HANDLING_TEXT.assigneeNotAdmin],
        [{ followUpOn: '2030-02-30' }, HANDLING_TEXT.followUpInvalid],
        [{ followUpOn: 'tomorrow' }, HANDLING_TEXT.followUpInvalid],
      ] as const) {
        const res = await as(owner, 'PATCH', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message });
      }
    }
    expect((await quoteOf(quote._id)).assignee).toBeNull();
    for (const url of [
      API.quoteHandling('aaaaaaaaaaaaaaaaaaaaaaaa'),
      API.inquiryHandling('aaaaaaaaaaaaaaaaaaaaaaaa'),
      API.orderHandling('x'),
    ]) {
      expect((await as(owner, 'PATCH', url, { followUpOn: null })).statusCode, url).toBe(404);
    }
    expect((await as(buyer, 'PATCH', API.orderHandling('aaaaaaaaaaaaaaaaaaaaaaaa'), { followUpOn: null })).statusCode).toBe(403);
  });

  it('the lists filter by assignee: an id, none, me', async () => {
    await t.db.deleteFrom('quotes').execute();
    const mineQuote = await newQuote();
    const hers = await newQuote();
    const nobodys = await newQuote();
    await as(owner, 'PATCH', API.quoteHandling(mineQuote._id), { assigneeId: owner.user._id });
    await as(owner, 'PATCH', API.quoteHandling(hers._id), { assigneeId: asha.user._id });
    const ids = async (who: TestUser, query: string) =>
      (await as(who, 'GET', `${API.allQuotes}?${query}`)).json<{ quotes: Quote[] }>().quotes.map((q) => q._id);
    expect(await ids(owner, 'assignee=me')).toEqual([mineQuote._id]);
    expect(await ids(asha, 'assignee=me')).toEqual([hers._id]);
    expect(await ids(owner, `assignee=${asha.user._id}`)).toEqual([hers._id]);
    expect(await ids(owner, 'assignee=none')).toEqual([nobodys._id]);
    const csv = await as(asha, 'GET', `${API.exportQuotes}?assignee=me`);
    expect(csv.body.split('\r\n').filter((l) => l.includes(hers._id))).toHaveLength(1);
    expect(csv.body).not.toContain(mineQuote._id);
  });
});

describe('the assignment rule', () => {
  it('NONE (the default): nobody owns a new lead, and the notification address gets its mail as before', async () => {
    const before = (await t.outbox()).length;
    const quote = await newQuote({ companyName: 'Nobody Owns Trading' });
    expect(quote.assignee).toBeNull();
    const mail = (await t.outbox()).slice(before).find((m) => m.subject.includes('Nobody Owns Trading'));
    expect(mail?.to).toBe(NOTIFY);
  });

  it('ROUND_ROBIN: in turn among the administrators (quotes and inquiries share the turn), each mail to its owner; race-safe', async () => {
    await rule({ mode: 'ROUND_ROBIN', rules: [] });
    const admins = [owner, asha, ravi];
    const first = await newQuote({ companyName: 'Turn One Trading' });
    const start = admins.findIndex((a) => a.user._id === first.assignee!._id);
    expect(start).toBeGreaterThanOrEqual(0);
    const second = await newInquiry();
    const third = await newQuote();
    expect([second.assignee, third.assignee]).toEqual([named(admins[(start + 1) % 3]!), named(admins[(start + 2) % 3]!)]);
    const mail = (await t.outbox()).find((m) => m.subject.includes('Turn One Trading'));
    expect(mail?.to).toBe(admins[start]!.email);

    // Six at once: two each (the turn is one atomic counter in the database, shared by every process).
    await t.db.deleteFrom('quotes').execute();
    await Promise.all(Array.from({ length: 6 }, () => as(buyer, 'POST', API.addQuote, quoteBody(jaggery))));
    const owners = (await as(owner, 'GET', API.allQuotes)).json<{ quotes: Quote[] }>().quotes.map((q) => q.assignee!._id);
    expect(admins.map((a) => owners.filter((id) => id === a.user._id).length)).toEqual([2, 2, 2]);

    // Audited as the rule's doing.
    const audit = (await as(owner, 'GET', `${API.audit}?type=inquiry`)).json<AuditResponse>().audit;
    expect(audit.find((e) => e.entityId === second._id)).toMatchObject({
      actorId: null,
      actorEmail: 'assignment rule',
      changes: { assigneeId: { before: null, after: second.assignee!._id }, assignedBy: { before: null, after: 'ROUND_ROBIN' } },
    });
  });

  it('RULES: the first rule matching the country (any case) and the product wins; none matching: nobody; spam is not assigned', async () => {
    await rule({
      mode: 'RULES',
      rules: [
        { country: 'spain', productId: onions, assigneeId: ravi.user._id },
        { country: 'Spain', assigneeId: asha.user._id },
        { productId: onions, assigneeId: owner.user._id },
      ],
    });
    expect((await newQuote({ country: 'SPAIN' }, onions)).assignee).toEqual(named(ravi));
    expect((await newQuote({ country: 'Spain ' })).assignee).toEqual(named(asha));
    expect((await newInquiry({ country: 'Germany' }, onions)).assignee).toEqual(named(owner));
    expect((await newQuote({ country: 'Germany' })).assignee).toBeNull();
    const held = await newQuote({ country: 'Spain', website: 'https://bot.example' });
    expect(held.assignee).toBeNull();
    // Released, it gets its owner by the rule then.
    const released = await as(owner, 'POST', API.quoteNotSpam(held._id), {});
    expect(released.json<{ quote: Quote }>().quote.assignee).toEqual(named(asha));
  });

  it('refuses a rule whose assignee is not an administrator, a bad mode or bad rules (400, settings unchanged)', async () => {
    for (const [assignment, message] of [
      [{ mode: 'RULES', rules: [{ assigneeId: buyer.user._id }] }, HANDLING_TEXT.assignmentAssignee],
      [{ mode: 'SOMETIMES' }, HANDLING_TEXT.assignmentMode],
      [{ rules: [{ country: 'Spain' }] }, HANDLING_TEXT.assignmentRules],
      [{ rules: Array.from({ length: 51 }, () => ({ assigneeId: asha.user._id })) }, HANDLING_TEXT.assignmentRules],
    ] as const) {
      const res = await as(owner, 'PATCH', API.updateSettings, { assignment });
      expect(res.statusCode, JSON.stringify(assignment).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    const settings = (await as(owner, 'GET', API.settings)).json<{ settings: { assignment: AssignmentSettings } }>().settings;
    expect(settings.assignment).toEqual({ mode: 'NONE', rules: [] });
    // Not part of what the public reads.
    expect((await as(null, 'GET', API.settings)).json<{ settings: object }>().settings).not.toHaveProperty('assignment');
    expect((await as(owner, 'PATCH', API.updateSettings, { assignment: { mode: 'ROUND_ROBIN' } })).json()).toMatchObject({
      message: SETTINGS_TEXT.saved,
      settings: { assignment: { mode: 'ROUND_ROBIN', rules: [] } },
    });
  });

  it("the owner gets the buyer's messages (the company's digest) and decisions; without an owner the notification address does", async () => {
    const quote = await newQuote();
    await as(owner, 'PATCH', API.quoteHandling(quote._id), { assigneeId: ravi.user._id });
    const inquiry = await newInquiry();
    const before = (await t.outbox()).length;
    await as(buyer, 'POST', API.addQuoteMessage(quote._id), { text: 'Could you ship in March?' });
    await as(buyer, 'POST', API.addContactMessage(inquiry._id), { text: 'Any news on my inquiry?' });
    now += 6 * 60_000;
    const mails = (await t.outbox()).slice(before);
    expect(mails.find((m) => m.text.includes('Could you ship in March?'))?.to).toBe(ravi.email);
    expect(mails.find((m) => m.text.includes('Any news on my inquiry?'))?.to).toBe(NOTIFY);

    await as(owner, 'POST', API.quoteOffer(quote._id), offerBody({ validUntil: offerToday(now + 14 * 86_400_000) }));
    const decided = (await t.outbox()).length;
    expect((await as(buyer, 'POST', API.quoteDecline(quote._id), { note: 'Too dear' })).statusCode).toBe(200);
    expect((await t.outbox()).slice(decided).map((m) => m.to)).toContain(ravi.email);
  });
});

describe('removing an administrator', () => {
  it('hands their open leads back to the rule (them excluded), keeps their closed ones, and audits each hand-back', async () => {
    const leaving = await t.loginAdmin();
    await rule({ mode: 'RULES', rules: [{ country: 'Spain', assigneeId: leaving.user._id }, { assigneeId: asha.user._id }] });
    const open = await newQuote({ country: 'Spain' });
    const openInquiry = await newInquiry({ country: 'Spain' });
    const closed = await newQuote({ country: 'Spain' });
    expect([open.assignee, openInquiry.assignee, closed.assignee]).toEqual([named(leaving), named(leaving), named(leaving)]);
    await as(owner, 'POST', API.quoteReject(closed._id), { reason: 'Out of season until March.' });

    const removed = await as(owner, 'DELETE', API.teamRemove(leaving.user._id));
    expect(removed.statusCode, removed.body).toBe(200);
    // Their rule is skipped now: the next one gives the leads to Asha.
    expect((await quoteOf(open._id)).assignee).toEqual(named(asha));
    expect((await inquiryOf(openInquiry._id))!.assignee).toEqual(named(asha));
    expect((await quoteOf(closed._id)).assignee).toEqual(named(leaving));
    // A rule naming them gives new leads to the next matching rule.
    expect((await newQuote({ country: 'Spain' })).assignee).toEqual(named(asha));
    // The settings form sends back all it read (the computed replyTimeHours, that rule): it still saves.
    const read = (await as(owner, 'GET', API.settings)).json<{ settings: Record<string, unknown> }>().settings;
    expect(read).toHaveProperty('replyTimeHours');
    const saved = await as(owner, 'PATCH', API.updateSettings, read);
    expect(saved.statusCode, saved.body).toBe(200);

    const audit = (await as(owner, 'GET', `${API.audit}?type=quote`)).json<AuditResponse>().audit;
    expect(audit.find((e) => e.entityId === open._id && e.changes.assignedBy)).toMatchObject({
      actorId: owner.user._id,
      changes: {
        assigneeId: { before: leaving.user._id, after: asha.user._id },
        assignedBy: { before: null, after: 'RULES (handed back)' },
      },
    });
  });

  it('with NONE, their open leads go to nobody', async () => {
    const leaving = await t.loginAdmin();
    const quote = await newQuote();
    await as(owner, 'PATCH', API.quoteHandling(quote._id), { assigneeId: leaving.user._id });
    expect((await as(owner, 'DELETE', API.teamRemove(leaving.user._id))).statusCode).toBe(200);
    expect((await quoteOf(quote._id)).assignee).toBeNull();
  });
});
