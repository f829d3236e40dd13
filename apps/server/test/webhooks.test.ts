/**
 * Signed webhooks (issue 44, item 5), on both databases: endpoints added (the secret answered once),
 * listed, deleted; each event delivered in the Standard Webhooks format to a real receiver on
 * loopback that verifies the signature with `standardwebhooks`; a receiver that fails, hangs and
 * recovers (retried, never sent twice once taken, never slowing a request); the address rules.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, WEBHOOK_TEXT, offerSchema, type Quote, type WebhookCreated, type WebhookDelivery, ACCOUNT_API } from '@agro/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusalOf, isPrivateAddress } from '../src/modules/webhooks/addresses.js';
import { decideQuote, sendOffer } from '../src/modules/quote/service.js';
import { offerBody, insertTestProduct, quoteBody } from './fixtures.js';
import { contactBody } from './security/endpoints.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';

type Mode = 'ok' | 'fail' | 'hang';

/** A receiver as a CRM runs one: verifies each delivery's signature, answers as told. */
class Receiver {
  mode: Mode = 'ok';
  secret = '';
  /** Every request: its webhook-id, whether the signature held, the parsed body. */
  readonly received: Array<{ id: string; verified: boolean; body: { type: string; data: Record<string, unknown> } }> = [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      try {
        new Webhook(this.secret).verify(payload, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      this.received.push({
        id: String(req.headers['webhook-id']),
        verified,
        body: JSON.parse(payload) as Receiver['received'][number]['body'],
      });
      if (this.mode === 'hang') return; // never answers
      res.writeHead(this.mode === 'ok' ? 204 : 500).end(this.mode === 'ok' ? '' : 'the CRM is down');
    });
  });
  url = '';
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/agro`;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  ofType(type: string) {
    return this.received.filter((r) => r.body.type === type);
  }
}

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let productId: string;
const receiver = new Receiver();

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '0', WEBHOOK_TIMEOUT_MS: '300' });
  admin = await t.loginAdmin();
  buyer = await t.loginUser();
  productId = await insertTestProduct(t.db, { productName: 'Hook Jaggery' });
  await receiver.start();
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: admin.cookie } });

async function addEndpoint(events: string[]): Promise<WebhookCreated> {
  const res = await asAdmin('POST', ACCOUNT_API.addWebhook, { url: receiver.url, events });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json<WebhookCreated>();
  receiver.secret = created.secret;
  return created;
}

const deliveries = async (id: string) =>
  (await asAdmin('GET', ACCOUNT_API.webhookDeliveries(id))).json<{ deliveries: WebhookDelivery[] }>().deliveries;

async function addQuote(spam = false): Promise<Quote> {
  const res = await t.app.inject({
    method: 'POST',
    url: API.addQuote,
    payload: quoteBody(productId, spam ? { website: 'https://bot.example' } : {}),
    headers: { cookie: buyer.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ quote: Quote }>().quote;
}

beforeEach(async () => {
  receiver.mode = 'ok';
  receiver.received.length = 0;
  for (const w of (await asAdmin('GET', ACCOUNT_API.webhooks)).json<{ webhooks: { _id: string }[] }>().webhooks) {
    await asAdmin('DELETE', ACCOUNT_API.deleteWebhook(w._id));
  }
});

describe('endpoints', () => {
  it('are added with their signing secret answered once, listed without it, and deleted (audited)', async () => {
    const created = await addEndpoint(['quote.created', 'inquiry.created']);
    expect(created).toMatchObject({ success: true, message: WEBHOOK_TEXT.added, webhook: { url: receiver.url, lastDelivery: null } });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await asAdmin('GET', ACCOUNT_API.webhooks);
    expect(list.json()).toMatchObject({ webhooks: [{ _id: created.webhook._id, events: ['quote.created', 'inquiry.created'] }] });
    expect(list.body).not.toContain(created.secret);
    const del = await asAdmin('DELETE', ACCOUNT_API.deleteWebhook(created.webhook._id));
    expect(del.json()).toEqual({ success: true, message: WEBHOOK_TEXT.deleted });
    expect((await asAdmin('DELETE', ACCOUNT_API.deleteWebhook(created.webhook._id))).statusCode).toBe(404);
    const audit = await t.db.selectFrom('audit_log').select(['action']).where('entity_id', '=', created.webhook._id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);
  });

  it('refuse a missing or malformed address and no events, with the first rule broken', async () => {
    const cases: Array<[object, string]> = [
      [{ events: ['quote.created'] }, WEBHOOK_TEXT.urlRequired],
      [{ url: 'crm.example/hook', events: ['quote.created'] }, WEBHOOK_TEXT.urlInvalid],
      [{ url: 'ftp://crm.example/hook', events: ['quote.created'] }, WEBHOOK_TEXT.urlInvalid],
      [{ url: 'https://crm.example/hook', events: [] }, WEBHOOK_TEXT.eventsRequired],
      [{ url: 'https://crm.example/hook', events: ['quote.eaten'] }, WEBHOOK_TEXT.eventsRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await asAdmin('POST', ACCOUNT_API.addWebhook, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });

  it('are at most ten', async () => {
    for (let i = 0; i < 10; i++) await addEndpoint(['quote.created']);
    const res = await asAdmin('POST', ACCOUNT_API.addWebhook, { url: receiver.url, events: ['quote.created'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: WEBHOOK_TEXT.tooMany });
  });
});

describe('deliveries', () => {
  it('carry each event, signed in the Standard Webhooks format, to the endpoints that asked for it', async () => {
    await addEndpoint(['quote.created', 'inquiry.created', 'quote.changed', 'order.changed', 'message.created']);
    const quote = await addQuote();
    await addQuote(true); // held as spam: not told
    const inquiry = await t.app.inject({
      method: 'POST',
      url: API.addContact,
      payload: contactBody(productId),
      headers: { cookie: buyer.cookie },
    });
    expect(inquiry.statusCode, inquiry.body).toBe(200);
    const adminRow = await t.db.selectFrom('users').select('id').where('email', '=', admin.email).executeTakeFirstOrThrow();
    await sendOffer(t.db, t.dialect, quote._id, offerSchema.parse(offerBody()), { userId: adminRow.id });
    await decideQuote(t.db, quote._id, 'ACCEPTED', '', { userId: buyer.user._id });
    const message = await t.app.inject({
      method: 'POST',
      url: API.addQuoteMessage(quote._id),
      payload: { text: 'When can you load?' },
      headers: { cookie: buyer.cookie },
    });
    expect(message.statusCode, message.body).toBe(200);
    await t.app.webhookDeliverer.idle();

    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.ofType('quote.created')).toHaveLength(1);
    expect(receiver.ofType('quote.created')[0]!.body.data).toMatchObject({ quote: { _id: quote._id, companyName: quote.companyName } });
    expect(receiver.ofType('inquiry.created')).toHaveLength(1);
    expect(receiver.ofType('quote.changed').map((r) => (r.body.data.change as { status: string }).status)).toEqual(['QUOTED', 'ACCEPTED']);
    expect(receiver.ofType('order.changed')).toHaveLength(1);
    expect(receiver.ofType('order.changed')[0]!.body.data).toMatchObject({ change: { step: 'PROFORMA_ISSUED' } });
    expect(receiver.ofType('message.created')[0]!.body.data).toMatchObject({ message: { text: 'When can you load?', author: 'BUYER' } });
    // Each its own webhook-id, each taken once.
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(receiver.received.length);
  });

  it('only the events an endpoint asked for', async () => {
    await addEndpoint(['inquiry.created']);
    await addQuote();
    await t.app.webhookDeliverer.idle();
    expect(receiver.received).toEqual([]);
  });

  it('a receiver that fails is tried again later, recovers, takes it once; it is listed with its answers', async () => {
    const { webhook } = await addEndpoint(['quote.created']);
    receiver.mode = 'fail';
    await addQuote();
    await t.app.webhookDeliverer.idle();
    const [failed] = await deliveries(webhook._id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, responseBody: 'the CRM is down' });
    expect(Date.parse(failed!.nextAttemptAt!)).toBeGreaterThan(Date.now());
    // Not due yet: nothing sent again.
    await t.app.webhookDeliverer.idle();
    expect(receiver.received).toHaveLength(1);

    receiver.mode = 'ok';
    const retried = await asAdmin('POST', ACCOUNT_API.retryWebhookDelivery(failed!._id), {});
    expect(retried.json()).toMatchObject({ message: WEBHOOK_TEXT.retried, delivery: { status: 'pending' } });
    await t.app.webhookDeliverer.idle();
    const [delivered] = await deliveries(webhook._id);
    expect(delivered).toMatchObject({ _id: failed!._id, status: 'delivered', attempts: 2, responseStatus: 204 });
    expect(receiver.received.map((r) => r.id)).toEqual([failed!._id, failed!._id]);
    await t.app.webhookDeliverer.idle();
    expect(receiver.received).toHaveLength(2);
    const list = (await asAdmin('GET', ACCOUNT_API.webhooks)).json<{ webhooks: { lastDelivery: unknown }[] }>().webhooks;
    expect(list[0]!.lastDelivery).toMatchObject({ status: 'delivered', responseStatus: 204 });
  });

  it('a receiver that hangs costs its delivery a try, never a request of the site', async () => {
    const { webhook } = await addEndpoint(['quote.created']);
    receiver.mode = 'hang';
    await addQuote();
    const pass = t.app.webhookDeliverer.idle();
    const started = Date.now();
    await addQuote();
    expect(Date.now() - started).toBeLessThan(2000);
    await pass;
    await t.app.webhookDeliverer.idle();
    const rows = await deliveries(webhook._id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('pending');
      expect(row.responseStatus).toBeNull();
      expect(row.error).toMatch(/abort|timeout/i);
    }
  });

  it('is marked failed after a day of failures', async () => {
    const { webhook } = await addEndpoint(['quote.created']);
    receiver.mode = 'fail';
    await addQuote();
    const longAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.db.updateTable('webhook_deliveries').set({ retry_from: longAgo }).where('endpoint_id', '=', webhook._id).execute();
    await t.app.webhookDeliverer.idle();
    expect((await deliveries(webhook._id))[0]).toMatchObject({ status: 'failed', nextAttemptAt: null });
  });

  it("of a deleted endpoint are gone with it; another's deliveries and unknown ids are 404", async () => {
    const { webhook } = await addEndpoint(['quote.created']);
    receiver.mode = 'fail';
    await addQuote();
    await asAdmin('DELETE', ACCOUNT_API.deleteWebhook(webhook._id));
    expect(await t.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', webhook._id).execute()).toEqual([]);
    expect((await asAdmin('GET', ACCOUNT_API.webhookDeliveries(webhook._id))).json()).toMatchObject({ message: WEBHOOK_TEXT.notFound });
    expect((await asAdmin('POST', ACCOUNT_API.retryWebhookDelivery(`msg_${'0'.repeat(24)}`), {})).json()).toMatchObject({
      message: WEBHOOK_TEXT.deliveryNotFound,
    });
    // Not an id at all (a NUL byte, which PostgreSQL refuses in text): a bad request, never a 500.
    for (const path of [ACCOUNT_API.deleteWebhook('\u0000'), ACCOUNT_API.webhookDeliveries('x\u0000')]) {
      const res = await asAdmin(path.endsWith('deliveries') ? 'GET' : 'DELETE', path);
      expect(res.statusCode, path).toBe(400);
    }
    expect((await asAdmin('POST', ACCOUNT_API.retryWebhookDelivery('msg_nope'), {})).statusCode).toBe(400);
  });
});

describe('where a webhook may go', () => {
  it('https only, to public addresses only (checked on DNS), unless WEBHOOKS_ALLOW_PRIVATE', async () => {
    expect(await refusalOf('http://example.com/hook', false)).toBe(WEBHOOK_TEXT.httpsOnly);
    expect(await refusalOf('https://127.0.0.1/hook', false)).toBe(WEBHOOK_TEXT.privateAddress);
    expect(await refusalOf('https://[::1]/hook', false)).toBe(WEBHOOK_TEXT.privateAddress);
    expect(await refusalOf('https://localhost/hook', false)).toBe(WEBHOOK_TEXT.privateAddress);
    expect(await refusalOf('https://no-such-host.invalid/hook', false)).toBe(WEBHOOK_TEXT.unresolvable);
    expect(await refusalOf('https://93.184.215.14/hook', false)).toBeUndefined();
    expect(await refusalOf('http://127.0.0.1/hook', true)).toBeUndefined();
    for (const ip of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::ffff:10.0.0.1',
      'fd00::1',
      'fe80::1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.215.14', '8.8.8.8', '2a00:1450:4001::1']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refused when saved, and again when delivered (an address that turned private)', async () => {
    const strict = await buildTestApp({ WEBHOOK_POLL_MS: '0' });
    try {
      const strictAdmin = await strict.loginAdmin();
      const res = await strict.app.inject({
        method: 'POST',
        url: ACCOUNT_API.addWebhook,
        payload: { url: 'https://127.0.0.1:9/hook', events: ['quote.created'] },
        headers: { cookie: strictAdmin.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: WEBHOOK_TEXT.privateAddress, errors: { url: WEBHOOK_TEXT.privateAddress } });
      // Saved while public (written here as if it had been), private by the time of its delivery.
      await strict.db
        .insertInto('webhook_endpoints')
        .values({
          id: 'e1',
          url: 'https://localhost:9/hook',
          events: '["quote.created"]',
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          created_at: new Date().toISOString(),
          created_by: 'x',
        })
        .execute();
      const product = await insertTestProduct(strict.db);
      const strictBuyer = await strict.loginUser();
      expect(
        (
          await strict.app.inject({
            method: 'POST',
            url: API.addQuote,
            payload: quoteBody(product),
            headers: { cookie: strictBuyer.cookie },
          })
        ).statusCode,
      ).toBe(200);
      await strict.app.webhookDeliverer.idle();
      const [row] = await strict.db.selectFrom('webhook_deliveries').selectAll().execute();
      expect(row).toMatchObject({ status: 'pending', response_status: null });
      expect(row!.last_error).toBe(WEBHOOK_TEXT.privateAddress);
    } finally {
      await strict.close();
    }
  });
});
