/**
 * What an operator watches (issue 29, item 5; docs/deploy.md, 'Watching it'): Prometheus metrics
 * with prom-client, one registry per app. Requests by route and status with latency histograms
 * (front-lane answers too), refusals by reason, the mail outbox, the database pool, the reply
 * clock (issue 41: leads late now, first-reply times), and the process's own (memory, event-loop
 * lag, GC) from prom-client's default collectors.
 */
import { SERVER_ERRORS } from '@agro/shared';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined unless METRICS_TOKEN is set (plugins/metrics.ts). */
    metrics: Metrics | undefined;
  }
}

/** Why a request was refused, by the message it was answered with (lib/errors.ts HttpError). */
const REFUSALS: Record<string, string> = {
  [SERVER_ERRORS.rateLimited]: 'rate_limit',
  [SERVER_ERRORS.altchaMissing]: 'proof_of_work',
  [SERVER_ERRORS.altchaInvalid]: 'proof_of_work',
  [SERVER_ERRORS.altchaExpired]: 'proof_of_work',
  [SERVER_ERRORS.altchaUsed]: 'proof_of_work',
  [SERVER_ERRORS.idempotencyKeyInvalid]: 'idempotency',
  [SERVER_ERRORS.idempotencyKeyReused]: 'idempotency',
  [SERVER_ERRORS.idempotencyInProgress]: 'idempotency',
  [SERVER_ERRORS.idempotencyApplied]: 'idempotency',
  [SERVER_ERRORS.automatedForm]: 'bot_signal',
  [SERVER_ERRORS.disposableEmail]: 'disposable_email',
};

/** Seconds from a lead's arrival to its first reply: 5 minutes to a week, the promise (24 hours) among them. */
const FIRST_REPLY_BUCKETS = [300, 900, 1800, 3600, 2 * 3600, 4 * 3600, 8 * 3600, 12 * 3600, 24 * 3600, 48 * 3600, 72 * 3600, 7 * 86400];

/** Seconds; a cached answer takes well under a millisecond, a quote request tens of them. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface MetricsSources {
  /** The mail outbox now (read when scraped). */
  outbox: () => Promise<{ pending: number; oldestSeconds: number }>;
  /** PostgreSQL's pool now; absent on SQLite. */
  pool?: (() => PoolStats) | undefined;
  /** This process's reply mailbox reader (IMAP_URL), when it has one. */
  replyMailbox?: () => ReplyMailboxFigures | undefined;
  /** Leads late now (issue 41: unanswered past their due time, not held as spam), read when scraped. */
  leadsLate?: (() => Promise<number>) | undefined;
}

interface ReplyMailboxFigures {
  reading: boolean;
  failures: number;
  posted: number;
  held: number;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly refusals: Counter<'reason'>;
  private readonly firstReplies: Histogram;
  private outboxRead: Promise<{ pending: number; oldestSeconds: number } | undefined> | undefined;

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests by method, route (the route pattern; front-lane for answers of the front lane) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.refusals = new Counter({
      name: 'agro_refusals_total',
      help: 'Requests refused by a guard: rate_limit, proof_of_work, idempotency, bot_signal, disposable_email',
      labelNames: ['reason'],
      registers: [this.registry],
    });
    // One read of the outbox per scrape for both of its gauges (each collects itself, in parallel;
    // text() forgets the read before each scrape). The database away: the figures are unknown this
    // time, not zero (the gauges keep theirs).
    const outboxNow = () => (this.outboxRead ??= sources.outbox().catch(() => undefined));
    const mailbox = sources.replyMailbox;
    if (mailbox) {
      const gauge = (name: string, help: string, read: (s: ReplyMailboxFigures) => number) =>
        new Gauge({
          name,
          help,
          registers: [this.registry],
          collect() {
            const state = mailbox();
            if (state) this.set(read(state));
          },
        });
      gauge('agro_reply_mailbox_reading', 'Whether this process holds the reply mailbox lease and a connection to it (IMAP_URL)', (s) =>
        s.reading ? 1 : 0,
      );
      gauge('agro_reply_mailbox_failures', 'Failed reads of the reply mailbox in a row by this process', (s) => s.failures);
      gauge('agro_reply_mailbox_posted', 'Replies by mail this process posted to their threads since it started', (s) => s.posted);
      gauge('agro_reply_mailbox_held', 'Replies by mail this process held for an administrator since it started', (s) => s.held);
    }
    new Gauge({
      name: 'agro_mail_outbox_pending',
      help: 'Mails waiting to be sent',
      registers: [this.registry],
      async collect() {
        const state = await outboxNow();
        if (state) this.set(state.pending);
      },
    });
    new Gauge({
      name: 'agro_mail_outbox_oldest_seconds',
      help: 'Age of the oldest mail waiting to be sent (0 when none waits)',
      registers: [this.registry],
      async collect() {
        const state = await outboxNow();
        if (state) this.set(state.oldestSeconds);
      },
    });
    this.firstReplies = new Histogram({
      name: 'agro_first_reply_seconds',
      help: "Seconds from a lead's arrival to the company's first reply, observed by the process that recorded the reply (sum over processes)",
      buckets: FIRST_REPLY_BUCKETS,
      registers: [this.registry],
    });
    const leadsLate = sources.leadsLate;
    if (leadsLate) {
      new Gauge({
        name: 'agro_leads_late',
        help: 'Quote requests and inquiries unanswered past their due time (arrival + 24 h), not held as spam (the same figure in every process)',
        registers: [this.registry],
        async collect() {
          // The database away: the figure is unknown this time, not zero.
          const late = await leadsLate().catch(() => undefined);
          if (late !== undefined) this.set(late);
        },
      });
    }
    const pool = sources.pool;
    if (pool) {
      const stat = (name: string, help: string, read: (s: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers: [this.registry],
          collect() {
            this.set(read(pool()));
          },
        });
      stat('agro_db_pool_connections', 'PostgreSQL pool: open connections', (s) => s.total);
      stat('agro_db_pool_idle', 'PostgreSQL pool: idle connections', (s) => s.idle);
      stat('agro_db_pool_waiting', 'PostgreSQL pool: queries waiting for a connection', (s) => s.waiting);
      stat('agro_db_pool_max', 'PostgreSQL pool: its size', (s) => s.max);
    }
  }

  /** One answered request. `route` is the route's pattern, never the raw URL (bounded labels). */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  /** A lead's first reply, `seconds` after it arrived (modules/reply-clock observeFirstReplies). */
  observeFirstReply(seconds: number): void {
    this.firstReplies.observe(seconds);
  }

  /** A refusal, counted when its message is a guard's. */
  refused(message: string): void {
    const reason = REFUSALS[message];
    if (reason) this.refusals.inc({ reason });
  }

  text(): Promise<string> {
    this.outboxRead = undefined;
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
