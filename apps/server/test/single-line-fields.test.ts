/**
 * Single-line fields (names, company, country, phone numbers, product names) refuse line breaks
 * and control characters: they are printed into mails and mail subjects. Multi-line fields
 * (address, description, additional info) keep theirs.
 */
import { API, VALIDATION as V } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct, quoteBody as fixtureQuoteBody } from './fixtures.js';
import { buildTestApp, newUserBody, type TestApp, type TestUser } from './helper.js';

let t: TestApp;
let user: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  user = await t.loginUser();
  productId = await insertTestProduct(t.db, { productName: 'Organic Jaggery Powder' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

const quoteBody = (overrides: Record<string, unknown> = {}) =>
  fixtureQuoteBody(productId, { address: 'Warehouse 7\nAl Quoz Industrial Area 3\nDubai', ...overrides });

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Hans Müller',
  email: 'hans@import.example',
  companyName: 'Müller Import GmbH',
  country: 'Germany',
  productId,
  estimatedQuantity: 500,
  description: 'Prices please.\nMonthly, 500 kg.',
  ...overrides,
});

describe('single-line fields', () => {
  it('register refuses a full name with a line break, and stores nothing', async () => {
    const body = newUserBody({ fullName: 'Test Buyer\r\nBcc: victim@example.com' });
    const res = await post(API.register, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: V.singleLine, errors: { fullName: V.singleLine } });
    const login = await post(API.login, { email: body.email, password: body.password });
    expect(login.statusCode).toBe(401);
  });

  it('a SPEC message still comes first when the field also breaks a SPEC rule', async () => {
    const res = await post(API.register, newUserBody({ fullName: 'A\nB' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(V.fullNameMin);
  });

  it('profile update refuses a phone number with a control character', async () => {
    const res = await post(API.updateProfile, { fullName: 'Test Buyer', email: user.email, phoneNumber: '+91-98765\t43210' }, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: V.singleLine });
  });

  it('quote: company, contact person, country and mobile refuse line breaks; the address keeps them', async () => {
    const before = (await t.outbox()).length;
    for (const field of ['companyName', 'contactPersonName', 'country', 'mobileNumber', 'deliveryLocation']) {
      const res = await post(API.addQuote, quoteBody({ [field]: 'Asha Traders\nLLC Dubai' }), user.cookie);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ success: false, message: V.singleLine, errors: { [field]: V.singleLine } });
    }
    expect((await t.outbox()).length).toBe(before);
    const ok = await post(API.addQuote, quoteBody(), user.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().quote.address).toBe('Warehouse 7\nAl Quoz Industrial Area 3\nDubai');
  });

  it('contact: full name, company and country refuse line breaks; the description keeps them', async () => {
    for (const field of ['fullName', 'companyName', 'country']) {
      const res = await post(API.addContact, contactBody({ [field]: 'Hans\rMüller' }), user.cookie);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ success: false, message: V.singleLine });
    }
    const ok = await post(API.addContact, contactBody(), user.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().contact.description).toBe('Prices please.\nMonthly, 500 kg.');
  });
});
