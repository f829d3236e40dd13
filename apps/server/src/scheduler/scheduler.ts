/**
 * Jobs that run once across every server process and survive restarts (issue 41, item 4;
 * docs/decisions/032-scheduler.md). Every process ticks (before each look for due mail, at most
 * every SCHEDULER_INTERVAL_MS); a tick runs every job with the app's clock. A job never trusts
 * that it is alone: what it does is claimed in the database, in the transaction that queues its
 * mails, so a crash before the commit leaves the work unclaimed (another tick does it) and after
 * it leaves the mails queued (the outbox sends them); never both undone, never done twice.
 *
 * Two kinds of claim:
 * - a run per period (`claimPeriod`): the `job_runs` row (job, period_key) is inserted with
 *   ON CONFLICT DO NOTHING; the process whose insert took it does the run, any other finds the
 *   row and does nothing (on PostgreSQL a concurrent insert waits for the first transaction and
 *   then finds the row; SQLite runs one writer at a time). The job decides its period (the
 *   daily digest: the company-local date once past its hour), so a run missed while every process
 *   was down happens once when one comes back within the period, and never for a period past.
 * - one reminder per item (a lead, an offer): a conditional UPDATE of the item's `*_reminded_at`
 *   (`where … is null`); of two processes exactly one changes the row, and queues the mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/index.js';
import { nowIso } from '../db/mappers.js';
import { faultOf } from '../lib/faults.js';

export interface ScheduledJob {
  name: string;
  /** Do what is due at `nowMs` (the app's clock), claiming it as above; the number of mails queued. */
  run(nowMs: number): Promise<number>;
}

export interface Scheduler {
  add(job: ScheduledJob): void;
  /** Run every job now, one after the other; a job that fails is logged and tried again at the next tick. */
  tick(): Promise<number>;
  /** tick(), unless this process ticked less than `intervalMs` ago (real time). */
  poll(): Promise<number>;
}

export interface SchedulerOptions {
  /** The app's clock (ms): AppDeps.clock in tests. */
  now: () => number;
  logger: FastifyBaseLogger;
  /** The least time between two ticks of this process (ms); 0: every poll ticks. */
  intervalMs: number;
  /** False: no job runs (the test suite's default; tools). */
  enabled: boolean;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const jobs: ScheduledJob[] = [];
  let lastTick = Number.NEGATIVE_INFINITY;

  async function tick(): Promise<number> {
    if (!options.enabled) return 0;
    lastTick = Date.now();
    const nowMs = options.now();
    let mails = 0;
    for (const job of jobs) {
      try {
        mails += await job.run(nowMs);
      } catch (err) {
        if (faultOf(err))
          options.logger.warn({ err, job: job.name }, 'scheduled job paused: the database is away; retrying at the next tick');
        else options.logger.error({ err, job: job.name }, 'scheduled job failed; retrying at the next tick');
      }
    }
    return mails;
  }

  return {
    add(job) {
      jobs.push(job);
    },
    tick,
    poll: () => (Date.now() - lastTick < options.intervalMs ? Promise.resolve(0) : tick()),
  };
}

export interface PreviousRun {
  periodKey: string;
  ranAt: string;
}

/**
 * Run `job` for `periodKey` unless some process already did: in ONE transaction, the job_runs row
 * is inserted (the claim) and `work` queues the run's mails through `tx`. `work` gets the job's
 * previous run (e.g. "new since the last digest") and answers the number of mails it queued.
 * Returns that number, or undefined when the run was another process's (or an earlier tick's).
 */
export async function claimPeriod(
  db: Db,
  job: string,
  periodKey: string,
  nowMs: number,
  work: (tx: DbOrTx, previous: PreviousRun | undefined) => Promise<number>,
): Promise<number | undefined> {
  // Most ticks find the run done: one primary-key read, no write, no transaction.
  const done = await db.selectFrom('job_runs').select('job').where('job', '=', job).where('period_key', '=', periodKey).executeTakeFirst();
  if (done) return undefined;
  return db.transaction().execute(async (tx) => {
    const previous = await tx
      .selectFrom('job_runs')
      .select(['period_key', 'ran_at'])
      .where('job', '=', job)
      .orderBy('ran_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const claimed = await tx
      .insertInto('job_runs')
      .values({ job, period_key: periodKey, ran_at: nowIso(nowMs), mails: 0 })
      .onConflict((oc) => oc.columns(['job', 'period_key']).doNothing())
      .returning('job')
      .executeTakeFirst();
    if (!claimed) return undefined;
    const mails = await work(tx, previous ? { periodKey: previous.period_key, ranAt: previous.ran_at } : undefined);
    await tx.updateTable('job_runs').set({ mails }).where('job', '=', job).where('period_key', '=', periodKey).execute();
    return mails;
  });
}
