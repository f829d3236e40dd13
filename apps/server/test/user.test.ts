import { API, SERVER_ERRORS, SUCCESS, VALIDATION as V } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, buildTestApp, newUserBody, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

function expectError(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message });
}

describe('POST /api/v1/user/register', () => {
  it('creates a USER, keeps the phone as sent and never returns the password', async () => {
    const body = newUserBody({ phoneNumber: '+44-7700900123' });
    const res = await post(API.register, body);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ success: true, message: SUCCESS.register });
    expect(json.user).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      fullName: body.fullName,
      email: body.email,
      phoneNumber: '+44-7700900123',
      role: 'USER',
      createdAt: expect.any(String),
    });
    expect(Date.parse(json.user.createdAt)).not.toBeNaN();
    expect(res.body).not.toContain(body.password);
    expect(res.body).not.toMatch(/hash/i);
  });

  it('ignores role, _id and createdAt in the body (mass assignment)', async () => {
    const body = { ...newUserBody(), role: 'ADMIN', _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', createdAt: '2000-01-01T00:00:00.000Z' };
    const res = await post(API.register, body);
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user.role).toBe('USER');
    expect(user._id).not.toBe(body._id);
    expect(user.createdAt).not.toBe(body.createdAt);
    const cookie = await t.login(body.email, body.password);
    expect((await get(API.allQuotes, cookie)).statusCode).toBe(403);
  });

  it('stores the email lowercased and refuses a duplicate in any case with 409', async () => {
    const body = newUserBody({ email: `Mixed.Case${Date.now()}@Example.COM` });
    const first = await post(API.register, body);
    expect(first.json().user.email).toBe(body.email.toLowerCase());
    expectError(await post(API.register, body), 409, SERVER_ERRORS.emailTaken);
    expectError(await post(API.register, { ...body, email: body.email.toUpperCase() }), 409, SERVER_ERRORS.emailTaken);
  });

  it('refuses an address of a disposable mail service with a clear message on the email field (and stores nothing)', async () => {
    for (const email of [`bot${Date.now()}@mailinator.com`, `bot${Date.now()}@Guerrillamail.com`]) {
      const res = await post(API.register, newUserBody({ email }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: SERVER_ERRORS.disposableEmail,
        errors: { email: SERVER_ERRORS.disposableEmail },
      });
      expect(await t.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst()).toBeUndefined();
    }
    // A company's own domain, and the mail services buyers use, are welcome.
    for (const email of [`buyer${Date.now()}@sahyadri-foods.co.in`, `buyer${Date.now()}@gmail.com`]) {
      expect((await post(API.register, newUserBody({ email }))).statusCode).toBe(200);
    }
  });

  const valid = newUserBody();
  it.each([
    ['nothing', {}, V.fullNameRequired],
    ['no email', { fullName: valid.fullName }, V.emailRequired],
    ['no phone', { fullName: valid.fullName, email: valid.email }, V.phoneRequired],
    ['no password', { fullName: valid.fullName, email: valid.email, phoneNumber: valid.phoneNumber }, V.passwordRequired],
    ['a blank full name', { ...valid, fullName: '   ' }, V.fullNameRequired],
    ['a short full name', { ...valid, fullName: 'Abcde' }, V.fullNameMin],
    ['a weak password', { ...valid, password: 'weakpassword' }, V.strongPassword],
    ['a password with a forbidden character', { ...valid, password: 'Str0ng!Pass~' }, V.strongPassword],
    ['an invalid email', { ...valid, email: 'buyer@example' }, V.invalidEmail],
    ['an email with spaces', { ...valid, email: 'bu yer@example.com' }, V.invalidEmail],
    ['a short phone', { ...valid, phoneNumber: '+1-2' }, V.invalidPhone],
    ['a short name and a bad email (spec order)', { ...valid, fullName: 'Abc', email: 'x' }, V.fullNameMin],
  ])('answers 400 for %s', async (_name, body, message) => {
    const res = await post(API.register, body);
    expectError(res, 400, message);
    expect(res.json().errors).toBeTypeOf('object');
  });
});

