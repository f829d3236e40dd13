/**
 * Two-step sign-in (issue 26, item 4): setup with a QR code, confirmed by a first code; ten
 * recovery codes stored hashed and used once; login answers `twoFactorRequired` and starts no
 * session until the second step (within 5 minutes); a clock window of one step; wrong codes
 * count with the account's failed sign-ins; the setting that requires it of administrators.
 */
import { API, SUCCESS, TWO_FACTOR_TEXT as T, type RecoveryCodesResponse, type TwoFactorSetupResponse } from '@agro/shared';
import type { LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/mappers.js';
import { hashToken } from '../src/lib/tokens.js';
import { totpStep } from '../src/modules/user/two-factor.js';
import { buildTestApp, sessionCookie, type TestApp, type TestUser } from './helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const codeAt = (secret: string, ms: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: ms });
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const challengeCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'agro_2fa');
  if (!c) throw new Error(`no challenge cookie: ${res.body}`);
  return `${c.name}=${c.value}`;
};

/** A USER with two-step sign-in on: its secret and recovery codes. */
async function withTwoFactor(user: TestUser): Promise<{ secret: string; codes: string[] }> {
  const setup = await post(API.twoFactorSetup, {}, user.cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, qrCode, otpauthUrl } = setup.json<TwoFactorSetupResponse>();
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  // Wait for the next step: the code that confirms the setup is used up.
  const enabled = await post(API.twoFactorEnable, { code: codeAt(secret, Date.now()) }, user.cookie);
  expect(enabled.statusCode, enabled.body).toBe(200);
  const codes = enabled.json<RecoveryCodesResponse>().recoveryCodes;
  return { secret, codes };
}

describe('turning it on', () => {
  it('refuses a wrong first code and leaves it off; a right one turns it on with ten recovery codes, stored hashed', async () => {
    const user = await t.loginUser();
    const { secret } = (await post(API.twoFactorSetup, {}, user.cookie)).json<TwoFactorSetupResponse>();
    const wrong = await post(API.twoFactorEnable, { code: codeAt(secret, Date.now() - 10 * 60_000) }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe(T.wrongCode);
    expect((await t.app.inject({ method: 'GET', url: API.twoFactorStatus, headers: { cookie: user.cookie } })).json()).toMatchObject({
      enabled: false,
    });

    const ok = await post(API.twoFactorEnable, { code: codeAt(secret, Date.now()) }, user.cookie);
    expect(ok.statusCode).toBe(200);
    const codes = ok.json<RecoveryCodesResponse>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.user._id).execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!);
    expect(stored.map((r) => r.code_hash)).toContain(hashToken(codes[0]!.replace('-', '')));
    expect((await t.app.inject({ method: 'GET', url: API.twoFactorStatus, headers: { cookie: user.cookie } })).json()).toMatchObject({
      enabled: true,
    });
  });

  it('refuses codes that are not codes', async () => {
    const user = await t.loginUser();
    for (const [code, message] of [
      ['', T.codeRequired],
      ['12345', T.codeInvalid],
      ['<script>', T.codeInvalid],
    ] as const) {
      const res = await post(API.twoFactorEnable, { code }, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });
});

describe('signing in with it on', () => {
  it('the password alone starts no session and answers twoFactorRequired; the code starts it', async () => {
    const user = await t.loginUser();
    const { secret } = await withTwoFactor(user);
    const first = await post(API.login, { email: user.email, password: user.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: T.required, twoFactorRequired: true, secondSteps: ['code'] });
    expect(first.cookies.find((c) => c.name === 'agro_session')).toBeUndefined();
    const challenge = challengeCookie(first);
    // The challenge cookie is no session.
    expect((await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie: challenge } })).statusCode).toBe(401);

    // Codes of the next step (the one used to enable may still be current).
    const second = await post(API.secondFactor, { code: codeAt(secret, Date.now() + 30_000) }, challenge);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ message: SUCCESS.login, user: { email: user.email } });
    const cookie = sessionCookie(second);
    expect((await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie } })).statusCode).toBe(200);
    // The challenge is used up.
    expect((await post(API.secondFactor, { code: codeAt(secret, Date.now() + 60_000) }, challenge)).statusCode).toBe(401);
  });

  it('accepts a code one step off either way, not two; never the same code twice', () => {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const now = Date.UTC(2026, 10, 26, 12, 0, 15);
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(totpStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, codeAt(secret, now - 90_000), now)).toBeNull();
    expect(totpStep(secret, codeAt(secret, now + 90_000), now)).toBeNull();
  });

  it('a code already used is refused (replay)', async () => {
    const user = await t.loginUser();
    const { secret } = await withTwoFactor(user);
    const code = codeAt(secret, Date.now() + 30_000);
    const a = challengeCookie(await post(API.login, { email: user.email, password: user.password }));
    expect((await post(API.secondFactor, { code }, a)).statusCode).toBe(200);
    const b = challengeCookie(await post(API.login, { email: user.email, password: user.password }));
    const again = await post(API.secondFactor, { code }, b);
    expect(again.statusCode).toBe(401);
    expect(again.json<{ message: string }>().message).toBe(T.wrongCode);
  });

  it('a recovery code works once: the second use is refused', async () => {
    const user = await t.loginUser();
    const { codes } = await withTwoFactor(user);
    const a = challengeCookie(await post(API.login, { email: user.email, password: user.password }));
    expect((await post(API.secondFactor, { code: codes[3]!.toUpperCase() }, a)).statusCode).toBe(200);
    const b = challengeCookie(await post(API.login, { email: user.email, password: user.password }));
    const twice = await post(API.secondFactor, { code: codes[3]! }, b);
    expect(twice.statusCode).toBe(401);
    expect((await post(API.secondFactor, { code: codes[4]! }, b)).statusCode).toBe(200);
  });

  it('the second step expires after 5 minutes, and needs the challenge of a right password', async () => {
    const user = await t.loginUser();
    const { secret } = await withTwoFactor(user);
    const challenge = challengeCookie(await post(API.login, { email: user.email, password: user.password }));
    await t.db
      .updateTable('login_challenges')
      .set({ expires_at: nowIso(Date.now() - 1) })
      .where('user_id', '=', user.user._id)
      .execute();
    const late = await post(API.secondFactor, { code: codeAt(secret, Date.now() + 30_000) }, challenge);
    expect(late.statusCode).toBe(401);
    expect(late.json<{ message: string }>().message).toBe(T.noChallenge);
    expect((await post(API.secondFactor, { code: codeAt(secret, Date.now() + 30_000) })).statusCode).toBe(401);
    // A wrong password makes no challenge.
    const wrong = await post(API.login, { email: user.email, password: 'Wr0ng!Pass' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies.find((c) => c.name === 'agro_2fa')).toBeUndefined();
  });

  it('turns off with a code; then the password alone signs in again', async () => {
    const user = await t.loginUser();
    const { secret } = await withTwoFactor(user);
    expect((await post(API.twoFactorDisable, { code: '000000' }, user.cookie)).statusCode).toBe(400);
    expect((await post(API.twoFactorDisable, { code: codeAt(secret, Date.now() + 30_000) }, user.cookie)).statusCode).toBe(200);
    const res = await post(API.login, { email: user.email, password: user.password });
    expect(res.json()).toMatchObject({ message: SUCCESS.login, user: { email: user.email } });
  });
});

