/**
 * GET /metrics (issue 29, item 5): Prometheus's text format, only with METRICS_TOKEN as a bearer
 * token, the site's 404 otherwise; requests by route and status (front-lane answers too),
 * refusals by reason, the mail outbox, the process.
 */
import { API } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one series (`name{labels}`), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('there is no /metrics: a 404, and nothing is measured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(t.app.metrics).toBeUndefined();
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '2' });
  });
  afterAll(() => t.close());

  it('answers 404 without the token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('counts requests by route pattern and status, refusals by reason, the outbox and the process', async () => {
    const user = await t.loginUser();
    const productId = await insertTestProduct(t.db, { productName: 'Metrics Jaggery' });
    await t.app.inject({ method: 'GET', url: API.product(productId) });
    await t.app.inject({ method: 'GET', url: API.product('0123456789abcdef01234567') });
    const quote = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      payload: quoteBody(productId),
      headers: { cookie: user.cookie },
    });
    expect(quote.statusCode).toBe(200);
    // Login attempts past the limit: refused with 429 and counted as rate_limit.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.login,
        payload: { email: 'nobody@example.com', password: 'wrong-Pass1!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length, String(statuses)).toBeGreaterThanOrEqual(2);
    const bad = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      payload: quoteBody(productId),
      headers: { cookie: user.cookie, 'idempotency-key': ' ' },
    });
    expect(bad.statusCode).toBe(400);

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // Route patterns, never raw URLs (bounded labels).
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/product/:id",status="200"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/product/:id",status="404"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="POST",route="/api/v1/quote/add",status="200"}')).toBe(1);
    expect(text).not.toContain(productId);
    expect(valueOf(text, 'agro_refusals_total{reason="rate_limit"}')).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'agro_refusals_total{reason="idempotency"}')).toBe(1);
    expect(valueOf(text, 'agro_mail_outbox_pending')).toBeGreaterThanOrEqual(0);
    // A mail that has waited ten minutes (the mail server away: its next try is later).
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    await t.db
      .insertInto('mail_outbox')
      .values({
        id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        dedupe_key: 'metrics-test:someone@example.com',
        to_address: 'someone@example.com',
        subject: 'Waiting',
        text_body: 'Waiting',
        html_body: null,
        reply_to: null,
        sealed_secret: null,
        status: 'pending',
        attempts: 3,
        next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
        locked_until: null,
        last_error: 'connection refused',
        created_at: tenMinutesAgo,
        sent_at: null,
      })
      .execute();
    const later = (await t.app.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    expect(valueOf(later, 'agro_mail_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(valueOf(later, 'agro_mail_outbox_oldest_seconds')).toBeGreaterThanOrEqual(600);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (t.dialect === 'postgres') expect(valueOf(text, 'agro_db_pool_max')).toBeGreaterThan(0);
  });

  it("counts the front lane's answers under their route (over real HTTP: the lane is in the server's listener)", async () => {
    const productId = await insertTestProduct(t.db, { productName: 'Lane Metrics Onions' });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const served = t.app.frontLane.served;
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}${API.product(productId)}`)).status).toBe(200);
    // The first went through Fastify; the lane answered the others.
    expect(t.app.frontLane.served - served).toBe(2);
    const text = await (await fetch(`${base}/metrics`, { headers: auth })).text();
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/product/:id",status="200"}')).toBe(4);
  });
});
