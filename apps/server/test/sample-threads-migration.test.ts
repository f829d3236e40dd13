/**
 * The migration that gives sample requests a conversation (20261130090000): messages take the kind
 * `sample`. On SQLite the messages table is rebuilt (a CHECK cannot change in place): the rows, their
 * attachments (a foreign key to messages, cascading), the indexes and the triggers that keep the
 * administrators' unread total current all come through. Undone and done again on both databases.
 */
import { API, SAMPLE_API, type Sample } from '@agro/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as sampleThreads from '../src/db/migrations/20261130090000-sample-threads.js';
import * as sampleNumbers from '../src/db/migrations/20261130091000-sample-numbers.js';
import { insertTestProduct, quoteBody, sampleBody } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';
import { file, multipart } from './images-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const messagesVersion = async () =>
  (await t.db.selectFrom('app_meta').select('value').where('key', '=', 'messages_version').executeTakeFirstOrThrow()).value;

it('keeps every message, attachment, index and trigger through the change, undone and done again', async () => {
  const buyer = await t.loginUser();
  const productId = await insertTestProduct(t.db);
  const as = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: buyer.cookie }, ...(payload ? { payload } : {}) });
  const quoteId = (await as('POST', API.addQuote, quoteBody(productId))).json<{ quote: { _id: string } }>().quote._id;
  const form = await multipart([
    ['text', 'Our specification sheet.'],
    ['files', file(Buffer.from('%PDF-1.4\n%%EOF\n'), 'spec.pdf', 'application/pdf')],
  ]);
  const posted = await t.app.inject({
    method: 'POST',
    url: API.addQuoteMessage(quoteId),
    payload: form.payload,
    headers: { ...form.headers, cookie: buyer.cookie },
  });
  expect(posted.statusCode, posted.body).toBe(200);
  const rows = async () => ({
    messages: await t.db.selectFrom('messages').selectAll().orderBy('id').execute(),
    attachments: await t.db.selectFrom('message_attachments').selectAll().orderBy('id').execute(),
  });
  const before = await rows();
  expect(before.attachments).toHaveLength(1);

  const db = t.db as unknown as Kysely<unknown>;
  await t.schemaChange(async () => {
    await sampleThreads.down(db, t.dialect);
    await sampleThreads.up(db, t.dialect);
  });
  expect(await rows()).toEqual(before);
  if (t.dialect === 'sqlite') {
    const objects = await sql<{ name: string }>`select name from sqlite_master where tbl_name = 'messages' order by name`.execute(t.db);
    expect(objects.rows.map((r) => r.name)).toEqual([
      'messages',
      'messages_author_idx',
      'messages_digest_idx',
      'messages_messages_version_delete',
      'messages_messages_version_insert',
      'messages_messages_version_update',
      'messages_thread_author_idx',
      'messages_thread_idx',
      'sqlite_autoindex_messages_1',
    ]);
    expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.db)).rows).toEqual([{ integrity_check: 'ok' }]);
  }

  // The triggers still count each change, the foreign key still cascades, and the new kind is taken.
  const version = await messagesVersion();
  const sample = (await as('POST', SAMPLE_API.addSample, sampleBody(productId))).json<{ sample: Sample }>().sample;
  expect((await as('POST', API.addSampleMessage(sample._id), { text: 'Is 200 g enough for a lab test?' })).statusCode).toBe(200);
  expect(Number(await messagesVersion())).toBeGreaterThan(Number(version));
  await t.db.deleteFrom('messages').where('id', '=', before.messages[0]!.id).execute();
  expect(await t.db.selectFrom('message_attachments').select('id').execute()).toEqual([]);
  // A kind outside the list is still refused by the database itself.
  await expect(
    t.db
      .insertInto('messages')
      .values({ ...before.messages[0]!, id: 'f'.repeat(24), thread_kind: 'invoice' as 'sample' })
      .execute(),
  ).rejects.toThrow(/check/i);
});

it('gives the requests made before the counting the number their mails had (from the id), and counts on from there', async () => {
  const buyer = await t.loginUser();
  const productId = await insertTestProduct(t.db);
  const add = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SAMPLE_API.addSample,
      headers: { cookie: buyer.cookie },
      payload: sampleBody(productId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ sample: Sample }>().sample;
  };
  const before = await add();
  const db = t.db as unknown as Kysely<unknown>;
  await t.schemaChange(async () => {
    await sampleNumbers.down(db);
    await sampleNumbers.up(db, t.dialect);
  });
  const row = await t.db.selectFrom('samples').select(['number', 'created_at']).where('id', '=', before._id).executeTakeFirstOrThrow();
  expect(row.number).toBe(`SMP-${row.created_at.slice(0, 4)}-${before._id.slice(-6).toUpperCase()}`);
  // The counter starts again (the earlier request declined: one open request per product).
  await t.db.updateTable('samples').set({ status: 'DECLINED' }).execute();
  expect((await add()).number).toBe(`SMP-${row.created_at.slice(0, 4)}-000001`);
});
