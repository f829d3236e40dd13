/**
 * Issue 40 with two server processes on one database (two apps, each with its own connections):
 * a digest of a thread's messages is mailed once whichever worker claims it, and, on PostgreSQL, a
 * message posted through one process reaches a thread open (Server-Sent Events) on the other.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { insertTestProduct, quoteBody } from '../fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from '../helper.js';

// An hour ahead of the real clock, which stamps a quote's creation (see test/messages.test.ts).
let now = Date.now() + 60 * 60_000;
let t: TestApp;
let second: FastifyInstance;
let secondDb: DatabaseHandle;
let buyer: TestUser;
let admin: TestUser;
let quoteId: string;

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => now });
  const schema =
    t.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema : undefined;
  secondDb = createDatabase({
    databaseUrl: t.config.databaseUrl,
    sqliteFile: t.config.sqliteFile,
    ...(schema ? { pgSchema: schema } : {}),
  });
  second = await buildApp(t.config, { database: secondDb, clock: () => now });
  await second.ready();
  buyer = await t.loginUser();
  admin = await t.loginAdmin();
  const productId = await insertTestProduct(t.db);
  const res = await t.app.inject({ method: 'POST', url: API.addQuote, payload: quoteBody(productId), headers: { cookie: buyer.cookie } });
  quoteId = res.json<{ quote: { _id: string } }>().quote._id;
});
afterAll(async () => {
  await second.close();
  await secondDb.close();
  await t.close();
});

describe('threads across two processes', () => {
  it('mails the messages of five minutes once, whichever process claims the digest', async () => {
    for (const text of ['First', 'Second', 'Third']) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.addQuoteMessage(quoteId),
        payload: { text },
        headers: { cookie: buyer.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      now += 30_000;
    }
    now += 5 * 60_000;
    await Promise.all([t.app.mailer.idle(), second.mailer.idle(), t.app.mailer.idle(), second.mailer.idle()]);
    const digests = await t.db.selectFrom('message_digests').selectAll().where('thread_id', '=', quoteId).execute();
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ pending_key: null });
    const mails = await t.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', 'like', 'digest:%').execute();
    expect(mails).toHaveLength(1);
    for (const text of ['First', 'Second', 'Third']) expect(mails[0]!.text_body).toContain(text);
  });

  it.skipIf(process.env.DATABASE_URL === undefined)(
    'delivers a message posted through one process to a thread open on the other (LISTEN/NOTIFY)',
    async () => {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const { port } = second.server.address() as AddressInfo;
      let received = '';
      const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: API.quoteMessageEvents(quoteId), headers: { cookie: admin.cookie } }, resolve)
          .on('error', reject);
      });
      expect(stream.statusCode).toBe(200);
      stream.setEncoding('utf8');
      await new Promise<void>((resolve) =>
        stream.on('data', (chunk: string) => {
          received += chunk;
          if (received.includes(': ready')) resolve();
        }),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: API.addQuoteMessage(quoteId),
        payload: { text: 'Across processes' },
        headers: { cookie: buyer.cookie },
      });
      expect(res.statusCode).toBe(200);
      await expect.poll(() => received, { timeout: 5000 }).toContain('Across processes');
      stream.destroy();
    },
  );
});