describe('wrong codes count in the login rate limit', () => {
  it("counts each wrong code with the account's failed sign-ins, and closes the second step past the limit", async () => {
    const limited = await buildTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '1000' });
    try {
      const user = await limited.loginUser();
      const setup = (
        await limited.app.inject({ method: 'POST', url: API.twoFactorSetup, headers: { cookie: user.cookie } })
      ).json<TwoFactorSetupResponse>();
      await limited.app.inject({
        method: 'POST',
        url: API.twoFactorEnable,
        payload: { code: codeAt(setup.secret, Date.now()) },
        headers: { cookie: user.cookie },
      });
      const login = await limited.app.inject({ method: 'POST', url: API.login, payload: { email: user.email, password: user.password } });
      const challenge = challengeCookie(login);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: API.secondFactor,
          payload: { code: '000000' },
          headers: { cookie: challenge },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const failures = await limited.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', `login-failures:${hashToken(user.email)}`)
        .executeTakeFirst();
      expect(Number(failures?.hits)).toBeGreaterThanOrEqual(11);
    } finally {
      await limited.close();
    }
  });
});

describe('required for administrators', () => {
  it('an administrator without it is sent to set it up, and refused admin calls until then', async () => {
    const admin = await t.loginAdmin();
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: API.updateSettings,
          payload: { requireTwoFactorForAdmins: true },
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(200);
    try {
      const login = await post(API.login, { email: admin.email, password: admin.password });
      expect(login.json()).toMatchObject({ message: SUCCESS.login, twoFactorSetupRequired: true });
      const cookie = sessionCookie(login);
      const refused = await t.app.inject({ method: 'GET', url: API.audit, headers: { cookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(T.setupRequired);

      const { secret } = await withTwoFactor({ ...admin, cookie });
      expect((await t.app.inject({ method: 'GET', url: API.audit, headers: { cookie } })).statusCode).toBe(200);
      const again = await post(API.login, { email: admin.email, password: admin.password });
      expect(again.json()).toMatchObject({ twoFactorRequired: true });
      const done = await post(API.secondFactor, { code: codeAt(secret, Date.now() + 30_000) }, challengeCookie(again));
      expect(done.statusCode).toBe(200);
      const next = sessionCookie(done);
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: API.updateSettings,
            payload: { requireTwoFactorForAdmins: false },
            headers: { cookie: next },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await t.db.deleteFrom('site_settings').where('key', '=', 'requireTwoFactorForAdmins').execute();
    }
  });
});
