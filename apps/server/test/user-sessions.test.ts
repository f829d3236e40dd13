/**
 * Sessions the person controls (issue 44, item 2): the list with device, browser and network (never
 * the whole address), ending one (another account's is not found), ending every other, and a
 * password change ending the others. Both databases (DATABASE_URL).
 */
import { API, SESSION_TEXT, SUCCESS, type SessionRecord, ACCOUNT_API } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkOf } from '../src/lib/networks.js';
import { describeUserAgent } from '../src/modules/user/sessions.js';
import { PASSWORD, buildTestApp, newUserBody, sessionCookie, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Safari/537.36';

/** A new buyer; returns their e-mail and a sign-in function from a given device and address. */
async function newBuyer() {
  const body = newUserBody();
  expect((await t.app.inject({ method: 'POST', url: API.register, payload: body })).statusCode).toBe(200);
  const signIn = async (userAgent: string, address: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.login,
      payload: { email: body.email, password: body.password },
      headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
    });
    expect(res.statusCode).toBe(200);
    return sessionCookie(res);
  };
  return { email: body.email, password: body.password, signIn };
}

const list = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: ACCOUNT_API.userSessions, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<{ success: boolean; message: string; sessions: SessionRecord[] }>();
};
const del = (url: string, cookie: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } });
const profileStatus = async (cookie: string) => (await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie } })).statusCode;

describe('GET /api/v1/user/sessions', () => {
  it("lists the account's sessions only, named by device and browser, the address cut to its network, the current one marked", async () => {
    const buyer = await newBuyer();
    const phone = await buyer.signIn(IPHONE, '198.51.100.23');
    const laptop = await buyer.signIn(WINDOWS_CHROME, '2001:db8:abcd:12::7');
    await (await newBuyer()).signIn(IPHONE, '192.0.2.9');

    const answer = await list(laptop);
    expect(answer).toMatchObject({ success: true, message: SESSION_TEXT.fetched });
    expect(answer.sessions).toHaveLength(2);
    const current = answer.sessions.find((s) => s.current)!;
    const other = answer.sessions.find((s) => !s.current)!;
    expect(current).toMatchObject({
      userAgent: WINDOWS_CHROME,
      ipPrefix: '2001:db8:abcd::/48',
      browser: 'Chrome 131',
      os: 'Windows',
      deviceType: 'desktop',
    });
    expect(other).toMatchObject({ ipPrefix: '198.51.100.0/24', browser: 'Safari 18', os: 'iOS', deviceType: 'mobile' });
    for (const s of answer.sessions) {
      expect(s._id).toMatch(/^[a-f0-9]{24}$/);
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    // Never the whole address, nor the token or its hash.
    const raw = JSON.stringify(answer);
    expect(raw).not.toContain('198.51.100.23');
    expect(raw).not.toContain('abcd:12');
    expect(raw).not.toMatch(/token|hash/i);
    expect(phone).not.toBe(laptop);
  });

  it("moves 'last active' when the session is used after five minutes, not on every request", async () => {
    const buyer = await newBuyer();
    const cookie = await buyer.signIn(IPHONE, '198.51.100.70');
    const [session] = (await list(cookie)).sessions;
    const lastSeen = await t.db.selectFrom('sessions').select('last_seen_at').where('id', '=', session!._id).executeTakeFirstOrThrow();
    expect(await profileStatus(cookie)).toBe(200);
    // Used again at once: nothing written.
    expect((await list(cookie)).sessions[0]!.lastSeenAt).toBe(lastSeen.last_seen_at);
    const longAgo = new Date(Date.now() - 6 * 60_000).toISOString();
    await t.db.updateTable('sessions').set({ last_seen_at: longAgo }).where('id', '=', session!._id).execute();
    const after = (await list(cookie)).sessions[0]!.lastSeenAt;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(longAgo) + 5 * 60_000);
  });

  it('refuses without a session (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: ACCOUNT_API.userSessions })).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/user/sessions/{id}', () => {
  it('ends that session: its cookie no longer signs in, the others stay', async () => {
    const buyer = await newBuyer();
    const phone = await buyer.signIn(IPHONE, '198.51.100.23');
    const laptop = await buyer.signIn(WINDOWS_CHROME, '198.51.100.24');
    const phoneId = (await list(laptop)).sessions.find((s) => !s.current)!._id;

    const res = await del(ACCOUNT_API.userSession(phoneId), laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SESSION_TEXT.ended });
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect((await list(laptop)).sessions.map((s) => s._id)).not.toContain(phoneId);
    // Twice: gone.
    expect((await del(ACCOUNT_API.userSession(phoneId), laptop)).json()).toMatchObject({ success: false, message: SESSION_TEXT.notFound });
  });

  it("is 'Session not found' for another account's session, which stays", async () => {
    const mallory = await newBuyer();
    const victim = await newBuyer();
    const victimCookie = await victim.signIn(IPHONE, '198.51.100.30');
    const victimId = (await list(victimCookie)).sessions[0]!._id;
    const res = await del(ACCOUNT_API.userSession(victimId), await mallory.signIn(IPHONE, '198.51.100.31'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: SESSION_TEXT.notFound });
    expect(await profileStatus(victimCookie)).toBe(200);
    // Not an id at all (a NUL byte, which PostgreSQL refuses in text): not found, never a 500.
    const odd = await del(ACCOUNT_API.userSession('\u0000'), await mallory.signIn(IPHONE, '198.51.100.31'));
    expect(odd.statusCode).toBe(404);
  });

  it('ending the current session signs out here: the cookie is cleared', async () => {
    const buyer = await newBuyer();
    const cookie = await buyer.signIn(IPHONE, '198.51.100.40');
    const id = (await list(cookie)).sessions[0]!._id;
    const res = await del(ACCOUNT_API.userSession(id), cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'agro_session')?.value).toBe('');
    expect(await profileStatus(cookie)).toBe(401);
  });
});

