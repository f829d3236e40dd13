import { VALIDATION } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown; parameters?: unknown[] }>>;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every route the router holds under /api, as "METHOD /path" with OpenAPI's {param} syntax. */
function registeredRoutes(): string[] {
  const out: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\/\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const path = match[1]!.replace(/:(\w+)/g, '{$1}');
    for (const method of match[2]!.split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out;
}

async function document(): Promise<Doc> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<Doc>();
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes every route under /api', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(20);
    const missing = registered.filter((route) => !documented.includes(route));
    expect(missing, `routes missing from /api/v1/openapi.json`).toEqual([]);
    // Nothing outside /api (static files, the web app) is in it.
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('gives every call a success answer schema, and every body and path parameter a schema', async () => {
    const doc = await document();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.responses?.['200'], `${method} ${path}`).toBeDefined();
        if (['post', 'patch', 'put'].includes(method)) expect(op.requestBody, `${method} ${path}`).toBeDefined();
        if (path.includes('{')) expect(op.parameters?.length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  it('documents the SPEC.md fields and message order of a body', async () => {
    const doc = await document();
    const body = (
      doc.paths['/api/v1/user/register']!.post!.requestBody as {
        content: {
          'application/json': { schema: { properties: Record<string, unknown>; required?: string[]; 'x-message-order': string[] } };
        };
      }
    ).content['application/json'].schema;
    // The spec's fields, the proof of work (the one addition a spec-only client sees, issue 25) and
    // the optional bot signals the page sends (the honeypot `website`, the fill time `fillMs`).
    expect(Object.keys(body.properties).sort()).toEqual(['altcha', 'email', 'fillMs', 'fullName', 'password', 'phoneNumber', 'website']);
    expect(body.required?.sort()).toEqual(['email', 'fullName', 'password', 'phoneNumber']);
    expect(body['x-message-order'][0]).toBe(VALIDATION.fullNameRequired);
    const product = doc.paths['/api/v1/product/add']!.post!.requestBody as { content: Record<string, unknown> };
    expect(Object.keys(product.content)).toEqual(['multipart/form-data']);
  });

  it('documents the Idempotency-Key header on every call that creates or decides something, and on no other', async () => {
    const doc = await document();
    const takesKey = (path: string, method: string) =>
      ((doc.paths[path]?.[method as 'post']?.parameters ?? []) as Array<{ in: string; name: string }>).some(
        (p) => p.in === 'header' && p.name === 'idempotency-key',
      );
    const withKey = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => [path, method] as const))
      .filter(([path, method]) => takesKey(path, method))
      .map(([path, method]) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(withKey).toEqual(
      [
        'POST /api/v1/contact/addNewContact',
        'POST /api/v1/contact/{id}/not-spam',
        'POST /api/v1/gallery/add',
        'POST /api/v1/held-replies/{id}/drop',
        'POST /api/v1/held-replies/{id}/post',
        'POST /api/v1/order/{id}/delivered',
        'POST /api/v1/order/{id}/document',
        'POST /api/v1/order/{id}/milestone',
        'POST /api/v1/product/add',
        'POST /api/v1/quote/add',
        'POST /api/v1/quote/{id}/accept',
        'POST /api/v1/quote/{id}/decline',
        'POST /api/v1/quote/{id}/offer',
        'POST /api/v1/quote/{id}/reject',
        'POST /api/v1/quote/{id}/not-spam',
        'POST /api/v1/user/register',
        'POST /api/v1/team/invite',
        // The threads (issue 40)
        'POST /api/v1/quote/{id}/messages',
        'POST /api/v1/contact/{id}/messages',
        'POST /api/v1/order/{id}/messages',
        'POST /api/v1/sample/{id}/messages',
        'POST /api/v1/messages/{id}/hide',
        'POST /api/v1/quote/{id}/request-changes',
        // Sample requests (issue 43)
        'POST /api/v1/sample/add',
        'POST /api/v1/sample/{id}/approve',
        'POST /api/v1/sample/{id}/decline',
        'POST /api/v1/sample/{id}/dispatch',
        'POST /api/v1/sample/{id}/delivered',
        'POST /api/v1/sample/{id}/feedback',
      ].sort(),
    );
  });
});

describe('API reference page', () => {
  it('is a self-contained HTML page listing every call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    expect(res.body).toContain('/api/v1/quote/getQuoteByUser');
    expect(res.body).toContain('/api/v1/user/reset-password/{token}');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
