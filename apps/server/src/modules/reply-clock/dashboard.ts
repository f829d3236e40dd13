/**
 * The dashboard's reply-clock figures (issue 41): overall, per month of arrival and per owner, and
 * the quotes' share within 24 hours the dashboard had before (`offerWithin24h`), all read from the
 * same leads by the same rules (figures.ts).
 */
import type { Dashboard } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';
import { firstReplyFigures, outcome } from './figures.js';
import { clockRowsSince, countLateLeads, lateLeadsByAssignee, type ClockRow } from './repository.js';

type ClockFigures = Pick<Dashboard, 'firstReply' | 'firstReplyByMonth' | 'firstReplyByAssignee' | 'offerWithin24h'>;

/** The figures of the leads that arrived since `from` (ISO), for `months` ('2026-11'), at `now`. */
export async function dashboardClockFigures(db: DbOrTx, from: string, months: readonly string[], now: Date): Promise<ClockFigures> {
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const [rows, lateNow, lateByAssignee] = await Promise.all([
    clockRowsSince(db, from),
    countLateLeads(db, nowIso),
    lateLeadsByAssignee(db, nowIso),
  ]);

  const byMonth = new Map<string, ClockRow[]>();
  const byAssignee = new Map<string | null, ClockRow[]>();
  const add = <K>(groups: Map<K, ClockRow[]>, key: K, row: ClockRow) => {
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  };
  for (const row of rows) {
    add(byMonth, row.created_at.slice(0, 7), row);
    add(byAssignee, row.assignee_id, row);
  }
  for (const id of lateByAssignee.keys()) if (!byAssignee.has(id)) byAssignee.set(id, []);

  const ids = [...byAssignee.keys()].filter((id): id is string => id !== null);
  const names = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', ids).execute()).map((u) => [u.id, u.full_name]),
  );

  const quotes = rows.filter((r) => r.kind === 'quote').map((r) => outcome(r, nowMs));
  const within = quotes.filter((o) => o.within).length;
  const total = quotes.filter((o) => o.counted).length;

  return {
    firstReply: { ...firstReplyFigures(rows, nowMs), lateNow },
    firstReplyByMonth: months.map((month) => ({ month, ...firstReplyFigures(byMonth.get(month) ?? [], nowMs) })),
    firstReplyByAssignee: [...byAssignee.entries()]
      .map(([id, leads]) => ({
        assignee: id === null ? null : { _id: id, fullName: names.get(id) ?? '' },
        ...firstReplyFigures(leads, nowMs),
        lateNow: lateByAssignee.get(id) ?? 0,
      }))
      .sort(
        (a, b) => b.counted + b.lateNow - (a.counted + a.lateNow) || (a.assignee?.fullName ?? '').localeCompare(b.assignee?.fullName ?? ''),
      ),
    offerWithin24h: { within, total, share: total === 0 ? null : within / total },
  };
}
