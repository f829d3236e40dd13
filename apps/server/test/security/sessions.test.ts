/**
 * Sessions and accounts (DESIGN.md "Sessions", "Password reset", "Abuse"): cookie flags, what ends
 * a session, expiry by the clock, reset tokens (single use, hashed at rest, 30 minutes), no
 * account enumeration by answer or by timing, and rate limits.
 */
import fs from 'node:fs/promises';
import { API, SERVER_ERRORS, SUCCESS, TIMINGS } from '@agro/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTestProduct } from '../fixtures.js';
import { buildTestApp, newUserBody, sessionCookie, type TestApp, type TestUser } from '../helper.js';
import { contactBody, quoteBody } from './endpoints.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const get = (app: TestApp, url: string, cookie?: string) => app.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const profileStatus = async (cookie: string, app: TestApp = t) => (await get(app, API.profile, cookie)).statusCode;
const sessionSetCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'agro_session');

async function loginResponse(app: TestApp, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const body = newUserBody();
  await app.app.inject({ method: 'POST', url: API.register, payload: { ...body } });
  return app.app.inject({ method: 'POST', url: API.login, payload: { email: body.email, password: body.password }, headers });
}

const RESET_LINK = /\/reset-password\/([A-Za-z0-9_-]{20,})/;
async function requestReset(app: TestApp, email: string): Promise<string> {
  const res = await app.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email } });
  expect(res.statusCode).toBe(200);
  const mail = (await app.outbox()).filter((m) => m.to.includes(email)).at(-1);
  const token = mail && RESET_LINK.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset mail for ${email}`);
  return token;
}
const reset = (app: TestApp, token: string, password = 'R3set!Passw0rd') =>
  app.app.inject({ method: 'PATCH', url: API.resetPassword(token), payload: { password } });

describe('session cookie flags', () => {
  it('HttpOnly, SameSite=Lax, Path=/, an expiry of SESSION_TTL_HOURS, not Secure over plain http', async () => {
    const started = Date.now();
    const cookie = sessionSetCookie(await loginResponse(t));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.secure).toBeFalsy();
    const expires = cookie!.expires!.getTime() - started;
    expect(expires).toBeGreaterThan(t.config.sessionTtlMs - 60_000);
    expect(expires).toBeLessThanOrEqual(t.config.sessionTtlMs + 60_000);
    // 256 random bits, not something guessable.
    expect(Buffer.from(cookie!.value, 'base64url').length).toBe(32);
  });

  it('Secure behind an https proxy (TRUST_PROXY and X-Forwarded-Proto), and only when the proxy is trusted', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const viaHttps = sessionSetCookie(await loginResponse(proxied, { 'x-forwarded-proto': 'https' }));
      expect(viaHttps).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(sessionSetCookie(await loginResponse(proxied))!.secure).toBeFalsy();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is the client's word, not the proxy's: ignored.
    expect(sessionSetCookie(await loginResponse(t, { 'x-forwarded-proto': 'https' }))!.secure).toBeFalsy();
  });

  it('Secure when PUBLIC_URL is https, and logout clears it with the same flags', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    try {
      const login = await loginResponse(https, { origin: 'https://shop.example.com' });
      expect(sessionSetCookie(login)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      const logout = await get(https, API.logout, sessionCookie(login));
      const cleared = sessionSetCookie(logout)!;
      expect(cleared).toMatchObject({ value: '', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    } finally {
      await https.close();
    }
  });
});

describe('what ends a session', () => {
  it('logout ends it on the server: the old cookie replayed is refused', async () => {
    const u = await t.loginUser();
    const logout = await get(t, API.logout, u.cookie);
    expect(logout.json()).toEqual({ success: true, message: SUCCESS.logout });
    expect(await profileStatus(u.cookie)).toBe(401);
    expect(await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', u.user._id).execute()).toEqual([]);
  });

  it('a password change ends the other sessions and keeps the current one', async () => {
    const u = await t.loginUser();
    const laptop = u.cookie;
    const phone = await t.login(u.email, u.password);
    const res = await t.app.inject({
      method: 'POST',
      url: API.changePassword,
      headers: { cookie: laptop },
      payload: { oldPassword: u.password, newPassword: 'Chang3d!Pass' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: API.login, payload: { email: u.email, password: u.password } })).statusCode).toBe(
      401,
    );
    expect(await t.login(u.email, 'Chang3d!Pass')).toMatch(/^agro_session=/);
  });

  it('a password reset ends every session', async () => {
    const u = await t.loginUser();
    const other = await t.login(u.email, u.password);
    expect((await reset(t, await requestReset(t, u.email))).statusCode).toBe(200);
    expect(await profileStatus(u.cookie)).toBe(401);
    expect(await profileStatus(other)).toBe(401);
  });

  it('sessions expire after SESSION_TTL_HOURS by the clock', async () => {
    const short = await buildTestApp({ SESSION_TTL_HOURS: '1' });
    try {
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(start);
      const u = await short.loginUser();
      vi.setSystemTime(start + 59 * 60_000);
      expect(await profileStatus(u.cookie, short)).toBe(200);
      vi.setSystemTime(start + 61 * 60_000);
      expect(await profileStatus(u.cookie, short)).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('an aged session row is refused, and a forged cookie never matches', async () => {
    const u = await t.loginUser();
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', u.user._id)
      .execute();
    expect(await profileStatus(u.cookie)).toBe(401);
    const [row] = await t.db.selectFrom('sessions').select('token_hash').limit(1).execute();
    // The stored value is a hash: presenting it as a cookie gets nowhere.
    expect(await profileStatus(`agro_session=${row!.token_hash}`)).toBe(401);
  });
});

describe('password reset tokens', () => {
  it('are single use', async () => {
    const u = await t.loginUser();
    const token = await requestReset(t, u.email);
    expect((await reset(t, token)).statusCode).toBe(200);
    const again = await reset(t, token, 'An0ther!Passw0rd');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: SERVER_ERRORS.invalidResetToken });
    expect(await t.login(u.email, 'R3set!Passw0rd')).toMatch(/^agro_session=/);
  });

  it('are stored hashed: the mailed token is nowhere in the database', async () => {
    const u = await t.loginUser();
    const token = await requestReset(t, u.email);
    const rows = await t.db.selectFrom('password_resets').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    if (t.dialect === 'sqlite') {
      // Not in any page of the file or its write-ahead log either.
      for (const suffix of ['', '-wal']) {
        const bytes = await fs.readFile(`${t.config.sqliteFile}${suffix}`).catch(() => Buffer.alloc(0));
        expect(bytes.includes(Buffer.from(token)), `agro.sqlite${suffix}`).toBe(false);
      }
    }
  });

  it(`expire after ${TIMINGS.resetTokenTtlMinutes} minutes by the clock`, async () => {
    const u = await t.loginUser();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const late = await requestReset(t, u.email);
    vi.setSystemTime(start + (TIMINGS.resetTokenTtlMinutes + 1) * 60_000);
    expect((await reset(t, late)).statusCode).toBe(400);

    const onTime = await requestReset(t, u.email);
    vi.setSystemTime(start + 2 * TIMINGS.resetTokenTtlMinutes * 60_000);
    expect((await reset(t, onTime)).statusCode).toBe(200);
  });
});

describe('no account enumeration', () => {
  it('forgot-password answers byte for byte the same for an unknown email', async () => {
    const u = await t.loginUser();
    const known = await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: u.email } });
    const unknown = await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: `nobody-${Date.now()}@example.com` } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const headerNames = (r: LightMyRequestResponse) => Object.keys(r.headers).sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
  });

  it('login takes about as long for an unknown email as for a wrong password', async () => {
    // A realistic hash cost, so skipping the hash for unknown emails would show.
    const timed = await buildTestApp({ PASSWORD_HASH_COST: '14' });
    try {
      const body = newUserBody();
      await timed.app.inject({ method: 'POST', url: API.register, payload: { ...body } });
      const attempt = async (email: string): Promise<number> => {
        const started = process.hrtime.bigint();
        const res = await timed.app.inject({ method: 'POST', url: API.login, payload: { email, password: 'Wr0ng!Passw0rd' } });
        expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.invalidCredentials });
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      await attempt('warm-up@example.com');
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      // Interleaved tries, medians compared; a busy machine (parallel test files) can skew one
      // measurement, so up to three are made. Skipping the hash would fail all three by far.
      const measurements: string[] = [];
      let ratio = 0;
      for (let round = 0; round < 3; round += 1) {
        const wrongPassword: number[] = [];
        const unknownEmail: number[] = [];
        for (let i = 0; i < 7; i += 1) {
          wrongPassword.push(await attempt(body.email));
          unknownEmail.push(await attempt(`nobody${round}-${i}@example.com`));
        }
        ratio = median(unknownEmail) / median(wrongPassword);
        measurements.push(
          `unknown ${median(unknownEmail).toFixed(1)} ms / wrong password ${median(wrongPassword).toFixed(1)} ms = ${ratio.toFixed(2)}`,
        );
        if (ratio > 0.5 && ratio < 2) break;
      }
      expect(ratio > 0.5 && ratio < 2, measurements.join('; ')).toBe(true);
    } finally {
      await timed.close();
    }
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  let user: TestUser;
  let productId: string;
  const WINDOW_MS = 2000;
  // Not the address the set-up logged in from: these counters start at zero.
  const CLIENT = '192.0.2.10';
  beforeAll(async () => {
    limited = await buildTestApp({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_AUTH_MAX: '3',
      RATE_LIMIT_FORM_MAX: '3',
      RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
    });
    user = await limited.loginUser();
    productId = await insertTestProduct(limited.db);
  });
  afterAll(() => limited.close());

  it('answer 429 with Retry-After on every limited route, cannot be dodged by X-Forwarded-For, and lift after the window', async () => {
    const routes: { name: string; send: (headers: Record<string, string>) => Promise<LightMyRequestResponse> }[] = [
      {
        name: 'login',
        send: (h) =>
          limited.app.inject({
            remoteAddress: CLIENT,
            method: 'POST',
            url: API.login,
            payload: { email: 'x@example.com', password: 'Wr0ng!Pass' },
            headers: h,
          }),
      },
      {
        name: 'register',
        send: (h) => limited.app.inject({ remoteAddress: CLIENT, method: 'POST', url: API.register, payload: {}, headers: h }),
      },
      {
        name: 'forgot',
        send: (h) =>
          limited.app.inject({
            remoteAddress: CLIENT,
            method: 'POST',
            url: API.forgotPassword,
            payload: { email: 'x@example.com' },
            headers: h,
          }),
      },
      {
        name: 'reset',
        send: (h) =>
          limited.app.inject({
            remoteAddress: CLIENT,
            method: 'PATCH',
            url: API.resetPassword('nope'),
            payload: { password: 'R3set!Passw0rd' },
            headers: h,
          }),
      },
      {
        name: 'contact',
        send: (h) =>
          limited.app.inject({
            remoteAddress: CLIENT,
            method: 'POST',
            url: API.addContact,
            payload: contactBody(productId),
            headers: { ...h, cookie: user.cookie },
          }),
      },
      {
        name: 'quote',
        send: (h) =>
          limited.app.inject({
            remoteAddress: CLIENT,
            method: 'POST',
            url: API.addQuote,
            payload: quoteBody(productId),
            headers: { ...h, cookie: user.cookie },
          }),
      },
    ];
    for (const route of routes) {
      for (let i = 0; i < 3; i += 1) {
        const res = await route.send({ 'x-forwarded-for': `203.0.113.${i}` });
        expect(res.statusCode, `${route.name} #${i + 1}`).not.toBe(429);
      }
      const res = await route.send({ 'x-forwarded-for': '198.51.100.77' });
      expect(res.statusCode, route.name).toBe(429);
      expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.rateLimited });
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW_MS / 1000, route.name).toBe(true);
    }
    // Refused requests stored nothing beyond the allowed ones.
    expect((await limited.db.selectFrom('quotes').select('id').execute()).length).toBe(3);
    expect((await limited.db.selectFrom('contacts').select('id').execute()).length).toBe(3);

    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 200));
    for (const route of routes) expect((await route.send({})).statusCode, `${route.name} after the window`).not.toBe(429);
  });
});
