/**
 * One pass of a background worker at a time (the mail outbox, the edge purger): a call while a
 * pass is waiting to start joins it; a call while one runs queues exactly one more, so what was
 * written meanwhile is looked at. A pass that fails is logged (the database away: a warning) and
 * the next call or poll tries again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { faultOf } from './faults.js';

export interface WorkerRuns {
  /** Start a pass (or join the one waiting); resolves when it has run. */
  run(): Promise<void>;
  /** The pass running or waiting, if any (resolves at once otherwise). */
  current(): Promise<void>;
}

export function workerRuns(pass: () => Promise<void>, logger: FastifyBaseLogger, name: string): WorkerRuns {
  let running: Promise<void> = Promise.resolve();
  let waiting = false;
  return {
    run() {
      if (!waiting) {
        waiting = true;
        running = running
          .then(() => {
            waiting = false;
            return pass();
          })
          .catch((err: unknown) => {
            waiting = false;
            // The database away (a restart) is expected now and then; anything else is a bug.
            if (faultOf(err)) logger.warn({ err }, `${name} paused: the database is away; retrying at the next poll`);
            else logger.error({ err }, `${name} failed; retrying at the next poll`);
          });
      }
      return running;
    },
    current: () => running,
  };
}

/** A background worker's handle: its passes on a poll, on a kick, and until it is closed. */
export interface PollingWorker {
  /** Start a pass now (nothing once closed). */
  kick(): void;
  /** Resolves once every item due now has been tried (tests, shutdown). */
  idle(): Promise<void>;
  /** Resolves when the pass running or waiting (if any) has ended, starting none (tests). */
  settled(): Promise<void>;
  /** No more passes; resolves when the one running has ended. */
  close(): Promise<void>;
  /** Closed: a pass that loops over batches stops at the next one. */
  readonly closed: boolean;
}

/** `pass` run one at a time (workerRuns), every `pollMs` (0: only when kicked or asked to be idle). */
export function pollingWorker(pass: () => Promise<void>, logger: FastifyBaseLogger, name: string, pollMs: number): PollingWorker {
  const { run, current } = workerRuns(pass, logger, name);
  const timer = pollMs > 0 ? setInterval(() => void run(), pollMs) : undefined;
  timer?.unref();
  let closed = false;
  return {
    kick() {
      if (!closed) void run();
    },
    idle: () => (closed ? current() : run()),
    settled: current,
    async close() {
      if (timer) clearInterval(timer);
      closed = true;
      await current();
    },
    get closed() {
      return closed;
    },
  };
}
