/**
 * A world for the reminder tests (issue 41): an app whose scheduler runs whenever the mail worker
 * looks for due mail (no background poll: a test's `t.outbox()`, a call that queues mail, or
 * `scheduler.tick()`), on the test's clock, with an administrator, a product and the company's
 * clock in UTC; other server processes on the same database; leads and offers made through the API.
 */
import { API, DEFAULT_SETTINGS, replyDueAtOf, type Quote, type ReminderSettings } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type DatabaseHandle } from '../src/db/index.js';
import type { ParsedMail } from './eml.js';
import { insertTestProduct, offerBody, quoteBody } from './fixtures.js';
import { buildTestApp, type TestApp, type TestUser } from './helper.js';
import { contactBody } from './security/endpoints.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const iso = (ms: number): string => new Date(ms).toISOString();
/** The UTC date of `ms` ('YYYY-MM-DD'). */
export const dayOf = (ms: number): string => iso(ms).slice(0, 10);

export interface World {
  t: TestApp;
  admin: TestUser;
  productId: string;
  clock: () => number;
  /** Other processes on the same database, closed with the world. */
  others: Array<{ app: FastifyInstance; database: DatabaseHandle }>;
}

export async function world(clock: () => number, env: Record<string, string> = {}): Promise<World> {
  const t = await buildTestApp(
    {
      SCHEDULER_ENABLED: 'true',
      SCHEDULER_INTERVAL_MS: '0',
      MAIL_POLL_MS: '0',
      PUBLIC_URL: 'https://agro.example',
      COMPANY_EMAIL: 'desk@company.example',
      ...env,
    },
    { clock },
  );
  const admin = await t.loginAdmin();
  const w: World = { t, admin, productId: await insertTestProduct(t.db), clock, others: [] };
  await settings(w, { businessHours: { ...DEFAULT_SETTINGS.businessHours, timeZone: 'UTC' } });
  return w;
}

export async function closeWorld(w: World): Promise<void> {
  for (const other of w.others) {
    await other.app.close();
    await other.database.close();
  }
  await w.t.close();
}

/** Another server process on the same database (or the same one after a restart), on the same clock. */
export async function anotherProcess(w: World): Promise<FastifyInstance> {
  const schema =
    w.t.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(w.t.db)).rows[0]!.schema
      : undefined;
  const database = createDatabase({
    databaseUrl: w.t.config.databaseUrl,
    sqliteFile: w.t.config.sqliteFile,
    ...(schema ? { pgSchema: schema } : {}),
  });
  const app = await buildApp(w.t.config, { database, clock: w.clock });
  await app.ready();
  w.others.push({ app, database });
  return app;
}

export async function settings(w: World, patch: Record<string, unknown>): Promise<void> {
  const res = await w.t.app.inject({ method: 'PATCH', url: API.updateSettings, payload: patch, headers: { cookie: w.admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
}

export const reminders = (w: World, values: Partial<ReminderSettings>): Promise<void> => settings(w, { reminders: values });

export async function addQuote(w: World, buyer: TestUser, companyName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: API.addQuote,
    payload: quoteBody(w.productId, { companyName, ...extra }),
    headers: { cookie: buyer.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ quote: Quote }>().quote._id;
}

export async function addInquiry(w: World, buyer: TestUser, companyName: string): Promise<string> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: API.addContact,
    payload: contactBody(w.productId, { companyName }),
    headers: { cookie: buyer.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ contact: { _id: string } }>().contact._id;
}

/** The lead arrived at `ms`: its reply is due 24 hours later. */
export async function arrived(w: World, kind: 'quote' | 'contact', id: string, ms: number): Promise<void> {
  const clock = { created_at: iso(ms), reply_due_at: replyDueAtOf(iso(ms)) };
  await w.t.db
    .updateTable(kind === 'quote' ? 'quotes' : 'contacts')
    .set(clock)
    .where('id', '=', id)
    .execute();
}

/** An administrator gives the lead an owner (null: nobody) and a follow-up day (PATCH .../handling). */
export async function handle(
  w: World,
  kind: 'quote' | 'contact' | 'order',
  id: string,
  change: { assigneeId?: string | null; followUpOn?: string | null },
): Promise<void> {
  const url = kind === 'quote' ? API.quoteHandling(id) : kind === 'contact' ? API.inquiryHandling(id) : API.orderHandling(id);
  const res = await w.t.app.inject({ method: 'PATCH', url, payload: change, headers: { cookie: w.admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
}

/** An administrator's offer valid until `validUntil`; when it was sent and when it expires (ms). */
export async function offer(
  w: World,
  quoteId: string,
  validUntil: string,
): Promise<{ offerId: string; sentAt: number; expiresAt: number }> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: API.quoteOffer(quoteId),
    payload: offerBody({ validUntil }),
    headers: { cookie: w.admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await w.t.db
    .selectFrom('quote_offers')
    .select(['id', 'created_at', 'expires_at'])
    .where('quote_id', '=', quoteId)
    .orderBy('revision', 'desc')
    .executeTakeFirstOrThrow();
  return { offerId: row.id, sentAt: Date.parse(row.created_at), expiresAt: Date.parse(row.expires_at) };
}

export const mailsTo = async (w: World, to: string, subject: RegExp): Promise<ParsedMail[]> =>
  (await w.t.outbox()).filter((m) => m.to === to && subject.test(m.subject));

/** The one-click link of a reminder, from its List-Unsubscribe header. */
export function unsubscribeLink(mail: ParsedMail): { url: string; token: string } {
  const header = mail.headers.get('list-unsubscribe') ?? '';
  const match = /^<(https:\/\/agro\.example\/api\/v1\/unsubscribe\?token=([A-Za-z0-9_-]{43}))>$/.exec(header);
  if (!match) throw new Error(`no one-click unsubscribe link in ${JSON.stringify(header)}`);
  return { url: match[1]!, token: match[2]! };
}
