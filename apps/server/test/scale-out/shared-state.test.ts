/**
 * Two app instances on one database stand for two server processes behind a load balancer:
 * rate limits hold when requests alternate between them (database store), sessions and
 * content edits made through one are seen at once through the other; health checks answer.
 */
import { API, SERVER_ERRORS } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { buildTestApp, type TestApp } from '../helper.js';

const LIMIT = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '4', RATE_LIMIT_WINDOW_MS: '60000' };

/** A second "process": another app instance on the same database as `t`. */
async function secondProcess(t: TestApp): Promise<FastifyInstance> {
  const app = await buildApp(t.config, {
    database: {
      db: t.db,
      dialect: t.dialect,
      readMeta: t.app.readMeta,
      onConnectionError: () => undefined,
      probe: async () => undefined,
      close: async () => undefined,
    },
  });
  await app.ready();
  return app;
}

async function failedLogins(apps: FastifyInstance[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await apps[i % apps.length]!.inject({
      method: 'POST',
      url: API.login,
      payload: { email: 'nobody@example.com', password: 'Wr0ng!Pass' },
      remoteAddress: '203.0.113.9',
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('rate limits across processes', () => {
  it('in memory (the single-process default) each process counts alone', async () => {
    const t = await buildTestApp({ ...LIMIT, RATE_LIMIT_STORE: 'memory' });
    const other = await secondProcess(t);
    try {
      expect(await failedLogins([t.app, other], 8)).not.toContain(429);
    } finally {
      await other.close();
      await t.close();
    }
  });

  it('in the database the limit holds while requests alternate between two processes', async () => {
    const t = await buildTestApp({ ...LIMIT, RATE_LIMIT_STORE: 'database' });
    const other = await secondProcess(t);
    try {
      const statuses = await failedLogins([t.app, other], 6);
      expect(statuses.slice(0, 4)).not.toContain(429);
      expect(statuses.slice(4)).toEqual([429, 429]);
      const res = await other.inject({ method: 'POST', url: API.login, payload: {}, remoteAddress: '203.0.113.9' });
      expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.rateLimited });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another client and another route have their own counts.
      expect((await failedLogins([other], 1))[0]).toBe(429);
      const fresh = await t.app.inject({ method: 'POST', url: API.login, payload: {}, remoteAddress: '203.0.113.10' });
      expect(fresh.statusCode).not.toBe(429);
      const register = await other.inject({ method: 'POST', url: API.register, payload: {}, remoteAddress: '203.0.113.9' });
      expect(register.statusCode).not.toBe(429);
    } finally {
      await other.close();
      await t.close();
    }
  });

  it('defaults to the database store with DATABASE_URL and to memory without', async () => {
    const { loadConfig } = await import('../../src/config.js');
    expect(loadConfig({}).rateLimit.store).toBe('memory');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).rateLimit.store).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', RATE_LIMIT_STORE: 'memory' }).rateLimit.store).toBe('memory');
  });
});

describe('state shared by two processes', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp();
    other = await secondProcess(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('a session started through one process works through the other, and a logout ends it in both', async () => {
    const user = await t.loginUser();
    expect((await other.inject({ method: 'GET', url: API.profile, headers: { cookie: user.cookie } })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: API.logout, headers: { cookie: user.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });

  it('a product edited through one process shows at once through the other (cached lists included)', async () => {
    const admin = await t.loginAdmin();
    const { insertTestProduct } = await import('../fixtures.js');
    const id = await insertTestProduct(t.db, { productName: 'Before Edit' });
    const first = await other.inject({ method: 'GET', url: API.productList });
    expect(first.body).toContain('Before Edit');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: API.updateProduct(id),
      headers: { cookie: admin.cookie },
      payload: { _id: id, productName: 'After Edit' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const second = await other.inject({ method: 'GET', url: API.productList, headers: { 'if-none-match': first.headers.etag as string } });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('After Edit');
    expect(second.body).not.toContain('Before Edit');
  });

  it('answers /healthz and /readyz', async () => {
    const health = await other.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ success: true, message: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await other.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({
      success: true,
      message: 'ready',
      outbox: { pending: expect.any(Number), oldestSeconds: expect.any(Number) },
    });
  });
});
