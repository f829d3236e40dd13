/**
 * THE table of the API (SPEC.md section 7) and who may call it (SPEC.md section 6). The
 * permission matrix is generated from it, and the fuzzing tests take every endpoint from it,
 * so an endpoint added to `API` without a row here fails the matrix's completeness check.
 *
 * Actors: anonymous, `user` (a USER who owns the quote a row works on), `otherUser` (a second
 * USER who owns nothing of it) and `admin`.
 */
import { randomBytes } from 'node:crypto';
import {
  API,
  type AltchaForm,
  changePasswordSchema,
  contactSchema,
  decisionSchema,
  deleteAccountSchema,
  addPasskeySchema,
  passkeyAssertionSchema,
  passkeyNameSchema,
  deliveredSchema,
  forgotPasswordSchema,
  milestoneSchema,
  inquiryUpdateSchema,
  handlingSchema,
  orderHandlingSchema,
  offerSchema,
  loginSchema,
  quoteSchema,
  quoteListSchema,
  withFirstLineFields,
  withFirstLinePrice,
  registerSchema,
  rejectSchema,
  resetPasswordSchema,
  settingsPatchSchema,
  productTranslationsSchema,
  acceptInviteSchema,
  inviteSchema,
  codeSchema,
  messageInputSchema,
  requestChangesSchema,
  THREAD_KINDS,
  THREAD_TEXT,
  type ThreadKind,
  userLanguageSchema,
  updateProfileSchema,
  webhookInputSchema,
  type Inquiry,
  type Order,
  type Quote,
  ACCOUNT_API,
  PAGES_API,
  ownerPageSaveSchema,
  SAMPLE_API,
  sampleAddSchema,
  sampleDeclineSchema,
  sampleDispatchSchema,
  sampleFeedbackSchema,
  type Sample,
  type SampleStatus,
} from '@agro/shared';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { z } from 'zod';
import { newId } from '../../src/db/ids.js';
import { nowIso } from '../../src/db/mappers.js';
import { hashToken, newToken } from '../../src/lib/tokens.js';
import { decideQuote, sendOffer } from '../../src/modules/quote/service.js';
import { recordMilestone } from '../../src/modules/order/service.js';
import { insertSession } from '../../src/modules/user/session-repository.js';
import { solveFor } from '../altcha-solver.js';
import { softPasskey } from '../passkey-authenticator.js';
import { insertTestProduct, offerBody, quoteBody, sampleBody } from '../fixtures.js';
import { PASSWORD, newUserBody, type TestApp } from '../helper.js';
import { file, makeImage, multipart } from '../images-fixtures.js';
export { quoteBody };

/** Every path the API names: SPEC.md's and the later ones (API), the account's own (ACCOUNT_API), the samples' (SAMPLE_API) and the owner's pages' (PAGES_API). */
export const ALL_API = { ...API, ...ACCOUNT_API, ...SAMPLE_API, ...PAGES_API };

