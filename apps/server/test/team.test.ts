/**
 * The team (issue 26, item 2): invitations by e-mail, single use, valid 72 hours; accepting makes
 * an ADMIN and signs in; the last administrator can never be removed; a removed administrator's
 * sessions end at once; each change writes its audit row.
 */
import { API, TEAM_TEXT, VALIDATION, type AuditResponse, type TeamResponse } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/mappers.js';
import { buildTestApp, sessionCookie, type TestApp, type TestUser } from './helper.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://shop.example' });
  owner = await t.loginAdmin();
});
afterAll(() => t.close());

const details = { fullName: 'Priya Deshmukh', phoneNumber: '+91-9822012345', password: 'Colleague@2026' };
const as = (cookie: string) => ({ cookie });

/** Invite `email` as `by`; the token from the mailed link. */
async function invite(email: string, by = owner): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: API.teamInvite, payload: { email }, headers: as(by.cookie) });
  expect(res.statusCode, res.body).toBe(200);
  const mails = await t.outbox();
  const mail = mails.filter((m) => m.to === email.toLowerCase()).at(-1)!;
  const token = /\/team\/accept\/([\w-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();
  return token!;
}
const accept = (token: string, body: Record<string, unknown> = details) =>
  t.app.inject({ method: 'POST', url: API.teamAccept(token), payload: body });
const team = async () => (await t.app.inject({ method: 'GET', url: API.team, headers: as(owner.cookie) })).json<TeamResponse>();

describe('invitations', () => {
  it('mails a single-use link; accepting makes an ADMIN and signs them in; a second use is refused', async () => {
    const token = await invite('Priya@Colleague.example');
    const mail = (await t.outbox()).at(-1)!;
    expect(mail.text).toContain('http://shop.example/team/accept/');
    expect(mail.text).toContain('expires in 72 hours');
    expect((await team()).invites.map((i) => i.email)).toContain('priya@colleague.example');

    const res = await accept(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { role: string; email: string } }>().user).toMatchObject({ role: 'ADMIN', email: 'priya@colleague.example' });
    const cookie = sessionCookie(res);
    expect((await t.app.inject({ method: 'GET', url: API.team, headers: as(cookie) })).statusCode).toBe(200);
    expect((await t.login('priya@colleague.example', details.password)).length).toBeGreaterThan(0);

    const again = await accept(token, { ...details, password: 'Another@2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(TEAM_TEXT.inviteInvalid);
    const listed = await team();
    expect(listed.admins.map((a) => a.email)).toContain('priya@colleague.example');
    expect(listed.invites.map((i) => i.email)).not.toContain('priya@colleague.example');
  });

  it('expires after 72 hours', async () => {
    const token = await invite('late@colleague.example');
    const row = await t.db
      .selectFrom('team_invites')
      .select(['created_at', 'expires_at'])
      .where('email', '=', 'late@colleague.example')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(72 * 3_600_000);
    await t.db
      .updateTable('team_invites')
      .set({ expires_at: nowIso(Date.now() - 1000) })
      .where('email', '=', 'late@colleague.example')
      .execute();
    const res = await accept(token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(TEAM_TEXT.inviteInvalid);
  });

  it('stores only the hash of the token; a new invitation cancels the earlier link; a cancelled one is refused', async () => {
    const first = await invite('twice@colleague.example');
    const second = await invite('twice@colleague.example');
    const rows = await t.db.selectFrom('team_invites').selectAll().where('email', '=', 'twice@colleague.example').execute();
    expect(JSON.stringify(rows)).not.toContain(first);
    expect((await accept(first)).statusCode).toBe(400);
    const pending = (await team()).invites.find((i) => i.email === 'twice@colleague.example')!;
    expect((await t.app.inject({ method: 'DELETE', url: API.teamRemove(pending._id), headers: as(owner.cookie) })).json()).toMatchObject({
      message: TEAM_TEXT.cancelled,
    });
    expect((await accept(second)).statusCode).toBe(400);
  });

  it('turns an existing buyer account into an ADMIN, ending its other sessions', async () => {
    const buyer = await t.loginUser();
    const token = await invite(buyer.email);
    expect((await accept(token, { ...details, password: 'Promoted@2026' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: API.profile, headers: as(buyer.cookie) })).statusCode).toBe(401);
    expect((await t.login(buyer.email, 'Promoted@2026')).length).toBeGreaterThan(0);
  });

  it('refuses an administrator, a bad address and bad details with their messages', async () => {
    const taken = await t.app.inject({ method: 'POST', url: API.teamInvite, payload: { email: owner.email }, headers: as(owner.cookie) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(TEAM_TEXT.alreadyAdmin);
    const bad = await t.app.inject({
      method: 'POST',
      url: API.teamInvite,
      payload: { email: 'nobody@nowhere' },
      headers: as(owner.cookie),
    });
    expect(bad.json<{ message: string }>().message).toBe(VALIDATION.invalidEmail);
    const token = await invite('weak@colleague.example');
    const weak = await accept(token, { ...details, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ message: string }>().message).toBe(VALIDATION.strongPassword);
    // A refused body does not use the link up.
    expect((await accept(token)).statusCode).toBe(200);
  });
});

describe('removing administrators', () => {
  it("ends the removed administrator's sessions at once, and never removes the last one", async () => {
    const t2 = await buildTestApp();
    try {
      const first = await t2.loginAdmin();
      const second = await t2.loginAdmin();
      const del = (id: string, cookie: string) => t2.app.inject({ method: 'DELETE', url: API.teamRemove(id), headers: as(cookie) });

      const removed = await del(second.user._id, first.cookie);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<{ message: string }>().message).toBe(TEAM_TEXT.removed);
      // Their session is gone: not even a USER's profile.
      expect((await t2.app.inject({ method: 'GET', url: API.profile, headers: as(second.cookie) })).statusCode).toBe(401);
      const back = await t2.db.selectFrom('users').select('role').where('id', '=', second.user._id).executeTakeFirstOrThrow();
      expect(back.role).toBe('USER');

      const last = await del(first.user._id, first.cookie);
      expect(last.statusCode).toBe(409);
      expect(last.json<{ message: string }>().message).toBe(TEAM_TEXT.lastAdmin);
      expect((await t2.app.inject({ method: 'GET', url: API.team, headers: as(first.cookie) })).json<TeamResponse>().admins).toHaveLength(
        1,
      );

      expect((await del('000000000000000000000000', first.cookie)).statusCode).toBe(404);
    } finally {
      await t2.close();
    }
  });

  it('two administrators removing each other at once leave one', async () => {
    const t3 = await buildTestApp();
    try {
      const a = await t3.loginAdmin();
      const b = await t3.loginAdmin();
      const results = await Promise.all([
        t3.app.inject({ method: 'DELETE', url: API.teamRemove(b.user._id), headers: as(a.cookie) }),
        t3.app.inject({ method: 'DELETE', url: API.teamRemove(a.user._id), headers: as(b.cookie) }),
      ]);
      const admins = await t3.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').execute();
      expect(admins).toHaveLength(1);
      expect(results.map((r) => r.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    } finally {
      await t3.close();
    }
  });
});

describe('the audit log of the team', () => {
  it('has the invitations, acceptances and removals, never a token or password', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API.audit}?type=team&limit=100`, headers: as(owner.cookie) });
    const { audit } = res.json<AuditResponse>();
    expect(audit.length).toBeGreaterThanOrEqual(6);
    expect(audit.some((e) => e.action === 'create' && e.changes.invite?.after === 'priya@colleague.example')).toBe(true);
    expect(audit.some((e) => e.changes.role?.after === 'ADMIN' && e.actorEmail === 'priya@colleague.example')).toBe(true);
    expect(JSON.stringify(audit)).not.toMatch(/password|token|Colleague@2026|\$scrypt/i);
  });
});