describe('POST /api/v1/user/login', () => {
  it('sets an httpOnly SameSite=Lax session cookie and returns the user with role and createdAt', async () => {
    const body = newUserBody();
    await post(API.register, body);
    const res = await post(API.login, { email: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: SUCCESS.login, user: { email: body.email, role: 'USER' } });
    expect(res.json().user.createdAt).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/hash/i);
    const cookie = res.cookies.find((c) => c.name === 'agro_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    // Only the token's hash is stored.
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(cookie.value);
  });

  it('answers 401 for a wrong password and for an unknown email, with the same message', async () => {
    const body = newUserBody();
    await post(API.register, body);
    expectError(await post(API.login, { email: body.email, password: 'Wr0ng!Pass' }), 401, SERVER_ERRORS.invalidCredentials);
    expectError(await post(API.login, { email: 'nobody@example.com', password: PASSWORD }), 401, SERVER_ERRORS.invalidCredentials);
  });

  it.each([
    ['nothing', {}, V.emailRequired],
    ['no password', { email: 'a@b.co' }, V.passwordRequired],
    ['a password that is not strong', { email: 'a@b.co', password: 'password' }, V.invalidPassword],
    ['an invalid email', { email: 'a@b', password: PASSWORD }, V.invalidEmail],
  ])('answers 400 for %s', async (_name, body, message) => {
    expectError(await post(API.login, body), 400, message);
  });
});