export const ACTORS = ['anonymous', 'user', 'otherUser', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

export interface Session {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One concrete request; `payload` objects are sent as JSON. */
export interface Prepared {
  url: string;
  payload?: Record<string, unknown> | Buffer | string;
  headers?: Record<string, string>;
  /** More checks on the answer of an allowed call (e.g. whose quotes it lists). */
  check?: (res: LightMyRequestResponse) => void | Promise<void>;
}

export interface EndpointContext {
  t: TestApp;
  /** A product that is never deleted (quotes and inquiries point at it). */
  productId: string;
  /** The USER who owns the quotes the quote rows work on (the `user` actor when not fresh). */
  owner: Session;
}

export interface Endpoint {
  /** Key of the path in `API` (shared), so the table can be checked for completeness. */
  api: keyof typeof ALL_API;
  method: Method;
  /** The path as SPEC.md writes it. */
  path: string;
  body: 'none' | 'json' | 'multipart';
  /** Status per actor for a request that is otherwise valid (SPEC.md section 6). */
  expect: Record<Actor, number>;
  /** The call ends or changes the caller's session or account: use new accounts for each call. */
  fresh?: boolean;
  /**
   * What an allowed call answers: JSON (`{ success: true, ... }`) unless said otherwise; `events`: a stream of Server-Sent Events;
   * `download`: a file to save (the data export's JSON, without `success`).
   */
  response?: 'json' | 'pdf' | 'csv' | 'events' | 'download';
  /** The message of the 404 that refuses someone who may not see the thing (the threads: issue 40). */
  notFound?: string;
  /** Shared schema of a JSON body: a body it refuses must never be accepted. */
  schema?: z.ZodType;
  /** A state change authorised by a token in the request, sent from elsewhere by design (RFC 8058): any Origin is accepted. */
  anyOrigin?: boolean;
  /** A valid request for `caller` (null = anonymous), making whatever rows it needs. */
  prepare(ctx: EndpointContext, caller: Session | null, actor: Actor): Promise<Prepared>;
}

/** A solved proof of work for `form` from `t`'s server (ignored where the app runs without it). */
async function proofOfWork(t: TestApp, form: AltchaForm): Promise<string> {
  return solveFor(form, async (path) => (await t.app.inject({ method: 'GET', url: path })).json());
}

const PUBLIC: Record<Actor, number> = { anonymous: 200, user: 200, otherUser: 200, admin: 200 };
const LOGGED_IN: Record<Actor, number> = { anonymous: 401, user: 200, otherUser: 200, admin: 200 };
const USER_ONLY: Record<Actor, number> = { anonymous: 401, user: 200, otherUser: 200, admin: 403 };
const ADMIN_ONLY: Record<Actor, number> = { anonymous: 401, user: 403, otherUser: 403, admin: 200 };
/** The quote's owner (a USER) or any ADMIN: another USER is refused. */
const OWNER_OR_ADMIN: Record<Actor, number> = { anonymous: 401, user: 200, otherUser: 403, admin: 200 };
/** Only the USER who owns the quote (the buyer's decision). */
const OWNER_ONLY: Record<Actor, number> = { anonymous: 401, user: 200, otherUser: 403, admin: 403 };

/** A quote owned by `owner` with a current offer (written as an admin would, without an HTTP call). */
async function addOfferedQuote(ctx: EndpointContext, owner: Session): Promise<Quote> {
  const quote = await addQuote(ctx, owner);
  const admin = await ctx.t.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').executeTakeFirstOrThrow();
  await sendOffer(ctx.t.db, ctx.t.dialect, quote._id, offerSchema.parse(offerBody()), { userId: admin.id });
  return quote;
}

/** The body of a valid sample request for `productId`. */

/** A sample request of `owner` at `status`, written as the buyer and an administrator would leave it (without HTTP calls). */
async function addSampleAt(ctx: EndpointContext, owner: Session, status: SampleStatus): Promise<string> {
  const id = newId();
  const now = nowIso();
  await ctx.t.db
    .insertInto('samples')
    .values({
      id,
      number: `SMP-TEST-${id}`,
      user_id: owner.id,
      status,
      contact_name: 'Matrix Buyer',
      account_email: owner.email,
      company_name: 'Hanse Foods GmbH',
      country: 'Germany',
      address: '4 Quay Street, Hamburg 20457',
      shipping: 'ACCOUNT',
      account_courier: 'DHL',
      account_number: '960111222',
      note: '',
      dispatch_courier: status === 'DISPATCHED' || status === 'DELIVERED' ? 'DHL' : null,
      tracking_number: status === 'DISPATCHED' || status === 'DELIVERED' ? '1234567890' : null,
      dispatched_at: status === 'DISPATCHED' || status === 'DELIVERED' ? now : null,
      delivered_at: status === 'DELIVERED' ? now : null,
      created_at: '2000-01-01T00:00:00.000Z',
      status_changed_at: now,
    })
    .execute();
  await ctx.t.db
    .insertInto('sample_items')
    .values({ sample_id: id, position: 0, product_id: ctx.productId, product_name: 'Matrix product', grams: 100 })
    .execute();
  return id;
}

/** An order of `owner`: a quote offered and accepted (through the services, without HTTP calls). */
async function addOrder(ctx: EndpointContext, owner: Session): Promise<string> {
  const quote = await addOfferedQuote(ctx, owner);
  await decideQuote(ctx.t.db, quote._id, 'ACCEPTED', '', { userId: owner.id });
  return (await ctx.t.db.selectFrom('orders').select('id').where('quote_id', '=', quote._id).executeTakeFirstOrThrow()).id;
}

/** Record the steps of an order (as an administrator would), in order. */
async function recordSteps(ctx: EndpointContext, orderId: string, bodies: Record<string, unknown>[]): Promise<void> {
  const admin = await ctx.t.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').executeTakeFirstOrThrow();
  for (const body of bodies) {
    await recordMilestone(ctx.t.db, { orderId, input: milestoneSchema.parse(body), actor: 'COMPANY' }, { userId: admin.id });
  }
}

/** A small PDF stored as a document of `orderId` (file and row, as an upload leaves them). */
async function addOrderDocumentRow(ctx: EndpointContext, orderId: string): Promise<string> {
  const id = newId();
  const storageName = `${randomBytes(24).toString('hex')}.pdf`;
  await fs.mkdir(ctx.t.config.documentsDir, { recursive: true });
  await fs.writeFile(path.join(ctx.t.config.documentsDir, storageName), '%PDF-1.4\n% matrix\n');
  await ctx.t.db
    .insertInto('order_documents')
    .values({
      id,
      order_id: orderId,
      type: 'BILL_OF_LADING',
      file_name: 'bl.pdf',
      storage_name: storageName,
      content_type: 'application/pdf',
      bytes: 19,
      uploaded_by: null,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

export const UP_TO_DOCUMENTS_SENT: Record<string, unknown>[] = [
  { step: 'ADVANCE_RECEIVED', amount: '100.00' },
  { step: 'IN_PRODUCTION' },
  { step: 'QUALITY_CHECKED' },
  { step: 'PACKED', containerNumber: 'MSCU1234567', sealNumber: 'S1' },
  { step: 'SHIPPED', vessel: 'MSC Aurora', voyage: 'AU1', billOfLading: 'MEDU1', etd: '2026-01-01', eta: '2026-01-20' },
  { step: 'DOCUMENTS_SENT', courier: 'DHL', courierTracking: '123' },
];

export function contactBody(productId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: 'Maria Lopez',
    email: 'maria@globalfoods.example',
    companyName: 'Global Foods Ltd',
    country: 'Spain',
    productId,
    estimatedQuantity: 500,
    description: 'Please send prices for 500 kg.',
    productName: 'Natural Jaggery Blocks',
    ...overrides,
  };
}

export const PRODUCT_TEXT_FIELDS: readonly (readonly [string, string])[] = [
  ['productName', 'Matrix Test Product'],
  ['productType', 'NONAGRO'],
  ['productQuantityType', 'NOS'],
  ['productForm', 'Box'],
  ['productDescription', 'A product made by the permission matrix.'],
  ['productShelfLife', '6'],
  ['keyFeatures', 'Strong'],
  ['applications', 'Storage'],
];

let imageSeed = 10_000;
/** A small valid PNG, different each call (so each upload stores a new file). */
export const freshImage = (): Promise<Buffer> => makeImage('png', 24, 24, ++imageSeed);

/** A quote owned by `owner`, made through the API. */
/** The honeypot filled in: the request is stored but held as spam. */
const HELD_AS_SPAM = { website: 'https://bot.example' };

export async function addQuote(ctx: EndpointContext, owner: Session, spam = false): Promise<Quote> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: API.addQuote,
    payload: quoteBody(ctx.productId, { additionalInfo: `owned by ${owner.email}`, ...(spam ? HELD_AS_SPAM : {}) }),
    headers: { cookie: owner.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`quote fixture failed ${res.statusCode}: ${res.body}`);
  return res.json<{ quote: Quote }>().quote;
}

/** An inquiry sent by `owner` through the API. */
export async function addInquiry(ctx: EndpointContext, owner: Session, spam = false): Promise<string> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: API.addContact,
    payload: contactBody(ctx.productId, spam ? HELD_AS_SPAM : {}),
    headers: { cookie: owner.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`inquiry fixture failed ${res.statusCode}: ${res.body}`);
  return res.json<{ contact: { _id: string } }>().contact._id;
}

/** A gallery entry (row only: the permission check comes before any file work). */
async function addGalleryEntry(ctx: EndpointContext): Promise<string> {
  const imageId = randomBytes(16).toString('hex');
  const id = newId();
  await ctx.t.db
    .insertInto('images')
    .values({ id: imageId, file_name: `${imageId}.webp`, width: 10, height: 10, bytes: 100, variants: '[]', created_at: nowIso() })
    .execute();
  await ctx.t.db.insertInto('gallery_images').values({ id, image_id: imageId, created_at: nowIso() }).execute();
  return id;
}

const cookieOf = (caller: Session | null): Record<string, string> => (caller ? { cookie: caller.cookie } : {});

/** The thread's buyer or any ADMIN; another USER gets 404, never a hint that the thread exists (issue 40). */
const THREAD_MEMBERS: Record<Actor, number> = { anonymous: 401, user: 200, otherUser: 404, admin: 200 };

/** A thread of `owner`'s: a quote, an inquiry or an order (through the API and the services). */
async function addThread(ctx: EndpointContext, kind: ThreadKind): Promise<string> {
  if (kind === 'quote') return (await addQuote(ctx, ctx.owner))._id;
  if (kind === 'contact') return addInquiry(ctx, ctx.owner);
  if (kind === 'sample') return addSampleAt(ctx, ctx.owner, 'REQUESTED');
  return addOrder(ctx, ctx.owner);
}

/** A buyer's message in a thread, written as a post would leave it (no HTTP call); its id. */
async function addMessageRow(ctx: EndpointContext, kind: ThreadKind, threadId: string): Promise<string> {
  const id = newId();
  await ctx.t.db
    .insertInto('messages')
    .values({
      id,
      thread_kind: kind,
      thread_id: threadId,
      author: 'BUYER',
      user_id: ctx.owner.id,
      author_name: 'Test Buyer',
      body: 'Can you pack in 10 kg cartons?',
      proposal: null,
      created_at: nowIso(),
      read_at: null,
      hidden_at: null,
      hidden_by: null,
      digest_id: null,
    })
    .execute();
  return id;
}

/** The token of a reminder's one-click unsubscribe link, issued to the owner (as a reminder mail would). */
async function addUnsubscribeToken(ctx: EndpointContext): Promise<string> {
  const token = newToken();
  await ctx.t.db
    .insertInto('unsubscribe_tokens')
    .values({ token_hash: hashToken(token), user_id: ctx.owner.id, created_at: nowIso() })
    .execute();
  return token;
}

/** A reply by mail held for an administrator (from someone else than the owner the token was sent to); its id. */
async function addHeldReplyRow(ctx: EndpointContext, attachments: unknown[] = []): Promise<string> {
  const quote = await addQuote(ctx, ctx.owner);
  const id = newId();
  await ctx.t.db
    .insertInto('held_replies')
    .values({
      id,
      reason: 'SENDER',
      thread_kind: 'quote',
      thread_id: quote._id,
      recipient: 'BUYER',
      user_id: ctx.owner.id,
      from_address: 'someone@else.example',
      from_name: 'Someone Else',
      subject: 'Re: your quote',
      body: '12.00 a kilo?',
      attachments: JSON.stringify(attachments),
      notes: '[]',
      received_at: nowIso(),
      status: 'HELD',
      decided_at: null,
      decided_by: null,
      message_id: null,
    })
    .execute();
  return id;
}

/** A small PDF attached to a new message of `quote`'s thread (file and rows); the attachment's id. */
async function addAttachmentRow(ctx: EndpointContext, quote: Quote): Promise<string> {
  const messageId = await addMessageRow(ctx, 'quote', quote._id);
  const id = newId();
  const storageName = `${randomBytes(24).toString('hex')}.pdf`;
  await fs.mkdir(ctx.t.config.documentsDir, { recursive: true });
  await fs.writeFile(path.join(ctx.t.config.documentsDir, storageName), '%PDF-1.4\n% matrix\n');
  await ctx.t.db
    .insertInto('message_attachments')
    .values({
      id,
      message_id: messageId,
      file_name: 'report.pdf',
      storage_name: storageName,
      content_type: 'application/pdf',
      bytes: 19,
      position: 0,
    })
    .execute();
  return id;
}

const THREAD_PATHS = {
  quote: { list: 'quoteMessages', add: 'addQuoteMessage', events: 'quoteMessageEvents' },
  contact: { list: 'contactMessages', add: 'addContactMessage', events: 'contactMessageEvents' },
  order: { list: 'orderMessages', add: 'addOrderMessage', events: 'orderMessageEvents' },
  sample: { list: 'sampleMessages', add: 'addSampleMessage', events: 'sampleMessageEvents' },
} as const satisfies Record<ThreadKind, { list: keyof typeof API; add: keyof typeof API; events: keyof typeof API }>;

/** Each kind of thread: its list, a post and its live events. */
const THREAD_ROWS: Endpoint[] = THREAD_KINDS.flatMap((kind): Endpoint[] => {
  const names = THREAD_PATHS[kind];
  return [
    {
      api: names.list,
      method: 'GET',
      path: `/api/v1/${kind}/{id}/messages`,
      body: 'none',
      expect: THREAD_MEMBERS,
      notFound: THREAD_TEXT.notFound,
      prepare: async (ctx, caller) => {
        const id = await addThread(ctx, kind);
        const messageId = await addMessageRow(ctx, kind, id);
        return {
          url: API[names.list](id),
          headers: cookieOf(caller),
          check: (res) => expect(res.json<{ messages: Array<{ _id: string }> }>().messages.map((m) => m._id)).toEqual([messageId]),
        };
      },
    },
    {
      api: names.add,
      method: 'POST',
      path: `/api/v1/${kind}/{id}/messages`,
      body: 'json',
      expect: THREAD_MEMBERS,
      notFound: THREAD_TEXT.notFound,
      schema: messageInputSchema,
      prepare: async (ctx, caller) => ({
        url: API[names.add](await addThread(ctx, kind)),
        payload: { text: 'Can you pack in 10 kg cartons?' },
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ item: { text: string } }>().item.text).toBe('Can you pack in 10 kg cartons?'),
      }),
    },
    {
      api: names.events,
      method: 'GET',
      path: `/api/v1/${kind}/{id}/messages/events`,
      body: 'none',
      expect: THREAD_MEMBERS,
      notFound: THREAD_TEXT.notFound,
      response: 'events',
      prepare: async (ctx, caller) => ({
        url: API[names.events](await addThread(ctx, kind)),
        headers: cookieOf(caller),
        check: (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
          expect(res.body).toContain(': ready');
        },
      }),
    },
  ];
});

