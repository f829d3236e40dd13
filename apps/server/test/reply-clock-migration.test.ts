/**
 * The reply-clock migrations (issue 41: 20261127120000, and 20261127140000's minutes to the first
 * reply) fill the leads made before them from what happened to them:
 * run again over leads the app stamped itself, it gives each the same due time and first reply
 * (an offer, a rejection, the company's message, an inquiry's 'handled' mark, whichever came first),
 * and it can be undone. SQLite and PostgreSQL.
 */
import { API, offerToday, type Inquiry, type Quote } from '@agro/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as replyClock from '../src/db/migrations/20261127120000-reply-clock.js';
import * as replyClockFigures from '../src/db/migrations/20261127140000-reply-clock-figures.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';
import { contactBody } from './security/endpoints.js';

const HOUR = 3_600_000;
let t: TestApp;
let now = Date.now() - 48 * HOUR;

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

it('gives every lead the due time and first reply the app gave it', async () => {
  const buyer = await t.loginUser();
  const admin = await t.loginAdmin();
  const productId = await insertTestProduct(t.db);
  const as = (who: { cookie: string }, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const quote = async () => (await as(buyer, 'POST', API.addQuote, quoteBody(productId))).json<{ quote: Quote }>().quote._id;
  const inquiry = async () =>
    (await as(buyer, 'POST', API.addContact, contactBody(productId))).json<{ contact: { _id: string } }>().contact._id;

  const offered = await quote();
  const rejected = await quote();
  const messaged = await quote();
  const waiting = await quote();
  const handled = await inquiry();
  const messagedThenHandled = await inquiry();
  const open = await inquiry();
  now += 2 * HOUR;
  await as(admin, 'POST', API.addQuoteMessage(messaged), { text: 'We are on it.' });
  await as(admin, 'POST', API.addContactMessage(messagedThenHandled), { text: 'We are on it.' });
  now += HOUR;
  await as(admin, 'POST', API.quoteOffer(offered), offerBody({ validUntil: offerToday(now + 14 * 24 * HOUR) }));
  await as(admin, 'POST', API.quoteOffer(messaged), offerBody({ validUntil: offerToday(now + 14 * 24 * HOUR) }));
  await as(admin, 'POST', API.quoteReject(rejected), { reason: 'Out of season until March.' });
  await as(admin, 'PATCH', API.updateInquiry(handled), { handled: true });
  await as(admin, 'PATCH', API.updateInquiry(messagedThenHandled), { handled: true });

  const clocks = async () => {
    const quotes = (await as(admin, 'GET', API.allQuotes)).json<{ quotes: Quote[] }>().quotes;
    const inquiries = (await as(admin, 'GET', API.allInquiries)).json<{ inquiries: Inquiry[] }>().inquiries;
    return Object.fromEntries(
      [...quotes, ...inquiries].map((l) => [l._id, { replyDueAt: l.replyDueAt, firstReplyAt: l.firstReplyAt }] as const),
    );
  };
  // And the minutes to the first reply the figures group by.
  const minutes = async () => [
    ...(await t.db.selectFrom('quotes').select(['id', 'first_reply_minutes']).orderBy('id').execute()),
    ...(await t.db.selectFrom('contacts').select(['id', 'first_reply_minutes']).orderBy('id').execute()),
  ];
  const before = await clocks();
  const minutesBefore = await minutes();
  expect(minutesBefore.find((r) => r.id === offered)?.first_reply_minutes).toBe(180);
  expect(before[waiting]!.firstReplyAt).toBeNull();
  expect(before[open]!.firstReplyAt).toBeNull();
  expect(before[messaged]!.firstReplyAt).toBe(before[messagedThenHandled]!.firstReplyAt);
  expect(before[offered]!.firstReplyAt).toBe(new Date(now).toISOString());

  const db = t.db as unknown as Kysely<unknown>;
  await t.schemaChange(async () => {
    await replyClockFigures.down(db);
    await replyClock.down(db);
    await replyClock.up(db, t.dialect);
    await replyClockFigures.up(db, t.dialect);
  });
  expect(await clocks()).toEqual(before);
  expect(await minutes()).toEqual(minutesBefore);
});
