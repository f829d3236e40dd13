/**
 * The figures of the reply clock (issue 41), made from the leads' own replyDueAt and firstReplyAt
 * (counted per group in SQL: repository.ts clockGroupsSince), so the dashboard's share within 24
 * hours is exactly what the lists say of the leads, one by one:
 * - a lead is answered when it has a first reply; its time is the whole minutes from its arrival to
 *   that reply (rounded down);
 * - its outcome is known (it is counted) when it is answered, or unanswered past its due time; a
 *   lead unanswered and still in time counts neither way;
 * - within 24 hours: answered no later than its due time;
 * - medians and 90th percentiles are of the answered leads' times.
 */
import { REPLY_TIME_RULES, type FirstReplyFigures } from '@agro/shared';
import type { ClockGroup } from './repository.js';

/** Answered times (minutes) with how many leads took each, ascending. */
type Histogram = Array<{ minutes: number; count: number }>;

function histogramOf(groups: readonly ClockGroup[]): Histogram {
  const counts = new Map<number, number>();
  for (const g of groups) if (g.minutes !== null) counts.set(g.minutes, (counts.get(g.minutes) ?? 0) + g.count);
  return [...counts.entries()].map(([minutes, count]) => ({ minutes, count })).sort((a, b) => a.minutes - b.minutes);
}

/** The value at 1-based `rank` of the histogram's values; +Infinity past the last (the late unanswered rank there). */
function valueAt(histogram: Histogram, rank: number): number {
  let seen = 0;
  for (const { minutes, count } of histogram) {
    seen += count;
    if (seen >= rank) return minutes;
  }
  return Number.POSITIVE_INFINITY;
}

/** The value at `share` of `total` ascending values, by the nearest rank (null when none). */
export function percentile(histogram: Histogram, total: number, share: number): number | null {
  if (total === 0) return null;
  return valueAt(histogram, Math.min(total, Math.max(1, Math.ceil(share * total))));
}

/** The median (the mean of the middle two for an even count; null when none). */
export function median(histogram: Histogram, total: number): number | null {
  if (total === 0) return null;
  const mid = Math.floor(total / 2);
  return total % 2 === 1 ? valueAt(histogram, mid + 1) : (valueAt(histogram, mid) + valueAt(histogram, mid + 1)) / 2;
}

/** The figures of the leads in `groups`. */
export function firstReplyFigures(groups: readonly ClockGroup[]): FirstReplyFigures {
  const histogram = histogramOf(groups);
  let answered = 0;
  let within = 0;
  let late = 0;
  for (const g of groups) {
    if (g.minutes !== null) answered += g.count;
    within += g.within;
    late += g.late;
  }
  const counted = answered + late;
  return {
    medianMinutes: median(histogram, answered),
    p90Minutes: percentile(histogram, answered, 0.9),
    within24hRate: counted === 0 ? null : within / counted,
    within24h: within,
    counted,
    answered,
  };
}

/**
 * 'Usually replies within N hours': the fewest whole hours within which nine in ten of the leads
 * whose outcome is known were answered (a late unanswered lead counts as never answered), of the
 * leads that arrived in the last 90 days. Null unless at least 10 were answered and N is at most 24.
 */
export function replyTimeHoursOf(groups: readonly ClockGroup[]): number | null {
  const { answered, counted } = firstReplyFigures(groups);
  if (answered < REPLY_TIME_RULES.minAnswered) return null;
  // The late unanswered ones rank after every answered one (valueAt answers +Infinity there).
  const minutes = percentile(histogramOf(groups), counted, REPLY_TIME_RULES.share);
  if (minutes === null || !Number.isFinite(minutes)) return null;
  const hours = Math.max(1, Math.ceil(minutes / 60));
  return hours <= REPLY_TIME_RULES.maxHours ? hours : null;
}
