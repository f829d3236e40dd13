/**
 * The CSV exports stream (issue 29, item 2): read a batch at a time (keyset pagination) and written
 * as read, byte for byte what the whole-list export wrote (BOM, header, CRLF, neutralised formulas),
 * ties of created_at included. Both databases.
 */
import { Readable } from 'node:stream';
import { API, type Quote } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvStream, toCsv } from '../src/lib/csv.js';
import { INQUIRY_COLUMNS } from '../src/modules/contact/csv.js';
import { inquiryBatches, listInquiries } from '../src/modules/contact/repository.js';
import { QUOTE_COLUMNS, quoteCsvRows } from '../src/modules/quote/csv.js';
import { listQuotes, quoteBatches } from '../src/modules/quote/repository.js';
import { insertTestProduct, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';
import { contactBody } from './security/endpoints.js';

/** Batches of quotes as the export's batches of rows (a row per line, issue 45). */
async function* rowBatches(batches: AsyncIterable<Quote[]>) {
  for await (const quotes of batches) yield quoteCsvRows(quotes);
}

let t: TestApp;

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  t = await buildTestApp();
  const buyer = await t.loginUser();
  const productId = await insertTestProduct(t.db, { productName: 'Stream Jaggery' });
  for (let i = 0; i < 23; i += 1) {
    const extra = i % 5 === 0 ? { additionalInfo: `=HYPERLINK("x${i}")`, companyName: `Ünïcode, "quoted" ${i}` } : {};
    const quote = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      payload: quoteBody(productId, extra),
      headers: { cookie: buyer.cookie },
    });
    expect(quote.statusCode).toBe(200);
    const inquiry = await t.app.inject({
      method: 'POST',
      url: API.addContact,
      payload: contactBody(productId),
      headers: { cookie: buyer.cookie },
    });
    expect(inquiry.statusCode).toBe(200);
  }
  // Ties: several rows made in the same millisecond (the id breaks them).
  const same = '2026-01-01T00:00:00.000Z';
  const ids = (await t.db.selectFrom('quotes').select('id').limit(6).execute()).map((r) => r.id);
  await t.db.updateTable('quotes').set({ created_at: same }).where('id', 'in', ids).execute();
  const inquiryIds = (await t.db.selectFrom('contacts').select('id').limit(6).execute()).map((r) => r.id);
  await t.db.updateTable('contacts').set({ created_at: same }).where('id', 'in', inquiryIds).execute();
});
afterAll(() => t.close());

describe('streamed CSV exports', () => {
  it.each([1, 4, 500])('quotes in batches of %i: the same bytes as the whole list', async (size) => {
    const now = new Date().toISOString();
    const { quotes } = await listQuotes(t.db, {}, now);
    const streamed = await text(await csvStream(QUOTE_COLUMNS, rowBatches(quoteBatches(t.db, {}, now, size))));
    expect(streamed).toBe(toCsv(QUOTE_COLUMNS, quoteCsvRows(quotes)));
    expect(streamed.startsWith('\ufeffQuote ID,')).toBe(true);
    expect(streamed).toContain(`'=HYPERLINK`);
    expect(quotes.length).toBe(23);
  });

  it('inquiries in batches of 5: the same bytes as the whole list', async () => {
    const { inquiries } = await listInquiries(t.db, {});
    expect(await text(await csvStream(INQUIRY_COLUMNS, inquiryBatches(t.db, {}, 5)))).toBe(toCsv(INQUIRY_COLUMNS, inquiries));
  });

  it('an empty selection is the header alone', async () => {
    const streamed = await text(await csvStream(QUOTE_COLUMNS, rowBatches(quoteBatches(t.db, { country: 'Atlantis' }))));
    expect(streamed).toBe(toCsv(QUOTE_COLUMNS, quoteCsvRows([] as Quote[])));
    expect(streamed.split('\r\n')).toHaveLength(2);
  });

  it('stops reading when the reader goes away', async () => {
    let batches = 0;
    async function* counted() {
      for await (const batch of quoteBatches(t.db, {}, new Date().toISOString(), 2)) {
        batches += 1;
        yield quoteCsvRows(batch);
      }
    }
    const stream = await csvStream(QUOTE_COLUMNS, counted());
    for await (const _chunk of stream) break; // the reader takes the first piece and leaves
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.destroyed).toBe(true);
    expect(batches).toBeLessThanOrEqual(3);
  });

  it('the export route answers the streamed file', async () => {
    const admin = await t.loginAdmin();
    const res = await t.app.inject({ method: 'GET', url: API.exportQuotes, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const { quotes } = await listQuotes(t.db, {});
    expect(res.body).toBe(toCsv(QUOTE_COLUMNS, quoteCsvRows(quotes)));
  });
});
