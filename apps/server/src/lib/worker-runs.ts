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