export const ENDPOINTS: readonly Endpoint[] = [
  {
    api: 'register',
    method: 'POST',
    path: '/api/v1/user/register',
    body: 'json',
    expect: PUBLIC,
    schema: registerSchema,
    prepare: async ({ t }, caller) => ({
      url: API.register,
      payload: { ...newUserBody(), altcha: await proofOfWork(t, 'register') },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'login',
    method: 'POST',
    path: '/api/v1/user/login',
    body: 'json',
    expect: PUBLIC,
    schema: loginSchema,
    prepare: async ({ t }, caller) => {
      const body = newUserBody();
      await t.app.inject({ method: 'POST', url: API.register, payload: { ...body, altcha: await proofOfWork(t, 'register') } });
      return { url: API.login, payload: { email: body.email, password: body.password }, headers: cookieOf(caller) };
    },
  },
  {
    api: 'logout',
    method: 'GET',
    path: '/api/v1/user/logout',
    body: 'none',
    expect: PUBLIC,
    fresh: true,
    prepare: async (_ctx, caller) => ({ url: API.logout, headers: cookieOf(caller) }),
  },
  {
    api: 'profile',
    method: 'GET',
    path: '/api/v1/user/profile',
    body: 'none',
    expect: LOGGED_IN,
    prepare: async (_ctx, caller) => ({
      url: API.profile,
      headers: cookieOf(caller),
      // The profile is the caller's own, whoever else exists.
      check: (res) => expect(res.json<{ user: { _id: string } }>().user._id).toBe(caller!.id),
    }),
  },
  {
    api: 'changePassword',
    method: 'POST',
    path: '/api/v1/user/change-password',
    body: 'json',
    expect: LOGGED_IN,
    fresh: true,
    schema: changePasswordSchema,
    prepare: async (_ctx, caller) => ({
      url: API.changePassword,
      payload: { oldPassword: caller?.password ?? PASSWORD, newPassword: 'N3w!Passw0rd' },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'updateProfile',
    method: 'POST',
    path: '/api/v1/user/update',
    body: 'json',
    expect: LOGGED_IN,
    fresh: true,
    schema: updateProfileSchema,
    prepare: async (_ctx, caller) => ({
      url: API.updateProfile,
      payload: { fullName: 'Renamed Buyer', email: caller?.email ?? 'someone@example.com', phoneNumber: '+91-9999999999' },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'forgotPassword',
    method: 'POST',
    path: '/api/v1/user/forgot-password',
    body: 'json',
    expect: PUBLIC,
    schema: forgotPasswordSchema,
    prepare: async ({ t }, caller) => ({
      url: API.forgotPassword,
      payload: { email: 'nobody@example.com', altcha: await proofOfWork(t, 'forgot-password') },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'resetPassword',
    method: 'PATCH',
    path: '/api/v1/user/reset-password/{token}',
    body: 'json',
    expect: PUBLIC,
    schema: resetPasswordSchema,
    prepare: async ({ t }, caller) => {
      // A user with an outstanding reset token (as the forgot-password mail would carry).
      const body = newUserBody();
      const registered = await t.app.inject({
        method: 'POST',
        url: API.register,
        payload: { ...body, altcha: await proofOfWork(t, 'register') },
      });
      const userId = registered.json<{ user: { _id: string } }>().user._id;
      const token = randomBytes(32).toString('base64url');
      await t.db
        .insertInto('password_resets')
        .values({
          id: newId(),
          user_id: userId,
          token_hash: hashToken(token),
          created_at: nowIso(),
          expires_at: nowIso(Date.now() + 30 * 60_000),
          used_at: null,
        })
        .execute();
      return { url: API.resetPassword(token), payload: { password: 'R3set!Passw0rd' }, headers: cookieOf(caller) };
    },
  },
  {
    api: 'productList',
    method: 'GET',
    path: '/api/v1/product/all',
    body: 'none',
    expect: PUBLIC,
    prepare: async (_ctx, caller) => ({ url: API.productList, headers: cookieOf(caller) }),
  },
  {
    api: 'product',
    method: 'GET',
    path: '/api/v1/product/{id}',
    body: 'none',
    expect: PUBLIC,
    prepare: async (ctx, caller) => ({ url: API.product(ctx.productId), headers: cookieOf(caller) }),
  },
  {
    api: 'deleteProduct',
    method: 'DELETE',
    path: '/api/v1/product/delete/{id}',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async ({ t }, caller) => ({
      url: API.deleteProduct(await insertTestProduct(t.db, { productName: 'To Be Deleted' })),
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'addProduct',
    method: 'POST',
    path: '/api/v1/product/add',
    body: 'multipart',
    expect: ADMIN_ONLY,
    prepare: async (_ctx, caller) => {
      const form = await multipart([...PRODUCT_TEXT_FIELDS, ['productThumbnail', file(await freshImage())]]);
      return { url: API.addProduct, payload: form.payload, headers: { ...form.headers, ...cookieOf(caller) } };
    },
  },
  {
    api: 'updateProduct',
    method: 'PATCH',
    path: '/api/v1/product/update/{_id}',
    body: 'multipart',
    expect: ADMIN_ONLY,
    prepare: async ({ t }, caller) => {
      const id = await insertTestProduct(t.db, { productName: 'To Be Renamed' });
      const form = await multipart([
        ['_id', id],
        ['productName', 'Renamed By Matrix'],
        ['productThumbnail', file(await freshImage())],
      ]);
      return { url: API.updateProduct(id), payload: form.payload, headers: { ...form.headers, ...cookieOf(caller) } };
    },
  },
  {
    api: 'productTranslations',
    method: 'GET',
    path: '/api/v1/product/{id}/translations',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({ url: API.productTranslations(ctx.productId), headers: cookieOf(caller) }),
  },
  {
    api: 'updateProductTranslations',
    method: 'PUT',
    path: '/api/v1/product/{id}/translations',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: productTranslationsSchema,
    prepare: async ({ t }, caller) => ({
      url: API.updateProductTranslations(await insertTestProduct(t.db, { productName: 'To Be Translated' })),
      payload: { translations: { ar: { productName: 'منتج مترجم' } } },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'addContact',
    method: 'POST',
    path: '/api/v1/contact/addNewContact',
    body: 'json',
    expect: USER_ONLY,
    schema: contactSchema,
    prepare: async (ctx, caller) => ({ url: API.addContact, payload: contactBody(ctx.productId), headers: cookieOf(caller) }),
  },
  {
    api: 'addQuote',
    method: 'POST',
    path: '/api/v1/quote/add',
    body: 'json',
    expect: LOGGED_IN,
    // What the server validates: a body with `items` has its product fields filled from the first line first (issue 45).
    schema: z.preprocess(withFirstLineFields, quoteSchema),
    prepare: async (ctx, caller) => ({
      url: API.addQuote,
      payload: quoteBody(ctx.productId),
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ quote: Quote }>().quote.quotedByEmail).toBe(caller!.email),
    }),
  },
  {
    api: 'userQuotes',
    method: 'GET',
    path: '/api/v1/quote/getQuoteByUser',
    body: 'none',
    expect: USER_ONLY,
    prepare: async (ctx, caller, actor) => {
      const owned = await addQuote(ctx, ctx.owner);
      return {
        url: API.userQuotes,
        headers: cookieOf(caller),
        check: (res) => {
          const quotes = res.json<{ quotes: Quote[] }>().quotes;
          // Only the caller's own quotes, whoever else has some.
          expect(
            quotes.every((q) => q.quotedByEmail === caller!.email),
            JSON.stringify(quotes),
          ).toBe(true);
          expect(quotes.some((q) => q._id === owned._id)).toBe(actor === 'user');
        },
      };
    },
  },
  {
    api: 'allQuotes',
    method: 'GET',
    path: '/api/v1/quote/all',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const owned = await addQuote(ctx, ctx.owner);
      return {
        url: API.allQuotes,
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ quotes: Quote[] }>().quotes.map((q) => q._id)).toContain(owned._id),
      };
    },
  },
  {
    api: 'deleteQuote',
    method: 'DELETE',
    path: '/api/v1/quote/delete/{id}',
    body: 'none',
    // Not even the USER who sent it may delete a quote; only an ADMIN.
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({ url: API.deleteQuote((await addQuote(ctx, ctx.owner))._id), headers: cookieOf(caller) }),
  },
  {
    api: 'quote',
    method: 'GET',
    path: '/api/v1/quote/{id}',
    body: 'none',
    expect: OWNER_OR_ADMIN,
    prepare: async (ctx, caller) => {
      const owned = await addOfferedQuote(ctx, ctx.owner);
      return {
        url: API.quote(owned._id),
        headers: cookieOf(caller),
        check: (res) =>
          expect(res.json<{ quote: { _id: string; offers: unknown[] } }>().quote).toMatchObject({ _id: owned._id, status: 'QUOTED' }),
      };
    },
  },
  {
    api: 'quoteOffer',
    method: 'POST',
    path: '/api/v1/quote/{id}/offer',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: z.preprocess(withFirstLinePrice, offerSchema),
    prepare: async (ctx, caller) => ({
      url: API.quoteOffer((await addQuote(ctx, ctx.owner))._id),
      payload: offerBody(),
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'quoteHandling',
    method: 'PATCH',
    path: '/api/v1/quote/{id}/handling',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: handlingSchema,
    prepare: async (ctx, caller) => {
      const quote = await addQuote(ctx, ctx.owner);
      return {
        url: API.quoteHandling(quote._id),
        payload: { assigneeId: null, followUpOn: '2030-01-15' },
        headers: cookieOf(caller),
        check: (res) =>
          expect(res.json<{ item: Quote }>().item).toMatchObject({ _id: quote._id, assignee: null, followUpOn: '2030-01-15' }),
      };
    },
  },
  {
    api: 'quoteReject',
    method: 'POST',
    path: '/api/v1/quote/{id}/reject',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: rejectSchema,
    prepare: async (ctx, caller) => ({
      url: API.quoteReject((await addQuote(ctx, ctx.owner))._id),
      payload: { reason: 'Out of season until March.' },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'quoteNotSpam',
    method: 'POST',
    path: '/api/v1/quote/{id}/not-spam',
    body: 'json',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({
      url: API.quoteNotSpam((await addQuote(ctx, ctx.owner, true))._id),
      payload: {},
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ quote: Quote }>().quote.spamReason).toBeUndefined(),
    }),
  },
  {
    api: 'quoteAccept',
    method: 'POST',
    path: '/api/v1/quote/{id}/accept',
    body: 'json',
    expect: OWNER_ONLY,
    schema: decisionSchema,
    prepare: async (ctx, caller) => ({
      url: API.quoteAccept((await addOfferedQuote(ctx, ctx.owner))._id),
      payload: { note: 'Accepted, please send the proforma.' },
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ quote: Quote }>().quote.status).toBe('ACCEPTED'),
    }),
  },
  {
    api: 'quoteDecline',
    method: 'POST',
    path: '/api/v1/quote/{id}/decline',
    body: 'json',
    expect: OWNER_ONLY,
    schema: decisionSchema,
    prepare: async (ctx, caller) => ({
      url: API.quoteDecline((await addOfferedQuote(ctx, ctx.owner))._id),
      payload: {},
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ quote: Quote }>().quote.status).toBe('DECLINED'),
    }),
  },
  {
    api: 'quotePdf',
    method: 'GET',
    path: '/api/v1/quote/{id}/pdf',
    body: 'none',
    expect: OWNER_OR_ADMIN,
    response: 'pdf',
    prepare: async (ctx, caller) => ({
      url: API.quotePdf((await addOfferedQuote(ctx, ctx.owner))._id),
      headers: cookieOf(caller),
      check: (res) => {
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      },
    }),
  },
  {
    api: 'allOrders',
    method: 'GET',
    path: '/api/v1/order/all',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const id = await addOrder(ctx, ctx.owner);
      return {
        url: `${API.allOrders}?page=1&limit=100`,
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ orders: Order[] }>().orders.map((o) => o._id)).toContain(id),
      };
    },
  },
  {
    api: 'myOrders',
    method: 'GET',
    path: '/api/v1/order/mine',
    body: 'none',
    expect: USER_ONLY,
    prepare: async (ctx, caller, actor) => {
      const id = await addOrder(ctx, ctx.owner);
      return {
        url: API.myOrders,
        headers: cookieOf(caller),
        check: (res) => {
          const orders = res.json<{ orders: Order[] }>().orders;
          // Only the caller's own orders, whoever else has some.
          expect(orders.every((o) => o.buyer.accountEmail === caller!.email)).toBe(true);
          expect(orders.some((o) => o._id === id)).toBe(actor === 'user');
        },
      };
    },
  },
  {
    api: 'exportOrders',
    method: 'GET',
    path: '/api/v1/order/export',
    body: 'none',
    expect: ADMIN_ONLY,
    response: 'csv',
    prepare: async (ctx, caller) => {
      const id = await addOrder(ctx, ctx.owner);
      return { url: `${API.exportOrders}?country=spain`, headers: cookieOf(caller), check: (res) => expect(res.body).toContain(id) };
    },
  },
  {
    api: 'order',
    method: 'GET',
    path: '/api/v1/order/{id}',
    body: 'none',
    expect: OWNER_OR_ADMIN,
    prepare: async (ctx, caller) => {
      const id = await addOrder(ctx, ctx.owner);
      return {
        url: API.order(id),
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ order: Order }>().order).toMatchObject({ _id: id, step: 'PROFORMA_ISSUED' }),
      };
    },
  },
  {
    api: 'orderProforma',
    method: 'GET',
    path: '/api/v1/order/{id}/proforma',
    body: 'none',
    expect: OWNER_OR_ADMIN,
    response: 'pdf',
    prepare: async (ctx, caller) => ({
      url: API.orderProforma(await addOrder(ctx, ctx.owner)),
      headers: cookieOf(caller),
      check: (res) => {
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      },
    }),
  },
  {
    api: 'orderMilestone',
    method: 'POST',
    path: '/api/v1/order/{id}/milestone',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: milestoneSchema,
    prepare: async (ctx, caller) => ({
      url: API.orderMilestone(await addOrder(ctx, ctx.owner)),
      payload: { step: 'ADVANCE_RECEIVED', amount: '1500.00', note: 'TT received' },
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ order: Order }>().order.step).toBe('ADVANCE_RECEIVED'),
    }),
  },
  {
    api: 'orderHandling',
    method: 'PATCH',
    path: '/api/v1/order/{id}/handling',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: orderHandlingSchema,
    prepare: async (ctx, caller) => ({
      url: API.orderHandling(await addOrder(ctx, ctx.owner)),
      payload: { followUpOn: '2030-01-15' },
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ item: Order }>().item.followUpOn).toBe('2030-01-15'),
    }),
  },
  {
    api: 'orderDelivered',
    method: 'POST',
    path: '/api/v1/order/{id}/delivered',
    body: 'json',
    expect: OWNER_ONLY,
    schema: deliveredSchema,
    prepare: async (ctx, caller) => {
      const id = await addOrder(ctx, ctx.owner);
      await recordSteps(ctx, id, UP_TO_DOCUMENTS_SENT);
      return {
        url: API.orderDelivered(id),
        payload: { note: 'Arrived in good order.' },
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ order: Order }>().order.step).toBe('DELIVERED'),
      };
    },
  },
  {
    api: 'addOrderDocument',
    method: 'POST',
    path: '/api/v1/order/{id}/document',
    body: 'multipart',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const form = await multipart([
        ['type', 'PACKING_LIST'],
        ['document', file(await freshImage(), 'packing.png')],
      ]);
      return {
        url: API.addOrderDocument(await addOrder(ctx, ctx.owner)),
        payload: form.payload,
        headers: { ...form.headers, ...cookieOf(caller) },
        check: (res) => expect(res.json<{ order: Order }>().order.documents).toHaveLength(1),
      };
    },
  },
  {
    api: 'orderDocument',
    method: 'GET',
    path: '/api/v1/order/{id}/document/{docId}',
    body: 'none',
    expect: OWNER_OR_ADMIN,
    response: 'pdf',
    prepare: async (ctx, caller) => {
      const id = await addOrder(ctx, ctx.owner);
      return {
        url: API.orderDocument(id, await addOrderDocumentRow(ctx, id)),
        headers: cookieOf(caller),
        check: (res) => {
          expect(res.headers['cache-control']).toBe('private, no-store');
          expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        },
      };
    },
  },
  {
    api: 'deleteOrderDocument',
    method: 'DELETE',
    path: '/api/v1/order/{id}/document/{docId}',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const id = await addOrder(ctx, ctx.owner);
      return { url: API.deleteOrderDocument(id, await addOrderDocumentRow(ctx, id)), headers: cookieOf(caller) };
    },
  },
  {
    api: 'exportQuotes',
    method: 'GET',
    path: '/api/v1/quote/export',
    body: 'none',
    expect: ADMIN_ONLY,
    response: 'csv',
    prepare: async (ctx, caller) => {
      const owned = await addQuote(ctx, ctx.owner);
      return {
        url: `${API.exportQuotes}?country=spain`,
        headers: cookieOf(caller),
        check: (res) => {
          expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
          expect(res.body).toContain(owned._id);
        },
      };
    },
  },
  {
    api: 'allInquiries',
    method: 'GET',
    path: '/api/v1/contact/all',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const id = await addInquiry(ctx, ctx.owner);
      return {
        url: API.allInquiries,
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ inquiries: Inquiry[] }>().inquiries.map((i) => i._id)).toContain(id),
      };
    },
  },
  {
    api: 'exportInquiries',
    method: 'GET',
    path: '/api/v1/contact/export',
    body: 'none',
    expect: ADMIN_ONLY,
    response: 'csv',
    prepare: async (ctx, caller) => {
      const id = await addInquiry(ctx, ctx.owner);
      return { url: `${API.exportInquiries}?status=OPEN`, headers: cookieOf(caller), check: (res) => expect(res.body).toContain(id) };
    },
  },
  {
    api: 'inquiry',
    method: 'GET',
    path: '/api/v1/contact/{id}',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const id = await addInquiry(ctx, ctx.owner);
      return {
        url: API.inquiry(id),
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ inquiry: Inquiry }>().inquiry).toMatchObject({ _id: id }),
      };
    },
  },
  {
    api: 'updateInquiry',
    method: 'PATCH',
    path: '/api/v1/contact/{id}',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: inquiryUpdateSchema,
    prepare: async (ctx, caller) => {
      const id = await addInquiry(ctx, ctx.owner);
      return {
        url: API.updateInquiry(id),
        payload: { handled: true },
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ inquiry: Inquiry }>().inquiry).toMatchObject({ _id: id, handled: true }),
      };
    },
  },
  {
    api: 'dueSoon',
    method: 'GET',
    path: '/api/v1/dashboard/due-soon',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      await addQuote(ctx, ctx.owner);
      return {
        url: API.dueSoon,
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ dueSoon: number; withinHours: number }>()).toMatchObject({ withinHours: 4 }),
      };
    },
  },
  {
    api: 'inquiryHandling',
    method: 'PATCH',
    path: '/api/v1/contact/{id}/handling',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: handlingSchema,
    prepare: async (ctx, caller) => {
      const id = await addInquiry(ctx, ctx.owner);
      return {
        url: API.inquiryHandling(id),
        payload: { followUpOn: '2030-01-15' },
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ item: Inquiry }>().item).toMatchObject({ _id: id, followUpOn: '2030-01-15' }),
      };
    },
  },
  {
    api: 'inquiryNotSpam',
    method: 'POST',
    path: '/api/v1/contact/{id}/not-spam',
    body: 'json',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const id = await addInquiry(ctx, ctx.owner, true);
      return {
        url: API.inquiryNotSpam(id),
        payload: {},
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ inquiry: Inquiry }>().inquiry).toMatchObject({ _id: id }),
      };
    },
  },
  {
    api: 'deleteInquiry',
    method: 'DELETE',
    path: '/api/v1/contact/{id}',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({ url: API.deleteInquiry(await addInquiry(ctx, ctx.owner)), headers: cookieOf(caller) }),
  },
  {
    api: 'dashboard',
    method: 'GET',
    path: '/api/v1/dashboard',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      await addQuote(ctx, ctx.owner);
      return {
        url: API.dashboard,
        headers: cookieOf(caller),
        check: (res) =>
          expect(res.json<{ dashboard: { months: { quotes: number }[] } }>().dashboard.months.at(-1)!.quotes).toBeGreaterThan(0),
      };
    },
  },
  {
    api: 'gallery',
    method: 'GET',
    path: '/api/v1/gallery/all',
    body: 'none',
    expect: PUBLIC,
    prepare: async (_ctx, caller) => ({ url: API.gallery, headers: cookieOf(caller) }),
  },
  {
    api: 'altchaChallenge',
    method: 'GET',
    path: '/api/v1/altcha/challenge',
    body: 'none',
    expect: PUBLIC,
    prepare: async (_ctx, caller) => ({ url: `${API.altchaChallenge}?form=register`, headers: cookieOf(caller) }),
  },
  {
    api: 'deleteAllImages',
    method: 'DELETE',
    path: '/api/v1/gallery/delete/all',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      await addGalleryEntry(ctx);
      return { url: API.deleteAllImages, headers: cookieOf(caller) };
    },
  },
  {
    api: 'deleteImage',
    method: 'DELETE',
    path: '/api/v1/gallery/delete/{id}',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({ url: API.deleteImage(await addGalleryEntry(ctx)), headers: cookieOf(caller) }),
  },
  {
    api: 'addImages',
    method: 'POST',
    path: '/api/v1/gallery/add',
    body: 'multipart',
    expect: ADMIN_ONLY,
    prepare: async (_ctx, caller) => {
      const form = await multipart([['galleryImages', file(await freshImage())]]);
      return { url: API.addImages, payload: form.payload, headers: { ...form.headers, ...cookieOf(caller) } };
    },
  },
  {
    api: 'settings',
    method: 'GET',
    path: '/api/v1/settings',
    body: 'none',
    expect: PUBLIC,
    prepare: async (_ctx, caller, actor) => ({
      url: API.settings,
      headers: cookieOf(caller),
      // The bank details only to an ADMIN.
      check: (res) => expect('bankDetails' in res.json<{ settings: object }>().settings).toBe(actor === 'admin'),
    }),
  },
  {
    api: 'updateSettings',
    method: 'PATCH',
    path: '/api/v1/settings',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: settingsPatchSchema,
    prepare: async (_ctx, caller) => ({
      url: API.updateSettings,
      payload: { phone: `+91 98${String(Date.now()).slice(-8)}`, faq: [{ question: 'Do you ship samples?', answer: 'Yes.' }] },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'audit',
    method: 'GET',
    path: '/api/v1/audit',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (_ctx, caller) => ({ url: `${API.audit}?type=settings&page=1&limit=5`, headers: cookieOf(caller) }),
  },
  {
    api: 'exportAudit',
    method: 'GET',
    path: '/api/v1/audit/export',
    body: 'none',
    expect: ADMIN_ONLY,
    response: 'csv',
    prepare: async (_ctx, caller) => ({
      url: API.exportAudit,
      headers: cookieOf(caller),
      check: (res) => expect(res.headers['content-type']).toBe('text/csv; charset=utf-8'),
    }),
  },
  {
    api: 'team',
    method: 'GET',
    path: '/api/v1/team',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (_ctx, caller) => ({
      url: API.team,
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ admins: unknown[] }>().admins.length).toBeGreaterThan(0),
    }),
  },
  {
    api: 'teamInvite',
    method: 'POST',
    path: '/api/v1/team/invite',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: inviteSchema,
    prepare: async (_ctx, caller) => ({
      url: API.teamInvite,
      payload: { email: `colleague-${randomBytes(4).toString('hex')}@example.com` },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'teamAccept',
    method: 'POST',
    path: '/api/v1/team/accept/{token}',
    body: 'json',
    // The link's token is the key, whoever holds it.
    expect: PUBLIC,
    fresh: true,
    schema: acceptInviteSchema,
    prepare: async ({ t }, caller) => {
      const token = await pendingInvite(t);
      return {
        url: API.teamAccept(token),
        payload: { fullName: 'Invited Colleague', phoneNumber: '+91-9822012345', password: 'Colleague@2026' },
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ user: { role: string } }>().user.role).toBe('ADMIN'),
      };
    },
  },
  {
    api: 'teamRemove',
    method: 'DELETE',
    path: '/api/v1/team/{id}',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async ({ t }, caller) => {
      await pendingInvite(t);
      const row = await t.db
        .selectFrom('team_invites')
        .select('id')
        .where('used_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      return { url: API.teamRemove(row.id), headers: cookieOf(caller) };
    },
  },
  {
    api: 'userLanguage',
    method: 'GET',
    path: '/api/v1/user/language',
    body: 'none',
    expect: LOGGED_IN,
    prepare: async (_ctx, caller) => ({ url: API.userLanguage, headers: cookieOf(caller) }),
  },
  {
    api: 'updateUserLanguage',
    method: 'PATCH',
    path: '/api/v1/user/language',
    body: 'json',
    expect: LOGGED_IN,
    schema: userLanguageSchema,
    prepare: async (_ctx, caller) => ({ url: API.updateUserLanguage, payload: { language: 'en' }, headers: cookieOf(caller) }),
  },
  {
    api: 'userSessions',
    method: 'GET',
    path: '/api/v1/user/sessions',
    body: 'none',
    expect: LOGGED_IN,
    prepare: async (_ctx, caller) => ({
      url: ACCOUNT_API.userSessions,
      headers: cookieOf(caller),
      // Only the caller's own sessions, the one it came with marked current.
      check: (res) => {
        const { sessions } = res.json<{ sessions: { current: boolean }[] }>();
        expect(sessions.filter((s) => s.current)).toHaveLength(1);
      },
    }),
  },
  {
    api: 'endOtherSessions',
    method: 'DELETE',
    path: '/api/v1/user/sessions',
    body: 'none',
    expect: LOGGED_IN,
    fresh: true,
    prepare: async (_ctx, caller) => ({ url: ACCOUNT_API.endOtherSessions, headers: cookieOf(caller) }),
  },
  {
    api: 'userSession',
    method: 'DELETE',
    path: '/api/v1/user/sessions/{id}',
    body: 'none',
    // The caller's own session (another of theirs, opened elsewhere); another account's is 'Session not found' (test/user-sessions.test.ts).
    expect: LOGGED_IN,
    fresh: true,
    prepare: async (ctx, caller) => ({
      url: ACCOUNT_API.userSession(await spareSession(ctx.t, caller?.id ?? ctx.owner.id)),
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'dataExport',
    method: 'GET',
    path: '/api/v1/user/export',
    body: 'none',
    expect: LOGGED_IN,
    response: 'download',
    prepare: async (_ctx, caller) => ({
      url: ACCOUNT_API.dataExport,
      headers: cookieOf(caller),
      // The caller's own account, whoever asks (test/data-rights.test.ts: nothing of another's).
      check: (res) => {
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="agro-data-/);
        expect(res.json<{ account: { email: string } }>().account.email).toBe(caller?.email);
      },
    }),
  },
  {
    api: 'deleteAccount',
    method: 'DELETE',
    path: '/api/v1/user/account',
    body: 'json',
    // Ends the caller's account: a new one each call (an administrator goes while the matrix's stays).
    expect: LOGGED_IN,
    fresh: true,
    schema: deleteAccountSchema,
    prepare: async (_ctx, caller) => ({
      url: ACCOUNT_API.deleteAccount,
      payload: { password: caller?.password ?? PASSWORD },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'passkeys',
    method: 'GET',
    path: '/api/v1/user/passkey',
    body: 'none',
    expect: LOGGED_IN,
    prepare: async ({ t }, caller) => {
      if (caller) await passkeyRow(t, caller.id);
      return {
        url: ACCOUNT_API.passkeys,
        headers: cookieOf(caller),
        // Only the caller's own passkeys.
        check: async (res) => {
          const ids = res.json<{ passkeys: { _id: string }[] }>().passkeys.map((p) => p._id);
          const own = await t.db.selectFrom('passkeys').select('id').where('user_id', '=', caller!.id).execute();
          expect(ids.sort()).toEqual(own.map((r) => r.id).sort());
        },
      };
    },
  },
  {
    api: 'passkeyRegisterOptions',
    method: 'POST',
    path: '/api/v1/user/passkey/register/options',
    body: 'json',
    expect: LOGGED_IN,
    prepare: async (_ctx, caller) => ({ url: ACCOUNT_API.passkeyRegisterOptions, payload: {}, headers: cookieOf(caller) }),
  },
  {
    api: 'addPasskey',
    method: 'POST',
    path: '/api/v1/user/passkey/register',
    body: 'json',
    expect: LOGGED_IN,
    // At most 10 passkeys an account: a new one each call.
    fresh: true,
    schema: addPasskeySchema,
    prepare: async ({ t }, caller) => {
      const key = softPasskey();
      if (!caller) return { url: ACCOUNT_API.addPasskey, payload: { name: 'Key', credential: key.register({ challenge: 'x', rp: {} }) } };
      const options = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_API.passkeyRegisterOptions,
        payload: {},
        headers: cookieOf(caller),
      });
      const credential = key.register(options.json<{ options: { challenge: string; rp: { id?: string } } }>().options);
      return { url: ACCOUNT_API.addPasskey, payload: { name: 'Key', credential }, headers: cookieOf(caller) };
    },
  },
  {
    api: 'renamePasskey',
    method: 'PATCH',
    path: '/api/v1/user/passkey/{id}',
    body: 'json',
    // The caller's own passkey; another account's is 'Passkey not found' (test/passkeys.test.ts).
    expect: LOGGED_IN,
    schema: passkeyNameSchema,
    prepare: async ({ t, owner }, caller) => ({
      url: ACCOUNT_API.renamePasskey(await passkeyRow(t, caller?.id ?? owner.id)),
      payload: { name: 'Renamed' },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'deletePasskey',
    method: 'DELETE',
    path: '/api/v1/user/passkey/{id}',
    body: 'none',
    expect: LOGGED_IN,
    prepare: async ({ t, owner }, caller) => ({
      url: ACCOUNT_API.deletePasskey(await passkeyRow(t, caller?.id ?? owner.id)),
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'passkeyLoginOptions',
    method: 'POST',
    path: '/api/v1/user/passkey/login/options',
    body: 'json',
    expect: PUBLIC,
    prepare: async (_ctx, caller) => ({ url: ACCOUNT_API.passkeyLoginOptions, payload: {}, headers: cookieOf(caller) }),
  },
  {
    api: 'passkeyLogin',
    method: 'POST',
    path: '/api/v1/user/passkey/login',
    body: 'json',
    // The passkey is the key, whoever else is signed in: a new account's each call.
    expect: PUBLIC,
    fresh: true,
    schema: passkeyAssertionSchema,
    prepare: async ({ t }, caller) => {
      const account = await newUserSession(t);
      const key = softPasskey();
      const made = await t.app.inject({ method: 'POST', url: ACCOUNT_API.passkeyRegisterOptions, payload: {}, headers: cookieOf(account) });
      const added = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_API.addPasskey,
        payload: { name: 'Key', credential: key.register(made.json<{ options: { challenge: string; rp: { id?: string } } }>().options) },
        headers: cookieOf(account),
      });
      if (added.statusCode !== 200) throw new Error(`no passkey for ${account.email}: ${added.body}`);
      const options = await t.app.inject({ method: 'POST', url: ACCOUNT_API.passkeyLoginOptions, payload: {} });
      return {
        url: ACCOUNT_API.passkeyLogin,
        payload: { credential: key.sign(options.json<{ options: { challenge: string } }>().options, account.id) },
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ user: { email: string } }>().user.email).toBe(account.email),
      };
    },
  },
  {
    api: 'passkeyConfirmOptions',
    method: 'POST',
    path: '/api/v1/user/passkey/confirm/options',
    body: 'json',
    expect: LOGGED_IN,
    prepare: async (_ctx, caller) => ({ url: ACCOUNT_API.passkeyConfirmOptions, payload: {}, headers: cookieOf(caller) }),
  },
  {
    api: 'webhooks',
    method: 'GET',
    path: '/api/v1/webhooks',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (_ctx, caller) => ({ url: ACCOUNT_API.webhooks, headers: cookieOf(caller) }),
  },
  {
    api: 'addWebhook',
    method: 'POST',
    path: '/api/v1/webhooks',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: webhookInputSchema,
    // The loopback receiver that is not there (the apps of these tests allow private addresses); the
    // secret is never in the list (webhooks.test.ts).
    prepare: async ({ t }, caller) => {
      await t.db.deleteFrom('webhook_endpoints').execute();
      return {
        url: ACCOUNT_API.addWebhook,
        payload: { url: NOWHERE_WEBHOOK_URL, events: ['quote.created'] },
        headers: cookieOf(caller),
      };
    },
  },
  {
    api: 'deleteWebhook',
    method: 'DELETE',
    path: '/api/v1/webhooks/{id}',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async ({ t }, caller) => ({ url: ACCOUNT_API.deleteWebhook(await webhookEndpoint(t)), headers: cookieOf(caller) }),
  },
  {
    api: 'webhookDeliveries',
    method: 'GET',
    path: '/api/v1/webhooks/{id}/deliveries',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async ({ t }, caller) => ({ url: ACCOUNT_API.webhookDeliveries(await webhookEndpoint(t)), headers: cookieOf(caller) }),
  },
  {
    api: 'retryWebhookDelivery',
    method: 'POST',
    path: '/api/v1/webhooks/deliveries/{id}/retry',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async ({ t }, caller) => ({ url: ACCOUNT_API.retryWebhookDelivery(await webhookDelivery(t)), headers: cookieOf(caller) }),
  },
  {
    api: 'ownerPage',
    method: 'GET',
    path: '/api/v1/pages/{page}',
    body: 'none',
    expect: PUBLIC,
    prepare: async (_ctx, caller) => ({ url: `${PAGES_API.ownerPage('about')}?lang=ar`, headers: cookieOf(caller) }),
  },
  {
    api: 'saveOwnerPage',
    method: 'PUT',
    path: '/api/v1/pages/{page}',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: ownerPageSaveSchema('privacy'),
    prepare: async (_ctx, caller) => ({
      url: PAGES_API.saveOwnerPage('privacy'),
      payload: { language: 'fr', texts: { body: '## Données\n\nNous ne vendons **jamais** vos données.' } },
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'restoreOwnerPage',
    method: 'DELETE',
    path: '/api/v1/pages/{page}',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (_ctx, caller) => ({ url: `${PAGES_API.restoreOwnerPage('privacy')}?lang=fr`, headers: cookieOf(caller) }),
  },
  {
    api: 'twoFactorStatus',
    method: 'GET',
    path: '/api/v1/user/2fa',
    body: 'none',
    expect: LOGGED_IN,
    prepare: async (_ctx, caller) => ({ url: API.twoFactorStatus, headers: cookieOf(caller) }),
  },
  {
    api: 'twoFactorSetup',
    method: 'POST',
    path: '/api/v1/user/2fa/setup',
    body: 'none',
    expect: LOGGED_IN,
    fresh: true,
    prepare: async (_ctx, caller) => ({ url: API.twoFactorSetup, headers: cookieOf(caller) }),
  },
  {
    api: 'twoFactorEnable',
    method: 'POST',
    path: '/api/v1/user/2fa/enable',
    body: 'json',
    expect: LOGGED_IN,
    fresh: true,
    schema: codeSchema,
    prepare: async ({ t }, caller) => {
      if (!caller) return { url: API.twoFactorEnable, payload: { code: '123456' } };
      const setup = await t.app.inject({ method: 'POST', url: API.twoFactorSetup, headers: { cookie: caller.cookie } });
      const { secret } = setup.json<{ secret: string }>();
      // Once the call goes through, this is the account's secret.
      secrets.set(caller.id, secret);
      return { url: API.twoFactorEnable, payload: { code: totpCode(secret, Date.now()) }, headers: cookieOf(caller) };
    },
  },
  {
    api: 'twoFactorDisable',
    method: 'POST',
    path: '/api/v1/user/2fa/disable',
    body: 'json',
    expect: LOGGED_IN,
    fresh: true,
    schema: codeSchema,
    prepare: async ({ t }, caller) => {
      if (!caller) return { url: API.twoFactorDisable, payload: { code: '123456' } };
      const secret = await enableTwoFactor(t, caller);
      return { url: API.twoFactorDisable, payload: { code: totpCode(secret, Date.now() + 30_000) }, headers: cookieOf(caller) };
    },
  },
  {
    api: 'secondFactor',
    method: 'POST',
    path: '/api/v1/user/login/second-factor',
    body: 'json',
    // The challenge cookie of a right password is the key, whoever else is signed in.
    expect: PUBLIC,
    fresh: true,
    schema: codeSchema,
    prepare: async ({ t }, caller) => {
      // The account signing in is a new one: the caller's own session changes nothing of the second step.
      const account = await newUserSession(t);
      const secret = await enableTwoFactor(t, account);
      const login = await t.app.inject({ method: 'POST', url: API.login, payload: { email: account.email, password: account.password } });
      const challenge = login.cookies.find((c) => c.name === 'agro_2fa');
      if (!challenge) throw new Error(`no second step for ${account.email}: ${login.statusCode} ${login.body}`);
      const cookies = [...(caller ? [caller.cookie] : []), `${challenge.name}=${challenge.value}`].join('; ');
      return {
        url: API.secondFactor,
        payload: { code: totpCode(secret, Date.now() + 30_000) },
        headers: { cookie: cookies },
        check: (res) => expect(res.json<{ user: { email: string } }>().user.email).toBe(account.email),
      };
    },
  },
  ...THREAD_ROWS,
  {
    api: 'attachment',
    method: 'GET',
    path: '/api/v1/attachment/{id}',
    body: 'none',
    expect: THREAD_MEMBERS,
    notFound: THREAD_TEXT.attachmentNotFound,
    response: 'pdf',
    prepare: async (ctx, caller) => ({
      url: API.attachment(await addAttachmentRow(ctx, await addQuote(ctx, ctx.owner))),
      headers: cookieOf(caller),
      check: (res) => {
        expect(res.headers['content-disposition']).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      },
    }),
  },
  {
    api: 'hideMessage',
    method: 'POST',
    path: '/api/v1/messages/{id}/hide',
    body: 'json',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({
      url: API.hideMessage(await addMessageRow(ctx, 'quote', (await addQuote(ctx, ctx.owner))._id)),
      payload: {},
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ item: { hidden: boolean } }>().item.hidden).toBe(true),
    }),
  },
  {
    api: 'unreadMessages',
    method: 'GET',
    path: '/api/v1/messages/unread',
    body: 'none',
    expect: LOGGED_IN,
    prepare: async (_ctx, caller) => ({
      url: API.unreadMessages,
      headers: cookieOf(caller),
      check: (res) => expect(typeof res.json<{ unread: number }>().unread).toBe('number'),
    }),
  },
  {
    api: 'heldReplies',
    method: 'GET',
    path: '/api/v1/held-replies',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const id = await addHeldReplyRow(ctx);
      return {
        url: API.heldReplies,
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ heldReplies: Array<{ _id: string }> }>().heldReplies.map((h) => h._id)).toContain(id),
      };
    },
  },
  {
    api: 'heldReplyAttachment',
    method: 'GET',
    path: '/api/v1/held-replies/{id}/attachments/{attachmentId}',
    body: 'none',
    expect: ADMIN_ONLY,
    response: 'pdf',
    prepare: async (ctx, caller) => {
      const storageName = `${randomBytes(24).toString('hex')}.pdf`;
      await fs.mkdir(ctx.t.config.documentsDir, { recursive: true });
      await fs.writeFile(path.join(ctx.t.config.documentsDir, storageName), '%PDF-1.4\n% held\n');
      const attachment = { id: newId(), fileName: 'lab.pdf', storageName, contentType: 'application/pdf', bytes: 17 };
      const id = await addHeldReplyRow(ctx, [attachment]);
      return {
        url: API.heldReplyAttachment(id, attachment.id),
        headers: cookieOf(caller),
        check: (res) => expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-'),
      };
    },
  },
  {
    api: 'postHeldReply',
    method: 'POST',
    path: '/api/v1/held-replies/{id}/post',
    body: 'json',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({
      url: API.postHeldReply(await addHeldReplyRow(ctx)),
      payload: {},
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ item: { author: string } }>().item.author).toBe('BUYER'),
    }),
  },
  {
    api: 'dropHeldReply',
    method: 'POST',
    path: '/api/v1/held-replies/{id}/drop',
    body: 'json',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({
      url: API.dropHeldReply(await addHeldReplyRow(ctx)),
      payload: {},
      headers: cookieOf(caller),
    }),
  },
  {
    api: 'quoteRequestChanges',
    method: 'POST',
    path: '/api/v1/quote/{id}/request-changes',
    body: 'json',
    expect: OWNER_ONLY,
    schema: requestChangesSchema,
    prepare: async (ctx, caller) => {
      const quote = await addOfferedQuote(ctx, ctx.owner);
      const offerId = (await ctx.t.db.selectFrom('quotes').select('current_offer_id').where('id', '=', quote._id).executeTakeFirstOrThrow())
        .current_offer_id!;
      return {
        url: API.quoteRequestChanges(quote._id),
        payload: { offerId, note: '12.00 a kilo for two containers?', unitPrice: '12.00' },
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ quote: Quote }>().quote.status).toBe('CHANGES_REQUESTED'),
      };
    },
  },
  {
    api: 'myInquiries',
    method: 'GET',
    path: '/api/v1/contact/mine',
    body: 'none',
    expect: USER_ONLY,
    prepare: async (ctx, caller, actor) => {
      const id = await addInquiry(ctx, ctx.owner);
      return {
        url: `${API.myInquiries}?sort=activity`,
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ inquiries: Inquiry[] }>().inquiries.some((i) => i._id === id)).toBe(actor === 'user'),
      };
    },
  },
  {
    api: 'unsubscribePage',
    method: 'GET',
    path: '/api/v1/unsubscribe',
    body: 'none',
    // No login: the token is the key.
    expect: PUBLIC,
    prepare: async (ctx, caller) => ({
      url: `${API.unsubscribePage}?token=${await addUnsubscribeToken(ctx)}`,
      headers: cookieOf(caller),
      check: (res) => expect(typeof res.json<{ unsubscribed: boolean }>().unsubscribed).toBe('boolean'),
    }),
  },
  {
    api: 'unsubscribe',
    method: 'POST',
    path: '/api/v1/unsubscribe',
    // The one-click POST needs no body (RFC 8058's `List-Unsubscribe=One-Click` is read and left aside).
    body: 'none',
    expect: PUBLIC,
    anyOrigin: true,
    prepare: async (ctx, caller) => ({
      url: `${API.unsubscribe}?token=${await addUnsubscribeToken(ctx)}`,
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ unsubscribed: boolean }>().unsubscribed).toBe(true),
    }),
  },
  // The buyer's quote list (issue 45).
  {
    api: 'quoteList',
    method: 'GET',
    path: '/api/v1/quote-list',
    body: 'none',
    expect: LOGGED_IN,
    prepare: async (ctx, caller, actor) => {
      // The owner's list (a product of its own) is never anyone else's.
      const listed = await insertTestProduct(ctx.t.db, { productName: `Listed ${randomBytes(3).toString('hex')}` });
      await ctx.t.app.inject({
        method: 'PUT',
        url: API.saveQuoteList,
        payload: { items: [{ productId: listed, requiredQty: 5, packagingType: 'PP_BAG', isCustomPackagingRequired: false }] },
        headers: cookieOf(ctx.owner),
      });
      return {
        url: API.quoteList,
        headers: cookieOf(caller),
        check: (res) => {
          const items = res.json<{ items: { productId: string }[] }>().items;
          expect(items.some((i) => i.productId === listed)).toBe(actor === 'user');
        },
      };
    },
  },
  {
    api: 'saveQuoteList',
    method: 'PUT',
    path: '/api/v1/quote-list',
    body: 'json',
    expect: LOGGED_IN,
    schema: quoteListSchema,
    prepare: async (ctx, caller) => ({
      url: API.saveQuoteList,
      payload: { items: [{ productId: ctx.productId, requiredQty: 12, packagingType: 'PP_BAG', isCustomPackagingRequired: true }] },
      headers: cookieOf(caller),
    }),
  },
  // Sample requests (issue 43, item 2).
  {
    api: 'addSample',
    method: 'POST',
    path: '/api/v1/sample/add',
    body: 'json',
    expect: USER_ONLY,
    schema: sampleAddSchema,
    prepare: async (ctx, caller) => {
      // A product of its own each time, the caller's earlier requests out of the 30 days: the limits never refuse it.
      if (caller)
        await ctx.t.db.updateTable('samples').set({ created_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', caller.id).execute();
      const productId = await insertTestProduct(ctx.t.db, { productName: `Sample ${randomBytes(3).toString('hex')}` });
      return {
        url: SAMPLE_API.addSample,
        payload: sampleBody(productId, { shipping: 'ACCOUNT', courier: 'DHL', accountNumber: '960111222' }),
        headers: cookieOf(caller),
      };
    },
  },
  {
    api: 'mySamples',
    method: 'GET',
    path: '/api/v1/sample/mine',
    body: 'none',
    expect: USER_ONLY,
    prepare: async (ctx, caller, actor) => {
      const id = await addSampleAt(ctx, ctx.owner, 'REQUESTED');
      return {
        url: SAMPLE_API.mySamples,
        headers: cookieOf(caller),
        check: (res) => {
          const samples = res.json<{ samples: Sample[] }>().samples;
          expect(samples.every((s) => s.buyer.email === caller!.email)).toBe(true);
          expect(samples.some((s) => s._id === id)).toBe(actor === 'user');
        },
      };
    },
  },
  {
    api: 'allSamples',
    method: 'GET',
    path: '/api/v1/sample/all',
    body: 'none',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => {
      const id = await addSampleAt(ctx, ctx.owner, 'REQUESTED');
      return {
        url: `${SAMPLE_API.allSamples}?page=1&limit=100`,
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ samples: Sample[] }>().samples.map((s) => s._id)).toContain(id),
      };
    },
  },
  {
    api: 'exportSamples',
    method: 'GET',
    path: '/api/v1/sample/export',
    body: 'none',
    expect: ADMIN_ONLY,
    response: 'csv',
    prepare: async (ctx, caller) => {
      const id = await addSampleAt(ctx, ctx.owner, 'REQUESTED');
      return {
        url: `${SAMPLE_API.exportSamples}?status=REQUESTED`,
        headers: cookieOf(caller),
        check: (res) => expect(res.body).toContain(id),
      };
    },
  },
  {
    api: 'sample',
    method: 'GET',
    path: '/api/v1/sample/{id}',
    body: 'none',
    expect: OWNER_OR_ADMIN,
    prepare: async (ctx, caller) => {
      const id = await addSampleAt(ctx, ctx.owner, 'REQUESTED');
      return {
        url: SAMPLE_API.sample(id),
        headers: cookieOf(caller),
        check: (res) => expect(res.json<{ sample: Sample }>().sample).toMatchObject({ _id: id, status: 'REQUESTED' }),
      };
    },
  },
  {
    api: 'approveSample',
    method: 'POST',
    path: '/api/v1/sample/{id}/approve',
    body: 'json',
    expect: ADMIN_ONLY,
    prepare: async (ctx, caller) => ({
      url: SAMPLE_API.approveSample(await addSampleAt(ctx, ctx.owner, 'REQUESTED')),
      payload: {},
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ sample: Sample }>().sample.status).toBe('APPROVED'),
    }),
  },
  {
    api: 'declineSample',
    method: 'POST',
    path: '/api/v1/sample/{id}/decline',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: sampleDeclineSchema,
    prepare: async (ctx, caller) => ({
      url: SAMPLE_API.declineSample(await addSampleAt(ctx, ctx.owner, 'REQUESTED')),
      payload: { reason: 'Not in season' },
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ sample: Sample }>().sample.status).toBe('DECLINED'),
    }),
  },
  {
    api: 'dispatchSample',
    method: 'POST',
    path: '/api/v1/sample/{id}/dispatch',
    body: 'json',
    expect: ADMIN_ONLY,
    schema: sampleDispatchSchema,
    prepare: async (ctx, caller) => ({
      url: SAMPLE_API.dispatchSample(await addSampleAt(ctx, ctx.owner, 'APPROVED')),
      payload: { courier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ sample: Sample }>().sample.dispatch?.trackingUrl).toContain('ups.com'),
    }),
  },
  {
    api: 'sampleDelivered',
    method: 'POST',
    path: '/api/v1/sample/{id}/delivered',
    body: 'json',
    expect: OWNER_OR_ADMIN,
    prepare: async (ctx, caller) => ({
      url: SAMPLE_API.sampleDelivered(await addSampleAt(ctx, ctx.owner, 'DISPATCHED')),
      payload: {},
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ sample: Sample }>().sample.status).toBe('DELIVERED'),
    }),
  },
  {
    api: 'sampleFeedback',
    method: 'POST',
    path: '/api/v1/sample/{id}/feedback',
    body: 'json',
    expect: OWNER_ONLY,
    schema: sampleFeedbackSchema,
    prepare: async (ctx, caller) => ({
      url: SAMPLE_API.sampleFeedback(await addSampleAt(ctx, ctx.owner, 'DELIVERED')),
      payload: { rating: 5, note: 'Fine grind' },
      headers: cookieOf(caller),
      check: (res) => expect(res.json<{ sample: Sample }>().sample.feedback?.rating).toBe(5),
    }),
  },
];

