import { API, SERVER_ERRORS } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('core', () => {
  it('answers 401 on a protected route without a session and 200 with one', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: API.profile });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: SERVER_ERRORS.notLoggedIn });

    const { cookie, email } = await t.loginUser();
    const res = await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.routeNotFound });
  });
});
