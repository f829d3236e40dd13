/**
 * The proof of work of the forms anyone can post (issue 25, item 1): registration and forgot
 * password need a solved ALTCHA challenge of this server, unexpired and unused. On SQLite and
 * PostgreSQL.
 */
import { API, SERVER_ERRORS, VALIDATION, altchaChallengeUrl, type AltchaForm } from '@agro/shared';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvePayload } from './altcha-solver.js';
import { buildTestApp, newUserBody, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ALTCHA_ENABLED: 'true', ALTCHA_SECRET: 'test-secret-of-every-process' });
});
afterAll(() => t.close());

const challenge = async (form: AltchaForm = 'register'): Promise<Challenge> => {
  const res = await t.app.inject({ method: 'GET', url: altchaChallengeUrl(form) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<Challenge>();
};
const solved = async (form: AltchaForm = 'register') => solvePayload(await challenge(form));
const register = (body: object) => t.app.inject({ method: 'POST', url: API.register, payload: body });
const users = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectRefused(res: { statusCode: number; json: () => unknown }, message: string): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ success: false, message, errors: { altcha: message } });
}

describe('the proof of work', () => {
  it('hands out signed challenges that expire in 10 minutes, and registers with a solved one', async () => {
    const c = await challenge();
    expect(c.signature).toMatch(/\S+/);
    expect(c.parameters.algorithm).toBe('SHA-256');
    const expiresIn = (c.parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
    const res = await register({ ...newUserBody(), altcha: await solvePayload(c) });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a registration without it, and says so, creating nothing (after the form's own checks)", async () => {
    const before = await users();
    expectRefused(await register(newUserBody()), SERVER_ERRORS.altchaMissing);
    expectRefused(await register({ ...newUserBody(), altcha: 'not base64 json' }), SERVER_ERRORS.altchaInvalid);
    // A client that sends only the spec's fields, with a mistake, sees the spec's message first.
    const invalid = await register({ ...newUserBody(), email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ message: string }>().message).toBe(VALIDATION.invalidEmail);
    expect(await users()).toBe(before);
  });

  it('refuses a solution used twice (in any process: it is kept in the database)', async () => {
    const payload = await solved();
    expect((await register({ ...newUserBody(), altcha: payload })).statusCode).toBe(200);
    expectRefused(await register({ ...newUserBody(), altcha: payload }), SERVER_ERRORS.altchaUsed);
    const rows = await t.db.selectFrom('altcha_used').select('signature').execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it("refuses a forged signature, a wrong solution and another form's challenge", async () => {
    const c = await challenge();
    const good = JSON.parse(Buffer.from(await solvePayload(c), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    // A bigger challenge made easy: the parameters changed, the signature is not theirs.
    const forged = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: '00' } } };
    expectRefused(await register({ ...newUserBody(), altcha: encode(forged) }), SERVER_ERRORS.altchaInvalid);
    // The derived key is the proof (the counter only says where it was found).
    const wrong = { ...good, solution: { ...good.solution, derivedKey: '00'.repeat(32) } };
    expectRefused(await register({ ...newUserBody(), altcha: encode(wrong) }), SERVER_ERRORS.altchaInvalid);
    expectRefused(await register({ ...newUserBody(), altcha: await solved('forgot-password') }), SERVER_ERRORS.altchaInvalid);
    // Another server's secret.
    const other = await buildTestApp({ ALTCHA_ENABLED: 'true', ALTCHA_SECRET: 'another-secret' });
    try {
      const theirs = (await other.app.inject({ method: 'GET', url: altchaChallengeUrl('register') })).json<Challenge>();
      expectRefused(await register({ ...newUserBody(), altcha: await solvePayload(theirs) }), SERVER_ERRORS.altchaInvalid);
    } finally {
      await other.close();
    }
  });

  it('refuses an expired challenge', async () => {
    const c = await challenge();
    const payload = await solvePayload(c);
    const realNow = Date.now;
    Date.now = () => realNow() + 10 * 60_000 + 1000;
    try {
      expectRefused(await register({ ...newUserBody(), altcha: payload }), SERVER_ERRORS.altchaExpired);
    } finally {
      Date.now = realNow;
    }
  });

  it('guards forgot password the same way, answering as before once solved', async () => {
    const email = newUserBody().email;
    expectRefused(await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email } }), SERVER_ERRORS.altchaMissing);
    const res = await t.app.inject({
      method: 'POST',
      url: API.forgotPassword,
      payload: { email, altcha: await solved('forgot-password') },
    });
    expect(res.statusCode).toBe(200);
  });

  it('makes the work bigger while a form is busy', async () => {
    const size = async () => {
      const c = await challenge('forgot-password');
      const solution = JSON.parse(Buffer.from(await solvePayload(c), 'base64').toString()) as { solution: { counter: number } };
      return solution.solution.counter;
    };
    const quiet = Math.max(await size(), await size(), await size());
    // Twenty solved submissions within a minute: two doublings.
    await t.db
      .insertInto('rate_limits')
      .values({ key: 'altcha-busy:forgot-password', hits: 20, window_ends: Date.now() + 60_000 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits: 20, window_ends: Date.now() + 60_000 }))
      .execute();
    const busy = Math.min(await size(), await size(), await size());
    expect(busy).toBeGreaterThan(quiet);
    expect(busy).toBeGreaterThanOrEqual(t.config.altcha.maxNumber * 2);
  });
});
