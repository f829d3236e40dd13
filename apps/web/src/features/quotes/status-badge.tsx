import type { QuoteStatus } from '@agro/shared';
import { t } from '@/lib/i18n';

/** Colours meet WCAG AA for the text on its background; the label, not the colour, carries the meaning. */
const STYLE: Record<QuoteStatus, string> = {
  NEW: 'bg-sky-100 text-sky-900 ring-sky-300',
  QUOTED: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  ACCEPTED: 'bg-green-100 text-green-900 ring-green-400',
  DECLINED: 'bg-gray-200 text-gray-900 ring-gray-400',
  REJECTED: 'bg-red-100 text-red-900 ring-red-300',
  EXPIRED: 'bg-orange-100 text-orange-900 ring-orange-300',
  CHANGES_REQUESTED: 'bg-violet-100 text-violet-900 ring-violet-300',
};

/** A quote's status as a coloured badge with its text label. */
export function StatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      data-testid="quote-status"
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ring-1 ${STYLE[status]}`}
    >
      <span className="sr-only">{`${t('quoteStatus.prefix')} `}</span>
      {t(`quoteStatus.${status}`)}
    </span>
  );
}
