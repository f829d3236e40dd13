/**
 * Issue 41, items 3 and 4: reminders that reach the right person once. A lead's reply due soon
 * (to its assignee, or the notification address), the administrators' daily digest at the digest
 * hour on the company's clock, the buyer's two offer reminders in their language with a one-click
 * unsubscribe (RFC 8058), and the unsubscribe call. The app's clock is the test's (`now`, at or
 * ahead of the real one, set before each step: a call that queues mail also runs the jobs); each
 * job runs when the mail worker looks for due mail (`t.outbox()`, a call's kick) or on
 * `scheduler.tick()`, and a second app on the same database stands for another process or a restart.
 */
import { API, DEFAULT_SETTINGS, LANGUAGE_HEADER, UNSUBSCRIBE_TEXT, offerToday, type Quote } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './helper.js';
import {
  DAY,
  HOUR,
  addInquiry,
  addQuote,
  anotherProcess,
  arrived,
  closeWorld,
  dayOf,
  handle,
  mailsTo,
  offer,
  reminders,
  settings,
  unsubscribeLink,
  world,
  type World,
} from './reminders-world.js';

/** Midnight UTC two days from now: the days of these tests, ahead of the real clock that stamps offers. */
const D = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
let now = D;
const clock = () => now;

describe('the daily digest', () => {
  let w: World;
  let second: TestUser;
  let removed: TestUser;
  let buyer: TestUser;
  let quotation: string;
  let orderNumber: string;

  beforeAll(async () => {
    now = D + 8 * HOUR;
    w = await world(clock);
    second = await w.t.loginAdmin();
    removed = await w.t.loginAdmin();
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: API.teamRemove(removed.user._id), headers: { cookie: w.admin.cookie } })).statusCode,
    ).toBe(200);
    buyer = await w.t.loginUser();
    const at = D + 9 * HOUR;
    await arrived(w, 'quote', await addQuote(w, buyer, 'Late Lead Traders'), at - 30 * HOUR);
    await arrived(w, 'quote', await addQuote(w, buyer, 'Due Today Foods'), at - 20 * HOUR);
    await arrived(w, 'contact', await addInquiry(w, buyer, 'Fresh Inquiry GmbH'), at - 1 * HOUR);
    await arrived(w, 'quote', await addQuote(w, buyer, 'Held Spam Co', { website: 'https://bot.example' }), at - 30 * HOUR);
    const answered = await addQuote(w, buyer, 'Answered Exports');
    await arrived(w, 'quote', answered, at - 30 * HOUR);
    await w.t.app.inject({
      method: 'POST',
      url: API.quoteReject(answered),
      payload: { reason: 'Out of season' },
      headers: { cookie: w.admin.cookie },
    });
    // An offer that expires tomorrow (end of the day, India time).
    const offered = await addQuote(w, buyer, 'Expiring Offer Pvt');
    await offer(w, offered, offerToday(D + DAY));
    quotation = (await w.t.app.inject({ method: 'GET', url: API.quote(offered), headers: { cookie: w.admin.cookie } })).json<{
      quote: Quote;
    }>().quote.offer!.quotationNumber;
    // An order not shipped by its promised day.
    const ordered = await addQuote(w, buyer, 'Late Order Imports');
    await offer(w, ordered, offerToday(D + 10 * DAY));
    const accepted = await w.t.app.inject({
      method: 'POST',
      url: API.quoteAccept(ordered),
      payload: {},
      headers: { cookie: buyer.cookie },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const order = await w.t.db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('quote_id', '=', ordered)
      .executeTakeFirstOrThrow();
    orderNumber = order.order_number;
    await w.t.db
      .updateTable('orders')
      .set({ ship_by: offerToday(D - 2 * DAY) })
      .where('id', '=', order.id)
      .execute();
  });
  afterAll(() => closeWorld(w));

  const digests = async (to?: string) => (await w.t.outbox()).filter((m) => /^Your digest for/.test(m.subject) && (!to || m.to === to));

  it('sends nothing before the digest hour (09:00 by default, company time)', async () => {
    now = D + 9 * HOUR - 60_000;
    expect(await digests()).toEqual([]);
    expect(await w.t.db.selectFrom('job_runs').selectAll().where('job', '=', 'daily-digest').execute()).toEqual([]);
  });

  it('at the hour, mails every administrator ONE digest of what needs them; a removed administrator gets none', async () => {
    now = D + 9 * HOUR + 60_000;
    const mails = await digests();
    expect(mails.map((m) => m.to).sort()).toEqual([w.admin.email, second.email].sort());
    const mail = mails.find((m) => m.to === w.admin.email)!;
    expect(mail.subject).toBe(`Your digest for ${dayOf(D)}: 5 to look at`);
    const text = mail.text;
    const order = [
      'Late: no reply within 24 hours (1)',
      'Due today (1)',
      'New since the last digest (1)',
      'Offers expiring within 3 days (1)',
    ];
    const positions = order.map((heading) => text.indexOf(heading));
    expect(
      positions.every((p) => p >= 0),
      text,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('Orders whose next milestone is late (1)');
    expect(text).toMatch(
      /- Quote request from Late Lead Traders \(Spain\): was due \S+ \S+ UTC\n {2}https:\/\/agro\.example\/quote\/description\?id=/,
    );
    expect(text).toContain('- Quote request from Due Today Foods (Spain): due');
    expect(text).toContain('- Inquiry from Maria Lopez (Fresh Inquiry GmbH, Spain): due');
    expect(text).toContain(`- Quotation ${quotation} for Expiring Offer Pvt: expires`);
    expect(text).toContain(`- Order ${orderNumber} for Late Order Imports: Proforma issued, to ship by ${offerToday(D - 2 * DAY)}`);
    expect(text).not.toContain('Held Spam Co');
    expect(text).not.toContain('Answered Exports');
    expect(mail.html).toContain('<h3>Late: no reply within 24 hours (1)</h3>');
    // The company's own mail: no unsubscribe header.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(await digests(removed.email)).toEqual([]);
  });

  it('is sent once: ticking again, or another process on the same database (a restart), sends no second one', async () => {
    now += 2 * HOUR;
    expect(await w.t.app.scheduler.tick()).toBe(0);
    const restarted = await anotherProcess(w);
    expect(await restarted.scheduler.tick()).toBe(0);
    expect(await digests()).toHaveLength(2);
    const runs = await w.t.db.selectFrom('job_runs').selectAll().where('job', '=', 'daily-digest').execute();
    expect(runs.map((r) => [r.period_key, Number(r.mails)])).toEqual([[dayOf(D), 2]]);
  });

  it('never goes out for a day that passed while every process was down; that day is skipped, the next one goes out once, late', async () => {
    now = D + DAY + 8 * HOUR;
    await w.t.app.scheduler.tick();
    // Every process down from here until late the day after.
    now = D + 2 * DAY + 23 * HOUR;
    const back = await anotherProcess(w);
    expect(await back.scheduler.tick()).toBeGreaterThan(0);
    expect(await w.t.app.scheduler.tick()).toBe(0);
    const runs = await w.t.db.selectFrom('job_runs').select('period_key').where('job', '=', 'daily-digest').orderBy('period_key').execute();
    expect(runs.map((r) => r.period_key)).toEqual([dayOf(D), dayOf(D + 2 * DAY)]);
    const late = (await digests(w.admin.email)).filter((m) => m.subject.includes(dayOf(D + 2 * DAY)));
    expect(late).toHaveLength(1);
    // Since the last digest nothing arrived: the leads are late now, none is new.
    expect(late[0]!.text).not.toContain('New since the last digest');
    expect(late[0]!.text).toContain('Late: no reply within 24 hours (3)');
  });
});

