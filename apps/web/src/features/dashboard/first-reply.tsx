import type { Dashboard, FirstReplyFigures } from '@agro/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatMonth, formatNumber } from '@/lib/format';
import { intlLocale, t } from '@/lib/i18n';
import { DataTable, Figure, percent } from './charts';

/** Minutes as the page's language writes a duration (English: '45 mins', '3.5 hrs', '26 hrs'). */
export function durationText(minutes: number | null): string {
  if (minutes === null) return '-';
  const [value, unit] = minutes < 60 ? [Math.round(minutes), 'minute'] : [minutes / 60, 'hour'];
  return new Intl.NumberFormat(intlLocale(), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

interface Row {
  key: string;
  label: string;
  figures: FirstReplyFigures;
  lateNow?: number;
}

function FiguresTable({ caption, first, rows, late }: { caption: string; first: string; rows: Row[]; late: boolean }) {
  const columns = [
    first,
    t('dashboard.colAnswered'),
    t('dashboard.colMedian'),
    t('dashboard.colP90'),
    t('dashboard.colWithin24h'),
    ...(late ? [t('dashboard.colLateNow')] : []),
  ];
  return (
    <div className="mt-2 overflow-x-auto text-sm">
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows.map((r) => ({
          key: r.key,
          label: r.label,
          values: [
            formatNumber(r.figures.answered),
            durationText(r.figures.medianMinutes),
            durationText(r.figures.p90Minutes),
            percent(r.figures.within24hRate),
            ...(late ? [formatNumber(r.lateNow ?? 0)] : []),
          ],
        }))}
      />
    </div>
  );
}

/**
 * The reply promise in figures (issue 41): how long buyers wait for the company's first reply, the
 * share answered within 24 hours and the leads late now, overall, per month of arrival and per
 * owner; the late ones one click away, earliest due first.
 */
export function FirstReplySection({ data }: { data: Dashboard }) {
  const id = useId();
  const overall = data.firstReply;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-gray-900">
        {t('dashboard.firstReplyTitle')}
      </h2>
      <p className="text-sm text-gray-700">{t('dashboard.firstReplyIntro')}</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label={t('dashboard.medianReply')}
          value={durationText(overall.medianMinutes)}
          detail={overall.answered === 0 ? t('dashboard.noneAnswered') : t('dashboard.ofAnswered', { n: formatNumber(overall.answered) })}
        />
        <Figure
          label={t('dashboard.p90Reply')}
          value={durationText(overall.p90Minutes)}
          detail={overall.answered === 0 ? t('dashboard.noneAnswered') : t('dashboard.ofAnswered', { n: formatNumber(overall.answered) })}
        />
        <Figure
          label={t('dashboard.within24hShare')}
          value={percent(overall.within24hRate)}
          detail={t('dashboard.within24hShareDetail', { within: formatNumber(overall.within24h), counted: formatNumber(overall.counted) })}
        />
        <Figure
          label={t('dashboard.lateNow')}
          value={formatNumber(overall.lateNow)}
          detail={
            <>
              <Link to="/profile?reply=overdue&sort=due" className="font-medium text-brand-800 underline underline-offset-2">
                {t('dashboard.lateQuotes')}
              </Link>{' '}
              ·{' '}
              <Link to="/inquiries?reply=overdue&sort=due" className="font-medium text-brand-800 underline underline-offset-2">
                {t('dashboard.lateInquiries')}
              </Link>
            </>
          }
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-gray-900">{t('dashboard.byMonthTitle')}</h3>
          <FiguresTable
            caption={t('dashboard.byMonthTitle')}
            first={t('dashboard.colMonth')}
            late={false}
            rows={data.firstReplyByMonth.map((m) => ({ key: m.month, label: formatMonth(m.month), figures: m }))}
          />
        </div>
        <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-gray-900">{t('dashboard.byOwnerTitle')}</h3>
          {data.firstReplyByAssignee.length === 0 ? (
            <p className="mt-2 text-sm text-gray-700">{t('dashboard.noLeads')}</p>
          ) : (
            <FiguresTable
              caption={t('dashboard.byOwnerTitle')}
              first={t('dashboard.colOwner')}
              late
              rows={data.firstReplyByAssignee.map((a) => ({
                key: a.assignee?._id ?? 'nobody',
                label: a.assignee?.fullName ?? t('dashboard.nobody'),
                figures: a,
                lateNow: a.lateNow,
              }))}
            />
          )}
        </div>
      </div>
    </section>
  );
}
