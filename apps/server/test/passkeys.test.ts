/**
 * Passkeys (issue 44, item 1): added, named and removed from the profile; a usernameless sign-in
 * with one is both factors (no code, even with an authenticator on); challenges used once and
 * checked for their purpose and account; counter and origin checked; the setting that requires
 * two-step sign-in of administrators met by a passkey, and a passkey as the second step after a
 * password; the account's deletion confirmed by a passkey; the export lists them.
 */
import { ACCOUNT_API, API, DATA_RIGHTS_TEXT, PASSKEY_TEXT, SUCCESS, TWO_FACTOR_TEXT, type PasskeyRecord } from '@agro/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { softPasskey, type SoftPasskey } from './passkey-authenticator.js';
import { buildTestApp, sessionCookie, type TestApp, type TestUser } from './helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
type Options = { challenge: string; rp: { id?: string }; rpId?: string; allowCredentials?: { id: string }[] };
const optionsOf = (res: LightMyRequestResponse): Options => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ options: Options }>().options;
};

/** A passkey added to `user`'s account through the API. */
async function addPasskey(user: TestUser, name = 'My laptop', key: SoftPasskey = softPasskey()) {
  const options = optionsOf(await call('POST', ACCOUNT_API.passkeyRegisterOptions, user.cookie, {}));
  const res = await call('POST', ACCOUNT_API.addPasskey, user.cookie, { name, credential: key.register(options) });
  expect(res.statusCode, res.body).toBe(200);
  return { key, passkey: res.json<{ passkey: PasskeyRecord }>().passkey };
}

/** A sign-in with `key` (of account `userId`), with `cookie` sent along (a waiting second step). */
async function passkeyLogin(key: SoftPasskey, userId: string, cookie?: string) {
  const options = optionsOf(await call('POST', ACCOUNT_API.passkeyLoginOptions, cookie, {}));
  return call('POST', ACCOUNT_API.passkeyLogin, cookie, { credential: key.sign(options, userId) });
}

const challengeCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'agro_2fa');
  if (!c) throw new Error(`no challenge cookie: ${res.body}`);
  return `${c.name}=${c.value}`;
};