describe('the daily digest on a quiet day, and on the company clock', () => {
  let w: World;
  beforeAll(async () => {
    now = D + 3 * DAY;
    w = await world(clock);
  });
  afterAll(() => closeWorld(w));

  it('mails nobody when nothing needs attention (the run is still recorded: no later tick that day looks again)', async () => {
    now = D + 3 * DAY + 10 * HOUR;
    expect(await w.t.app.scheduler.tick()).toBe(0);
    expect((await w.t.outbox()).filter((m) => /digest/i.test(m.subject))).toEqual([]);
    const run = await w.t.db
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', 'daily-digest')
      .where('period_key', '=', dayOf(now))
      .executeTakeFirstOrThrow();
    expect(Number(run.mails)).toBe(0);
  });

  it("reads the digest hour in the business hours' time zone (09:00 in Kolkata is 03:30 UTC)", async () => {
    await settings(w, { businessHours: { ...DEFAULT_SETTINGS.businessHours, timeZone: 'Asia/Kolkata' }, reminders: { digestHour: 9 } });
    const day = D + 5 * DAY;
    now = day + 3 * HOUR + 29 * 60_000;
    await w.t.app.scheduler.tick();
    const digestRuns = () =>
      w.t.db.selectFrom('job_runs').select('period_key').where('job', '=', 'daily-digest').where('period_key', '=', dayOf(day)).execute();
    expect(await digestRuns()).toEqual([]);
    now = day + 3 * HOUR + 31 * 60_000;
    await w.t.app.scheduler.tick();
    expect(await digestRuns()).toHaveLength(1);
  });
});

