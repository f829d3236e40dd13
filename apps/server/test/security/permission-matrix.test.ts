/**
 * SPEC.md section 6 enforced by the server: every endpoint of section 7 x every actor, generated
 * from the one table in ./endpoints.ts. A refused call must change nothing; an allowed one must
 * act on the caller's own data only. Then mass assignment: fields the server owns are never
 * taken from a body.
 */
import fs from 'node:fs/promises';
import { API, SERVER_ERRORS, type PublicUser, type Quote } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct } from '../fixtures.js';
import { solveFor } from '../altcha-solver.js';
import { buildTestApp, newUserBody, type TestApp } from '../helper.js';
import { multipart, file } from '../images-fixtures.js';
import {
  ACTORS,
  ENDPOINTS,
  PRODUCT_TEXT_FIELDS,
  contactBody,
  dataSnapshot,
  freshImage,
  injectCall,
  newAdminSession,
  newUserSession,
  quoteBody,
  type Actor,
  type EndpointContext,
  type Session,
  ALL_API,
} from './endpoints.js';

let t: TestApp;
let ctx: EndpointContext;
const shared = {} as Record<Exclude<Actor, 'anonymous'>, Session>;

beforeAll(async () => {
  // With the proof of work of the public forms: its refusals are this table's answers too.
  t = await buildTestApp({ ALTCHA_ENABLED: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true' });
  shared.user = await newUserSession(t);
  shared.otherUser = await newUserSession(t);
  shared.admin = await newAdminSession(t);
  ctx = { t, productId: await insertTestProduct(t.db), owner: shared.user };
});
afterAll(() => t.close());

const uploads = async () =>
  [
    ...(await fs.readdir(t.config.uploadsDir).catch(() => [] as string[])),
    ...(await fs.readdir(t.config.documentsDir).catch(() => [] as string[])).map((f) => `documents/${f}`),
  ].sort();

describe('the table covers the whole API', () => {
  it('has one row per path of SPEC.md section 7, with the path as written there', () => {
    expect(ENDPOINTS.map((e) => e.api).sort()).toEqual(Object.keys(ALL_API).sort());
    for (const endpoint of ENDPOINTS) {
      const make: string | ((...params: string[]) => string) = ALL_API[endpoint.api];
      const params = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => `{${m[1]}}`);
      const actual = typeof make === 'function' ? decodeURIComponent(make(...params)) : make;
      expect(actual, endpoint.api).toBe(endpoint.path);
    }
  });
});

describe('permission matrix (SPEC.md section 6)', () => {
  const cells = ENDPOINTS.flatMap((endpoint) => ACTORS.map((actor) => ({ endpoint, actor, status: endpoint.expect[actor] })));

  it.each(cells.map((c) => [`${c.endpoint.method} ${c.endpoint.path}`, c.actor, c.status, c] as const))(
    '%s as %s -> %i',
    async (_name, actor, status, { endpoint }) => {
      let caller: Session | null = null;
      let cellCtx = ctx;
      if (actor !== 'anonymous') {
        if (endpoint.fresh) {
          caller = actor === 'admin' ? await newAdminSession(t) : await newUserSession(t);
          cellCtx = { ...ctx, owner: actor === 'user' ? caller : shared.user };
        } else {
          caller = shared[actor];
        }
      }
      const request = await endpoint.prepare(cellCtx, caller, actor);
      const before = { data: await dataSnapshot(t), files: await uploads() };

      const res = await injectCall(t, {
        method: endpoint.method,
        url: request.url,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
        headers: request.headers ?? {},
      });

      expect(res.statusCode, res.body).toBe(status);
      if (status === 200) {
        if ((endpoint.response ?? 'json') === 'json') expect(res.json()).toMatchObject({ success: true });
        await request.check?.(res);
      } else {
        expect(res.json()).toEqual({
          success: false,
          message: status === 401 ? SERVER_ERRORS.notLoggedIn : status === 404 ? endpoint.notFound : SERVER_ERRORS.forbidden,
        });
        // A refused call leaves every row and every file as it was.
        expect(await dataSnapshot(t)).toEqual(before.data);
        expect(await uploads()).toEqual(before.files);
      }
    },
  );
});

describe("the same matrix with an Idempotency-Key (issue 25): a key changes nobody's rights", () => {
  // The calls that create or decide something take a key (plugins/idempotency.ts).
  const TAKES_KEY = new Set([
    'register',
    'addQuote',
    'addContact',
    'quoteOffer',
    'quoteReject',
    'quoteAccept',
    'quoteDecline',
    'addProduct',
    'addImages',
    'orderMilestone',
    'orderDelivered',
    'addOrderDocument',
    'addQuoteMessage',
    'addContactMessage',
    'addOrderMessage',
    'hideMessage',
    'quoteRequestChanges',
    'postHeldReply',
    'dropHeldReply',
  ]);
  const cells = ENDPOINTS.filter((e) => TAKES_KEY.has(e.api)).flatMap((endpoint) =>
    ACTORS.map((actor) => ({ endpoint, actor, status: endpoint.expect[actor] })),
  );

  it('covers every call that takes a key', () => {
    expect(new Set(cells.map((c) => c.endpoint.api))).toEqual(TAKES_KEY);
  });

  it.each(cells.map((c) => [`${c.endpoint.method} ${c.endpoint.path}`, c.actor, c.status, c] as const))(
    '%s as %s -> %i, and the same again when sent twice with one key',
    async (_name, actor, status, { endpoint }) => {
      const caller = actor === 'anonymous' ? null : actor === 'admin' ? await newAdminSession(t) : await newUserSession(t);
      const cellCtx = actor === 'user' && caller ? { ...ctx, owner: caller } : ctx;
      const request = await endpoint.prepare(cellCtx, caller, actor);
      const send = () =>
        t.app.inject({
          method: endpoint.method,
          url: request.url,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
          headers: { ...request.headers, 'idempotency-key': `matrix-${endpoint.api}-${actor}` },
        });
      const first = await send();
      expect(first.statusCode, first.body).toBe(status);
      const before = { data: await dataSnapshot(t), files: await uploads() };
      const again = await send();
      expect(again.statusCode, again.body).toBe(status);
      expect(again.body).toBe(first.body);
      // Allowed: the first answer replayed; refused: refused again, never from a replay.
      expect(again.headers['idempotent-replayed']).toBe(status === 200 ? 'true' : undefined);
      expect(await dataSnapshot(t)).toEqual(before.data);
      expect(await uploads()).toEqual(before.files);
    },
  );
});

describe('mass assignment: fields the server owns are ignored in bodies', () => {
  const forged = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', createdAt: '2000-01-01T00:00:00.000Z', updatedAt: '2000-01-01T00:00:00.000Z' };

  it('register: role, _id, createdAt', async () => {
    const body = { ...newUserBody(), ...forged, role: 'ADMIN', user_id: forged._id, passwordHash: 'x' };
    const altcha = await solveFor('register', async (p) => (await t.app.inject({ method: 'GET', url: p })).json());
    const res = await t.app.inject({ method: 'POST', url: API.register, payload: { ...body, altcha } });
    expect(res.statusCode).toBe(200);
    const user = res.json<{ user: PublicUser }>().user;
    expect(user.role).toBe('USER');
    expect(user._id).not.toBe(forged._id);
    expect(user.createdAt).not.toBe(forged.createdAt);
    const row = await t.db.selectFrom('users').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'USER', id: user._id });
    expect(row.created_at).not.toBe(forged.createdAt);
    const cookie = await t.login(body.email, body.password);
    expect((await t.app.inject({ method: 'GET', url: API.allQuotes, headers: { cookie } })).statusCode).toBe(403);
  });

  it('profile update: role, _id, createdAt', async () => {
    const me = await newUserSession(t);
    const before = await t.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: API.updateProfile,
      headers: { cookie: me.cookie },
      payload: { fullName: 'Promoted Buyer', email: me.email, phoneNumber: '+91-9999999999', role: 'ADMIN', ...forged },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ id: before.id, role: 'USER', created_at: before.created_at, full_name: 'Promoted Buyer' });
    expect(await t.db.selectFrom('users').select('id').where('id', '=', forged._id).execute()).toEqual([]);
  });

  it('quote: quotedByEmail, _id, createdAt, user_id', async () => {
    const victim = shared.otherUser;
    const res = await t.app.inject({
      method: 'POST',
      url: API.addQuote,
      headers: { cookie: shared.user.cookie },
      payload: quoteBody(ctx.productId, { ...forged, quotedByEmail: victim.email, user_id: victim.id, userId: victim.id }),
    });
    expect(res.statusCode).toBe(200);
    const quote = res.json<{ quote: Quote }>().quote;
    expect(quote.quotedByEmail).toBe(shared.user.email);
    expect(quote._id).not.toBe(forged._id);
    expect(quote.createdAt).not.toBe(forged.createdAt);
    const row = await t.db.selectFrom('quotes').selectAll().where('id', '=', quote._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: shared.user.id, quoted_by_email: shared.user.email });
    // The victim's list does not gain a quote they never sent.
    const theirs = await t.app.inject({ method: 'GET', url: API.userQuotes, headers: { cookie: victim.cookie } });
    expect(theirs.json<{ quotes: Quote[] }>().quotes.map((q) => q._id)).not.toContain(quote._id);
  });

  it('contact: _id, createdAt, user_id, productName', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.addContact,
      headers: { cookie: shared.user.cookie },
      payload: contactBody(ctx.productId, { ...forged, user_id: shared.otherUser.id, productName: 'Forged Name' }),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ contact: { _id: string } }>().contact._id;
    expect(id).not.toBe(forged._id);
    const row = await t.db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(shared.user.id);
    expect(row.created_at).not.toBe(forged.createdAt);
    // The catalogue's name, not the client's.
    expect(row.product_name).toBe('Natural Jaggery Blocks');
  });

  it('product add: _id, createdAt', async () => {
    const form = await multipart([
      ...PRODUCT_TEXT_FIELDS,
      ['_id', forged._id],
      ['createdAt', forged.createdAt],
      ['productThumbnail', file(await freshImage())],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: API.addProduct,
      payload: form.payload,
      headers: { ...form.headers, cookie: shared.admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ product: { _id: string } }>().product._id;
    expect(id).not.toBe(forged._id);
    const row = await t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.created_at).not.toBe(forged.createdAt);
  });
});
