/**
 * The figures of the reply clock (issue 41), made from the leads one by one, so the dashboard's
 * share within 24 hours is exactly what the lists' replyDueAt and firstReplyAt say:
 * - a lead is answered when it has a first reply; its time is first reply - arrival;
 * - its outcome is known (it is counted) when it is answered, or unanswered past its due time; a
 *   lead unanswered and still in time counts neither way;
 * - within 24 hours: answered no later than its due time;
 * - medians and 90th percentiles are of the answered leads' times.
 */
import { REPLY_TIME_RULES, type FirstReplyFigures } from '@agro/shared';
import type { ClockRow } from './repository.js';

const MINUTE_MS = 60_000;

/** The value at `share` of ascending `sorted` values, by the nearest rank (null when empty). */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)));
  return sorted[rank - 1]!;
}

/** The median of ascending `sorted` values (the mean of the middle two for an even count; null when empty). */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds from arrival to the first reply (0 at least), or undefined when unanswered. */
export function replyMs(row: Pick<ClockRow, 'created_at' | 'first_reply_at'>): number | undefined {
  return row.first_reply_at === null ? undefined : Math.max(0, Date.parse(row.first_reply_at) - Date.parse(row.created_at));
}

/** Whether the lead's outcome is known at `nowMs` (answered, or late), and whether it was answered in time. */
export function outcome(row: Pick<ClockRow, 'reply_due_at' | 'first_reply_at'>, nowMs: number): { counted: boolean; within: boolean } {
  if (row.first_reply_at !== null) return { counted: true, within: Date.parse(row.first_reply_at) <= Date.parse(row.reply_due_at) };
  return { counted: Date.parse(row.reply_due_at) <= nowMs, within: false };
}

const round = (minutes: number | null): number | null => (minutes === null ? null : Math.round(minutes));

/** The figures of `rows` at `nowMs`. */
export function firstReplyFigures(rows: readonly ClockRow[], nowMs: number): FirstReplyFigures {
  const minutes: number[] = [];
  let counted = 0;
  let within = 0;
  for (const row of rows) {
    const ms = replyMs(row);
    if (ms !== undefined) minutes.push(ms / MINUTE_MS);
    const o = outcome(row, nowMs);
    if (o.counted) counted += 1;
    if (o.within) within += 1;
  }
  minutes.sort((a, b) => a - b);
  return {
    medianMinutes: round(median(minutes)),
    p90Minutes: round(percentile(minutes, 0.9)),
    within24hRate: counted === 0 ? null : within / counted,
    within24h: within,
    counted,
    answered: minutes.length,
  };
}

/**
 * 'Usually replies within N hours': the fewest whole hours within which nine in ten of the leads
 * whose outcome is known were answered (a late unanswered lead counts as never answered), of the
 * leads that arrived in the last 90 days. Null unless at least 10 were answered and N is at most 24.
 */
export function replyTimeHoursOf(rows: readonly ClockRow[], nowMs: number): number | null {
  const known: number[] = [];
  let answered = 0;
  for (const row of rows) {
    const ms = replyMs(row);
    if (ms !== undefined) {
      answered += 1;
      known.push(ms);
    } else if (outcome(row, nowMs).counted) known.push(Number.POSITIVE_INFINITY);
  }
  if (answered < REPLY_TIME_RULES.minAnswered) return null;
  known.sort((a, b) => a - b);
  const ms = percentile(known, REPLY_TIME_RULES.share);
  if (ms === null || !Number.isFinite(ms)) return null;
  const hours = Math.max(1, Math.ceil(ms / 3_600_000));
  return hours <= REPLY_TIME_RULES.maxHours ? hours : null;
}
