/**
 * Property-based fuzzing (fast-check) of every endpoint in ./endpoints.ts: random and malformed
 * bodies, content types, query strings, headers, path parameters and multipart parts.
 * Properties: never a 5xx (or a crash), every failure is the JSON error shape, and a request
 * the shared schemas refuse never leaves a row or a file behind.
 *
 * Runs are bounded for the normal suite (FUZZ_RUNS, default 40 per property); for a long run:
 *   FUZZ_RUNS=1000 npm test -w apps/server -- test/security/fuzz.test.ts   (FUZZ_SEED replays one)
 */
import fs from 'node:fs/promises';
import { API, SERVER_ERRORS } from '@agro/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct } from '../fixtures.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { makeImage } from '../images-fixtures.js';
import {
  ENDPOINTS,
  dataSnapshot,
  injectCall,
  newAdminSession,
  newUserSession,
  type Actor,
  type Endpoint,
  type EndpointContext,
  type Session,
} from './endpoints.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const params = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };
// Each run is a handful of injected requests: the budget grows with the number of runs.
const TIMEOUT = 60_000 + RUNS * 1_500;

let t: TestApp;
let ctx: EndpointContext;
const sessions = {} as Record<Exclude<Actor, 'anonymous' | 'otherUser'>, Session>;
let image: Buffer;

beforeAll(async () => {
  // The webhook rows' endpoint is a closed loopback port (endpoints.ts NOWHERE_WEBHOOK_URL).
  t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  sessions.user = await newUserSession(t);
  sessions.admin = await newAdminSession(t);
  ctx = { t, productId: await insertTestProduct(t.db), owner: sessions.user };
  image = await makeImage('png', 12, 12, 4321);
});
afterAll(() => t.close());

const callers = fc.constantFrom<('anonymous' | 'user' | 'admin')[]>('anonymous', 'user', 'admin');
/** The caller's session; calls that end or change it (logout, password) get a new account each time. */
async function callerFor(endpoint: Endpoint, actor: 'anonymous' | 'user' | 'admin'): Promise<Session | null> {
  if (actor === 'anonymous') return null;
  if (!endpoint.fresh) return sessions[actor];
  return actor === 'admin' ? newAdminSession(t) : newUserSession(t);
}
/** Endpoints drawn by name, so a counterexample reads "POST /api/v1/quote/add", not a whole object. */
const byName = new Map(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e]));
const pick = (list: readonly Endpoint[]) => fc.constantFrom(...list.map((e) => `${e.method} ${e.path}`));
const endpointNamed = (name: string): Endpoint => byName.get(name)!;
const endpoints = pick(ENDPOINTS);
const withBody = ENDPOINTS.filter((e) => e.body !== 'none');
/** Fields a client should not be able to set, and other usual suspects. */
const SUSPECT_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'role',
  '_id',
  'quotedByEmail',
  'createdAt',
  'user_id',
  'productId',
  'email',
  'password',
];
const fieldNames = fc.oneof(fc.constantFrom(...SUSPECT_KEYS), fc.string({ maxLength: 12 }));
const jsonValues = fc.jsonValue({ maxDepth: 3 });

const uploadsList = async () =>
  [
    ...(await fs.readdir(t.config.uploadsDir).catch(() => [] as string[])),
    ...(await fs.readdir(t.config.documentsDir).catch(() => [] as string[])).map((f) => `documents/${f}`),
  ].sort();
async function state() {
  return { data: await dataSnapshot(t), files: await uploadsList() };
}

/** What every answer must be: no 5xx, and failures in the `{ success: false, message }` shape. */
function expectSound(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json<{ success: unknown; message: unknown }>();
    expect(body.success, what).toBe(false);
    expect(typeof body.message, what).toBe('string');
  }
}