describe('the daily digest by owner', () => {
  let w: World;
  let second: TestUser;
  let third: TestUser;
  const digests = async (to: string) => (await w.t.outbox()).filter((m) => m.to === to && /^Your digest for/.test(m.subject));

  beforeAll(async () => {
    now = D + 20 * DAY + 8 * HOUR;
    w = await world(clock);
    second = await w.t.loginAdmin();
    third = await w.t.loginAdmin();
    const buyer = await w.t.loginUser();
    const at = D + 20 * DAY + 9 * HOUR;
    const late = await addQuote(w, buyer, 'Second Owns Late');
    await arrived(w, 'quote', late, at - 30 * HOUR);
    await handle(w, 'quote', late, { assigneeId: second.user._id });
    const due = await addQuote(w, buyer, 'First Owns Due');
    await arrived(w, 'quote', due, at - 20 * HOUR);
    await handle(w, 'quote', due, { assigneeId: w.admin.user._id });
    const offered = await addQuote(w, buyer, 'Second Owns Offer');
    await handle(w, 'quote', offered, { assigneeId: second.user._id });
    await offer(w, offered, offerToday(at + DAY));
    // Answered, and to be followed up on today.
    const followed = await addInquiry(w, buyer, 'First Follows Up');
    await w.t.app.inject({
      method: 'PATCH',
      url: API.updateInquiry(followed),
      payload: { handled: true },
      headers: { cookie: w.admin.cookie },
    });
    await handle(w, 'contact', followed, { assigneeId: w.admin.user._id, followUpOn: dayOf(at) });
  });
  afterAll(() => closeWorld(w));

  it("puts each lead, offer and follow-up in its owner's digest only; an administrator with nothing gets none", async () => {
    now = D + 20 * DAY + 9 * HOUR + 60_000;
    const [first] = await digests(w.admin.email);
    expect(first!.subject).toBe(`Your digest for ${dayOf(now)}: 2 to look at`);
    expect(first!.text).toContain('Due today (1)\n- Quote request from First Owns Due (Spain)');
    expect(first!.text).toContain('Follow-ups dated today (1)\n- Inquiry from Maria Lopez (First Follows Up, Spain): follow up today');
    const [theirs] = await digests(second.email);
    expect(theirs!.subject).toBe(`Your digest for ${dayOf(now)}: 2 to look at`);
    expect(theirs!.text).toContain('Late: no reply within 24 hours (1)\n- Quote request from Second Owns Late (Spain)');
    expect(theirs!.text).toContain('Offers expiring within 3 days (1)\n- Quotation');
    expect(theirs!.text).toContain('for Second Owns Offer: expires');
    expect(await digests(third.email)).toEqual([]);
  });

  it("a removed administrator's leads go back to nobody: the next digest gives them to every administrator, none to the one removed", async () => {
    const removed = await w.t.app.inject({ method: 'DELETE', url: API.teamRemove(second.user._id), headers: { cookie: w.admin.cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    now += DAY;
    for (const admin of [w.admin, third]) {
      const mails = await digests(admin.email);
      const today = mails.find((m) => m.subject.includes(dayOf(now)));
      expect(today?.text, admin.email).toContain('- Quote request from Second Owns Late (Spain): was due');
    }
    expect((await digests(second.email)).filter((m) => m.subject.includes(dayOf(now)))).toEqual([]);
  });
});

describe("a lead's reply due soon", () => {
  let w: World;
  let buyer: TestUser;
  const reminded = (company: string) => mailsTo(w, 'desk@company.example', new RegExp(`^Reply due in \\d+ h: .*${company}`));

  beforeAll(async () => {
    now = D + 10 * DAY;
    w = await world(clock);
    buyer = await w.t.loginUser();
    // These tests are about leads: the digest is out of their way (it ran earlier that day).
    await reminders(w, { digestHour: 23 });
  });
  afterAll(() => closeWorld(w));

  it('reminds the notification address once, four hours before the lead is due, while nobody has answered it', async () => {
    const id = await addQuote(w, buyer, 'Window Traders');
    await arrived(w, 'quote', id, now - 19 * HOUR);
    expect(await reminded('Window Traders')).toEqual([]);
    now += HOUR + 5 * 60_000;
    const mails = await reminded('Window Traders');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reply due in 4 h: Quote request from Window Traders (Spain)');
    expect(mails[0]!.text).toContain('has no reply yet');
    expect(mails[0]!.text).toContain('Nobody is assigned to it yet.');
    expect(mails[0]!.text).toContain(`Open it: https://agro.example/quote/description?id=${id}#messages`);
    now += 30 * 60_000;
    expect(await w.t.app.scheduler.tick()).toBe(0);
    const other = await anotherProcess(w);
    expect(await other.scheduler.tick()).toBe(0);
    expect(await reminded('Window Traders')).toHaveLength(1);
  });

  it('reminds about an inquiry too', async () => {
    const id = await addInquiry(w, buyer, 'Inquiring Mills');
    await arrived(w, 'contact', id, now - 21 * HOUR);
    const mails = await reminded('Inquiring Mills');
    expect(mails.map((m) => m.subject)).toEqual(['Reply due in 3 h: Inquiry from Maria Lopez (Inquiring Mills, Spain)']);
    expect(mails[0]!.text).toContain(`https://agro.example/inquiries?inquiry=${id}#messages`);
  });

  it("reminds the lead's owner, not the notification address", async () => {
    const owner = await w.t.loginAdmin();
    const id = await addQuote(w, buyer, 'Owned Lead Ltd');
    await handle(w, 'quote', id, { assigneeId: owner.user._id });
    await arrived(w, 'quote', id, now - 21 * HOUR);
    const mails = (await w.t.outbox()).filter((m) => /^Reply due in .*Owned Lead Ltd/.test(m.subject));
    expect(mails.map((m) => m.to)).toEqual([owner.email]);
    expect(mails[0]!.text).toContain(`Assigned to: ${owner.user.fullName}`);
  });

  it('says nothing about a lead answered (offer, rejection, a message, handled) or held as spam', async () => {
    const offered = await addQuote(w, buyer, 'Offered Agro');
    await offer(w, offered, offerToday(Date.now() + 14 * DAY));
    const rejected = await addQuote(w, buyer, 'Rejected Agro');
    await w.t.app.inject({
      method: 'POST',
      url: API.quoteReject(rejected),
      payload: { reason: 'Out of season' },
      headers: { cookie: w.admin.cookie },
    });
    const written = await addQuote(w, buyer, 'Written Agro');
    const message = await w.t.app.inject({
      method: 'POST',
      url: API.addQuoteMessage(written),
      payload: { text: 'Which port do you ship to?' },
      headers: { cookie: w.admin.cookie },
    });
    expect(message.statusCode, message.body).toBe(200);
    const handled = await addInquiry(w, buyer, 'Handled Agro');
    await w.t.app.inject({
      method: 'PATCH',
      url: API.updateInquiry(handled),
      payload: { handled: true },
      headers: { cookie: w.admin.cookie },
    });
    const spam = await addQuote(w, buyer, 'Spam Agro', { website: 'https://bot.example' });
    for (const id of [offered, rejected, written, spam]) await arrived(w, 'quote', id, now - 22 * HOUR);
    await arrived(w, 'contact', handled, now - 22 * HOUR);
    for (const company of ['Offered Agro', 'Rejected Agro', 'Written Agro', 'Handled Agro', 'Spam Agro']) {
      expect(await reminded(company), company).toEqual([]);
    }
  });

  it('sends none for a lead already late when first seen (every process was down): the digest lists it late', async () => {
    const id = await addQuote(w, buyer, 'Missed Window Ltd');
    await arrived(w, 'quote', id, now - 25 * HOUR);
    expect(await reminded('Missed Window Ltd')).toEqual([]);
  });

  it('sends none when the setting is 0', async () => {
    await reminders(w, { leadDueHoursBefore: 0 });
    const id = await addQuote(w, buyer, 'Switched Off Ltd');
    await arrived(w, 'quote', id, now - 22 * HOUR);
    expect(await reminded('Switched Off Ltd')).toEqual([]);
    await reminders(w, { leadDueHoursBefore: 4 });
    expect(await reminded('Switched Off Ltd')).toHaveLength(1);
  });
});

describe("the buyer's reminders about an offer", () => {
  let w: World;
  let buyer: TestUser;
  const validity = () => offerToday(Date.now() + 20 * DAY);

  beforeAll(async () => {
    now = Date.now();
    w = await world(clock);
    await reminders(w, { digestHour: 23, leadDueHoursBefore: 0 });
    buyer = await w.t.loginUser({ fullName: 'Lucía Pérez' }, { [LANGUAGE_HEADER]: 'es' });
  });
  afterAll(() => closeWorld(w));

  it('three days before the offer expires: one mail in the buyer language, with a one-click unsubscribe', async () => {
    const quoteId = await addQuote(w, buyer, 'Expiry Reminder SA', { contactPersonName: 'Lucía Pérez' });
    const { expiresAt } = await offer(w, quoteId, validity());
    now = expiresAt - 3 * DAY - HOUR;
    expect(await mailsTo(w, buyer.email, /válida hasta/)).toEqual([]);
    now = expiresAt - 3 * DAY + HOUR;
    const mails = await mailsTo(w, buyer.email, /válida hasta/);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^La cotización \S+ es válida hasta el \d{4}-\d{2}-\d{2}$/);
    expect(mail.text).toContain('Estimado/a Lucía Pérez:');
    expect(mail.text).toContain(`https://agro.example/es/profile?quote=${quoteId}#messages`);
    const { url } = unsubscribeLink(mail);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(
      `No recibir más recordatorios como este (las ofertas, los pedidos y los correos de su cuenta le seguirán llegando): ${url}`,
    );
    expect(mail.html).toContain(`<a href="${url.replace(/&/g, '&amp;')}">No recibir más recordatorios como este</a>`);
    expect(mail.html).toContain('<div lang="es" dir="ltr">');
    // The outbox keeps the token sealed, never in clear.
    const rows = await w.t.db.selectFrom('mail_outbox').select(['headers', 'text_body']).where('to_address', '=', buyer.email).execute();
    const token = unsubscribeLink(mail).token;
    expect(rows.some((r) => (r.headers ?? '').includes('List-Unsubscribe'))).toBe(true);
    expect(rows.every((r) => !(r.headers ?? '').includes(token) && !r.text_body.includes(token))).toBe(true);
    now += HOUR;
    expect(await w.t.app.scheduler.tick()).toBe(0);
    expect(await mailsTo(w, buyer.email, /válida hasta/)).toHaveLength(1);
  });

  it('after seven days unanswered: one gentle reminder; none once the buyer wrote, asked for changes or decided', async () => {
    now = Date.now();
    const waiting = await addQuote(w, buyer, 'Waiting Buyer SA');
    const wrote = await addQuote(w, buyer, 'Writing Buyer SA');
    const changes = await addQuote(w, buyer, 'Changing Buyer SA');
    const declined = await addQuote(w, buyer, 'Declining Buyer SA');
    const sent = await offer(w, waiting, validity());
    for (const id of [wrote, changes, declined]) await offer(w, id, validity());
    now = sent.sentAt + HOUR;
    const message = await w.t.app.inject({
      method: 'POST',
      url: API.addQuoteMessage(wrote),
      payload: { text: '¿Pueden enviar muestras?' },
      headers: { cookie: buyer.cookie },
    });
    expect(message.statusCode, message.body).toBe(200);
    const changeOffer = (await w.t.db.selectFrom('quotes').select('current_offer_id').where('id', '=', changes).executeTakeFirstOrThrow())
      .current_offer_id!;
    const asked = await w.t.app.inject({
      method: 'POST',
      url: API.quoteRequestChanges(changes),
      payload: { offerId: changeOffer, note: '¿Y en sacos de 50 kg?' },
      headers: { cookie: buyer.cookie },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const decided = await w.t.app.inject({
      method: 'POST',
      url: API.quoteDecline(declined),
      payload: {},
      headers: { cookie: buyer.cookie },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    now = sent.sentAt + 7 * DAY - HOUR;
    expect(await mailsTo(w, buyer.email, /^¿Alguna pregunta/)).toEqual([]);
    now = sent.sentAt + 7 * DAY + HOUR;
    const mails = await mailsTo(w, buyer.email, /^¿Alguna pregunta/);
    expect(mails).toHaveLength(1);
    const number = (await w.t.app.inject({ method: 'GET', url: API.quote(waiting), headers: { cookie: buyer.cookie } })).json<{
      quote: Quote;
    }>().quote.offer!.quotationNumber;
    expect(mails[0]!.subject).toBe(`¿Alguna pregunta sobre la cotización ${number}?`);
    unsubscribeLink(mails[0]!);
    now += DAY;
    expect(await mailsTo(w, buyer.email, /^¿Alguna pregunta/)).toHaveLength(1);
  });

  it('none about an offer sent for fewer days than the reminder, and none when the settings are 0', async () => {
    now = Date.now();
    const short = await addQuote(w, buyer, 'Short Validity SA');
    const brief = await offer(w, short, offerToday(Date.now() + DAY));
    now = brief.expiresAt - HOUR;
    await w.t.app.scheduler.tick();
    const off = await addQuote(w, buyer, 'Switched Off SA');
    const quiet = await offer(w, off, validity());
    await reminders(w, { buyerOfferExpiryDays: 0, buyerUnansweredOfferDays: 0 });
    now = quiet.expiresAt - DAY;
    await w.t.app.scheduler.tick();
    const claimed = await w.t.db
      .selectFrom('quote_offers')
      .select(['expiry_reminded_at', 'unanswered_reminded_at'])
      .where('id', 'in', [brief.offerId, quiet.offerId])
      .execute();
    expect(claimed).toEqual([
      { expiry_reminded_at: null, unanswered_reminded_at: null },
      { expiry_reminded_at: null, unanswered_reminded_at: null },
    ]);
    await reminders(w, { buyerOfferExpiryDays: 3, buyerUnansweredOfferDays: 7 });
  });
});

describe('one-click unsubscribe', () => {
  let w: World;
  let buyer: TestUser;
  let other: TestUser;
  let token: string;
  let url: string;

  beforeAll(async () => {
    now = Date.now();
    w = await world(clock);
    await reminders(w, { digestHour: 23, leadDueHoursBefore: 0 });
    buyer = await w.t.loginUser({}, { [LANGUAGE_HEADER]: 'fr' });
    other = await w.t.loginUser();
    const { expiresAt } = await offer(w, await addQuote(w, buyer, 'First Offer SARL'), offerToday(Date.now() + 20 * DAY));
    now = expiresAt - 3 * DAY + HOUR;
    const [mail] = await mailsTo(w, buyer.email, /valable jusqu/);
    ({ token, url } = unsubscribeLink(mail!));
  });
  afterAll(() => closeWorld(w));

  const optedOut = async (user: TestUser) =>
    (await w.t.db.selectFrom('users').select('reminders_opted_out_at').where('id', '=', user.user._id).executeTakeFirstOrThrow())
      .reminders_opted_out_at;

  it('GET asks first, in the buyer language, and changes nothing (a link scanner may follow it)', async () => {
    const page = await w.t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="fr" dir="ltr">');
    expect(page.body).toContain('Ne plus recevoir de courriels de rappel, comme l’avis');
    expect(page.body).toContain(`<form method="post" action="${API.unsubscribe}">`);
    expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`);
    expect(page.body).toContain('<a href="/fr/">');
    const json = await w.t.app.inject({ method: 'GET', url });
    expect(json.json()).toEqual({ success: true, message: UNSUBSCRIBE_TEXT.checked, unsubscribed: false });
    expect(await optedOut(buyer)).toBeNull();
  });

  it("the page's form opts out, and the page then says it is done", async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: API.unsubscribe,
      payload: `token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'https://agro.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('C’est fait : vous ne recevrez plus de courriels de rappel');
    expect(await optedOut(buyer)).not.toBeNull();
    const again = await w.t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(again.body).toContain('Vous ne recevez déjà plus de courriels de rappel');
    expect((await w.t.app.inject({ method: 'GET', url })).json()).toMatchObject({ unsubscribed: true });
  });

  it("a mail provider's one-click POST (RFC 8058), form-encoded or multipart, from its own origin", async () => {
    await w.t.db.updateTable('users').set({ reminders_opted_out_at: null }).where('id', '=', buyer.user._id).execute();
    const form = await w.t.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toEqual({ success: true, message: UNSUBSCRIBE_TEXT.done, unsubscribed: true });
    expect(await optedOut(buyer)).not.toBeNull();
    const multipart = await w.t.app.inject({
      method: 'POST',
      url,
      payload: '--b0\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b0--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b0' },
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
  });

  it('an unsubscribed buyer gets no reminder; others still do, and offers still reach them', async () => {
    now = Date.now();
    const mine = await offer(w, await addQuote(w, buyer, 'After Opt Out SARL'), offerToday(Date.now() + 25 * DAY));
    const theirs = await offer(w, await addQuote(w, other, 'Still Subscribed Ltd'), offerToday(Date.now() + 25 * DAY));
    now = Math.max(mine.expiresAt, theirs.expiresAt) - 3 * DAY + HOUR;
    const mails = await w.t.outbox();
    expect(mails.filter((m) => m.to === buyer.email && m.headers.has('list-unsubscribe'))).toHaveLength(1);
    expect(mails.filter((m) => m.to === other.email && m.headers.has('list-unsubscribe'))).toHaveLength(1);
    // The offer itself was mailed to both.
    expect(mails.filter((m) => m.to === buyer.email && /^Devis/.test(m.subject))).toHaveLength(2);
  });

  it('refuses a missing or malformed token (400) and an unknown one (404), as JSON or as a page', async () => {
    const cases: Array<[string, number, string]> = [
      [API.unsubscribe, 400, UNSUBSCRIBE_TEXT.invalid],
      [`${API.unsubscribe}?token=short`, 400, UNSUBSCRIBE_TEXT.invalid],
      [`${API.unsubscribe}?token=${'A'.repeat(43)}`, 404, UNSUBSCRIBE_TEXT.unknown],
    ];
    for (const [target, status, message] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await w.t.app.inject({ method, url: target });
        expect(res.statusCode, `${method} ${target}`).toBe(status);
        expect(res.json()).toEqual({ success: false, message });
        const page = await w.t.app.inject({ method, url: target, headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(status);
        expect(page.body).toContain('This link is not valid.');
      }
    }
  });

  it("a token whose buyer's account was deleted is unknown", async () => {
    now = Date.now();
    const gone = await w.t.loginUser();
    const { expiresAt } = await offer(w, await addQuote(w, gone, 'Leaving Buyer Ltd'), offerToday(Date.now() + 30 * DAY));
    now = expiresAt - 3 * DAY + HOUR;
    const [mail] = (await w.t.outbox()).filter((m) => m.to === gone.email && m.headers.has('list-unsubscribe'));
    const link = unsubscribeLink(mail!).url;
    await w.t.db.deleteFrom('users').where('id', '=', gone.user._id).execute();
    expect((await w.t.app.inject({ method: 'POST', url: link })).statusCode).toBe(404);
  });

  it('the offer, order and password mails carry no unsubscribe header', async () => {
    now = Date.now();
    const quoteId = await addQuote(w, other, 'Order Mail Ltd');
    await offer(w, quoteId, offerToday(Date.now() + 20 * DAY));
    expect(
      (await w.t.app.inject({ method: 'POST', url: API.quoteAccept(quoteId), payload: {}, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(200);
    expect((await w.t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: other.email } })).statusCode).toBe(200);
    const mails = (await w.t.outbox()).filter((m) => m.to === other.email);
    const kinds = [/^Quotation \S+: /, /^Order /, /password/i];
    for (const kind of kinds) {
      const found = mails.filter((m) => kind.test(m.subject));
      expect(found.length, String(kind)).toBeGreaterThan(0);
      for (const mail of found) expect(mail.headers.has('list-unsubscribe'), mail.subject).toBe(false);
    }
  });
});