/**
 * `t.app.inject`, except for a stream of events (SSE), which never ends by itself: it is answered
 * once its head and first chunk are written (the body is that chunk), then the client goes away.
 */
export async function injectCall(t: TestApp, options: InjectOptions): Promise<LightMyRequestResponse> {
  if (!String(options.url).includes('/messages/events')) return t.app.inject(options);
  const res = await t.app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  const chunks: Buffer[] = [];
  if (res.statusCode === 200) {
    chunks.push(await new Promise<Buffer>((resolve) => stream.once('data', (chunk: Buffer | string) => resolve(Buffer.from(chunk)))));
    (res.raw.res as unknown as { destroy(): void }).destroy();
  } else {
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  }
  const body = Buffer.concat(chunks).toString();
  return Object.assign(res, { body, payload: body, rawPayload: Buffer.from(body), json: () => JSON.parse(body) as unknown });
}

/** A TOTP code of `secret` at `ms`. */
const totpCode = (secret: string, ms: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: ms });

/** The secrets of the accounts the rows below turned two-step sign-in on for (a shared caller may come again). */
const secrets = new Map<string, string>();

/** Turn on two-step sign-in for `caller` through the API (unless it is on); its secret (the code of the current step is used up). */
async function enableTwoFactor(t: TestApp, caller: Session): Promise<string> {
  const setup = await t.app.inject({ method: 'POST', url: API.twoFactorSetup, headers: { cookie: caller.cookie } });
  const known = secrets.get(caller.id);
  if (setup.statusCode === 409 && known) return known;
  const { secret } = setup.json<{ secret: string }>();
  secrets.set(caller.id, secret);
  const enabled = await t.app.inject({
    method: 'POST',
    url: API.twoFactorEnable,
    payload: { code: totpCode(secret, Date.now()) },
    headers: { cookie: caller.cookie },
  });
  if (enabled.statusCode !== 200) throw new Error(`2fa fixture failed ${enabled.statusCode}: ${enabled.body}`);
  return secret;
}

