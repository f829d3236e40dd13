import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API, SERVER_ERRORS } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EDGE_CACHE_CONTROL } from '../src/speed/edge.js';
import { buildTestApp, newUserBody, type TestApp } from './helper.js';

const INDEX_HTML = `<!doctype html><html><head><title>Web app</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A stand-in for apps/web/dist: index.html, a hashed asset and a public file.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await fs.writeFile(path.join(webDist, 'brochure.pdf'), '%PDF-1.4 demo');
  t = await buildTestApp(
    { WEB_DIST: webDist, CORS_ORIGINS: 'http://localhost:5173' },
    {
      beforeReady: (app) => {
        app.get('/api/v1/test/boom', async () => {
          throw new Error('database password is hunter2');
        });
      },
    },
  );
  await fs.mkdir(t.config.uploadsDir, { recursive: true });
  await fs.writeFile(path.join(t.config.uploadsDir, 'abc.webp'), 'RIFF....WEBP');
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('failures are JSON with success false and a message', () => {
  it('malformed JSON -> 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.invalidJson });
  });

  it('a body over the limit -> 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.register,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fullName: 'x'.repeat(400 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.payloadTooLarge });
  });

  it('an unsupported content type -> 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: API.login, headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.unsupportedMediaType });
  });

  it('unknown /api paths (any method) -> 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/unknown'],
      ['POST', '/api/v1/user/nothing'],
      ['DELETE', '/api/whatever'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.routeNotFound });
    }
  });

  it('an unexpected error -> 500 with a generic message and no detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.internal });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });
});

describe('web app and files', () => {
  it('serves index.html for screens (an unknown one with 404), revalidated by browsers every time', async () => {
    for (const url of ['/', '/products', '/reset-password/abc_DEF-123', '/no/such/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url.startsWith('/no/') ? 404 : 200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // The public pages may be kept by an edge too (speed/edge.ts); a private screen by nobody.
      expect(res.headers['cache-control'], url).toBe(url.startsWith('/reset-password/') ? 'no-cache' : EDGE_CACHE_CONTROL);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable and other public files normally', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const pdf = await t.app.inject({ method: 'GET', url: '/brochure.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).not.toContain('immutable');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual({ success: false, message: SERVER_ERRORS.notFound });
  });

  it('answers an unknown screen without looking for a file on disk; a file is still found', async () => {
    const stat = vi.spyOn(fsSync, 'stat');
    try {
      const page = await t.app.inject({ method: 'GET', url: '/no-such-page?x=1', headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(stat).not.toHaveBeenCalled();
      const pdf = await t.app.inject({ method: 'GET', url: '/brochure.pdf?download=1' });
      expect(pdf.statusCode).toBe(200);
      expect(stat).toHaveBeenCalled();
    } finally {
      stat.mockRestore();
    }
  });

  it('serves uploads as immutable; a missing upload is a 404, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/abc.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('image/webp');
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/none.webp' });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fagro.sqlite' });
    expect(traversal.statusCode).toBe(404);
    const again = await t.app.inject({ method: 'GET', url: '/uploads/abc.webp', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/uploads/abc.webp' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(res.headers['content-length']);
  });

  it('serves a placeholder page when the web app is not built', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/about' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('/api/v1');
      expect(res.body).not.toContain('<script');
    } finally {
      await bare.close();
    }
  });

  it('compresses HTML, JS and JSON with brotli or gzip', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const none = await t.app.inject({ method: 'GET', url: '/' });
    expect(none.headers['content-encoding']).toBeUndefined();
  });
});

describe('security headers, origins and CORS', () => {
  it('sends a CSP without inline script, nosniff, frame-ancestors none and a referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const api = await t.app.inject({ method: 'GET', url: API.profile });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses state-changing requests from a foreign origin, allows same origin and CORS_ORIGINS', async () => {
    const body = newUserBody();
    const foreign = await t.app.inject({ method: 'POST', url: API.register, payload: body, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ success: false, message: SERVER_ERRORS.foreignOrigin });
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(0);

    const same = await t.app.inject({ method: 'POST', url: API.register, payload: body, headers: { origin: 'http://localhost:80' } });
    expect(same.statusCode).toBe(200);
    const cors = await t.app.inject({
      method: 'POST',
      url: API.login,
      payload: { email: body.email, password: body.password },
      headers: { origin: 'http://localhost:5173' },
    });
    expect(cors.statusCode).toBe(200);
    expect(cors.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(cors.headers['access-control-allow-credentials']).toBe('true');
    // GET is not state-changing: a foreign origin may read public data but gets no CORS grant.
    const read = await t.app.inject({ method: 'GET', url: API.logout, headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS preflights only for CORS_ORIGINS', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: API.login,
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(ok.headers['access-control-allow-methods'])).toContain('PATCH');
    const foreign = await t.app.inject({
      method: 'OPTIONS',
      url: API.login,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After and the JSON error once the limit is reached', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_FORM_MAX: '2' });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: API.login, payload: { email: 'x@example.com', password: 'Wr0ng!Pass' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.rateLimited });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Each route counts on its own; routes without a limit are unaffected.
      expect((await limited.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: 'x@example.com' } })).statusCode).toBe(
        200,
      );
      expect((await limited.app.inject({ method: 'GET', url: API.profile })).statusCode).toBe(401);

      const contact = () => limited.app.inject({ method: 'POST', url: API.addContact, payload: {} });
      expect((await contact()).statusCode).toBe(401);
      expect((await contact()).statusCode).toBe(401);
      expect((await contact()).statusCode).toBe(429);
      for (let i = 0; i < 2; i++) await limited.app.inject({ method: 'POST', url: API.addQuote, payload: {} });
      expect((await limited.app.inject({ method: 'POST', url: API.addQuote, payload: {} })).statusCode).toBe(429);
      for (let i = 0; i < 3; i++) await limited.app.inject({ method: 'POST', url: API.register, payload: {} });
      expect((await limited.app.inject({ method: 'POST', url: API.register, payload: {} })).statusCode).toBe(429);
      for (let i = 0; i < 3; i++) await limited.app.inject({ method: 'PATCH', url: API.resetPassword('x'), payload: {} });
      expect((await limited.app.inject({ method: 'PATCH', url: API.resetPassword('y'), payload: {} })).statusCode).toBe(429);
      // A reminder's unsubscribe link: its token is the key, so guessing is limited as a reset link's is.
      for (let i = 0; i < 3; i++)
        expect((await limited.app.inject({ method: 'POST', url: `${API.unsubscribe}?token=${'A'.repeat(43)}` })).statusCode).toBe(404);
      expect((await limited.app.inject({ method: 'POST', url: `${API.unsubscribe}?token=${'B'.repeat(43)}` })).statusCode).toBe(429);
      for (let i = 0; i < 3; i++) await limited.app.inject({ method: 'GET', url: API.unsubscribePage });
      expect((await limited.app.inject({ method: 'GET', url: API.unsubscribePage })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
