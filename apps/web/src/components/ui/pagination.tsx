import { t } from '@/lib/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

interface PaginationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Page numbers to show: first, last, and a window around the current page, with gaps as null. */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= radius) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

const base =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-40';

export function Pagination({ page, pageCount, onChange, label = t('pagination.label') }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            className={`${base} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          >
            <ChevronLeftIcon size={16} />
            <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
          </button>
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-500">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={`${base} ${p === page ? 'border-brand-800 bg-brand-800 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p })}
                onClick={() => onChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${base} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
            disabled={page >= pageCount}
            onClick={() => onChange(page + 1)}
          >
            <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
            <ChevronRightIcon size={16} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