/** A passkey row of `userId` (as an added one is stored; it signs nothing in); its id. */
async function passkeyRow(t: TestApp, userId: string): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('passkeys')
    .values({
      id,
      user_id: userId,
      credential_id: randomBytes(16).toString('base64url'),
      public_key: randomBytes(32).toString('base64url'),
      device_type: 'singleDevice',
      name: 'Matrix key',
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** Another session of `userId` (as if opened on another device), written as a login would; its public id. */
async function spareSession(t: TestApp, userId: string): Promise<string> {
  const now = Date.now();
  const tokenHash = hashToken(newToken());
  await insertSession(t.db, {
    tokenHash,
    userId,
    createdAt: nowIso(now),
    expiresAt: nowIso(now + 86_400_000),
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    ipPrefix: '203.0.113.0/24',
  });
  const row = await t.db.selectFrom('sessions').select('id').where('token_hash', '=', tokenHash).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Where the tests' webhook endpoints point: a closed port on loopback, so a delivery a retry sends
 * is refused at once and nothing leaves the machine (the apps that create them through the API run
 * with WEBHOOKS_ALLOW_PRIVATE; the deliverer of the others refuses it before connecting).
 */
export const NOWHERE_WEBHOOK_URL = 'http://127.0.0.1:9/hooks/agro';

/** A webhook endpoint written as POST /webhooks would (no HTTP call); its id. */
async function webhookEndpoint(t: TestApp): Promise<string> {
  const id = newId();
  await t.db.deleteFrom('webhook_endpoints').where('created_by', '=', 'matrix@example.com').execute();
  await t.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      url: NOWHERE_WEBHOOK_URL,
      events: '["quote.created"]',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      created_at: nowIso(),
      created_by: 'matrix@example.com',
    })
    .execute();
  return id;
}

/** A failed delivery of such an endpoint; its id. */
async function webhookDelivery(t: TestApp): Promise<string> {
  const endpoint = await webhookEndpoint(t);
  const id = `msg_${newId()}`;
  const now = nowIso();
  await t.db
    .insertInto('webhook_deliveries')
    .values({
      id,
      endpoint_id: endpoint,
      event: 'quote.created',
      payload: '{}',
      status: 'failed',
      created_at: now,
      retry_from: now,
      next_attempt_at: now,
    })
    .execute();
  return id;
}

/** A pending invitation written as POST /team/invite would (no HTTP call); its token. */
async function pendingInvite(t: TestApp): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await t.db
    .insertInto('team_invites')
    .values({
      id: newId(now),
      email: `invited-${randomBytes(4).toString('hex')}@example.com`,
      token_hash: hashToken(token),
      invited_by: 'admin@example.com',
      created_at: nowIso(now),
      expires_at: nowIso(now + 72 * 3_600_000),
      used_at: null,
      cancelled_at: null,
    })
    .execute();
  return token;
}

