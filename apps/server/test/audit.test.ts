/**
 * The audit log (issue 26, item 3): every administrative change writes one row in its own
 * transaction (who, when, what, the changed fields before and after, never a secret); a change
 * that fails writes none; GET /api/v1/audit filters by person, type and date, newest first, in
 * pages; its CSV export; and no call edits or deletes it.
 */
import { API, type AuditEntry, type AuditResponse, type Quote } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { file, makeImage, multipart } from './images-fixtures.js';
import { PRODUCT_TEXT_FIELDS, contactBody } from './security/endpoints.js';

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAdmin();
  otherAdmin = await t.loginAdmin();
  buyer = await t.loginUser();
});
afterAll(() => t.close());

const audit = async (query = '', cookie = admin.cookie) => {
  const res = await t.app.inject({ method: 'GET', url: `${API.audit}${query ? `?${query}` : ''}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditResponse>();
};
const newest = async (): Promise<AuditEntry> => (await audit('limit=1')).audit[0]!;
const count = async () => (await audit('limit=1')).total;
const as = (user: TestUser) => ({ cookie: user.cookie });

async function addQuote(): Promise<Quote> {
  const productId = await insertTestProduct(t.db);
  const res = await t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(productId), headers: as(buyer) });
  return res.json<{ quote: Quote }>().quote;
}

describe('one row per administrative change, in its transaction', () => {
  it('product add, update and delete', async () => {
    const form = await multipart([...PRODUCT_TEXT_FIELDS, ['productThumbnail', file(await makeImage('png', 24, 24, 901))]]);
    const added = await t.app.inject({
      method: 'POST',
      url: API.addProduct,
      payload: form.payload,
      headers: { ...form.headers, ...as(admin) },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json<{ product: { _id: string } }>().product._id;
    expect(await newest()).toMatchObject({ action: 'create', entityType: 'product', entityId: id, actorEmail: admin.email });
    expect((await newest()).changes.product_name).toEqual({ before: null, after: 'Matrix Test Product' });

    const update = await multipart([
      ['_id', id],
      ['productName', 'Renamed Product'],
    ]);
    const before = await count();
    await t.app.inject({
      method: 'PATCH',
      url: API.updateProduct(id),
      payload: update.payload,
      headers: { ...update.headers, ...as(admin) },
    });
    expect(await count()).toBe(before + 1);
    const row = await newest();
    expect(row).toMatchObject({ action: 'update', entityType: 'product', entityId: id });
    // Only what changed.
    expect(Object.keys(row.changes)).toEqual(['product_name']);
    expect(row.changes.product_name).toEqual({ before: 'Matrix Test Product', after: 'Renamed Product' });

    await t.app.inject({ method: 'DELETE', url: API.deleteProduct(id), headers: as(admin) });
    expect(await newest()).toMatchObject({ action: 'delete', entityType: 'product', entityId: id });
  });

  it('gallery add, delete one and delete all', async () => {
    const form = await multipart([['galleryImages', file(await makeImage('png', 20, 20, 902))]]);
    await t.app.inject({ method: 'POST', url: API.addImages, payload: form.payload, headers: { ...form.headers, ...as(admin) } });
    const added = await newest();
    expect(added).toMatchObject({ action: 'create', entityType: 'gallery' });
    await t.app.inject({ method: 'DELETE', url: API.deleteImage(added.entityId), headers: as(admin) });
    expect(await newest()).toMatchObject({ action: 'delete', entityType: 'gallery', entityId: added.entityId });
    await t.app.inject({ method: 'POST', url: API.addImages, payload: form.payload, headers: { ...form.headers, ...as(admin) } });
    await t.app.inject({ method: 'DELETE', url: API.deleteAllImages, headers: as(admin) });
    expect(await newest()).toMatchObject({ action: 'delete', entityType: 'gallery', entityId: 'all' });
  });

  it('an offer, a rejection and a quote deletion; a refused change writes none', async () => {
    const quote = await addQuote();
    await t.app.inject({ method: 'POST', url: API.quoteOffer(quote._id), payload: offerBody(), headers: as(otherAdmin) });
    const offer = await newest();
    expect(offer).toMatchObject({ action: 'create', entityType: 'offer', actorEmail: otherAdmin.email });
    expect(offer.changes.quoteId).toEqual({ before: null, after: quote._id });

    await t.app.inject({
      method: 'POST',
      url: API.quoteReject(quote._id),
      payload: { reason: 'Out of season until March.' },
      headers: as(admin),
    });
    expect(await newest()).toMatchObject({
      action: 'update',
      entityType: 'quote',
      entityId: quote._id,
      changes: { status: { before: 'QUOTED', after: 'REJECTED' } },
    });

    // A rejected quote takes no offer: 409, and no row.
    const before = await count();
    const refused = await t.app.inject({ method: 'POST', url: API.quoteOffer(quote._id), payload: offerBody(), headers: as(admin) });
    expect(refused.statusCode).toBe(409);
    expect(await count()).toBe(before);

    await t.app.inject({ method: 'DELETE', url: API.deleteQuote(quote._id), headers: as(admin) });
    const deleted = await newest();
    expect(deleted).toMatchObject({ action: 'delete', entityType: 'quote', entityId: quote._id });
    expect(deleted.changes.companyName).toEqual({ before: 'Global Foods Ltd', after: null });
  });

  it('an inquiry handled and deleted; an unknown one writes none', async () => {
    const productId = await insertTestProduct(t.db);
    const sent = await t.app.inject({ method: 'POST', url: API.addContact, payload: contactBody(productId), headers: as(buyer) });
    const id = sent.json<{ contact: { _id: string } }>().contact._id;
    await t.app.inject({ method: 'PATCH', url: API.updateInquiry(id), payload: { handled: true }, headers: as(admin) });
    expect(await newest()).toMatchObject({ entityType: 'inquiry', entityId: id, changes: { handled: { before: false, after: true } } });
    await t.app.inject({ method: 'DELETE', url: API.deleteInquiry(id), headers: as(admin) });
    expect(await newest()).toMatchObject({ action: 'delete', entityType: 'inquiry', entityId: id });
    const before = await count();
    expect((await t.app.inject({ method: 'DELETE', url: API.deleteInquiry(id), headers: as(admin) })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('GET /api/v1/audit', () => {
  it('is newest first, filters by person, type and date, and pages', async () => {
    const all = await audit('limit=100');
    expect(all.total).toBeGreaterThanOrEqual(10);
    const times = all.audit.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byOther = await audit(`actor=${encodeURIComponent(otherAdmin.email)}`);
    expect(byOther.total).toBe(1);
    expect(byOther.audit[0]!.entityType).toBe('offer');
    expect((await audit(`actor=${otherAdmin.user._id}`)).total).toBe(1);

    const products = await audit('type=product');
    expect(products.audit.every((e) => e.entityType === 'product')).toBe(true);
    expect(products.total).toBe(3);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await audit('to=2020-01-01')).total).toBe(0);

    const page2 = await audit('limit=3&page=2');
    expect(page2).toMatchObject({ page: 2, limit: 3, total: all.total, pageCount: Math.ceil(all.total / 3) });
    expect(page2.audit.map((e) => e._id)).toEqual(all.audit.slice(3, 6).map((e) => e._id));
  });

  it('refuses bad filters with their message', async () => {
    for (const [query, message] of [
      ['type=password', 'Unknown type filter'],
      ['from=2026-13-01', 'From must be a date (YYYY-MM-DD)'],
      ['from=2026-02-01&to=2026-01-01', 'From must not be after To'],
      ['limit=1000', 'Limit must be a whole number from 1 to 100'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${API.audit}?${query}`, headers: as(admin) });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('never holds a password, a token or a secret', async () => {
    const text = JSON.stringify((await audit('limit=100')).audit);
    expect(text).not.toMatch(/password|token|secret|\$scrypt/i);
  });

  it('exports the filtered rows as CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API.exportAudit}?type=quote`, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,Who,Action,Type,Id,Changes');
    expect(lines.length - 1).toBe((await audit('type=quote')).total);
  });

  it('has no call that edits or deletes it', async () => {
    const id = (await newest())._id;
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'] as const) {
      for (const url of [API.audit, `${API.audit}/${id}`]) {
        const res = await t.app.inject({ method, url, headers: as(admin), payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});