describe('adding, naming, removing', () => {
  it('adds a discoverable passkey with user verification, lists, renames and removes it', async () => {
    const user = await t.loginUser();
    const options = optionsOf(await call('POST', ACCOUNT_API.passkeyRegisterOptions, user.cookie, {}));
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const key = softPasskey();
    const added = await call('POST', ACCOUNT_API.addPasskey, user.cookie, { name: '  Phone  ', credential: key.register(options) });
    expect(added.statusCode, added.body).toBe(200);
    const { passkey } = added.json<{ passkey: PasskeyRecord }>();
    expect(passkey).toMatchObject({ name: 'Phone', lastUsedAt: null });
    // The challenge was used: the same answer again is refused.
    const again = await call('POST', ACCOUNT_API.addPasskey, user.cookie, { name: 'Phone', credential: key.register(options) });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(PASSKEY_TEXT.expired);

    // The next options exclude it (no second copy on the same authenticator).
    const next = optionsOf(await call('POST', ACCOUNT_API.passkeyRegisterOptions, user.cookie, {}));
    expect((next as unknown as { excludeCredentials: { id: string }[] }).excludeCredentials.map((c) => c.id)).toEqual([key.credentialId]);

    const list = await call('GET', ACCOUNT_API.passkeys, user.cookie);
    expect(list.json<{ passkeys: PasskeyRecord[] }>().passkeys.map((p) => p.name)).toEqual(['Phone']);
    const renamed = await call('PATCH', ACCOUNT_API.renamePasskey(passkey._id), user.cookie, { name: 'Work phone' });
    expect(renamed.json()).toMatchObject({ message: PASSKEY_TEXT.renamed, passkey: { name: 'Work phone' } });
    const empty = await call('PATCH', ACCOUNT_API.renamePasskey(passkey._id), user.cookie, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(PASSKEY_TEXT.nameRequired);

    // Another account neither renames nor removes it.
    const other = await t.loginUser();
    expect((await call('PATCH', ACCOUNT_API.renamePasskey(passkey._id), other.cookie, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', ACCOUNT_API.deletePasskey(passkey._id), other.cookie)).statusCode).toBe(404);

    // Not an id (a NUL byte PostgreSQL would refuse in text): not found, never a failure.
    expect((await call('DELETE', ACCOUNT_API.deletePasskey('\u0000'), user.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', ACCOUNT_API.renamePasskey('\u0000'), user.cookie, { name: 'x' })).statusCode).toBe(404);
    const removed = await call('DELETE', ACCOUNT_API.deletePasskey(passkey._id), user.cookie);
    expect(removed.json()).toMatchObject({ success: true, message: PASSKEY_TEXT.removed });
    expect((await call('GET', ACCOUNT_API.passkeys, user.cookie)).json<{ passkeys: unknown[] }>().passkeys).toEqual([]);
    // Removed: it signs in no more.
    expect((await passkeyLogin(key, user.user._id)).statusCode).toBe(401);
  });

  it("refuses an answer made for another site's origin or without user verification, and another account's challenge", async () => {
    const user = await t.loginUser();
    const key = softPasskey();
    const options = optionsOf(await call('POST', ACCOUNT_API.passkeyRegisterOptions, user.cookie, {}));
    const phished = await call('POST', ACCOUNT_API.addPasskey, user.cookie, {
      name: 'x',
      credential: key.register(options, 'https://evil.example'),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json<{ message: string }>().message).toBe(PASSKEY_TEXT.failed);

    const unverified = softPasskey();
    unverified.verified = false;
    const options2 = optionsOf(await call('POST', ACCOUNT_API.passkeyRegisterOptions, user.cookie, {}));
    expect(
      (await call('POST', ACCOUNT_API.addPasskey, user.cookie, { name: 'x', credential: unverified.register(options2) })).statusCode,
    ).toBe(400);

    const other = await t.loginUser();
    const options3 = optionsOf(await call('POST', ACCOUNT_API.passkeyRegisterOptions, user.cookie, {}));
    expect((await call('POST', ACCOUNT_API.addPasskey, other.cookie, { name: 'x', credential: key.register(options3) })).statusCode).toBe(
      400,
    );
    expect(await t.db.selectFrom('passkeys').select('id').where('credential_id', '=', key.credentialId).execute()).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('usernameless, with no code even with an authenticator on: the session of a password sign-in', async () => {
    const user = await t.loginUser();
    const { key } = await addPasskey(user);
    await t.db.updateTable('users').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', user.user._id).execute();
    const options = optionsOf(await call('POST', ACCOUNT_API.passkeyLoginOptions, undefined, {}));
    // Names no account.
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await call('POST', ACCOUNT_API.passkeyLogin, undefined, { credential: key.sign(options, user.user._id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: SUCCESS.login, user: { email: user.email } });
    const cookie = sessionCookie(res);
    expect((await call('GET', API.profile, cookie)).json()).toMatchObject({ user: { email: user.email } });
    const stored = await t.db.selectFrom('passkeys').selectAll().where('credential_id', '=', key.credentialId).executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);
    expect(stored.last_used_at).not.toBeNull();

    // The same answer again: its challenge is used up.
    const replay = await call('POST', ACCOUNT_API.passkeyLogin, undefined, { credential: key.sign(options, user.user._id) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toBe(PASSKEY_TEXT.failed);
  });

  it('refuses a counter gone back (a cloned authenticator), another origin, and a challenge made for something else', async () => {
    const user = await t.loginUser();
    const { key } = await addPasskey(user);
    expect((await passkeyLogin(key, user.user._id)).statusCode).toBe(200);
    expect((await passkeyLogin(key, user.user._id)).statusCode).toBe(200);
    key.counter = 0; // the next answer says 1, the server has 2
    expect((await passkeyLogin(key, user.user._id)).statusCode).toBe(401);

    key.counter = 10;
    const options = optionsOf(await call('POST', ACCOUNT_API.passkeyLoginOptions, undefined, {}));
    const phished = await call('POST', ACCOUNT_API.passkeyLogin, undefined, {
      credential: key.sign(options, user.user._id, 'https://evil.example'),
    });
    expect(phished.statusCode).toBe(401);

    // A confirmation's challenge signs nobody in.
    const confirm = optionsOf(await call('POST', ACCOUNT_API.passkeyConfirmOptions, user.cookie, {}));
    expect((await call('POST', ACCOUNT_API.passkeyLogin, undefined, { credential: key.sign(confirm, user.user._id) })).statusCode).toBe(
      401,
    );

    // An answer that is not one.
    const junk = await call('POST', ACCOUNT_API.passkeyLogin, undefined, {
      credential: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'bm90IGpzb24' } },
    });
    expect(junk.statusCode).toBe(401);
    const nul = await call('POST', ACCOUNT_API.passkeyLogin, undefined, {
      credential: {
        id: 'x',
        rawId: 'x',
        type: 'public-key',
        response: { clientDataJSON: Buffer.from('{"challenge":"a\\u0000b"}').toString('base64url') },
      },
    });
    expect(nul.statusCode).toBe(401);
    const missing = await call('POST', ACCOUNT_API.passkeyLogin, undefined, {});
    expect(missing.statusCode).toBe(400);
  });
});

describe('two-step sign-in required of administrators', () => {
  it('a passkey meets it: a passkey sign-in passes, and after a password it is the second step', async () => {
    const admin = await t.loginAdmin();
    const setting = (on: boolean, cookie: string) => call('PATCH', API.updateSettings, cookie, { requireTwoFactorForAdmins: on });
    expect((await setting(true, admin.cookie)).statusCode).toBe(200);
    try {
      // Without a second factor: refused admin calls, set up first.
      const refused = await call('GET', API.audit, admin.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(TWO_FACTOR_TEXT.setupRequired);
      const { key } = await addPasskey(admin, 'Admin key');
      expect((await call('GET', API.audit, admin.cookie)).statusCode).toBe(200);

      // A passkey sign-in: admin calls at once.
      const signedIn = await passkeyLogin(key, admin.user._id);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect((await call('GET', API.audit, sessionCookie(signedIn))).statusCode).toBe(200);

      // A password alone starts no session: the passkey is its second step (no authenticator code to give).
      const password = await call('POST', API.login, undefined, { email: admin.email, password: admin.password });
      expect(password.json()).toEqual({
        success: true,
        message: TWO_FACTOR_TEXT.required,
        twoFactorRequired: true,
        secondSteps: ['passkey'],
      });
      expect(password.cookies.find((c) => c.name === 'agro_session')).toBeUndefined();
      const waiting = challengeCookie(password);
      // The options name that account's passkeys only.
      const made = await call('POST', ACCOUNT_API.passkeyLoginOptions, waiting, {});
      expect(made.json()).toMatchObject({ secondSteps: ['passkey'] });
      const options = optionsOf(made);
      expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.credentialId]);
      // Another account's passkey is not this sign-in's second step.
      const user = await t.loginUser();
      const { key: userKey } = await addPasskey(user);
      expect((await call('POST', ACCOUNT_API.passkeyLogin, waiting, { credential: userKey.sign(options, user.user._id) })).statusCode).toBe(
        401,
      );
      const second = await passkeyLogin(key, admin.user._id, waiting);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toMatchObject({ user: { email: admin.email } });
      // The waiting sign-in is over.
      expect(second.cookies.find((c) => c.name === 'agro_2fa')?.value).toBe('');
      expect(await t.db.selectFrom('login_challenges').select('user_id').where('user_id', '=', admin.user._id).execute()).toEqual([]);
      expect((await call('GET', API.audit, sessionCookie(second))).statusCode).toBe(200);
      expect((await setting(false, sessionCookie(second))).statusCode).toBe(200);
    } finally {
      await t.db.deleteFrom('site_settings').where('key', '=', 'requireTwoFactorForAdmins').execute();
    }
  });

  it('with an authenticator and a passkey, either is the second step', async () => {
    const user = await t.loginUser();
    const { key } = await addPasskey(user);
    await t.db.updateTable('users').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', user.user._id).execute();
    const password = await call('POST', API.login, undefined, { email: user.email, password: user.password });
    expect(password.json()).toMatchObject({ twoFactorRequired: true, secondSteps: ['code', 'passkey'] });
    expect((await passkeyLogin(key, user.user._id, challengeCookie(password))).statusCode).toBe(200);
  });
});

describe('data rights', () => {
  it('the export lists the passkeys without their keys; a passkey confirms the deletion, which removes them', async () => {
    const user = await t.loginUser();
    const { key } = await addPasskey(user, 'Laptop');
    const exported = await call('GET', ACCOUNT_API.dataExport, user.cookie);
    const { passkeys } = exported.json<{ passkeys: PasskeyRecord[] }>();
    expect(passkeys).toEqual([expect.objectContaining({ name: 'Laptop', lastUsedAt: null })]);
    const stored = await t.db.selectFrom('passkeys').select('public_key').where('user_id', '=', user.user._id).executeTakeFirstOrThrow();
    expect(exported.body).not.toContain(stored.public_key);

    // A sign-in's challenge confirms nothing; nor does nothing at all.
    const login = optionsOf(await call('POST', ACCOUNT_API.passkeyLoginOptions, undefined, {}));
    const wrong = await call('DELETE', ACCOUNT_API.deleteAccount, user.cookie, { passkey: key.sign(login, user.user._id) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe(DATA_RIGHTS_TEXT.passkeyFailed);
    const none = await call('DELETE', ACCOUNT_API.deleteAccount, user.cookie, {});
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe(DATA_RIGHTS_TEXT.passwordRequired);

    const options = optionsOf(await call('POST', ACCOUNT_API.passkeyConfirmOptions, user.cookie, {}));
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.credentialId]);
    const deleted = await call('DELETE', ACCOUNT_API.deleteAccount, user.cookie, { passkey: key.sign(options, user.user._id) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: DATA_RIGHTS_TEXT.deleted });
    expect(await t.db.selectFrom('passkeys').select('id').where('user_id', '=', user.user._id).execute()).toEqual([]);
    expect(await t.db.selectFrom('passkey_challenges').select('challenge').where('user_id', '=', user.user._id).execute()).toEqual([]);
    expect((await passkeyLogin(key, user.user._id)).statusCode).toBe(401);
  });
});

describe('the relying party', () => {
  it("is the public URL's host; a public URL on a loopback address answers a page on localhost as localhost", async () => {
    const site = await buildTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const user = await site.loginUser();
      const res = await site.app.inject({
        method: 'POST',
        url: ACCOUNT_API.passkeyRegisterOptions,
        payload: {},
        headers: { cookie: user.cookie },
      });
      expect(res.json<{ options: Options }>().options.rp.id).toBe('shop.example');
      const key = softPasskey();
      // An answer made on another origin (here the server's own address) is refused.
      const made = key.register(res.json<{ options: Options }>().options, 'http://localhost');
      const refused = await site.app.inject({
        method: 'POST',
        url: ACCOUNT_API.addPasskey,
        payload: { name: 'x', credential: made },
        headers: { cookie: user.cookie },
      });
      expect(refused.statusCode).toBe(400);
    } finally {
      await site.close();
    }
    const local = await buildTestApp({ PUBLIC_URL: 'http://127.0.0.1:3000' });
    try {
      const user = await local.loginUser();
      const headers = { cookie: user.cookie, host: 'localhost:3000' };
      const res = await local.app.inject({ method: 'POST', url: ACCOUNT_API.passkeyRegisterOptions, payload: {}, headers });
      const options = res.json<{ options: Options }>().options;
      expect(options.rp.id).toBe('localhost');
      const added = await local.app.inject({
        method: 'POST',
        url: ACCOUNT_API.addPasskey,
        payload: { name: 'Dev laptop', credential: softPasskey().register(options, 'http://localhost:3000') },
        headers,
      });
      expect(added.statusCode, added.body).toBe(200);
    } finally {
      await local.close();
    }
  });
});
