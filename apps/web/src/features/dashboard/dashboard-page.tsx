import { API, LEADS_TEXT, type Dashboard, type DashboardResponse } from '@agro/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHero } from '@/components/ui/page-hero';
import { request, withToast } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { heardFromText } from '@/lib/option-labels';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CountChart, counted, Figure, MonthlyChart, percent, RankingChart } from './charts';
import { FirstReplySection } from './first-reply';

/** /dashboard (ADMIN): the last 12 months at a glance. Its own chunk: nothing of it is on a public page. */
export default function DashboardPage() {
  useDocumentTitle(t('dashboard.title'));
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    withToast(() => request<DashboardResponse>('GET', API.dashboard), {
      loading: t('dashboard.loading'),
      success: LEADS_TEXT.dashboardFetched,
      error: LEADS_TEXT.fetchDashboardFailed,
    }).then(
      (res) => setData(res.dashboard),
      () => setFailed(true),
    );
  }, []);

  return (
    <>
      <PageHero eyebrow={t('dashboard.eyebrow')} title={t('dashboard.title')}>
        {t('dashboard.intro')}{' '}
        <Link to="/inquiries" className="underline underline-offset-2">
          {t('dashboard.inbox')}
        </Link>{' '}
        ·{' '}
        <Link to="/profile" className="underline underline-offset-2">
          {t('dashboard.allQuotes')}
        </Link>{' '}
        ·{' '}
        <Link to="/held-replies" className="underline underline-offset-2">
          {t('heldRepliesPage.link')}
        </Link>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        {!data ? (
          <p role="status" className="text-gray-700">
            {failed ? t('dashboard.failed') : t('dashboard.loading')}
          </p>
        ) : (
          <div className="space-y-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Figure
                label={t('dashboard.quotesYear')}
                value={formatNumber(data.months.reduce((s, m) => s + m.quotes, 0))}
                detail={t('dashboard.thisMonth', { n: data.months.at(-1)?.quotes ?? 0 })}
              />
              <Figure
                label={t('dashboard.inquiriesYear')}
                value={formatNumber(data.months.reduce((s, m) => s + m.inquiries, 0))}
                detail={t('dashboard.thisMonth', { n: data.months.at(-1)?.inquiries ?? 0 })}
              />
              <Figure
                label={t('dashboard.within24h')}
                value={percent(data.offerWithin24h.share)}
                detail={
                  data.offerWithin24h.total === 0
                    ? t('dashboard.within24hNone')
                    : t('dashboard.within24hDetail', {
                        within: data.offerWithin24h.within,
                        total: counted(data.offerWithin24h.total, 'quotes'),
                      })
                }
              />
              <Figure
                label={t('dashboard.acceptance')}
                value={percent(data.acceptance.rate)}
                detail={t('dashboard.acceptanceDetail', {
                  accepted: data.acceptance.accepted,
                  decided: counted(data.acceptance.decided, 'offers'),
                })}
              />
            </div>
            <FirstReplySection data={data} />
            <MonthlyChart months={data.months} />
            <div className="grid gap-6 lg:grid-cols-3">
              <RankingChart title={t('dashboard.byCountry')} points={data.byCountry} what="countries" />
              <RankingChart title={t('dashboard.byProduct')} points={data.byProduct} what="products" />
              <CountChart title={t('dashboard.heardFrom')} points={data.heardFrom.map((p) => ({ ...p, label: heardFromText(p.label) }))} />
            </div>
            <section aria-labelledby="dashboard-orders" className="space-y-4">
              <h2 id="dashboard-orders" className="text-2xl font-bold tracking-tight text-gray-900">
                {t('dashboard.orders')}{' '}
                <Link to="/orders" className="text-base font-medium text-brand-800 underline underline-offset-2">
                  {t('dashboard.openOrders')}
                </Link>
              </h2>
              <div className="grid gap-4 sm:grid-cols-3">
                <Figure
                  label={t('dashboard.ordersYear')}
                  value={formatNumber(data.orders.months.reduce((s, m) => s + m.orders, 0))}
                  detail={t('dashboard.thisMonth', { n: data.orders.months.at(-1)?.orders ?? 0 })}
                />
                <Figure
                  label={t('dashboard.onTime')}
                  value={percent(data.orders.onTime.rate)}
                  detail={
                    data.orders.onTime.shipped === 0
                      ? t('dashboard.onTimeNone')
                      : t('dashboard.onTimeDetail', {
                          onTime: data.orders.onTime.onTime,
                          shipped: counted(data.orders.onTime.shipped, 'shippedOrders'),
                        })
                  }
                />
                <Figure
                  label={t('dashboard.toShipment')}
                  value={data.orders.medianDaysToShip === null ? '-' : counted(data.orders.medianDaysToShip, 'days')}
                  detail={t('dashboard.toShipmentDetail')}
                />
              </div>
              <CountChart
                title={t('dashboard.perMonth')}
                points={data.orders.months.map((m) => ({ label: m.month, count: m.orders }))}
                what="orders"
                columns={[t('dashboard.colMonth'), t('dashboard.colOrders')]}
                top="in"
              />
            </section>
            <section aria-labelledby="dashboard-samples" className="space-y-4">
              <h2 id="dashboard-samples" className="text-2xl font-bold tracking-tight text-gray-900">
                {t('sampleRequests.dashboardHeading')}{' '}
                <Link to="/profile/samples" className="text-base font-medium text-brand-800 underline underline-offset-2">
                  {t('sampleRequests.link')}
                </Link>
              </h2>
              <div className="grid gap-4 sm:grid-cols-3">
                <Figure
                  label={t('sampleRequests.dashboardSent')}
                  value={formatNumber(data.samples.sent)}
                  detail={t('sampleRequests.dashboardSentDetail')}
                />
                <Figure
                  label={t('sampleRequests.dashboardQuoted')}
                  value={percent(data.samples.share)}
                  detail={t('sampleRequests.dashboardShare', {
                    quoted: formatNumber(data.samples.quoted),
                    sent: formatNumber(data.samples.sent),
                  })}
                />
              </div>
            </section>
          </div>
        )}
      </div>
    </>
  );
}
