import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { API_PREFIX, TWO_FACTOR_TEXT } from '@agro/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import http from 'node:http';
import zlib from 'node:zlib';
import type { Config } from './config.js';
import { createDatabase, type DatabaseHandle, type Db, type Dialect } from './db/index.js';
import { AccessLog } from './lib/access-log.js';
import { EDGE_TAGS } from './speed/edge.js';
import { createEdgePurger, dayTurnPurge, purgingRemovals, queueEdgePurge, type EdgePurger } from './speed/edge-purger.js';
import { FrontLane } from './speed/front-lane.js';
import { lastKnownMeta } from './speed/last-known.js';
import { guardStorage, type FileStorage } from './storage/file-storage.js';
import { createDocumentStorage, createImageStorage } from './storage/stores.js';
import { createReplication, type Replication } from './backup/replication.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createScheduler, type Scheduler } from './scheduler/scheduler.js';
import { serializerCompiler, validatorCompiler } from './lib/route-schemas.js';
import altchaRoutes, { altchaService } from './modules/altcha/routes.js';
import auditRoutes from './modules/audit/routes.js';
import contactRoutes from './modules/contact/routes.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import galleryRoutes from './modules/gallery/routes.js';
import productRoutes from './modules/product/routes.js';
import quoteRoutes from './modules/quote/routes.js';
import orderRoutes from './modules/order/routes.js';
import sampleRoutes from './modules/sample/routes.js';
import quoteListRoutes from './modules/quote-list/routes.js';
import messageRoutes from './modules/messages/routes.js';
import replyRoutes from './modules/replies/routes.js';
import reminderRoutes from './modules/reminders/routes.js';
import type { ReplyMailbox } from './modules/replies/index.js';
import { ThreadEvents } from './modules/messages/index.js';
import { ReplyTime, countLateLeads } from './modules/reply-clock/index.js';
import settingsRoutes, { settingsReader } from './modules/settings/routes.js';
import teamRoutes from './modules/team/routes.js';
import webhookRoutes from './modules/webhooks/routes.js';
import ownerPageRoutes, { ownerPageReader } from './modules/owner-pages/routes.js';
import { createWebhookDeliverer, type WebhookDeliverer } from './modules/webhooks/index.js';
import { PublicPages } from './modules/pages/routes.js';
import { createPageRenderer } from './modules/pages/renderer.js';
import dataRightsRoutes from './modules/data-rights/routes.js';
import userRoutes from './modules/user/routes.js';
import { sessionStore } from './modules/user/session-repository.js';
import { lacksRequiredSecondFactor } from './modules/user/two-factor.js';
import apiDocs from './plugins/api-docs.js';
import auth from './plugins/auth.js';
import errorHandler, { frameworkErrors } from './plugins/error-handler.js';
import metrics from './plugins/metrics.js';
import health from './plugins/health.js';
import idempotency from './plugins/idempotency.js';
import rateLimit from './plugins/rate-limit.js';
import security from './plugins/security.js';
import staticFiles from './plugins/static-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: Dialect;
    /** See DatabaseHandle.readMeta; while the database is away, the values last read (speed/last-known.ts). */
    readMeta: DatabaseHandle['readMeta'];
    /** True while cached answers are made from the last content versions known (the database is away). */
    contentStale: () => boolean;
    /** See DatabaseHandle.probe (readiness). */
    probeDatabase: DatabaseHandle['probe'];
    mailer: Mailer;
    /** Where image files live (storage/stores.ts). */
    imageStorage: FileStorage;
    /** Where the private files live: order documents, messages' attachments (storage/stores.ts). */
    documentStorage: FileStorage;
    /** The continuous backup (BACKUP_URL on SQLite): the files' copies and Litestream (started by main.ts); read by /readyz. */
    replication: Replication | undefined;
    /** Answers repeated GETs of cached public answers before routing (speed/front-lane.ts). */
    frontLane: FrontLane;
    /** The time now (ms): Date.now, or the tests' clock (AppDeps.clock). Rules that depend on time read it. */
    now: () => number;
    /** Live updates of the threads (modules/messages/live.ts). */
    threadEvents: ThreadEvents;
    /** The reply mailbox's reader of this process, when IMAP_URL is set (modules/replies/); read by /readyz and /metrics. */
    replyMailbox: ReplyMailbox;
    /** The jobs that run once across every process (reminders, the daily digest): scheduler/scheduler.ts. */
    scheduler: Scheduler;
    /** Tells the edge caches what changed (speed/edge-purger.ts). */
    edgePurger: EdgePurger;
    /** Each process's webhook deliverer (modules/webhooks). */
    webhookDeliverer: WebhookDeliverer;
  }
}

