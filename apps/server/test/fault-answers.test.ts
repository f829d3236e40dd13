/**
 * How a fault is answered (lib/faults.ts, plugins/error-handler.ts): JSON with Retry-After for a
 * client, a page for a person whose page was not cached. The faults themselves are made real in
 * test/reliability/ (the database, the object store, the disk); here a route throws the error a
 * refused database connection throws.
 */
import { SERVER_ERRORS } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

describe('answers to a fault', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        beforeReady: (app) => {
          const refused = () => {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          };
          app.get('/api/v1/test-fault', refused);
          app.get('/test-fault-page', refused);
        },
      },
    );
  });
  afterAll(() => t.close());

  it('is JSON with Retry-After for an API call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-fault', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.databaseUnavailable });
  });

  it('is a page for a person asking for a page, and JSON for anyone else', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/test-fault-page', headers: { accept: 'text/html,*/*' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['retry-after']).toBe('5');
    expect(page.body).toContain('<h1>Sahyadri Agro Exports</h1>');
    expect(page.body).toContain('The database is briefly unavailable');
    const json = await t.app.inject({ method: 'GET', url: '/test-fault-page' });
    expect(json.json()).toEqual({ success: false, message: SERVER_ERRORS.databaseUnavailable });
  });
});
