/**
 * One fresh app on one fresh database per test file:
 *   SQLite in a temporary DATA_DIR, or, when DATABASE_URL is set, a new PostgreSQL schema
 *   (dropped afterwards). Mails go to the temporary outbox and are read back with `outbox()`.
 *
 *   const t = await buildTestApp();          // in beforeAll
 *   const { cookie } = await t.loginUser();  // a new USER, logged in
 *   await t.app.inject({ method: 'GET', url: API.profile, headers: { cookie } });
 *   await t.close();                         // in afterAll
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { API, type PublicUser } from '@agro/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDatabase, migrateToLatest, type DatabaseHandle, type Db } from '../src/db/index.js';
import { createUserService } from '../src/modules/user/service.js';
import type { FileStorage } from '../src/storage/file-storage.js';
import { solveFor } from './altcha-solver.js';
import { parseEml, type ParsedMail } from './eml.js';

export interface TestUser {
  user: PublicUser;
  email: string;
  password: string;
  /** `Cookie` header value carrying the session. */
  cookie: string;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  dialect: DatabaseHandle['dialect'];
  dataDir: string;
  /** Register (through the API) and log in a new USER. */
  /** A new USER, registered (with `headers`, e.g. the page's language) and logged in. */
  loginUser(overrides?: Partial<RegisterBody>, headers?: Record<string, string>): Promise<TestUser>;
  /** Create an ADMIN (as the CLI does) and log it in through the API. */
  loginAdmin(): Promise<TestUser>;
  /** Log in through the API and return the session cookie. */
  login(email: string, password: string): Promise<string>;
  /** Every mail sent so far, oldest first (waits for the mail queue). */
  outbox(): Promise<ParsedMail[]>;
  /**
   * Run a migration's down and up (a migration test): on PostgreSQL under the lock that migrating
   * and dropping test schemas hold, since another file's migrator reads every schema's columns
   * and fails on a column dropped meanwhile ('column … of relation … does not exist').
   */
  schemaChange<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface RegisterBody {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export const PASSWORD = 'Str0ng!Pass';
let sequence = 0;

/** A valid registration body with a unique email. */
export function newUserBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  sequence += 1;
  return {
    fullName: 'Test Buyer',
    email: `buyer${sequence}-${randomBytes(4).toString('hex')}@example.com`,
    phoneNumber: '+91-9876543210',
    password: PASSWORD,
    ...overrides,
  };
}

/** The `name=value` pair of a response's session cookie, ready for a `Cookie` header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'agro_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export interface TestAppOptions {
  /** Runs after the app is built and before it is ready (e.g. to add a test-only route). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** The image storage, when not the configuration's own (e.g. an object store with short time limits). */
  imageStorage?: FileStorage;
  /** The app's clock (ms), for rules that depend on time (the threads' mail digests). */
  clock?: () => number;
}

export async function buildTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-server-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    SEED_DEMO: 'false',
    RATE_LIMIT_ENABLED: 'false',
    // The proof of work has its own tests (test/altcha.test.ts, which turn it on); solving one per
    // registration would only slow every other test down.
    ALTCHA_ENABLED: 'false',
    ALTCHA_MAX_NUMBER: '200',
    // Reminders and digests have their own tests (test/reminders.test.ts, which turn them on): elsewhere
    // a digest at the day's digest hour would add mails to outboxes that tests count.
    SCHEDULER_ENABLED: 'false',
    // Webhook deliveries are sent when a test asks (webhookDeliverer.idle(): test/webhooks.test.ts).
    WEBHOOK_POLL_MS: '0',
    // The lowest accepted cost: tests hash many passwords on a small machine.
    PASSWORD_HASH_COST: '12',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });

  let schema: string | undefined;
  if (config.databaseUrl) {
    schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await withPgClient(config.databaseUrl, (c) => c.query(`create schema ${schema}`));
  }
  const database = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    pgSchema: schema,
    pgPoolSize: 4,
    // Its connections can be told apart from other test files' (test/reliability/database-outage.test.ts).
    pgApplicationName: schema,
  });
  if (config.databaseUrl) await withSchemaLock(config.databaseUrl, () => migrateToLatest(database));
  else await migrateToLatest(database);
  const app = await buildApp(config, { database, imageStorage: options.imageStorage, ...(options.clock ? { clock: options.clock } : {}) });
  await options.beforeReady?.(app);
  await app.ready();

  async function login(email: string, password: string): Promise<string> {
    const res = await app.inject({ method: 'POST', url: API.login, payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
    return sessionCookie(res);
  }

  let adminCount = 0;
  return {
    app,
    config,
    db: database.db,
    dialect: database.dialect,
    dataDir,
    login,
    async loginUser(overrides = {}, headers = {}) {
      const body = newUserBody(overrides);
      const altcha = config.altcha.enabled
        ? { altcha: await solveFor('register', async (p) => (await app.inject({ method: 'GET', url: p })).json()) }
        : {};
      const res = await app.inject({ method: 'POST', url: API.register, payload: { ...body, ...altcha }, headers });
      if (res.statusCode !== 200) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
      const cookie = await login(body.email, body.password);
      return { user: res.json<{ user: PublicUser }>().user, email: body.email, password: body.password, cookie };
    },
    async loginAdmin() {
      adminCount += 1;
      const email = `admin${adminCount}-${randomBytes(4).toString('hex')}@example.com`;
      await createUserService(database.db, config).ensureAdmin(email, PASSWORD, 'Site Admin');
      const cookie = await login(email, PASSWORD);
      const profile = await app.inject({ method: 'GET', url: API.profile, headers: { cookie } });
      return { user: profile.json<{ user: PublicUser }>().user, email, password: PASSWORD, cookie };
    },
    async outbox() {
      await app.mailer.idle();
      const files = (await fs.readdir(config.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
      return Promise.all(files.map(async (f) => parseEml(f, await fs.readFile(path.join(config.outboxDir, f), 'utf8'))));
    },
    schemaChange(fn) {
      return config.databaseUrl ? withSchemaLock(config.databaseUrl, fn) : fn();
    },
    async close() {
      await app.close();
      await database.close();
      if (schema && config.databaseUrl) {
        const url = config.databaseUrl;
        await withSchemaLock(url, () => withPgClient(url, (c) => c.query(`drop schema if exists ${schema} cascade`)));
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Kysely's migrator asks whether its tables exist by introspecting the tables of EVERY schema
 * (pg_get_serial_sequence and has_schema_privilege on each): a schema that another test file drops
 * meanwhile makes that query fail with 'relation test_….x does not exist' or 'schema test_… does
 * not exist'. Migrating and dropping hold one advisory lock, so they never overlap across files.
 */
async function withSchemaLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  return withPgClient(url, async (client) => {
    await client.query(`select pg_advisory_lock(hashtext('agro-test-schemas'))`);
    try {
      return await fn();
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('agro-test-schemas'))`);
    }
  });
}

export async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