export interface AppDeps {
  /** An open (migrated) database; by default one is opened from `config` and closed with the app. */
  database?: DatabaseHandle;
  /** By default a mailer from SMTP_URL / the outbox. */
  mailer?: Mailer;
  /** By default the local uploads folder, or S3 when S3_BUCKET is set. */
  imageStorage?: FileStorage;
  /** The time now (ms), for the rules that depend on it (the threads' mail digests, the reply clock, reminders); Date.now by default. */
  clock?: () => number;
}

/** JSON bodies are small forms; uploads have their own multipart limits. */
const JSON_BODY_LIMIT = 256 * 1024;
/** Distinct requests (host and URL) the front lane keeps answers for; the answers are the caches' own. */
const FRONT_LANE_ENTRIES = 2_000;
const FRONT_LANE_BYTES = 16 * 1024 * 1024;
/** Fastify's default keep-alive timeout (longer than a load balancer's usual 60 s idle timeout). */
const FASTIFY_KEEP_ALIVE_MS = 72_000;

/** Build the whole app without listening (tests use app.inject, main.ts calls listen). */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const frontLane = new FrontLane(FRONT_LANE_ENTRIES, FRONT_LANE_BYTES, config.trustProxy);
  const app = Fastify({
    // The HTTP server Fastify would make (with its default timeouts), the front lane's listener
    // in front of Fastify's.
    serverFactory: (handler) => {
      const server = http.createServer(frontLane.listener(handler));
      server.keepAliveTimeout = FASTIFY_KEEP_ALIVE_MS;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // In production, log lines are buffered and written in batches (flushed on exit): one
      // synchronous write per line cost about 15% of a cached API answer's CPU time
      // (docs/performance.md). Elsewhere every line is written at once.
      ...(config.nodeEnv === 'production' ? { stream: pino.destination({ sync: false, minLength: 4096 }) } : {}),
    },
    // One access-log line per request instead of Fastify's two (lib/access-log.ts).
    logController: new AccessLog(),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });

  const database = deps.database ?? createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  const mailer =
    deps.mailer ??
    createMailer({
      db: database.db,
      dialect: database.dialect,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: config.outboxDir,
      logger: app.log,
      pollMs: config.mail.pollMs,
      retryBaseMs: config.mail.retryBaseMs,
      maxAttempts: config.mail.maxAttempts,
      secret: config.mail.secret,
      leaseMs: config.mail.leaseMs,
      dkim: config.dkim,
      messageIdDomain: config.messageIdDomain,
    });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  database.onConnectionError((err) => app.log.warn({ err }, 'database connection lost (the pool opens a new one when needed)'));
  const meta = lastKnownMeta(database.readMeta, (err) =>
    app.log.warn({ err }, 'database unreachable: cached answers are served from the last version known'),
  );
  app.decorate('readMeta', meta.readMeta);
  app.decorate('contentStale', meta.stale);
  app.decorate('probeDatabase', database.probe);
  app.decorate('mailer', mailer);
  app.decorate('now', deps.clock ?? Date.now);
  const scheduler = createScheduler({
    now: app.now,
    logger: app.log,
    intervalMs: config.scheduler.intervalMs,
    enabled: config.scheduler.enabled,
  });
  app.decorate('scheduler', scheduler);
  // Each process's mail worker ticks the scheduler before it looks for due mail: what a job queues
  // goes out in the same pass.
  mailer.addSource(() => scheduler.poll());
  const edgePurger = createEdgePurger({
    db: database.db,
    dialect: database.dialect,
    targets: config.edgePurge.targets,
    logger: app.log,
    pollMs: config.edgePurge.pollMs,
  });
  app.decorate('edgePurger', edgePurger);
  const webhookDeliverer = createWebhookDeliverer({
    db: database.db,
    dialect: database.dialect,
    logger: app.log,
    pollMs: config.webhooks.pollMs,
    allowPrivate: config.webhooks.allowPrivate,
    timeoutMs: config.webhooks.timeoutMs,
  });
  app.decorate('webhookDeliverer', webhookDeliverer);
  if (config.edgePurge.targets.length > 0) {
    scheduler.add(dayTurnPurge(database.db));
    // The pages name the web build's assets: a process that starts (a deploy) has the edges drop them.
    app.addHook('onReady', () => queueEdgePurge(database.db, [EDGE_TAGS.pages]));
  }
  app.decorate(
    'threadEvents',
    new ThreadEvents({ db: database.db, dialect: database.dialect, databaseUrl: config.databaseUrl, logger: app.log }),
  );
  app.decorate('replyMailbox', { reader: undefined } as ReplyMailbox);
  const replication = createReplication(config);
  app.decorate('replication', replication);
  app.decorate(
    'imageStorage',
    guardStorage(purgingRemovals(deps.imageStorage ?? createImageStorage(config, replication?.mirror), database.db)),
  );
  app.decorate('documentStorage', guardStorage(createDocumentStorage(config, replication?.mirror), 'documents'));
  frontLane.attach(app.log, meta.stale);
  app.decorate('frontLane', frontLane);
  // The mail worker stops first, before the server waits for its connections to end: the batch in
  // flight is sent AND marked sent while the database is still open and long before main.ts's hard
  // shutdown deadline. A process cut off between a send and its mark makes another process send
  // that batch again once the lease runs out. Mail queued by requests still in flight waits in the
  // outbox for the next process.
  app.addHook('preClose', async () => {
    if (!deps.mailer) await mailer.close();
    await edgePurger.close();
    await webhookDeliverer.close();
  });
  app.addHook('onClose', async () => {
    if (!deps.database) await database.close();
  });

  // Routes declare zod schemas (lib/route-schemas.ts); answers are checked against theirs outside production.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(config.nodeEnv !== 'production'));

  await app.register(errorHandler);
  await app.register(security, { config });
  // Before compression: it keeps the answers it replays as they were serialized.
  await app.register(idempotency);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // Default brotli quality (11) is far too slow for per-request compression.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // The CSV exports stream with gzip, each piece flushed (modules/leads/list-routes.ts): brotli
    // held an export's first ~3.5 MB, and flushing it each piece grew the server's memory.
  });
  await app.register(cookie);
  await app.register(auth, {
    sessions: sessionStore(database.db),
    // An administrator the site requires two-step sign-in of is sent to set it up first.
    adminGate: async (request, userId) => ((await lacksRequiredSecondFactor(request, userId)) ? TWO_FACTOR_TEXT.setupRequired : undefined),
  });
  await app.register(rateLimit);
  await app.register(health);
  await app.register(metrics, {
    token: config.metricsToken,
    pool: database.poolStats,
    leadsLate: () => countLateLeads(database.db, new Date(app.now()).toISOString()),
  });
  await app.register(apiDocs);

  app.decorate('siteSettings', settingsReader(app));
  app.decorate('ownerPage', ownerPageReader(app));
  app.decorate('replyTime', new ReplyTime(app));
  app.decorate('altcha', altchaService(database.db, config));
  app.decorateRequest('altchaPayload', undefined);
  if (!config.altcha.enabled) app.log.warn('ALTCHA_ENABLED=false: registration and forgot password take no proof of work');
  await app.register(altchaRoutes, { prefix: `${API_PREFIX}/altcha` });
  await app.register(userRoutes, { prefix: `${API_PREFIX}/user` });
  await app.register(dataRightsRoutes, { prefix: `${API_PREFIX}/user` });
  await app.register(quoteRoutes, { prefix: `${API_PREFIX}/quote` });
  await app.register(orderRoutes, { prefix: `${API_PREFIX}/order` });
  await app.register(sampleRoutes, { prefix: `${API_PREFIX}/sample` });
  await app.register(quoteListRoutes, { prefix: `${API_PREFIX}/quote-list` });
  await app.register(contactRoutes, { prefix: `${API_PREFIX}/contact` });
  await app.register(dashboardRoutes, { prefix: `${API_PREFIX}/dashboard` });
  await app.register(productRoutes, { prefix: `${API_PREFIX}/product` });
  await app.register(galleryRoutes, { prefix: `${API_PREFIX}/gallery` });
  await app.register(settingsRoutes, { prefix: `${API_PREFIX}/settings` });
  await app.register(auditRoutes, { prefix: `${API_PREFIX}/audit` });
  await app.register(teamRoutes, { prefix: `${API_PREFIX}/team` });
  await app.register(webhookRoutes, { prefix: `${API_PREFIX}/webhooks` });
  await app.register(ownerPageRoutes, { prefix: `${API_PREFIX}/pages` });
  // The threads of quotes, inquiries and orders (/{kind}/{id}/messages), attachments, unread counts.
  await app.register(messageRoutes, { prefix: API_PREFIX });
  await app.register(replyRoutes, { prefix: API_PREFIX });
  // Reminders and the daily digest (jobs of the scheduler), and the buyers' one-click unsubscribe.
  await app.register(reminderRoutes, { prefix: API_PREFIX });

  // Public pages rendered on the server, the sitemap and robots.txt (modules/pages).
  const pages = new PublicPages(app, await createPageRenderer(config.webDist, app.log));
  await app.register((instance) => pages.register(instance));
  await app.register(staticFiles, { config, notFoundPage: (request, reply) => pages.notFound(request, reply) });
  return app;
}
