/**
 * The dashboard's reply-clock figures (issue 41): overall, per month of arrival and per owner, and
 * the quotes' share within 24 hours the dashboard had before (`offerWithin24h`), all read from the
 * same groups of leads by the same rules (figures.ts).
 */
import type { Dashboard } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { firstReplyFigures } from './figures.js';
import { clockGroupsSince, countLateLeads, lateLeadsByAssignee, type ClockGroup } from './repository.js';

type ClockFigures = Pick<Dashboard, 'firstReply' | 'firstReplyByMonth' | 'firstReplyByAssignee' | 'offerWithin24h'>;

function groupBy<K>(groups: readonly ClockGroup[], key: (g: ClockGroup) => K): Map<K, ClockGroup[]> {
  const out = new Map<K, ClockGroup[]>();
  for (const g of groups) {
    const list = out.get(key(g));
    if (list) list.push(g);
    else out.set(key(g), [g]);
  }
  return out;
}

/** The figures of the leads that arrived since `from` (ISO), for `months` ('2026-11'), at `now`. */
export async function dashboardClockFigures(db: DbOrTx, from: string, months: readonly string[], now: Date): Promise<ClockFigures> {
  const nowIso = now.toISOString();
  const [groups, lateNow, lateByAssignee] = await Promise.all([
    clockGroupsSince(db, from, nowIso),
    countLateLeads(db, nowIso),
    lateLeadsByAssignee(db, nowIso),
  ]);

  const byMonth = groupBy(groups, (g) => g.month);
  const byAssignee = groupBy(groups, (g) => g.assigneeId);
  for (const id of lateByAssignee.keys()) if (!byAssignee.has(id)) byAssignee.set(id, []);
  const ids = [...byAssignee.keys()].filter((id): id is string => id !== null);
  const names = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', ids).execute()).map((u) => [u.id, u.full_name]),
  );
  const quotes = firstReplyFigures(groups.filter((g) => g.kind === 'quote'));

  return {
    firstReply: { ...firstReplyFigures(groups), lateNow },
    firstReplyByMonth: months.map((month) => ({ month, ...firstReplyFigures(byMonth.get(month) ?? []) })),
    firstReplyByAssignee: [...byAssignee.entries()]
      .map(([id, leads]) => ({
        assignee: id === null ? null : { _id: id, fullName: names.get(id) ?? '' },
        ...firstReplyFigures(leads),
        lateNow: lateByAssignee.get(id) ?? 0,
      }))
      .sort(
        (a, b) => b.counted + b.lateNow - (a.counted + a.lateNow) || (a.assignee?.fullName ?? '').localeCompare(b.assignee?.fullName ?? ''),
      ),
    offerWithin24h: { within: quotes.within24h, total: quotes.counted, share: quotes.within24hRate },
  };
}
