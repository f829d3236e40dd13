import type { Order } from '@agro/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PackageIcon } from '@/components/ui/icons';
import { Ltr, LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { formatDate, formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SortSelect, byActivity, useListSort } from '@/components/thread/list-sort';
import { UnreadBadge } from '@/components/thread/unread-badge';
import { fetchMyOrders } from './order-api';
import { OrderDocuments, OrderTimeline, Shipment, StepBadge, orderTotal } from './order-parts';

/** /my-orders (USER, from the profile): each order with its timeline, ETA, tracking link and documents. */
export default function MyOrdersPage() {
  useDocumentTitle(t('order.myOrders'));
  const [held, setOrders] = useState<Order[] | null>(null);
  const [sort, setSort] = useListSort();
  // The buyer's orders come whole: ordered here by last activity when asked.
  const orders = held && sort === 'activity' ? byActivity(held) : held;

  useEffect(() => {
    fetchMyOrders().then(
      (res) => setOrders(res.orders),
      () => setOrders([]),
    );
  }, []);

  return (
    <>
      <PageHero eyebrow={t('order.eyebrow')} title={t('order.myOrders')}>
        {t('order.intro')}
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <p className="text-sm">
          <Link to="/profile" className="font-medium text-brand-800 underline underline-offset-2">
            {t('order.backToProfile')}
          </Link>
        </p>
        {orders && orders.length > 1 && (
          <div className="mt-4">
            <SortSelect value={sort} onChange={setSort} />
          </div>
        )}
        {orders === null ? (
          <div role="status" className="mt-6 space-y-3">
            <span className="sr-only">{t('order.loadingOrders')}</span>
            {[0, 1].map((i) => (
              <div key={i} aria-hidden="true" className="h-40 animate-pulse rounded-2xl bg-gray-100" />
            ))}
          </div>
        ) : orders.length === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-12 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-gray-500 shadow-sm">
              <PackageIcon size={24} />
            </span>
            <p className="mt-4 font-medium text-gray-900">{t('order.noOrders')}</p>
          </div>
        ) : (
          <ul className="mt-6 space-y-6" aria-label={t('order.listLabel')}>
            {orders.map((o) => (
              <li key={o._id}>
                <article className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h2 className="text-lg font-semibold text-gray-900">
                        <Link to={`/orders/${o._id}`} className="underline-offset-2 hover:underline">
                          {withLtr(t('order.title', { number: LTR_SLOT }), o.orderNumber)}
                        </Link>
                      </h2>
                      <p className="mt-1 text-sm text-gray-700">
                        {/* Each part isolated: Latin names, figures and codes keep their order on a right-to-left page. */}
                        <bdi>{o.terms.productName}</bdi> ·{' '}
                        <Ltr>
                          {formatNumber(o.terms.quantity)} {o.terms.unit}
                        </Ltr>{' '}
                        · <bdi>{orderTotal(o)}</bdi>{' '}
                        <bdi>
                          {o.terms.incoterm} {o.terms.destination}
                        </bdi>
                      </p>
                      <p className="mt-0.5 text-xs text-gray-600">{t('order.accepted', { date: formatDate(o.createdAt) ?? '' })}</p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <UnreadBadge count={o.unread} />
                      <StepBadge order={o} />
                    </div>
                  </div>
                  <div className="mt-3">
                    <Shipment order={o} />
                  </div>
                  <div className="mt-5 grid gap-6 md:grid-cols-2">
                    <OrderTimeline order={o} />
                    <OrderDocuments order={o} />
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
