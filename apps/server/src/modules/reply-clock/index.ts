/**
 * The reply clock (issue 41) as other modules use it: stamping a lead's first reply inside the
 * change that makes it, the leads late now, the dashboard's figures, the public reply time, and
 * the first-reply histogram of /metrics.
 */
import type { FastifyInstance } from 'fastify';

export { stampFirstReply, countDueLeads, countLateLeads } from './repository.js';
export { dashboardClockFigures } from './dashboard.js';
export { ReplyTime } from './reply-time.js';

/** After a change committed: its first replies (seconds after arrival, from stampFirstReply) into /metrics' histogram. */
export function observeFirstReplies(app: FastifyInstance, seconds: readonly number[]): void {
  for (const s of seconds) app.metrics?.observeFirstReply(s);
}
