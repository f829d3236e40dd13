/**
 * Limits per account, beside those per address (issue 25): failed sign-ins (credential stuffing:
 * a growing delay, one mail to the owner, the same answers whether the account exists), and
 * inquiries and quote requests.
 */
import { API, LANGUAGE_HEADER, SERVER_ERRORS } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_GUARD } from '../src/modules/user/login-guard.js';
import { insertTestProduct, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

let t: TestApp;
let owner: TestUser;
let address = 0;
const FORM_MAX = 3;

beforeAll(async () => {
  // The per-address limit out of the way: each try comes from another address, as a botnet's do.
  t = await buildTestApp({
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_AUTH_MAX: '100000',
    RATE_LIMIT_FORM_MAX: String(FORM_MAX),
    TRUST_PROXY: 'true',
  });
  owner = await t.loginUser();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: API.login,
    payload: { email, password },
    headers: { 'x-forwarded-for': `198.51.100.${(address += 1) % 250}` },
  });

/** Statuses (and Retry-After of the 429s) of `n` wrong passwords in a row for `email`. */
async function wrong(email: string, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await login(email, 'Wr0ng!Password');
    out.push(res.statusCode === 429 ? `429/${String(res.headers['retry-after'])}` : String(res.statusCode));
  }
  return out;
}

const failureMails = async (to: string) => (await t.outbox()).filter((m) => m.to.includes(to) && /Failed sign-ins/.test(m.subject));

describe('failed sign-ins per account', () => {
  it('are free up to a point, then close the account for a doubling time, whatever the address, and the owner is told once', async () => {
    const free = LOGIN_GUARD.freeFailures;
    expect(await wrong(owner.email, free)).toEqual(Array(free).fill('401'));
    // The owner is told once, when the failures reach the count.
    expect(await failureMails(owner.email)).toHaveLength(1);
    // One more failure closes it for 1 s: the next try is refused without checking the password.
    expect(await wrong(owner.email, 1)).toEqual(['401']);
    const closed = await login(owner.email, owner.password);
    expect(closed.statusCode).toBe(429);
    expect(closed.headers['retry-after']).toBe('1');
    expect(closed.json()).toEqual({ success: false, message: SERVER_ERRORS.rateLimited });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The next failure closes it for 2 s; no second mail.
    expect(await wrong(owner.email, 2)).toEqual(['401', '429/2']);
    expect(await failureMails(owner.email)).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, 2100));
    // The right password opens it again and clears the count.
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect(await wrong(owner.email, free - 1)).toEqual(Array(free - 1).fill('401'));
    expect(await failureMails(owner.email)).toHaveLength(1);
  }, 30_000);

  it("tells the owner in their account's language (issue 28), with the reset page under it", async () => {
    const arabic = await t.loginUser({}, { [LANGUAGE_HEADER]: 'ar' });
    await wrong(arabic.email, LOGIN_GUARD.notifyAt);
    const mails = (await t.outbox()).filter((m) => m.to.includes(arabic.email));
    const told = mails.find((m) => m.text.includes(`بكلمة مرور خاطئة ${LOGIN_GUARD.notifyAt} مرة`));
    expect(told, 'an Arabic mail about the failed sign-ins').toBeDefined();
    expect(told!.text).toMatch(/\/ar\/forgot-password/);
    expect(told!.html).toContain('dir="rtl"');
  });

  it('answers an address with no account exactly as one with an account (and mails nobody)', async () => {
    const nobody = `nobody-${Date.now()}@example.com`;
    const other = await t.loginUser();
    const free = LOGIN_GUARD.freeFailures;
    const [forNobody, forOther] = [await wrong(nobody, free + 2), await wrong(other.email, free + 2)];
    expect(forNobody).toEqual(forOther);
    expect(forNobody.slice(-2)).toEqual(['401', '429/1']);
    expect(await failureMails(nobody)).toEqual([]);
  });
});

describe('quote requests per account', () => {
  it('are held to the form limit whatever the address, each account on its own', async () => {
    const productId = await insertTestProduct(t.db);
    const [one, two] = [await t.loginUser(), await t.loginUser()];
    const ask = (buyer: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: API.addQuote,
        payload: quoteBody(productId),
        headers: { cookie: buyer.cookie, 'x-forwarded-for': `203.0.113.${(address += 1) % 250}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i <= FORM_MAX; i += 1) statuses.push((await ask(one)).statusCode);
    expect(statuses).toEqual([...Array(FORM_MAX).fill(200), 429]);
    expect((await ask(two)).statusCode).toBe(200);
  });
});
