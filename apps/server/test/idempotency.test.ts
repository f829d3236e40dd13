/**
 * Exactly once (issue 25, item 3): the Idempotency-Key header on the POSTs that create or decide
 * something. Runs on SQLite and on PostgreSQL.
 */
import { API, SERVER_ERRORS, type Quote } from '@agro/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAYED_HEADER } from '../src/plugins/idempotency.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, newUserBody, type TestApp, type TestUser } from './helper.js';
import { file, makeImage, multipart } from './images-fixtures.js';

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
let productId: string;
let sequence = 0;
const newKey = () => `key-${Date.now()}-${(sequence += 1)}`;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await t.loginUser();
  admin = await t.loginAdmin();
  productId = await insertTestProduct(t.db);
});
afterAll(() => t.close());

const count = async (table: 'quotes' | 'contacts' | 'users' | 'gallery_images' | 'mail_outbox') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const post = (url: string, cookie: string | undefined, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
  });

function expectReplayOf(first: LightMyRequestResponse, again: LightMyRequestResponse): void {
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.body).toBe(first.body);
  expect(again.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
  expect(first.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
}

describe('Idempotency-Key', () => {
  it('a quote request sent again with the same key and body gets the same answer and makes no second quote or mail', async () => {
    const before = { quotes: await count('quotes'), mails: await count('mail_outbox') };
    const key = newKey();
    const first = await post(API.addQuote, buyer.cookie, quoteBody(productId), key);
    expect(first.statusCode).toBe(200);
    const again = await post(API.addQuote, buyer.cookie, quoteBody(productId), key);
    expectReplayOf(first, again);
    expect(await count('quotes')).toBe(before.quotes + 1);
    expect(await count('mail_outbox')).toBe(before.mails + 2);
    // Without a key, the same body is a new quote (the spec's behaviour is unchanged).
    expect((await post(API.addQuote, buyer.cookie, quoteBody(productId))).statusCode).toBe(200);
    expect(await count('quotes')).toBe(before.quotes + 2);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const key = newKey();
    expect((await post(API.addQuote, buyer.cookie, quoteBody(productId), key)).statusCode).toBe(200);
    const before = await count('quotes');
    const other = await post(API.addQuote, buyer.cookie, quoteBody(productId, { requiredQty: 999 }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, message: SERVER_ERRORS.idempotencyKeyReused });
    expect(await count('quotes')).toBe(before);
  });

  it('two repeats at the same moment make one quote, and both get its answer', async () => {
    const before = await count('quotes');
    const key = newKey();
    const [a, b] = await Promise.all([
      post(API.addQuote, buyer.cookie, quoteBody(productId), key),
      post(API.addQuote, buyer.cookie, quoteBody(productId), key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body).toBe(b.body);
    expect([a, b].filter((r) => r.headers[REPLAYED_HEADER.toLowerCase()] === 'true')).toHaveLength(1);
    expect(await count('quotes')).toBe(before + 1);
  });

  it('keeps keys apart per user: the same key from another buyer is their own request', async () => {
    const other = await t.loginUser();
    const key = newKey();
    const mine = await post(API.addQuote, buyer.cookie, quoteBody(productId), key);
    const theirs = await post(API.addQuote, other.cookie, quoteBody(productId), key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(theirs.json<{ quote: Quote }>().quote._id).not.toBe(mine.json<{ quote: Quote }>().quote._id);
  });

  it('refuses a malformed key with 400', async () => {
    const res = await post(API.addQuote, buyer.cookie, quoteBody(productId), 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.idempotencyKeyInvalid });
  });

  it('replays a refusal too (the first answer is the answer), and frees the key after a failure that changed nothing', async () => {
    const key = newKey();
    const missing = quoteBody('0123456789abcdef01234567');
    const first = await post(API.addQuote, buyer.cookie, missing, key);
    expect(first.statusCode).toBe(404);
    expectReplayOf(first, await post(API.addQuote, buyer.cookie, missing, key));
  });

  it('registration, an inquiry, an offer, a rejection and a decision are made once', async () => {
    const body = newUserBody();
    const key = newKey();
    const users = await count('users');
    const registered = await post(API.register, undefined, body, key);
    expect(registered.statusCode).toBe(200);
    // Without the key a repeat is refused as a duplicate (409); with it, the same answer.
    expectReplayOf(registered, await post(API.register, undefined, body, key));
    expect(await count('users')).toBe(users + 1);

    const inquiry = {
      fullName: 'Test Buyer',
      email: buyer.email,
      companyName: 'Buyer Co',
      country: 'Spain',
      productId,
      estimatedQuantity: 10,
      description: 'Sent twice by a flaky network',
      productName: 'x',
    };
    const contacts = await count('contacts');
    const contactKey = newKey();
    const sent = await post(API.addContact, buyer.cookie, inquiry, contactKey);
    expect(sent.statusCode).toBe(200);
    expectReplayOf(sent, await post(API.addContact, buyer.cookie, inquiry, contactKey));
    expect(await count('contacts')).toBe(contacts + 1);

    const quote = (await post(API.addQuote, buyer.cookie, quoteBody(productId))).json<{ quote: Quote }>().quote;
    const offerKey = newKey();
    const offered = await post(API.quoteOffer(quote._id), admin.cookie, offerBody(), offerKey);
    expect(offered.statusCode).toBe(200);
    expectReplayOf(offered, await post(API.quoteOffer(quote._id), admin.cookie, offerBody(), offerKey));
    const offers = await t.db.selectFrom('quote_offers').select('id').where('quote_id', '=', quote._id).execute();
    expect(offers).toHaveLength(1);

    const acceptKey = newKey();
    const accepted = await post(API.quoteAccept(quote._id), buyer.cookie, {}, acceptKey);
    expect(accepted.statusCode).toBe(200);
    // A repeat without the key would be refused (already decided); with it, the acceptance again.
    expectReplayOf(accepted, await post(API.quoteAccept(quote._id), buyer.cookie, {}, acceptKey));
    expect((await post(API.quoteAccept(quote._id), buyer.cookie, {})).statusCode).toBe(409);

    const other = (await post(API.addQuote, buyer.cookie, quoteBody(productId))).json<{ quote: Quote }>().quote;
    const rejectKey = newKey();
    const rejected = await post(API.quoteReject(other._id), admin.cookie, { reason: 'Out of season' }, rejectKey);
    expect(rejected.statusCode).toBe(200);
    expectReplayOf(rejected, await post(API.quoteReject(other._id), admin.cookie, { reason: 'Out of season' }, rejectKey));
  });

  it('an upload sent again with the same key stores its images once', async () => {
    const before = await count('gallery_images');
    const key = newKey();
    const { payload, headers } = await multipart([['galleryImages', file(await makeImage('png', 40, 30, 77))]]);
    const send = () =>
      t.app.inject({ method: 'POST', url: API.addImages, payload, headers: { ...headers, cookie: admin.cookie, 'idempotency-key': key } });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expectReplayOf(first, await send());
    expect(await count('gallery_images')).toBe(before + 1);
  });

  it('a key whose process died before its change committed is taken over; one whose change committed is never made again', async () => {
    const past = new Date(Date.now() - 120_000).toISOString();
    const scope = `user:${buyer.user._id}`;
    const claimed = {
      scope,
      method: 'POST',
      path: API.addQuote,
      status: null,
      body: null,
      locked_until: past,
      created_at: past,
    };
    // Fingerprints are taken from a real request first.
    const probeKey = newKey();
    await post(API.addQuote, buyer.cookie, quoteBody(productId), probeKey);
    const { fingerprint } = await t.db
      .selectFrom('idempotency_keys')
      .select('fingerprint')
      .where('scope', '=', scope)
      .where('key', '=', probeKey)
      .executeTakeFirstOrThrow();

    const before = await count('quotes');
    const dead = newKey();
    await t.db
      .insertInto('idempotency_keys')
      .values({ ...claimed, key: dead, fingerprint, state: 'running' })
      .execute();
    const taken = await post(API.addQuote, buyer.cookie, quoteBody(productId), dead);
    expect(taken.statusCode).toBe(200);
    expect(await count('quotes')).toBe(before + 1);

    const applied = newKey();
    await t.db
      .insertInto('idempotency_keys')
      .values({ ...claimed, key: applied, fingerprint, state: 'applied' })
      .execute();
    const refused = await post(API.addQuote, buyer.cookie, quoteBody(productId), applied);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: SERVER_ERRORS.idempotencyApplied });
    expect(await count('quotes')).toBe(before + 1);
  });

  it('keeps an answer 24 hours: an older key may be used again', async () => {
    const key = newKey();
    expect((await post(API.addQuote, buyer.cookie, quoteBody(productId), key)).statusCode).toBe(200);
    const dayAgo = new Date(Date.now() - 24 * 3_600_000 - 1000).toISOString();
    await t.db.updateTable('idempotency_keys').set({ created_at: dayAgo }).where('key', '=', key).execute();
    const again = await post(API.addQuote, buyer.cookie, quoteBody(productId, { requiredQty: 5 }), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
  });
});
