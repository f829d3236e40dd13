import { API, LEAD_PAGE_SIZE, ORDER_FILTER_KEYS, ORDER_STEPS, type LeadPage, type Order } from '@agro/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useUrlFilters } from '@/components/leads/use-url-filters';
import { CsvButton } from '@/components/leads/csv-button';
import { PackageIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { Pagination } from '@/components/ui/pagination';
import { formatDate, formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SortSelect, useListSort } from '@/components/thread/list-sort';
import { UnreadBadge } from '@/components/thread/unread-badge';
import { fetchAllOrders } from './order-api';
import { StepBadge, dayText, orderTotal } from './order-parts';

/** /orders (ADMIN): every order, filtered by step, country, ETA and lateness, a page at a time, and as CSV. */
export default function OrdersPage() {
  useDocumentTitle(t('orders.title'));
  const filters = useUrlFilters(ORDER_FILTER_KEYS);
  const { query, page, values } = filters;
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [facts, setFacts] = useState<LeadPage | null>(null);
  const [sort, setSort] = useListSort();

  useEffect(() => {
    let live = true;
    setOrders(null);
    fetchAllOrders(`${query ? `${query}&` : ''}${sort === 'activity' ? 'sort=activity&' : ''}page=${page}&limit=${LEAD_PAGE_SIZE}`).then(
      (res) => {
        if (!live) return;
        setOrders(res.orders);
        const { total, limit, pageCount, countries } = res;
        setFacts(
          total === undefined
            ? null
            : { total, page, limit: limit ?? LEAD_PAGE_SIZE, pageCount: pageCount ?? 1, countries: countries ?? [] },
        );
      },
      () => live && setOrders([]),
    );
    return () => {
      live = false;
    };
  }, [query, page, sort]);

  const label = 'block text-sm font-medium text-gray-800';
  return (
    <>
      <PageHero eyebrow={t('orders.eyebrow')} title={t('orders.title')}>
        {t('orders.intro')}
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        <p className="text-sm text-gray-600">
          {facts && <span aria-live="polite">{t('orders.count', { count: facts.total, total: formatNumber(facts.total) })} · </span>}
          <Link to="/profile" className="font-medium text-brand-800 underline underline-offset-2">
            {t('orders.allQuotes')}
          </Link>{' '}
          ·{' '}
          <Link to="/dashboard" className="font-medium text-brand-800 underline underline-offset-2">
            {t('orders.dashboard')}
          </Link>
        </p>
        <form
          aria-label={t('orders.filterLabel')}
          className="mt-4 grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
          onSubmit={(e) => e.preventDefault()}
        >
          <div>
            <label htmlFor="order-step" className={label}>
              {t('orders.step')}
            </label>
            <select id="order-step" className="input mt-1" value={values.step} onChange={(e) => filters.set('step', e.target.value)}>
              <option value="">{t('orders.anyStep')}</option>
              {ORDER_STEPS.map((s) => (
                <option key={s} value={s}>
                  {t(`orderSteps.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="order-country" className={label}>
              {t('orders.country')}
            </label>
            <select
              id="order-country"
              className="input mt-1"
              value={values.country}
              onChange={(e) => filters.set('country', e.target.value)}
            >
              <option value="">{t('orders.anyCountry')}</option>
              {[...new Set([...(facts?.countries ?? []), ...(values.country ? [values.country] : [])])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="order-eta-from" className={label}>
              {t('orders.etaFrom')}
            </label>
            <input
              id="order-eta-from"
              type="date"
              className="input mt-1"
              value={values.etaFrom}
              onChange={(e) => filters.set('etaFrom', e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="order-eta-to" className={label}>
              {t('orders.etaTo')}
            </label>
            <input
              id="order-eta-to"
              type="date"
              className="input mt-1"
              value={values.etaTo}
              onChange={(e) => filters.set('etaTo', e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="order-late" className={label}>
              {t('orders.late')}
            </label>
            <select id="order-late" className="input mt-1" value={values.late} onChange={(e) => filters.set('late', e.target.value)}>
              <option value="">{t('orders.allOrders')}</option>
              <option value="true">{t('orders.lateOnly')}</option>
              <option value="false">{t('orders.notLate')}</option>
            </select>
          </div>
          <div className="flex items-end gap-2">
            <button type="button" className="btn-secondary" onClick={filters.clear} disabled={!filters.active}>
              {t('orders.clear')}
            </button>
            <CsvButton path={`${API.exportOrders}${query ? `?${query}` : ''}`} fallbackName="orders.csv" label={t('orders.exportLabel')} />
          </div>
        </form>
        <div className="mt-3">
          <SortSelect value={sort} onChange={setSort} />
        </div>

        {orders === null ? (
          <div role="status" className="mt-6 space-y-3">
            <span className="sr-only">{t('orders.loading')}</span>
            {[0, 1, 2].map((i) => (
              <div key={i} aria-hidden="true" className="h-20 animate-pulse rounded-2xl bg-gray-100" />
            ))}
          </div>
        ) : orders.length === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-12 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-gray-500 shadow-sm">
              <PackageIcon size={24} />
            </span>
            <p className="mt-4 font-medium text-gray-900">{filters.active ? t('orders.noMatches') : t('orders.noOrders')}</p>
          </div>
        ) : (
          <ul className="mt-6 space-y-3" aria-label={t('orders.listLabel')}>
            {orders.map((o) => (
              <li key={o._id}>
                <article className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="text-base font-semibold text-gray-900">
                        <Ltr>{o.orderNumber}</Ltr>
                      </h2>
                      <StepBadge order={o} />
                      <UnreadBadge count={o.unread} />
                    </div>
                    <p className="mt-1 break-words text-sm text-gray-700">
                      {o.buyer.companyName} · {o.buyer.country} · {o.terms.productName} · {formatNumber(o.terms.quantity)} {o.terms.unit} ·{' '}
                      {orderTotal(o)}
                    </p>
                    <p className="mt-0.5 text-xs text-gray-600">
                      {o.eta
                        ? t('orders.datesWithEta', { accepted: formatDate(o.createdAt), shipBy: dayText(o.shipBy), eta: dayText(o.eta) })
                        : t('orders.dates', { accepted: formatDate(o.createdAt), shipBy: dayText(o.shipBy) })}
                    </p>
                  </div>
                  <Link
                    to={`/orders/${o._id}`}
                    className="btn-secondary shrink-0 py-1.5 text-sm"
                    aria-label={t('orders.openLabel', { number: o.orderNumber })}
                  >
                    {t('orders.open')}
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        )}
        {facts && (
          <Pagination page={page} pageCount={facts.pageCount} onChange={(p) => filters.set('page', String(p))} label={t('orders.pages')} />
        )}
      </div>
    </>
  );
}