/** Every table a request can change (sessions aside: logging in is not a change of data). */
const SNAPSHOT_TABLES = [
  'users',
  'password_resets',
  'products',
  'product_images',
  'images',
  'gallery_images',
  'quotes',
  'quote_offers',
  'quote_events',
  'contacts',
  'orders',
  'order_milestones',
  'samples',
  'sample_items',
  'order_documents',
  'site_settings',
  'audit_log',
  'team_invites',
  'recovery_codes',
  'messages',
  'message_attachments',
  'message_digests',
  'webhook_endpoints',
  'webhook_deliveries',
  'quote_items',
  'quote_offer_lines',
  'order_items',
  'quote_lists',
  'sample_counters',
] as const;

/**
 * Each app's change log (installed once per app, at its first snapshot): triggers on every table of
 * SNAPSHOT_TABLES add a row to `snapshot_changes` for each row inserted, deleted or updated to other
 * values (an UPDATE that writes what was there is no change). Rows, not counters: concurrent
 * requests' transactions insert without waiting on each other (a shared counter row would make two of
 * them wait on each other, or deadlock on PostgreSQL), and a rolled-back transaction takes its rows
 * with it, so what a refused request wrote and undid is no change either.
 */
const changeLogs = new WeakMap<TestApp, Promise<void>>();

