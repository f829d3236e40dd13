/**
 * Tells the edge caches (EDGE_PURGE_URL) to drop the answers tagged with what changed
 * (docs/decisions/035-edge-cache.md). The tags to purge are rows of `edge_purges`, written by the
 * database's triggers in the change's own transaction (migration 20261128100000-edge-purges), so a
 * purge is never lost: every process's purger claims due rows (on PostgreSQL with `FOR UPDATE SKIP
 * LOCKED`, under a lease, as the mail outbox does), sends their tags as one `PURGE` per edge with
 * `X-Purge-Keys: product-1 products` (deploy/varnish.vcl bans them: a tag purge, not the URL's;
 * PURGE rather than Varnish's BAN because HTTP parsers other than Varnish's, Node's among them,
 * refuse a BAN request line), deletes the rows once every edge said
 * 2xx, and otherwise tries them again later with a growing delay. A row older than what an edge
 * keeps an answer (s-maxage and its grace) is dropped: that copy has expired by itself.
 * Without EDGE_PURGE_URL there is nobody to tell: the rows are deleted as they come.
 *
 * A CDN's purge call (Cloudflare's purge by tag, Fastly's by surrogate key) would go in `send`
 * (docs/deploy.md, "An edge cache").
 */
import { offerToday } from '@agro/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, DbOrTx, Dialect } from '../db/index.js';
import { nowIso } from '../db/mappers.js';
import { pollingWorker, type PollingWorker } from '../lib/worker-runs.js';
import { retryDelay } from '../mail/mailer.js';
import { claimPeriod, type ScheduledJob } from '../scheduler/scheduler.js';
import type { FileStorage } from '../storage/file-storage.js';
import { EDGE_MAX_AGE_SECONDS, EDGE_STALE_SECONDS, EDGE_TAGS, PURGE_KEYS_HEADER, imageTag } from './edge.js';

export interface EdgePurgerOptions {
  db: Db;
  dialect: Dialect;
  /** The edges' purge addresses (EDGE_PURGE_URL); none: rows are dropped. */
  targets: readonly string[];
  logger: FastifyBaseLogger;
  /** How often each process looks for due rows (ms); 0 = only on kick()/idle(). */
  pollMs: number;
  /** First retry delay (ms), doubled per attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed row is reserved for the process that claimed it (ms). */
  leaseMs?: number;
  /** The time one purge request may take (ms). */
  timeoutMs?: number;
}

/** Each process's edge purger (lib/worker-runs.ts). */
export type EdgePurger = PollingWorker;

/** Rows claimed at a time; tags per request (a header line of a few hundred bytes). */
const BATCH = 500;
const KEYS_PER_REQUEST = 40;
/** After this, an edge has dropped the answer by itself (s-maxage plus the grace of stale-while-revalidate). */
const PURGE_USEFUL_MS = (EDGE_MAX_AGE_SECONDS + EDGE_STALE_SECONDS) * 1000;

interface Claimed {
  id: number | string;
  purge_key: string;
  attempts: number;
}

