import { API, SERVER_ERRORS, SUCCESS, VALIDATION as V } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

let t: TestApp;
let user: TestUser;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp();
  user = await t.loginUser();
  productId = await insertTestProduct(t.db, { productName: 'Organic Jaggery Powder' });
});
afterAll(() => t.close());

function contactBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: 'Hans Müller',
    email: 'hans@import.example',
    companyName: 'Müller Import GmbH',
    country: 'Germany',
    productId,
    estimatedQuantity: 500,
    description: 'Please send prices for 500 kg per month.',
    productName: 'Whatever the client says',
    ...overrides,
  };
}

const send = (cookie: string | undefined, body: unknown) =>
  t.app.inject({ method: 'POST', url: API.addContact, payload: body as object, headers: cookie ? { cookie } : {} });

describe('POST /api/v1/contact/addNewContact', () => {
  it('stores the inquiry for a USER and answers success and message', async () => {
    const res = await send(user.cookie, contactBody());
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({
      success: true,
      message: SUCCESS.contact,
      contact: { fullName: 'Hans Müller', productId, productName: 'Organic Jaggery Powder', estimatedQuantity: 500 },
    });
    const row = await t.db.selectFrom('contacts').selectAll().where('id', '=', json.contact._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'hans@import.example',
      company_name: 'Müller Import GmbH',
      country: 'Germany',
      description: 'Please send prices for 500 kg per month.',
      user_id: user.user._id,
    });
  });

  it('answers 401 anonymous and 403 for an ADMIN (SPEC.md section 6)', async () => {
    const anonymous = await send(undefined, contactBody());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: SERVER_ERRORS.notLoggedIn });
    const admin = await t.loginAdmin();
    const res = await send(admin.cookie, contactBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.forbidden });
  });

  it.each(['fullName', 'email', 'companyName', 'country', 'productId', 'estimatedQuantity', 'description'])(
    'answers 400 with the required-fields message when %s is missing',
    async (field) => {
      const res = await send(user.cookie, contactBody({ [field]: undefined }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: V.contactRequired });
    },
  );

  it('answers 400 for an invalid email, and the required message first', async () => {
    expect((await send(user.cookie, contactBody({ email: 'hans@import' }))).json().message).toBe(V.invalidEmail);
    expect((await send(user.cookie, contactBody({ email: 'hans@import', country: '' }))).json().message).toBe(V.contactRequired);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await send(user.cookie, contactBody({ productId: 'bbbbbbbbbbbbbbbbbbbbbbbb' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.productNotFound });
  });

  it('notifies the company (reply-to the sender) and acknowledges to the account', async () => {
    const buyer = await t.loginUser();
    const res = await send(buyer.cookie, contactBody({ description: 'Hello <img src=x onerror=alert(1)>' }));
    expect(res.statusCode).toBe(200);
    const mails = await t.outbox();
    const notification = mails.find((m) => m.to.includes(t.config.companyEmail) && m.text.includes(buyer.email));
    expect(notification).toBeDefined();
    expect(notification!.text).toContain('Hello <img src=x onerror=alert(1)>');
    expect(notification!.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;');
    const ack = mails.find((m) => m.to.includes(buyer.email));
    expect(ack!.text).toContain('24 hours');
  });
});