async function installChangeLog(t: TestApp): Promise<void> {
  await t.schemaChange(async () => {
    await sql`create table snapshot_changes (table_name text not null)`.execute(t.db);
    if (t.dialect === 'postgres') {
      // The table's name from the trigger; `snapshot_changes` found by the connections' search_path
      // (the test file's schema).
      await sql`create function snapshot_change() returns trigger language plpgsql as $$
        begin insert into snapshot_changes values (TG_TABLE_NAME); return null; end $$`.execute(t.db);
      for (const table of SNAPSHOT_TABLES) {
        await sql
          .raw(`create trigger ${table}_snapshot_id after insert or delete on ${table} for each row execute function snapshot_change()`)
          .execute(t.db);
        // As text: a json column has no equality operator, so the rows themselves cannot be compared.
        await sql
          .raw(
            `create trigger ${table}_snapshot_u after update on ${table} for each row when (old::text is distinct from new::text) execute function snapshot_change()`,
          )
          .execute(t.db);
      }
      return;
    }
    for (const table of SNAPSHOT_TABLES) {
      const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(t.db);
      const changed = columns.rows.map((c) => `OLD."${c.name}" IS NOT NEW."${c.name}"`).join(' OR ');
      const log = `INSERT INTO snapshot_changes VALUES ('${table}');`;
      await sql.raw(`CREATE TRIGGER ${table}_snapshot_i AFTER INSERT ON ${table} BEGIN ${log} END`).execute(t.db);
      await sql.raw(`CREATE TRIGGER ${table}_snapshot_d AFTER DELETE ON ${table} BEGIN ${log} END`).execute(t.db);
      await sql.raw(`CREATE TRIGGER ${table}_snapshot_u AFTER UPDATE ON ${table} WHEN ${changed} BEGIN ${log} END`).execute(t.db);
    }
  });
}