describe('profile, logout', () => {
  it('GET profile answers 401 without a session and with an unknown cookie', async () => {
    expectError(await get(API.profile), 401, SERVER_ERRORS.notLoggedIn);
    expectError(await get(API.profile, 'agro_session=forged'), 401, SERVER_ERRORS.notLoggedIn);
  });

  it('GET profile returns the user; logout ends the session and clears the cookie', async () => {
    const u = await t.loginUser();
    const profile = await get(API.profile, u.cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ success: true, user: { _id: u.user._id, email: u.email, role: 'USER' } });

    const logout = await get(API.logout, u.cookie);
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: SUCCESS.logout });
    const cleared = logout.cookies.find((c) => c.name === 'agro_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    expectError(await get(API.profile, u.cookie), 401, SERVER_ERRORS.notLoggedIn);
  });

  it('logout without a session still succeeds', async () => {
    expect((await get(API.logout)).json()).toEqual({ success: true, message: SUCCESS.logout });
  });

  it('an expired session is refused', async () => {
    const u = await t.loginUser();
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', u.user._id)
      .execute();
    expectError(await get(API.profile, u.cookie), 401, SERVER_ERRORS.notLoggedIn);
  });

  it('an old session is extended (sliding expiry)', async () => {
    const u = await t.loginUser();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await t.db.updateTable('sessions').set({ expires_at: soon }).where('user_id', '=', u.user._id).execute();
    const res = await get(API.profile, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'agro_session')).toBeDefined();
    const row = await t.db.selectFrom('sessions').select('expires_at').where('user_id', '=', u.user._id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + t.config.sessionTtlMs - 60_000);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    try {
      const body = newUserBody();
      await secure.app.inject({ method: 'POST', url: API.register, payload: body });
      const res = await secure.app.inject({ method: 'POST', url: API.login, payload: { email: body.email, password: body.password } });
      expect(res.cookies.find((c) => c.name === 'agro_session')!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('POST /api/v1/user/change-password', () => {
  it('answers 401 without a session', async () => {
    expectError(await post(API.changePassword, { oldPassword: PASSWORD, newPassword: 'N3w!Password' }), 401, SERVER_ERRORS.notLoggedIn);
  });

  it('refuses a wrong old password', async () => {
    const u = await t.loginUser();
    expectError(
      await post(API.changePassword, { oldPassword: 'Wr0ng!Pass', newPassword: 'N3w!Password' }, u.cookie),
      400,
      SERVER_ERRORS.wrongOldPassword,
    );
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const u = await t.loginUser();
    const other = await t.login(u.email, u.password);
    const res = await post(API.changePassword, { oldPassword: u.password, newPassword: 'N3w!Password' }, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SUCCESS.changePassword });
    expect((await get(API.profile, u.cookie)).statusCode).toBe(200);
    expect((await get(API.profile, other)).statusCode).toBe(401);
    expect((await post(API.login, { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await post(API.login, { email: u.email, password: 'N3w!Password' })).statusCode).toBe(200);
  });

  it.each([
    ['nothing', {}, V.oldPasswordRequired],
    ['no new password', { oldPassword: PASSWORD }, V.newPasswordRequired],
    ['the same password', { oldPassword: PASSWORD, newPassword: PASSWORD }, V.samePassword],
    ['a weak new password', { oldPassword: PASSWORD, newPassword: 'weak' }, V.strongNewPassword],
  ])('answers 400 for %s', async (_name, body, message) => {
    const u = await t.loginUser();
    expectError(await post(API.changePassword, body, u.cookie), 400, message);
  });
});

describe('POST /api/v1/user/update', () => {
  it('updates name, email and phone; ignores role', async () => {
    const u = await t.loginUser();
    const email = `renamed${Date.now()}@Example.com`;
    const res = await post(
      API.updateProfile,
      { fullName: 'Renamed Buyer', email, phoneNumber: '+971-501234567', role: 'ADMIN', _id: 'x' },
      u.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: SUCCESS.updateProfile,
      user: { _id: u.user._id, fullName: 'Renamed Buyer', email: email.toLowerCase(), phoneNumber: '+971-501234567', role: 'USER' },
    });
    expect((await get(API.profile, u.cookie)).json().user.email).toBe(email.toLowerCase());
  });

  it('keeps emails unique (409) but accepts the user own email', async () => {
    const a = await t.loginUser();
    const b = await t.loginUser();
    expectError(
      await post(API.updateProfile, { fullName: 'Buyer Bee', email: a.email.toUpperCase(), phoneNumber: '+91-12345' }, b.cookie),
      409,
      SERVER_ERRORS.emailTaken,
    );
    const same = await post(API.updateProfile, { fullName: 'Buyer Bee', email: b.email, phoneNumber: '+91-12345' }, b.cookie);
    expect(same.statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expectError(
      await post(API.updateProfile, { fullName: 'Someone Else', email: 'a@b.co', phoneNumber: '+91-12345' }),
      401,
      SERVER_ERRORS.notLoggedIn,
    );
  });

  const valid = { fullName: 'Valid Name', email: 'valid@example.com', phoneNumber: '+91-98765' };
  it.each([
    ['nothing', {}, V.fullNameRequired],
    ['no email', { fullName: valid.fullName }, V.emailRequired],
    ['no phone', { fullName: valid.fullName, email: valid.email }, V.phoneRequired],
    ['a short name', { ...valid, fullName: 'Abc' }, V.fullNameMin],
    ['an invalid email', { ...valid, email: 'nope' }, V.invalidEmail],
    ['a short phone', { ...valid, phoneNumber: '123' }, V.invalidPhone],
  ])('answers 400 for %s', async (_name, body, message) => {
    const u = await t.loginUser();
    expectError(await post(API.updateProfile, body, u.cookie), 400, message);
  });
});

describe('forgot and reset password', () => {
  const resetLink = /https?:\/\/[^\s]+\/reset-password\/([A-Za-z0-9_-]+)/;

  async function mailsTo(email: string) {
    return (await t.outbox()).filter((m) => m.to.includes(email));
  }

  it('mails a single-use link; the reset ends every session; the token cannot be reused', async () => {
    const u = await t.loginUser();
    const res = await post(API.forgotPassword, { email: u.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SUCCESS.forgotPassword });

    const [mail] = await mailsTo(u.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(/reset/i);
    const match = resetLink.exec(mail!.text);
    expect(match).not.toBeNull();
    expect(match![0]).toMatch(/^http:\/\/localhost(:80)?\/reset-password\//);
    expect(mail!.html).toContain(match![0]);
    const token = match![1]!;
    // Only the token's hash is stored.
    const rows = await t.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', u.user._id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(token);

    const reset = await t.app.inject({ method: 'PATCH', url: API.resetPassword(token), payload: { password: 'R3set!Pass' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: SUCCESS.resetPassword });
    expect((await get(API.profile, u.cookie)).statusCode).toBe(401);
    expect((await post(API.login, { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await post(API.login, { email: u.email, password: 'R3set!Pass' })).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'PATCH', url: API.resetPassword(token), payload: { password: 'An0ther!Pass' } });
    expectError(again, 400, SERVER_ERRORS.invalidResetToken);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const res = await post(API.forgotPassword, { email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SUCCESS.forgotPassword });
    expect((await t.outbox()).length).toBe(before);
  });

  it('refuses an expired token', async () => {
    const u = await t.loginUser();
    await post(API.forgotPassword, { email: u.email });
    const token = resetLink.exec((await mailsTo(u.email)).at(-1)!.text)![1]!;
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', u.user._id)
      .execute();
    const res = await t.app.inject({ method: 'PATCH', url: API.resetPassword(token), payload: { password: 'R3set!Pass' } });
    expectError(res, 400, SERVER_ERRORS.invalidResetToken);
    expect((await post(API.login, { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('expires tokens after 30 minutes', async () => {
    const u = await t.loginUser();
    const before = Date.now();
    await post(API.forgotPassword, { email: u.email });
    const row = await t.db.selectFrom('password_resets').selectAll().where('user_id', '=', u.user._id).executeTakeFirstOrThrow();
    const ttl = Date.parse(row.expires_at) - before;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });

  it('a newer mail replaces the older token', async () => {
    const u = await t.loginUser();
    await post(API.forgotPassword, { email: u.email });
    await post(API.forgotPassword, { email: u.email });
    const [first, second] = (await mailsTo(u.email)).map((m) => resetLink.exec(m.text)![1]!);
    const old = await t.app.inject({ method: 'PATCH', url: API.resetPassword(first!), payload: { password: 'R3set!Pass' } });
    expectError(old, 400, SERVER_ERRORS.invalidResetToken);
    const current = await t.app.inject({ method: 'PATCH', url: API.resetPassword(second!), payload: { password: 'R3set!Pass' } });
    expect(current.statusCode).toBe(200);
  });

  it('refuses an unknown token, and validates the body before touching the token', async () => {
    expectError(
      await t.app.inject({ method: 'PATCH', url: API.resetPassword('not-a-real-token'), payload: { password: 'R3set!Pass' } }),
      400,
      SERVER_ERRORS.invalidResetToken,
    );
    const u = await t.loginUser();
    await post(API.forgotPassword, { email: u.email });
    const token = resetLink.exec((await mailsTo(u.email)).at(-1)!.text)![1]!;
    expectError(await t.app.inject({ method: 'PATCH', url: API.resetPassword(token), payload: {} }), 400, V.passwordRequired);
    expectError(
      await t.app.inject({ method: 'PATCH', url: API.resetPassword(token), payload: { password: 'weak' } }),
      400,
      V.strongPassword,
    );
    const ok = await t.app.inject({ method: 'PATCH', url: API.resetPassword(token), payload: { password: 'R3set!Pass' } });
    expect(ok.statusCode).toBe(200);
  });

  it.each([
    ['nothing', {}, V.forgotEmailRequired],
    ['an invalid email', { email: 'not-an-email' }, V.forgotInvalidEmail],
  ])('forgot-password answers 400 for %s', async (_name, body, message) => {
    expectError(await post(API.forgotPassword, body), 400, message);
  });

  it('uses PUBLIC_URL for the link when set, and never a foreign Host header', async () => {
    const withUrl = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com/' });
    try {
      const body = newUserBody();
      await withUrl.app.inject({ method: 'POST', url: API.register, payload: body });
      await withUrl.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: body.email } });
      const [mail] = await withUrl.outbox();
      expect(mail!.text).toMatch(/https:\/\/shop\.example\.com\/reset-password\/[A-Za-z0-9_-]+/);
    } finally {
      await withUrl.close();
    }

    const u = await t.loginUser();
    await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: u.email }, headers: { host: 'evil.example' } });
    const mail = (await mailsTo(u.email)).at(-1)!;
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain(`http://localhost:${t.config.port}/reset-password/`);
  });
});

describe('sessions are only what the cookie says', () => {
  it('a cookie from another user logs in as that user only', async () => {
    const a = await t.loginUser();
    const b = await t.loginUser();
    expect((await get(API.profile, a.cookie)).json().user._id).toBe(a.user._id);
    expect((await get(API.profile, b.cookie)).json().user._id).toBe(b.user._id);
  });
});