describe('DELETE /api/v1/user/sessions', () => {
  it('ends every session but the current one', async () => {
    const buyer = await newBuyer();
    const others = [await buyer.signIn(IPHONE, '198.51.100.50'), await buyer.signIn(IPHONE, '198.51.100.51')];
    const here = await buyer.signIn(WINDOWS_CHROME, '198.51.100.52');
    const res = await del(ACCOUNT_API.endOtherSessions, here);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SESSION_TEXT.othersEnded, ended: 2 });
    for (const cookie of others) expect(await profileStatus(cookie)).toBe(401);
    expect(await profileStatus(here)).toBe(200);
    expect((await list(here)).sessions).toHaveLength(1);
  });
});

describe('a password change', () => {
  it('ends every other session and keeps the current one', async () => {
    const buyer = await newBuyer();
    const phone = await buyer.signIn(IPHONE, '198.51.100.60');
    const laptop = await buyer.signIn(WINDOWS_CHROME, '198.51.100.61');
    const res = await t.app.inject({
      method: 'POST',
      url: API.changePassword,
      payload: { oldPassword: buyer.password, newPassword: `${PASSWORD}2` },
      headers: { cookie: laptop },
    });
    expect(res.json()).toMatchObject({ message: SUCCESS.changePassword });
    expect(await profileStatus(phone)).toBe(401);
    expect((await list(laptop)).sessions).toHaveLength(1);
  });
});

describe('networkOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['2001:db8::1', '2001:db8::/48'],
    ['fe80::1%eth0', 'fe80::/48'],
    ['not an address', ''],
    ['', ''],
    [undefined, ''],
  ])('%s -> %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });
});

describe('describeUserAgent', () => {
  it('names the browser with its major version, the system and the kind of device; unknown when empty', () => {
    expect(describeUserAgent(IPHONE)).toEqual({ browser: 'Safari 18', os: 'iOS', deviceType: 'mobile' });
    expect(describeUserAgent('')).toEqual({ browser: '', os: '', deviceType: 'unknown' });
    expect(describeUserAgent('curl/8.5.0').deviceType).toBe('unknown');
  });
});