const inject = (method: Endpoint['method'], url: string, payload: string | Buffer | undefined, headers: Record<string, string>) =>
  injectCall(t, { method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe('fuzzing every endpoint', () => {
  const bodies = fc.oneof(
    { arbitrary: jsonValues, weight: 1 },
    { arbitrary: fc.dictionary(fieldNames, jsonValues, { maxKeys: 8 }), weight: 1 },
    // A number picks a field of the valid body itself, so mutations hit the fields that matter.
    {
      arbitrary: fc.record({ set: fc.tuple(fc.oneof(fc.nat(), fieldNames), jsonValues), drop: fc.option(fc.oneof(fc.nat(), fieldNames)) }),
      weight: 4,
    },
  );

  // One property per endpoint, mostly as a caller allowed to use it, so validation is reached.
  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))(
    'JSON bodies to %s: random values and mutations of a valid body; what the schema refuses is refused and changes nothing',
    async (_name, endpoint) => {
      const allowed = (['user', 'admin'] as const).filter((a) => endpoint.expect[a] === 200);
      const actors = fc.oneof({ arbitrary: fc.constantFrom(...allowed), weight: 4 }, { arbitrary: callers, weight: 1 });
      await fc.assert(
        fc.asyncProperty(actors, bodies, async (actor, spec) => {
          const request = await endpoint.prepare(ctx, await callerFor(endpoint, actor), actor);
          let body: unknown = spec;
          if (spec && typeof spec === 'object' && 'set' in spec && Array.isArray(spec.set)) {
            // A mutation of the valid body: one field replaced or added, one maybe removed.
            const valid =
              request.payload && typeof request.payload === 'object' && !Buffer.isBuffer(request.payload) ? request.payload : {};
            const mutated: Record<string, unknown> = { ...valid };
            const keys = Object.keys(valid);
            const key = (k: unknown) => (typeof k === 'number' ? (keys.length > 0 ? keys[k % keys.length]! : String(k)) : String(k));
            Object.defineProperty(mutated, key(spec.set[0]), { value: spec.set[1], enumerable: true, configurable: true, writable: true });
            if (spec.drop !== null && spec.drop !== undefined) delete mutated[key(spec.drop)];
            body = mutated;
          }
          const before = await state();
          // Multipart endpoints also read JSON bodies (text fields only), so every endpoint gets JSON.
          const res = await inject(endpoint.method, request.url, JSON.stringify(body), {
            ...(request.headers ?? {}),
            'content-type': 'application/json',
          });
          const what = `${endpoint.method} ${endpoint.path} as ${actor} with ${JSON.stringify(body).slice(0, 200)}`;
          expectSound(res, what);
          if (endpoint.schema) {
            const accepted = endpoint.schema.safeParse(body ?? {}).success;
            // The server never accepts what the shared schema refuses...
            if (!accepted) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
            // ...and a refused request leaves nothing behind.
            if (res.statusCode >= 400) expect(await state(), what).toEqual(before);
          } else if (endpoint.body === 'multipart' && res.statusCode >= 400) {
            expect(await state(), what).toEqual(before);
          }
        }),
        { ...params, numRuns: endpoint.body === 'json' ? RUNS : Math.ceil(RUNS / 4) },
      );
    },
    TIMEOUT,
  );

  it(
    'malformed bodies under any content type: a 4xx and no change',
    async () => {
      const raw = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
        fc.constantFrom(
          '{',
          '{"email": "a@b.co",',
          '[1,2',
          '{"a":1}}',
          'nul',
          '1e999999',
          '"\\ud800"',
          '\u0000',
          '{"__proto__": {"role": "ADMIN", "polluted": true}}',
          '{"constructor": {"prototype": {"polluted": true}}}',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
          '--x\r\nContent-Disposition: form-data; name="galleryImages"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
        ),
      );
      const contentTypes = fc.oneof(
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'multipart/form-data; boundary=',
          'multipart/mixed; boundary=x',
          'application/octet-stream',
          'image/png',
          '*/*',
          ';;;',
        ),
        fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
      );
      await fc.assert(
        fc.asyncProperty(pick(withBody), callers, raw, contentTypes, async (name, actor, payload, type) => {
          const endpoint = endpointNamed(name);
          const request = await endpoint.prepare(ctx, await callerFor(endpoint, actor), actor);
          const before = await state();
          const res = await inject(endpoint.method, request.url, payload, { ...(request.headers ?? {}), 'content-type': type });
          const what = `${endpoint.method} ${endpoint.path} as ${actor}, ${JSON.stringify(type)}: ${JSON.stringify(String(payload)).slice(0, 200)}`;
          expectSound(res, what);
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(await state(), what).toEqual(before);
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'query strings and path parameters: never a 5xx; a bad id is a 4xx that changes nothing',
    async () => {
      const queries = fc.oneof(
        fc
          .dictionary(fc.constantFrom('page', 'limit', 'id', '_id', 'role', '__proto__', 'a[b]', 'x'), fc.string({ maxLength: 20 }), {
            maxKeys: 4,
          })
          .map((d) => new URLSearchParams(d).toString()),
        fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[#\s]/g, '')),
        fc.constantFrom(
          '%',
          '%E0%A4%A',
          'page=-1',
          'page=1e309',
          'limit=0',
          'limit=101',
          'page=1&page=2',
          'a=%00',
          '__proto__[role]=ADMIN',
        ),
      );
      const ids = fc.oneof(
        fc.string({ maxLength: 40 }).map(encodeURIComponent),
        fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map(encodeURIComponent),
        fc.constantFrom(
          '..',
          '..%2F..%2Fagro.sqlite',
          '%2e%2e',
          'null',
          'undefined',
          '0',
          'aaaaaaaaaaaaaaaaaaaaaaaa',
          'x'.repeat(3000),
          '%00',
          '%',
          '%E0%A4%A',
          '%zz',
        ),
      );
      const parametrised = ENDPOINTS.filter((e) => e.path.includes('{'));
      await fc.assert(
        fc.asyncProperty(endpoints, callers, queries, pick(parametrised), ids, async (name, actor, query, paramName, id) => {
          const endpoint = endpointNamed(name);
          const withParam = endpointNamed(paramName);
          // A valid request with a random query string.
          const request = await endpoint.prepare(ctx, await callerFor(endpoint, actor), actor);
          const payload =
            typeof request.payload === 'object' && !Buffer.isBuffer(request.payload) ? JSON.stringify(request.payload) : request.payload;
          const headers = {
            ...(request.headers ?? {}),
            ...(typeof request.payload === 'object' && !Buffer.isBuffer(request.payload) ? { 'content-type': 'application/json' } : {}),
          };
          const sep = request.url.includes('?') ? '&' : '?';
          expectSound(await inject(endpoint.method, `${request.url}${sep}${query}`, payload, headers), `${endpoint.path}?${query}`);

          // A random path parameter, as an admin so the permission check is passed.
          const base = withParam.path.replace(/\{\w+\}.*$/, '');
          const before = await state();
          const res = await inject(
            withParam.method,
            `${base}${id}`,
            withParam.body === 'json' ? '{"password":"R3set!Passw0rd"}' : undefined,
            {
              cookie: sessions.admin.cookie,
              ...(withParam.body === 'json' ? { 'content-type': 'application/json' } : {}),
            },
          );
          const what = `${withParam.method} ${base}${id.slice(0, 80)}`;
          expectSound(res, what);
          // An empty id can leave the path of another call: the router ignores a trailing slash, so
          // DELETE /user/sessions/ is DELETE /user/sessions (sign out everywhere else), rightly 200.
          const anotherCall = id === '' && ENDPOINTS.some((e) => e.method === withParam.method && `${e.path}/` === base);
          if (withParam.method !== 'GET' && withParam.body !== 'multipart' && !anotherCall) {
            expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
            expect(await state(), what).toEqual(before);
          }
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'headers: junk cookies never log anyone in; junk Host, Origin, forwarding, caching and Idempotency-Key headers never break a request',
    async () => {
      const headerValue = fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((s) => s.replace(/[\r\n]/g, ''));
      const headerSets = fc.record(
        {
          cookie: fc.oneof(
            headerValue,
            headerValue.map((v) => `agro_session=${v}`),
            fc.constantFrom('agro_session=', 'agro_session', 'agro_session=a; agro_session=b', `agro_session=${'A'.repeat(5000)}`, '=;=;;'),
          ),
          host: fc.oneof(headerValue, fc.constantFrom('', '[::1', 'evil.example:99999', 'a'.repeat(300), 'localhost:abc')),
          origin: fc.oneof(headerValue, fc.constantFrom('null', 'http://localhost', 'http://localhost.evil.example', 'file://')),
          'x-forwarded-for': headerValue,
          'x-forwarded-proto': headerValue,
          'x-forwarded-host': headerValue,
          'accept-encoding': fc.oneof(headerValue, fc.constantFrom('br;q=2', 'gzip;q=NaN', '*;q=0', 'identity;q=0')),
          'if-none-match': fc.oneof(headerValue, fc.constantFrom('*', 'W/""', '"a", W/"b"')),
          accept: headerValue,
          range: fc.oneof(headerValue, fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=9999999-')),
          'idempotency-key': fc.oneof(headerValue, fc.constantFrom('', ' ', 'k', 'x'.repeat(300), '"quoted"')),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(endpoints, headerSets, async (name, junk) => {
          const endpoint = endpointNamed(name);
          const request = await endpoint.prepare(ctx, null, 'anonymous');
          const json = typeof request.payload === 'object' && !Buffer.isBuffer(request.payload);
          const headers: Record<string, string> = { ...(request.headers ?? {}), ...(json ? { 'content-type': 'application/json' } : {}) };
          for (const [name, value] of Object.entries(junk)) if (value !== undefined) headers[name] = value;
          const res = await inject(
            endpoint.method,
            request.url,
            json ? JSON.stringify(request.payload) : (request.payload as Buffer | undefined),
            headers,
          );
          const what = `${endpoint.method} ${endpoint.path} with ${JSON.stringify(junk).slice(0, 300)}`;
          expectSound(res, what);
          // Whatever the cookie says, an anonymous caller stays anonymous.
          if (endpoint.expect.anonymous === 401) expect([401, 403], what).toContain(res.statusCode);
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'multipart: random parts, files and framing; refused uploads leave no row and no file',
    async () => {
      const fileFields = ['galleryImages', 'productThumbnail', 'productImages', 'document'];
      const textFields = [
        '_id',
        'productName',
        'productType',
        'productQuantityType',
        'productForm',
        'productDescription',
        'productShelfLife',
        'keyFeatures',
        'applications',
        'nutrientContent',
        'isOrganic',
        'isPremium',
        'type',
      ];
      const part = fc.oneof(
        fc.record({
          kind: fc.constant('field' as const),
          name: fc.oneof(
            fc.constantFrom(...textFields, '__proto__', 'keyFeatures[]'),
            fc.string({ unit: 'grapheme-ascii', maxLength: 10 }),
          ),
          value: fc.string({ maxLength: 60 }),
        }),
        fc.record({
          kind: fc.constant('file' as const),
          name: fc.oneof(fc.constantFrom(...fileFields), fc.string({ unit: 'grapheme-ascii', maxLength: 10 })),
          filename: fc.oneof(fc.constantFrom('a.png', '', 'x.svg', '.png', 'image'), fc.string({ unit: 'grapheme-ascii', maxLength: 20 })),
          type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
          data: fc.oneof(
            fc.uint8Array({ maxLength: 200 }).map((a) => ({ real: false, bytes: Buffer.from(a) })),
            fc.constant(null).map(() => ({ real: true, bytes: image })),
            fc.nat({ max: 80 }).map((n) => ({ real: false, bytes: image.subarray(0, n) })),
          ),
        }),
      );
      const framings = fc.constantFrom('ok', 'truncated', 'wrong-boundary', 'no-final-boundary');
      const targets = ENDPOINTS.filter((e) => e.body === 'multipart');
      await fc.assert(
        fc.asyncProperty(pick(targets), fc.array(part, { maxLength: 6 }), framings, fc.nat(), async (name, parts, framing, cut) => {
          const endpoint = endpointNamed(name);
          const request = await endpoint.prepare(ctx, sessions.admin, 'admin');
          const boundary = 'fuzzB0undary';
          const chunks: Buffer[] = [];
          for (const p of parts) {
            const safe = (s: string) => s.replace(/["\r\n\\]/g, '_');
            let head = `--${boundary}\r\nContent-Disposition: form-data; name="${safe(p.name)}"`;
            if (p.kind === 'file') head += `; filename="${safe(p.filename)}"${p.type ? `\r\nContent-Type: ${p.type}` : ''}`;
            chunks.push(
              Buffer.from(`${head}\r\n\r\n`, 'utf8'),
              p.kind === 'file' ? p.data.bytes : Buffer.from(p.value),
              Buffer.from('\r\n'),
            );
          }
          if (framing !== 'no-final-boundary') chunks.push(Buffer.from(`--${boundary}--\r\n`));
          let payload = Buffer.concat(chunks);
          if (framing === 'truncated') payload = payload.subarray(0, payload.length === 0 ? 0 : cut % payload.length);
          const type = `multipart/form-data; boundary=${framing === 'wrong-boundary' ? 'other' : boundary}`;
          const before = await state();
          const res = await inject(endpoint.method, request.url, payload, { cookie: sessions.admin.cookie, 'content-type': type });
          const what = `${endpoint.method} ${endpoint.path} ${framing} ${JSON.stringify(parts.map((p) => (p.kind === 'file' ? [p.name, p.filename, p.data.real, p.data.bytes.length] : [p.name, p.value])))}`;
          expectSound(res, what);
          if (res.statusCode >= 400) expect(await state(), what).toEqual(before);
          // Random text never carries the product's own _id, so an update cannot succeed; an
          // upload succeeds only when a real image was sent in an image field.
          if (endpoint.api === 'updateProduct') expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          else if (res.statusCode < 300) {
            expect(
              parts.some((p) => p.kind === 'file' && p.data.real && fileFields.includes(p.name)),
              what,
            ).toBe(true);
          }
        }),
        { ...params, numRuns: Math.max(10, Math.round(RUNS / 2)) },
      );
    },
    TIMEOUT,
  );

  it('router errors (malformed percent-encoding, over-long path parameters) answer in the API shape', async () => {
    for (const [method, url, status] of [
      ['GET', '/api/v1/product/%E0%A4%A', 400],
      ['DELETE', '/api/v1/quote/delete/%zz', 400],
      ['GET', `/api/v1/product/${'x'.repeat(3000)}`, 414],
      ['PATCH', `/api/v1/user/reset-password/${'x'.repeat(3000)}`, 414],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: sessions.admin.cookie } });
      expect(res.statusCode, url.slice(0, 60)).toBe(status);
      expect(res.json()).toEqual({ success: false, message: SERVER_ERRORS.badRequest });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('afterwards: nothing polluted Object.prototype and the app still answers', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).filter((n) => /polluted|role/.test(n))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie: sessions.user.cookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the snapshot every "changes nothing" rests on', () => {
  it('sees a row added, changed or deleted, and not an update to the same values or a rolled-back write', async () => {
    const product = (name: string) => t.db.updateTable('products').set({ product_name: name }).where('id', '=', ctx.productId);
    const start = await dataSnapshot(t);
    await product('Fuzzed Jaggery').execute();
    const renamed = await dataSnapshot(t);
    expect(renamed.products).not.toBe(start.products);
    expect({ ...renamed, products: start.products }).toEqual(start);

    await product('Fuzzed Jaggery').execute();
    await t.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('products').set({ product_name: 'Undone' }).where('id', '=', ctx.productId).execute();
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(await dataSnapshot(t)).toEqual(renamed);

    await newUserSession(t);
    const registered = await dataSnapshot(t);
    expect(registered.users).not.toBe(renamed.users);
    await t.db.deleteFrom('users').where('email', '=', 'nobody@example.com').execute();
    expect(await dataSnapshot(t)).toEqual(registered);
    await t.db
      .deleteFrom('users')
      .where('id', '=', (await newUserSession(t)).id)
      .execute();
    expect((await dataSnapshot(t)).users).not.toBe(registered.users);
  });
});
