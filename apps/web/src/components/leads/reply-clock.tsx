import { REPLY_PROMISE_MS, replyState, timeZoneLabel, type ReplyState } from '@agro/shared';
import { useEffect, useState } from 'react';
import { ClockIcon } from '@/components/ui/icons';
import { formatDateTime, formatNumber } from '@/lib/format';
import { intlLocale, t } from '@/lib/i18n';
import { useSiteSettings } from '@/store/store';

/** What a lead carries of its reply clock (issue 41): quotes and inquiries alike. */
export interface ClockedLead {
  replyDueAt: string;
  firstReplyAt: string | null;
  spamReason?: string | undefined;
}

type Unit = 'Minutes' | 'Hours' | 'Days';

/** A span in the unit a person reads it in: minutes under an hour, hours under two days, then days (whole ones, at least a minute). */
function span(ms: number): { unit: Unit; n: number } {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return { unit: 'Minutes', n: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'Hours', n: hours };
  return { unit: 'Days', n: Math.floor(hours / 24) };
}

/** The due time in the company's time zone ('27 Nov 2026, 12:40 pm'); the browser's when Intl does not know that zone (typed by hand in the settings). */
function dueTimeText(iso: string, timeZone: string): string {
  try {
    return new Date(iso).toLocaleString(intlLocale(), {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
  } catch {
    return formatDateTime(iso);
  }
}

const say = (n: number) => ({ count: n, n: formatNumber(n) });

/**
 * Where a lead's clock stands at `nowMs`, in words: 'due in 3 h' (unanswered, in time), 'late by 5 h'
 * (unanswered, past its due time), 'answered in 2 h' (from its arrival to the first reply); null for
 * a lead held as spam, whose clock is not shown.
 */
export function replyClockText(lead: ClockedLead, nowMs: number): { state: Exclude<ReplyState, 'held'>; text: string } | null {
  const state = replyState(lead, nowMs);
  const due = Date.parse(lead.replyDueAt);
  if (state === 'held' || Number.isNaN(due)) return null;
  if (state === 'answered') {
    const { unit, n } = span(Date.parse(lead.firstReplyAt ?? '') - (due - REPLY_PROMISE_MS));
    return { state, text: t(`replyClock.answeredIn${unit}`, say(n)) };
  }
  if (state === 'overdue') {
    const { unit, n } = span(nowMs - due);
    return { state, text: t(`replyClock.lateBy${unit}`, say(n)) };
  }
  const { unit, n } = span(due - nowMs);
  return { state, text: t(`replyClock.dueIn${unit}`, say(n)) };
}

const STYLE: Record<Exclude<ReplyState, 'held'>, string> = {
  due: 'bg-white text-gray-800 ring-gray-300',
  // Late reads differently by its words, its weight and its outline, not by its colour alone.
  overdue: 'bg-red-50 font-bold text-red-900 ring-2 ring-red-700',
  answered: 'bg-gray-50 text-gray-700 ring-gray-200',
};

/**
 * A lead's reply clock as a small badge, right when it is rendered (it does not tick): its due time
 * in the company's time zone is its title and, for a screen reader, part of its text; `detail`
 * shows that time on screen too (the quote desk, the inquiry dialog). A lead held as spam shows none.
 */
export function ReplyClock({ lead, detail = false }: { lead: ClockedLead; detail?: boolean }) {
  const { timeZone } = useSiteSettings().businessHours;
  // The time of this render's lead: a list read again, or a lead answered, shows its clock as of then.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [lead]);
  const clock = replyClockText(lead, now);
  if (!clock) return null;
  const when = t('replyClock.dueAt', { when: dueTimeText(lead.replyDueAt, timeZone), zone: timeZoneLabel(timeZone) });
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span
        title={when}
        data-reply={clock.state}
        className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLE[clock.state]}`}
      >
        {clock.state === 'overdue' ? (
          <span aria-hidden="true" className="font-black">
            !
          </span>
        ) : (
          <ClockIcon size={13} />
        )}
        {clock.text}
        {!detail && <span className="sr-only">, {when}</span>}
      </span>
      {detail && <span className="text-sm text-gray-700">{when}</span>}
    </span>
  );
}
