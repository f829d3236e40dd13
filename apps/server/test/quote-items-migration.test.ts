/**
 * The quote-lines migration (issue 45) on a database of today's data: every quote becomes a
 * one-line quote (its line's id is the quote's), every offer prices that line at its unit price,
 * every order gets its one line; nothing else changes, and every answer is the same but for the
 * line ids. It can be undone.
 */
import { API, type Order, type Quote, type QuoteDetail } from '@agro/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as quoteItems from '../src/db/migrations/20261130100000-quote-items.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A quote answer with its lines' ids (and the offer lines' item ids) left out. */
const withoutLineIds = (quote: Quote | QuoteDetail) => ({
  ...quote,
  items: quote.items.map(({ _id: _line, ...rest }) => rest),
  offer: quote.offer ? { ...quote.offer, lines: quote.offer.lines.map(({ itemId: _item, ...rest }) => rest) } : null,
  ...('offers' in quote ? { offers: quote.offers.map((o) => ({ ...o, lines: o.lines.map(({ itemId: _item, ...rest }) => rest) })) } : {}),
});

it("makes every quote, offer and order of today's data one line, with nothing lost", async () => {
  const db = t.db as unknown as Kysely<unknown>;
  const buyer = await t.loginUser();
  const admin = await t.loginAdmin();
  const productId = await insertTestProduct(t.db, { productName: 'Migrated Jaggery' });
  const goneId = await insertTestProduct(t.db, { productName: 'Deleted later' });
  const ids: string[] = [];
  for (const [product, qty, custom] of [
    [productId, 1200, true],
    [productId, 2.5, false],
    [goneId, 300, false],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      payload: quoteBody(product, { requiredQty: qty, isCustomPackagingRequired: custom }),
      headers: { cookie: buyer.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json<{ quote: Quote }>().quote._id);
  }
  // An offer on two, one accepted into an order; the third's product is deleted.
  for (const id of ids.slice(0, 2)) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.quoteOffer(id),
      payload: offerBody({ unitPrice: '0.35' }),
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const accepted = await t.app.inject({ method: 'POST', url: API.quoteAccept(ids[0]!), payload: {}, headers: { cookie: buyer.cookie } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await t.db.deleteFrom('products').where('id', '=', goneId).execute();

  const read = async () => ({
    details: await Promise.all(
      ids.map(
        async (id) =>
          (await t.app.inject({ method: 'GET', url: API.quote(id), headers: { cookie: admin.cookie } })).json<{ quote: QuoteDetail }>()
            .quote,
      ),
    ),
    mine: (await t.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: buyer.cookie } })).json<{ quotes: Quote[] }>()
      .quotes,
    orders: (await t.app.inject({ method: 'GET', url: API.myOrders, headers: { cookie: buyer.cookie } })).json<{ orders: Order[] }>()
      .orders,
    quotes: await t.db.selectFrom('quotes').selectAll().orderBy('id').execute(),
    offers: await t.db.selectFrom('quote_offers').selectAll().orderBy('id').execute(),
    orderRows: await t.db.selectFrom('orders').selectAll().orderBy('id').execute(),
  });
  const before = await read();

  // Today's database: no line tables. Then the migration.
  await t.schemaChange(async () => {
    await quoteItems.down(db);
    await quoteItems.up(db, t.dialect);
  });

  const items = await t.db.selectFrom('quote_items').selectAll().orderBy('quote_id').execute();
  expect(items).toHaveLength(before.quotes.length);
  for (const quote of before.quotes) {
    const line = items.find((i) => i.quote_id === quote.id)!;
    expect(line).toMatchObject({
      id: quote.id,
      position: 0,
      product_id: quote.product_id,
      packaging_type: quote.packaging_type,
      is_custom_packaging_required: quote.is_custom_packaging_required,
    });
    expect(Number(line.required_qty)).toBe(Number(quote.required_qty));
  }
  const offerLines = await t.db.selectFrom('quote_offer_lines').selectAll().execute();
  expect(offerLines).toHaveLength(before.offers.length);
  for (const offer of before.offers) {
    const line = offerLines.find((l) => l.offer_id === offer.id)!;
    expect(line).toMatchObject({ item_id: offer.quote_id, position: 0, quantity: null });
    expect(Number(line.unit_price_minor)).toBe(Number(offer.unit_price_minor));
  }
  const orderItems = await t.db.selectFrom('order_items').selectAll().execute();
  expect(orderItems).toHaveLength(before.orderRows.length);

  const after = await read();
  // Nothing else changed...
  expect(after.quotes).toEqual(before.quotes);
  expect(after.offers).toEqual(before.offers);
  expect(after.orderRows).toEqual(before.orderRows);
  // ...and every answer is the same but for the lines' ids (now the quotes' own).
  expect(after.details.map(withoutLineIds)).toEqual(before.details.map(withoutLineIds));
  expect(after.mine.map(withoutLineIds)).toEqual(before.mine.map(withoutLineIds));
  expect(after.orders).toEqual(before.orders);
  for (const quote of after.details) {
    expect(quote.items.map((i) => i._id)).toEqual([quote._id]);
    expect(quote.offer?.lines.map((l) => l.itemId) ?? [quote._id]).toEqual([quote._id]);
  }
  expect(after.details[2]!.items[0]!.productId).toBeNull();
  expect(after.details[1]!.offer).toMatchObject({ unitPrice: '0.35', total: '0.88', lines: [{ quantity: 2.5, total: '0.88' }] });
});
