import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboxState } from '../mail/mailer.js';
import { withinMs } from '../lib/time-limit.js';

/** A readiness check taking longer than this counts as failed. */
const READY_TIMEOUT_MS = 3000;

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> => withinMs(work, READY_TIMEOUT_MS, what);

/**
 * For load balancers and orchestrators, outside /api:
 *   GET /healthz  200 while the process runs (liveness);
 *   GET /readyz   200 when the database answers and the image storage takes a write, else 503
 *                 naming what failed (for deploys and alerts, not rotation: the parts it checks are
 *                 shared, so every process fails it at once; docs/deploy.md), don't kill it;
 *                 the 200 tells the mail outbox's depth and age, with a warning when mail waits long,
 *                 and, where this process reads the reply mailbox (IMAP_URL), whether it reads it;
 *                 with BACKUP_URL, a warning while the backup is behind (never a 503: the site goes on).
 */
async function health(app: FastifyInstance): Promise<void> {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ success: true, message: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const failed: string[] = [];
    const [, , outbox] = await Promise.all([
      withTimeout(app.probeDatabase(), 'database').catch((err: unknown) => {
        request.log.error({ err }, 'readiness: database unreachable');
        failed.push('database');
      }),
      withTimeout(app.imageStorage.checkWritable(), 'storage').catch((err: unknown) => {
        request.log.error({ err }, 'readiness: image storage not writable');
        failed.push('storage');
      }),
      withTimeout(outboxState(app.db), 'mail outbox').catch(() => undefined),
    ]);
    if (failed.length > 0) {
      return reply
        .code(503)
        .headers(noStore)
        .send({ success: false, message: `not ready: ${failed.sort().join(', ')}` });
    }
    // Mail waiting long means the mail server is away or refusing: a warning, not a failure (the
    // mails are kept and retried, and taking the process out of rotation would not send them).
    const warnings =
      outbox && outbox.oldestSeconds >= OUTBOX_WARN_SECONDS
        ? [`mail outbox: ${outbox.pending} waiting, the oldest for ${outbox.oldestSeconds} s (is the mail server reachable?)`]
        : [];
    // The reply mailbox away is a warning too: replies wait in it and are read once it is back.
    const mailbox = app.replyMailbox.reader?.state();
    if (mailbox && mailbox.failures >= MAILBOX_WARN_FAILURES)
      warnings.push(`reply mailbox: ${mailbox.failures} failed reads in a row (${mailbox.lastError ?? 'unknown error'})`);
    // The continuous backup behind (Litestream down or refused, files not copied): the site is fine,
    // a dead disk now would lose more than a second.
    if (app.replication) warnings.push(...app.replication.warnings());
    return reply.headers(noStore).send({
      success: true,
      message: 'ready',
      ...(outbox ? { outbox } : {}),
      ...(mailbox ? { replyMailbox: { reading: mailbox.reading, failures: mailbox.failures } } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    });
  });
}

/** A mail unsent for this long is worth a warning on /readyz. */
export const OUTBOX_WARN_SECONDS = 300;
/** Failed reads of the reply mailbox in a row worth a warning on /readyz. */
const MAILBOX_WARN_FAILURES = 3;

export default fp(health, { name: 'health' });
