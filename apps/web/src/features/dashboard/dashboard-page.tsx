import { API, LEADS_TEXT, type Dashboard, type DashboardResponse } from '@agro/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHero } from '@/components/ui/page-hero';
import { request, withToast } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CountChart, counted, Figure, MonthlyChart, RankingChart } from './charts';

const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);

/** /dashboard (ADMIN): the last 12 months at a glance. Its own chunk: nothing of it is on a public page. */
export default function DashboardPage() {
  useDocumentTitle(LEADS_TEXT.dashboard);
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    withToast(() => request<DashboardResponse>('GET', API.dashboard), {
      loading: 'Loading figures...',
      success: LEADS_TEXT.dashboardFetched,
      error: LEADS_TEXT.fetchDashboardFailed,
    }).then(
      (res) => setData(res.dashboard),
      () => setFailed(true),
    );
  }, []);

  return (
    <>
      <PageHero eyebrow="Leads" title={LEADS_TEXT.dashboard}>
        Quotes and inquiries of the last 12 months.{' '}
        <Link to="/inquiries" className="underline underline-offset-2">
          Inquiry inbox
        </Link>{' '}
        ·{' '}
        <Link to="/profile" className="underline underline-offset-2">
          All Quotes
        </Link>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        {!data ? (
          <p role="status" className="text-gray-700">
            {failed ? LEADS_TEXT.fetchDashboardFailed : 'Loading figures...'}
          </p>
        ) : (
          <div className="space-y-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Figure
                label="Quotes, last 12 months"
                value={data.months.reduce((s, m) => s + m.quotes, 0).toLocaleString('en-IN')}
                detail={`${data.months.at(-1)?.quotes ?? 0} this month`}
              />
              <Figure
                label="Inquiries, last 12 months"
                value={data.months.reduce((s, m) => s + m.inquiries, 0).toLocaleString('en-IN')}
                detail={`${data.months.at(-1)?.inquiries ?? 0} this month`}
              />
              <Figure
                label="Offer within 24 hours"
                value={percent(data.offerWithin24h.share)}
                detail={
                  data.offerWithin24h.total === 0
                    ? 'Counted once a quote has an offer or is a day old'
                    : `${data.offerWithin24h.within} of ${counted(data.offerWithin24h.total, 'quote', 'quotes')} got an offer within a day`
                }
              />
              <Figure
                label="Acceptance rate"
                value={percent(data.acceptance.rate)}
                detail={`${data.acceptance.accepted} accepted of ${counted(data.acceptance.decided, 'offer', 'offers')} answered or expired`}
              />
            </div>
            <MonthlyChart months={data.months} />
            <div className="grid gap-6 lg:grid-cols-3">
              <RankingChart title="Requests by country" points={data.byCountry} what={['country', 'countries']} />
              <RankingChart title="Requests by product" points={data.byProduct} what={['product', 'products']} />
              <CountChart title="Where buyers heard of us" points={data.heardFrom} />
            </div>
            <section aria-labelledby="dashboard-orders" className="space-y-4">
              <h2 id="dashboard-orders" className="text-2xl font-bold tracking-tight text-gray-900">
                Orders{' '}
                <Link to="/orders" className="text-base font-medium text-brand-800 underline underline-offset-2">
                  Open the orders
                </Link>
              </h2>
              <div className="grid gap-4 sm:grid-cols-3">
                <Figure
                  label="Orders, last 12 months"
                  value={data.orders.months.reduce((s, m) => s + m.orders, 0).toLocaleString('en-IN')}
                  detail={`${data.orders.months.at(-1)?.orders ?? 0} this month`}
                />
                <Figure
                  label="Shipped on time"
                  value={percent(data.orders.onTime.rate)}
                  detail={
                    data.orders.onTime.shipped === 0
                      ? 'Counted once an order has shipped'
                      : `${data.orders.onTime.onTime} of ${counted(data.orders.onTime.shipped, 'shipped order', 'shipped orders')} within the offer's lead time`
                  }
                />
                <Figure
                  label="Acceptance to shipment"
                  value={data.orders.medianDaysToShip === null ? '-' : counted(data.orders.medianDaysToShip, 'day', 'days')}
                  detail="Median, of the orders shipped"
                />
              </div>
              <CountChart
                title="Orders per month"
                points={data.orders.months.map((m) => ({ label: m.month, count: m.orders }))}
                what={['order', 'orders']}
                columns={['Month', 'Orders']}
                top="most in"
              />
            </section>
          </div>
        )}
      </div>
    </>
  );
}
