/**
 * Lead search by an index (issue 29, item 1): any part of a company, contact or e-mail, found
 * through SQLite's FTS5 trigram tables or PostgreSQL's pg_trgm indexes, not by scanning; kept up to
 * date by the database as leads are added, changed and deleted. Both databases.
 */
import { API, type Inquiry, type Quote } from '@agro/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { contactBody } from './security/endpoints.js';

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAdmin();
  buyer = await t.loginUser();
  productId = await insertTestProduct(t.db, { productName: 'Search Jaggery' });
  const companies = ['Rotterdam Trading BV', 'Al Noor Foodstuff LLC', 'Müller Gewürze GmbH', '100% Natural_Foods "Ltd"', 'Qzo Co'];
  for (const companyName of companies) {
    const q = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      payload: quoteBody(productId, { companyName, contactPersonName: `Contact of ${companyName}` }),
      headers: { cookie: buyer.cookie },
    });
    expect(q.statusCode).toBe(200);
    const c = await t.app.inject({
      method: 'POST',
      url: API.addContact,
      payload: contactBody(productId, { companyName }),
      headers: { cookie: buyer.cookie },
    });
    expect(c.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const quotesFound = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${API.allQuotes}?q=${encodeURIComponent(q)}`, headers: { cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().quotes as Quote[]).map((x) => x.companyName).sort();
};
const inquiriesFound = async (q: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API.allInquiries}?q=${encodeURIComponent(q)}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().inquiries as Inquiry[]).map((x) => x.companyName).sort();
};

describe('lead search', () => {
  it.each([
    ['tterdam tr', ['Rotterdam Trading BV']],
    ['ROTTERDAM', ['Rotterdam Trading BV']],
    ['noor food', ['Al Noor Foodstuff LLC']],
    ['gewürze', ['Müller Gewürze GmbH']],
    ['100%', ['100% Natural_Foods "Ltd"']],
    ['l_f', ['100% Natural_Foods "Ltd"']],
    ['"Ltd"', ['100% Natural_Foods "Ltd"']],
    // Two characters: too short for the trigram index, searched by a scan (no hex e-mail of a test
    // account can hold q or z).
    ['Qz', ['Qzo Co']],
    ['zzz', []],
  ] as const)('finds %s in any part of a company, in both lists', async (q, expected) => {
    expect(await quotesFound(q)).toEqual([...expected].sort());
    expect(await inquiriesFound(q)).toEqual([...expected].sort());
  });

  // A web scanner's probes (issue 41): control characters (a NUL ends the string SQLite's full-text
  // query reads; PostgreSQL refuses it in any text), lone surrogates, quotes and full-text operators,
  // in every text filter of both lists and their exports: a list (200) or a refusal (400), never a 500.
  it.each([
    ...['abc\u0000', '\u0000', 'rotter\u0000dam', 'a\u0007b\u001bc', '"', "'; --", 'NEAR(a b)', 'rot* OR x', '^abc'].map(
      encodeURIComponent,
    ),
    // A lone surrogate as a scanner sends one (the UTF-8 form of U+D800 and of U+DFFF), and a long one.
    '%ED%A0%80abc',
    'ab%ED%BF%BF',
    'x'.repeat(10_000),
  ])('a search for %s answers 200 or 400, never 500, in both lists and their exports', async (q) => {
    for (const base of [API.allQuotes, API.allInquiries, API.exportQuotes, API.exportInquiries]) {
      for (const name of ['q', 'country', 'productId']) {
        const res = await t.app.inject({ method: 'GET', url: `${base}?${name}=${q}`, headers: { cookie: admin.cookie } });
        expect([200, 400], `${base}?${name}=${q.slice(0, 40)}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      }
    }
    for (const base of [API.allOrders, API.exportOrders]) {
      const res = await t.app.inject({ method: 'GET', url: `${base}?country=${q}`, headers: { cookie: admin.cookie } });
      expect([200, 400], `${base}?country=${q.slice(0, 40)}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
  });

  it('reads a control character in a search as a space: what is around it is still found', async () => {
    expect(await quotesFound('rotterdam\u0000')).toEqual(['Rotterdam Trading BV']);
    expect(await inquiriesFound('\u0000rotterdam')).toEqual(['Rotterdam Trading BV']);
  });

  it('searches the contact and both e-mails of a quote too', async () => {
    expect(await quotesFound('contact of al noor')).toEqual(['Al Noor Foodstuff LLC']);
    expect((await quotesFound(buyer.email.slice(2, 12))).length).toBe(5);
  });

  it('follows the leads: a deleted one is not found, a changed one is found by its new name', async () => {
    const [quote] = (await t.app.inject({ method: 'GET', url: `${API.allQuotes}?q=rotterdam`, headers: { cookie: admin.cookie } })).json()
      .quotes as Quote[];
    await t.db
      .updateTable('quotes')
      .set({ company_name: 'Antwerp Commodities NV', contact_person_name: 'Jan Peeters' })
      .where('id', '=', quote!._id)
      .execute();
    expect(await quotesFound('rotterdam')).toEqual([]);
    expect(await quotesFound('antwerp comm')).toEqual(['Antwerp Commodities NV']);
    const deleted = await t.app.inject({ method: 'DELETE', url: API.deleteQuote(quote!._id), headers: { cookie: admin.cookie } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await quotesFound('antwerp')).toEqual([]);
    expect(await quotesFound('jan peeters')).toEqual([]);
  });

  it('uses the index, not a scan', async () => {
    if (t.dialect === 'sqlite') {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select id from quotes where id in (select quote_id from quote_search where quote_search match ${'"noor"'})`.execute(
        t.db,
      );
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
    } else {
      const plan = await t.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        return sql<{ 'QUERY PLAN': string }>`explain select id from quotes where lower(company_name) like ${'%noor%'}`.execute(tx);
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/quotes_company_name_trgm/);
    }
  });
});
