/**
 * Any text in any list parameter answers 200 or 400, never 500 (issue 41, item 7). A web scanner
 * sent `GET /api/v1/quote/all?q=abc%00` and got a 500 on SQLite (the NUL ended the full-text query
 * early: 'unterminated string'); the same probes go to every query parameter of every GET call of
 * the route table (the OpenAPI document, so a parameter added to a list is probed without a change
 * here): the lead lists and their CSV exports, orders, the buyer's own lists, products, the
 * gallery, the audit log, held replies, the threads' pages. A call that declares no parameter gets
 * the ones a scanner tries. Each with NUL, lone surrogates (as UTF-8 bytes and raw in the URL),
 * quotes, the full-text operators of SQLite's FTS5 and 10,000 characters. Both databases.
 */
import { OPENAPI_PATH } from '../../src/plugins/api-docs.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct } from '../fixtures.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { ENDPOINTS, injectCall, newAdminSession, newUserSession, type Endpoint, type EndpointContext, type Session } from './endpoints.js';

/** The probes, each as it goes into the query string (already encoded, or raw on purpose). */
const PROBES: ReadonlyArray<readonly [string, string]> = [
  ['a NUL', 'abc%00'],
  ['a NUL alone', '%00'],
  ['a lone surrogate as UTF-8 bytes', '%ED%A0%80'],
  ['a lone surrogate, raw in the URL', 'ab\uD800cd'],
  ['a lone surrogate, %u-escaped', '%uD800'],
  ['a double quote', '%22'],
  ['quotes around text', encodeURIComponent(`"abc'def"`)],
  ['a single quote', "'"],
  ['an unclosed phrase', encodeURIComponent('"abc')],
  ['a star', '*'],
  ['a prefix query', encodeURIComponent('abc*')],
  ['NEAR(', encodeURIComponent('NEAR(')],
  ['NEAR( with terms', encodeURIComponent('NEAR(abc def, 2)')],
  ['OR', 'OR'],
  ['an OR query', encodeURIComponent('abc OR def')],
  ['a minus', '-'],
  ['a negation', encodeURIComponent('-abc')],
  ['a column filter', encodeURIComponent('company_name:abc')],
  ['a caret', encodeURIComponent('^abc')],
  ['a lone percent', '%'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['10,000 characters after a NUL', `abc%00${'y'.repeat(10_000)}`],
  ['10,000 two-byte characters', encodeURIComponent('é'.repeat(10_000))],
  ['10,000 FTS operators', encodeURIComponent('"* NEAR( OR -'.repeat(800))],
];

/** What a scanner sends to a call that declares no query parameter. */
const UNDECLARED = ['q', 'page', 'limit', 'sort', 'status', 'search'];

interface Doc {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
}

let t: TestApp;
let ctx: EndpointContext;
let user: Session;
let admin: Session;
let doc: Doc;

beforeAll(async () => {
  t = await buildTestApp();
  user = await newUserSession(t);
  admin = await newAdminSession(t);
  ctx = { t, productId: await insertTestProduct(t.db), owner: user };
  doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<Doc>();
});
afterAll(() => t.close());

/** The query parameters the document declares for `GET path` (OpenAPI's {param} syntax). */
const declared = (path: string): string[] => (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);

/** Every GET of the table but the live streams (they never end), probed as a caller it answers. */
const GETS = ENDPOINTS.filter((e) => e.method === 'GET' && e.response !== 'events');

describe('every query parameter of every list and export', () => {
  it('the route table holds every GET with query parameters of the document, the lists and exports of the issue among them', () => {
    const withQuery = Object.keys(doc.paths).filter((path) => declared(path).length > 0 && !path.endsWith('/events'));
    const probed = GETS.map((e) => e.path);
    expect(withQuery.filter((path) => !probed.includes(path))).toEqual([]);
    for (const path of [
      '/api/v1/quote/all',
      '/api/v1/quote/export',
      '/api/v1/contact/all',
      '/api/v1/contact/export',
      '/api/v1/order/all',
      '/api/v1/order/export',
      '/api/v1/order/mine',
      '/api/v1/quote/getQuoteByUser',
      '/api/v1/contact/mine',
      '/api/v1/product/all',
      '/api/v1/gallery/all',
      '/api/v1/audit',
      '/api/v1/audit/export',
      '/api/v1/held-replies',
      '/api/v1/quote/{id}/messages',
      '/api/v1/contact/{id}/messages',
      '/api/v1/order/{id}/messages',
    ]) {
      expect(probed, path).toContain(path);
    }
  });

  it.each(GETS.map((e) => [`${e.path}`, e] as const))(
    '%s: each parameter with each probe answers 200 or 400, never a 500',
    async (_path, endpoint: Endpoint) => {
      const actor = endpoint.expect.admin === 200 ? 'admin' : 'user';
      // A call that ends its session (logout) gets a session of its own.
      const fresh = endpoint.fresh ? await (actor === 'admin' ? newAdminSession(t) : newUserSession(t)) : undefined;
      const request = await endpoint.prepare(ctx, fresh ?? (actor === 'admin' ? admin : user), actor);
      const names = declared(endpoint.path);
      const params = names.length > 0 ? names : UNDECLARED;
      const failures: string[] = [];
      for (const name of params) {
        for (const [label, value] of PROBES) {
          const url = `${request.url}${request.url.includes('?') ? '&' : '?'}${name}=${value}`;
          const res = await injectCall(t, { method: 'GET', url, headers: request.headers ?? {} });
          const what = `${name}=${label}: ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (res.statusCode !== 200 && res.statusCode !== 400) failures.push(what);
          else if (res.statusCode === 400) {
            const body = res.json<{ success: unknown; message: unknown }>();
            if (body.success !== false || typeof body.message !== 'string' || body.message === '') failures.push(what);
          }
        }
      }
      expect(failures, endpoint.path).toEqual([]);
    },
    120_000,
  );
});