/**
 * Every table a request can change, as the number of rows changed in it so far ('changes: 12'):
 * equal snapshots mean no row was added, removed or changed in between. Reading every table's rows
 * into one fingerprint, as this did before, cost more the more the suite had written (two a fuzz
 * run): the fuzz suite took 71 s on SQLite and 105 s on PostgreSQL alone (326 s beside the browser
 * suite in CI); the change log is one short query. Which row changed, a replay with FUZZ_SEED finds.
 */
export async function dataSnapshot(t: TestApp): Promise<Record<string, string>> {
  let installed = changeLogs.get(t);
  if (!installed) changeLogs.set(t, (installed = installChangeLog(t)));
  await installed;
  // A delivery an earlier call kicked (a webhook sent again) ends first: it writes its outcome
  // after that call answered, which is no change made by the call compared next.
  await t.app.webhookDeliverer.settled();
  const result = await sql<{ table_name: string; n: number | string }>`
    select table_name, count(*) as n from snapshot_changes group by table_name`.execute(t.db);
  const counts = new Map(result.rows.map((r) => [r.table_name, Number(r.n)]));
  return Object.fromEntries(SNAPSHOT_TABLES.map((table) => [table, `changes: ${counts.get(table) ?? 0}`]));
}

/** Register and log in a USER through the API. */
export async function newUserSession(t: TestApp): Promise<Session> {
  const u = await t.loginUser();
  return { id: u.user._id, email: u.email, password: u.password, cookie: u.cookie };
}

export async function newAdminSession(t: TestApp): Promise<Session> {
  const a = await t.loginAdmin();
  return { id: a.user._id, email: a.email, password: a.password, cookie: a.cookie };
}