export function createEdgePurger(options: EdgePurgerOptions): EdgePurger {
  const { db, logger, targets } = options;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const retryMaxMs = options.retryMaxMs ?? 300_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function claim(): Promise<Claimed[]> {
    const now = Date.now();
    const due = db
      .selectFrom('edge_purges')
      .select('id')
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso(now))]))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso(now))]))
      .orderBy('id')
      .limit(BATCH)
      .$if(options.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
    return db
      .updateTable('edge_purges')
      .set({ locked_until: nowIso(now + leaseMs), attempts: sql<number>`attempts + 1` })
      .where('id', 'in', due)
      .returning(['id', 'purge_key', 'attempts'])
      .execute();
  }

  /** One purge request per edge and group of tags; the first failure, if any. */
  async function send(keys: readonly string[]): Promise<Error | undefined> {
    for (let i = 0; i < keys.length; i += KEYS_PER_REQUEST) {
      const header = keys.slice(i, i + KEYS_PER_REQUEST).join(' ');
      for (const target of targets) {
        try {
          const res = await fetch(target, {
            method: 'PURGE',
            headers: { [PURGE_KEYS_HEADER]: header },
            signal: AbortSignal.timeout(timeoutMs),
          });
          await res.body?.cancel();
          if (!res.ok) return new Error(`${target} answered ${res.status} to the purge of ${header}`);
        } catch (err) {
          return new Error(`${target}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }
      }
    }
    return undefined;
  }

  /** Send everything due now, batch after batch; stops at the first failure (retried later). */
  async function drain(): Promise<void> {
    if (targets.length === 0) {
      await db.deleteFrom('edge_purges').execute();
      return;
    }
    const expired = await db
      .deleteFrom('edge_purges')
      .where('created_at', '<', nowIso(Date.now() - PURGE_USEFUL_MS))
      .executeTakeFirst();
    if (Number(expired.numDeletedRows) > 0) {
      logger.warn(
        { rows: Number(expired.numDeletedRows) },
        'edge purges dropped after a day of failures: the edges have let those answers expire',
      );
    }
    while (!worker.closed) {
      const rows = await claim();
      if (rows.length === 0) return;
      const ids = rows.map((r) => r.id);
      const keys = [...new Set(rows.map((r) => r.purge_key))];
      const error = await send(keys);
      if (!error) {
        await db.deleteFrom('edge_purges').where('id', 'in', ids).execute();
        logger.debug({ keys }, 'edge purged');
        continue;
      }
      const attempts = Math.max(...rows.map((r) => r.attempts));
      await db
        .updateTable('edge_purges')
        .set({
          next_attempt_at: nowIso(Date.now() + retryDelay(attempts, retryBaseMs, retryMaxMs)),
          locked_until: null,
          last_error: error.message.slice(0, 500),
        })
        .where('id', 'in', ids)
        .execute();
      logger.warn({ err: error, keys: keys.length, attempts }, 'edge purge failed: will retry');
      return;
    }
  }

  const worker = pollingWorker(drain, logger, 'edge purger', options.pollMs);
  return worker;
}

/**
 * The image store with its deletions told to the edges: the purge of each file's tag is queued
 * before the file goes (a process that dies between the two leaves a purge of a file still there:
 * harmless), so a removed photo is not served from an edge for the year its answer allows.
 */
export function purgingRemovals(storage: FileStorage, db: Db): FileStorage {
  return {
    ...storage,
    async remove(names) {
      if (names.length > 0) await queueEdgePurge(db, names.map(imageTag));
      await storage.remove(names);
    },
  };
}

/** Queue a purge of `keys` (in the caller's transaction, when it passes one). */
export async function queueEdgePurge(db: DbOrTx, keys: readonly string[]): Promise<void> {
  const createdAt = nowIso();
  await db
    .insertInto('edge_purges')
    .values(keys.map((purge_key) => ({ purge_key, created_at: createdAt })))
    .execute();
}

/**
 * The pages show the company's certifications valid today (India's day, `offerToday`): at the day's
 * turn they change with no write, so the edges are told once a day, by one process (scheduler/).
 * The first run a database ever has is no turn of a day: what the edges keep was made today (and a
 * start purges the pages anyway). Purging there dropped the pages the first visitors had just
 * cached, a minute after a new site's start (test:edge saw the home page missed mid-measurement).
 */
export function dayTurnPurge(db: Db): ScheduledJob {
  return {
    name: 'edge-day-turn',
    run: async (nowMs) => {
      await claimPeriod(db, 'edge-day-turn', offerToday(nowMs), nowMs, async (tx, previous) => {
        if (previous) await queueEdgePurge(tx, [EDGE_TAGS.settings]);
        return 0;
      });
      return 0;
    },
  };
}
