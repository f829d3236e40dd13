/**
 * The threads migration (issue 40) keeps a quote's history as it was (on SQLite it copies
 * quote_events into a table whose CHECK allows CHANGES_REQUESTED), and can be undone.
 */
import { API, type QuoteDetail } from '@agro/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as threads from '../src/db/migrations/20261127100000-threads.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it("keeps every quote's history across the migration, and its history then takes CHANGES_REQUESTED", async () => {
  const db = t.db as unknown as Kysely<unknown>;
  const buyer = await t.loginUser();
  const admin = await t.loginAdmin();
  const productId = await insertTestProduct(t.db);
  const quote = await t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(productId), headers: { cookie: buyer.cookie } });
  const id = quote.json<{ quote: { _id: string } }>().quote._id;
  expect(
    (await t.app.inject({ method: 'POST', url: API.quoteOffer(id), payload: offerBody(), headers: { cookie: admin.cookie } })).statusCode,
  ).toBe(200);
  const before = await t.db.selectFrom('quote_events').selectAll().orderBy('id').execute();
  expect(before.length).toBeGreaterThan(0);

  await t.schemaChange(async () => {
    await threads.down(db, t.dialect);
    await threads.up(db, t.dialect);
  });

  expect(await t.db.selectFrom('quote_events').selectAll().orderBy('id').execute()).toEqual(before);
  const detail = await t.app.inject({ method: 'GET', url: API.quote(id), headers: { cookie: admin.cookie } });
  const { offer, history } = detail.json<{ quote: QuoteDetail }>().quote;
  expect(history.map((h) => h.status)).toEqual(['NEW', 'QUOTED']);
  const asked = await t.app.inject({
    method: 'POST',
    url: API.quoteRequestChanges(id),
    payload: { offerId: offer!._id, note: 'A lower price?' },
    headers: { cookie: buyer.cookie },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json<{ quote: QuoteDetail }>().quote.history.map((h) => h.status)).toEqual(['NEW', 'QUOTED', 'CHANGES_REQUESTED']);
});
