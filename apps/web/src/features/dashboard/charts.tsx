import { useId, type ReactNode } from 'react';
import { formatMonth, formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';

/**
 * Light charts for the dashboard: plain elements sized in percent, no chart library. Each chart is
 * hidden from assistive technology and comes with a sentence that says what it shows and a data
 * table with every number (the text alternative).
 */

const monthName = (month: string) => formatMonth(month);

/** A share of 0 to 1 as a whole percent; '-' when there is nothing to count. */
export const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);

function ChartFigure({ title, summary, table, children }: { title: string; summary: string; table: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <figcaption className="mt-1 text-sm text-gray-700">{summary}</figcaption>
      <div aria-hidden="true" className="mt-4">
        {children}
      </div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">{t('dashboard.showTable')}</summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

const cell = 'border-b border-gray-100 px-2 py-1.5 text-end tabular-nums';
const head = 'border-b border-gray-200 px-2 py-1.5 text-end font-semibold text-gray-700';

/** The text alternative: a table whose first column names each row (a row's `key` when two rows share a label). */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key?: string; label: string; values: (number | string)[] }[];
}) {
  return (
    <table className="w-full text-start">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={c} scope="col" className={i === 0 ? `${head} text-start` : head}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key ?? r.label}>
            <th scope="row" className={`${cell} text-start font-normal`}>
              {r.label}
            </th>
            {r.values.map((v, i) => (
              <td key={i} className={cell}>
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface SeriesPoint {
  label: string;
  quotes: number;
  inquiries: number;
}

const Legend = () => (
  <div className="mb-2 flex gap-4 text-xs text-gray-700">
    <span className="inline-flex items-center gap-1.5">
      <span className="inline-block size-3 rounded-sm bg-brand-700" /> {t('dashboard.colQuotes')}
    </span>
    <span className="inline-flex items-center gap-1.5">
      <span className="inline-block size-3 rounded-sm bg-accent-400" /> {t('dashboard.colInquiries')}
    </span>
  </div>
);

/** What the dashboard counts, each a plural text of the catalogue ("1 quote", "3 quotes"). */
type Counted = 'quotes' | 'inquiries' | 'countries' | 'products' | 'answers' | 'orders' | 'offers' | 'shippedOrders' | 'days';

/** "1 quote", "3 quotes". */
export const counted = (n: number, what: Counted): string => t(`dashboard.count.${what}`, { count: n, n: formatNumber(n) });

const quotesAndInquiries = (quotes: number, inquiries: number): string =>
  t('dashboard.quotesAndInquiries', { quotes: counted(quotes, 'quotes'), inquiries: counted(inquiries, 'inquiries') });

/** Quotes and inquiries per month, side by side. */
export function MonthlyChart({ months }: { months: { month: string; quotes: number; inquiries: number }[] }) {
  const max = Math.max(1, ...months.flatMap((m) => [m.quotes, m.inquiries]));
  const totalQ = months.reduce((s, m) => s + m.quotes, 0);
  const totalI = months.reduce((s, m) => s + m.inquiries, 0);
  const last = months.at(-1);
  const busiest = months.reduce<(typeof months)[number] | undefined>(
    (b, m) => (!b || m.quotes + m.inquiries > b.quotes + b.inquiries ? m : b),
    undefined,
  );
  const summary =
    totalQ + totalI === 0
      ? t('dashboard.monthlyEmpty')
      : t('dashboard.monthlySummary', {
          year: quotesAndInquiries(totalQ, totalI),
          month: quotesAndInquiries(last?.quotes ?? 0, last?.inquiries ?? 0),
          busiest: busiest ? monthName(busiest.month) : '-',
        });
  return (
    <ChartFigure
      title={t('dashboard.monthlyTitle')}
      summary={summary}
      table={
        <DataTable
          caption={t('dashboard.monthlyCaption')}
          columns={[t('dashboard.colMonth'), t('dashboard.colQuotes'), t('dashboard.colInquiries')]}
          rows={months.map((m) => ({ label: monthName(m.month), values: [m.quotes, m.inquiries] }))}
        />
      }
    >
      <Legend />
      <div className="flex h-48 items-end gap-1 border-b border-gray-300 sm:gap-2">
        {months.map((m) => (
          <div key={m.month} className="flex h-full flex-1 items-end justify-center gap-px">
            <div
              className="w-1/2 max-w-4 rounded-t bg-brand-700"
              style={{ height: `${(m.quotes / max) * 100}%` }}
              title={counted(m.quotes, 'quotes')}
            />
            <div
              className="w-1/2 max-w-4 rounded-t bg-accent-400"
              style={{ height: `${(m.inquiries / max) * 100}%` }}
              title={counted(m.inquiries, 'inquiries')}
            />
          </div>
        ))}
      </div>
      <div className="mt-1 flex gap-1 text-[10px] text-gray-600 sm:gap-2 sm:text-xs">
        {months.map((m) => (
          <span key={m.month} className="flex-1 text-center">
            {formatMonth(m.month, false)}
          </span>
        ))}
      </div>
    </ChartFigure>
  );
}

/** Horizontal bars of the largest groups (quotes and inquiries stacked), the rest in the table. */
export function RankingChart({ title, points, shown = 8, what }: { title: string; points: SeriesPoint[]; shown?: number; what: Counted }) {
  const top = points.slice(0, shown);
  const max = Math.max(1, ...top.map((p) => p.quotes + p.inquiries));
  const first = points[0];
  const summary = first
    ? t('dashboard.rankingSummary', {
        what: counted(points.length, what),
        name: first.label,
        quotes: counted(first.quotes, 'quotes'),
        inquiries: counted(first.inquiries, 'inquiries'),
      })
    : t('dashboard.rankingEmpty');
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={
        <DataTable
          caption={title}
          columns={[t('dashboard.colName'), t('dashboard.colQuotes'), t('dashboard.colInquiries')]}
          rows={points.map((p) => ({ label: p.label, values: [p.quotes, p.inquiries] }))}
        />
      }
    >
      <Legend />
      <ul className="space-y-2">
        {top.map((p) => (
          <li key={p.label} className="text-xs text-gray-800">
            <div className="flex justify-between gap-2">
              <span className="truncate">{p.label}</span>
              <span className="tabular-nums">{p.quotes + p.inquiries}</span>
            </div>
            <div className="mt-0.5 flex h-3 overflow-hidden rounded bg-gray-100">
              <div className="bg-brand-700" style={{ width: `${(p.quotes / max) * 100}%` }} />
              <div className="bg-accent-400" style={{ width: `${(p.inquiries / max) * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </ChartFigure>
  );
}

/** Counts of one series (where buyers heard of us). */
export function CountChart({
  title,
  points,
  what = 'answers',
  columns = [t('dashboard.colAnswer'), t('dashboard.colQuotes')],
  top: topPhrase = 'often',
}: {
  title: string;
  points: { label: string; count: number }[];
  /** What one count is (answers, orders), for the sentence. */
  what?: 'answers' | 'orders';
  /** The data table's two column headings. */
  columns?: [string, string];
  /** How the sentence names the largest count ("most often LinkedIn", "most in 2026-11"). */
  top?: 'often' | 'in';
}) {
  const max = Math.max(1, ...points.map((p) => p.count));
  const total = points.reduce((s, p) => s + p.count, 0);
  const top = [...points].sort((a, b) => b.count - a.count)[0];
  const summary =
    total === 0 || !top
      ? t(`dashboard.countEmpty.${what}`)
      : t(topPhrase === 'often' ? 'dashboard.mostOften' : 'dashboard.mostIn', {
          total: counted(total, what),
          name: top.label,
          n: top.count,
        });
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={<DataTable caption={title} columns={columns} rows={points.map((p) => ({ label: p.label, values: [p.count] }))} />}
    >
      <ul className="space-y-2">
        {points.map((p) => (
          <li key={p.label} className="text-xs text-gray-800">
            <div className="flex justify-between gap-2">
              <span>{p.label}</span>
              <span className="tabular-nums">{p.count}</span>
            </div>
            <div className="mt-0.5 h-3 overflow-hidden rounded bg-gray-100">
              <div className="h-full bg-brand-700" style={{ width: `${(p.count / max) * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </ChartFigure>
  );
}

/** One headline figure (e.g. "83%") with what it means. */
export function Figure({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-gray-700">{label}</p>
      <p className="mt-1 text-3xl font-bold tracking-tight text-gray-900">{value}</p>
      <p className="mt-1 text-sm text-gray-600">{detail}</p>
    </div>
  );
}
