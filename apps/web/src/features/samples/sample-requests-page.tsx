import { COURIERS, COURIER_NAMES, LEAD_PAGE_SIZE, SAMPLE_API, SAMPLE_STATUSES, type LeadPage, type Sample } from '@agro/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUrlFilters } from '@/components/leads/use-url-filters';
import { CsvButton } from '@/components/leads/csv-button';
import { useHeldProducts } from '@/components/products/use-held-products';
import { ConversationPanel } from '@/components/thread/conversation-panel';
import { UnreadBadge } from '@/components/thread/unread-badge';
import { Field } from '@/components/ui/field';
import { PackageIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-state';
import { Ltr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { Pagination } from '@/components/ui/pagination';
import { formatDate, formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { fetchAllSamples, fetchSample, sampleStep, type AdminStep } from './sample-api';
import { SampleItems, SampleShipping, SampleStatusBadge, SampleTracking, sampleStatusName } from './sample-parts';

const FILTER_KEYS = ['status', 'productId', 'country', 'from', 'to', 'q'] as const;
const label = 'block text-sm font-medium text-gray-800';

function SampleList() {
  const filters = useUrlFilters(FILTER_KEYS);
  const { query, page, values } = filters;
  const products = useHeldProducts();
  const [samples, setSamples] = useState<Sample[] | null>(null);
  const [facts, setFacts] = useState<LeadPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setSamples(null);
    setFailed(false);
    fetchAllSamples(`${query ? `${query}&` : ''}page=${page}&limit=${LEAD_PAGE_SIZE}`).then(
      (res) => {
        if (!live) return;
        setSamples(res.samples);
        const { total, limit, pageCount, countries } = res;
        setFacts(
          total === undefined
            ? null
            : { total, page, limit: limit ?? LEAD_PAGE_SIZE, pageCount: pageCount ?? 1, countries: countries ?? [] },
        );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [query, page, attempt]);

  return (
    <>
      <p className="text-sm text-gray-600">
        {facts && <span aria-live="polite">{t('sampleRequests.count', { count: facts.total, total: formatNumber(facts.total) })} · </span>}
        <Link to="/dashboard" className="font-medium text-brand-800 underline underline-offset-2">
          {t('orders.dashboard')}
        </Link>
      </p>
      <form
        aria-label={t('sampleRequests.filterLabel')}
        className="mt-4 grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <label htmlFor="sample-status" className={label}>
            {t('sampleRequests.status')}
          </label>
          <select id="sample-status" className="input mt-1" value={values.status} onChange={(e) => filters.set('status', e.target.value)}>
            <option value="">{t('sampleRequests.anyStatus')}</option>
            {SAMPLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {sampleStatusName(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sample-product" className={label}>
            {t('sampleRequests.product')}
          </label>
          <select
            id="sample-product"
            className="input mt-1"
            value={values.productId}
            onChange={(e) => filters.set('productId', e.target.value)}
          >
            <option value="">{t('sampleRequests.anyProduct')}</option>
            {products.map((p) => (
              <option key={p._id} value={p._id}>
                {p.productName}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sample-country" className={label}>
            {t('sampleRequests.country')}
          </label>
          <select
            id="sample-country"
            className="input mt-1"
            value={values.country}
            onChange={(e) => filters.set('country', e.target.value)}
          >
            <option value="">{t('sampleRequests.anyCountry')}</option>
            {[...new Set([...(facts?.countries ?? []), ...(values.country ? [values.country] : [])])].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sample-q" className={label}>
            {t('sampleRequests.q')}
          </label>
          <input id="sample-q" type="search" className="input mt-1" value={values.q} onChange={(e) => filters.set('q', e.target.value)} />
        </div>
        <div>
          <label htmlFor="sample-from" className={label}>
            {t('sampleRequests.from')}
          </label>
          <input
            id="sample-from"
            type="date"
            className="input mt-1"
            value={values.from}
            onChange={(e) => filters.set('from', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="sample-to" className={label}>
            {t('sampleRequests.to')}
          </label>
          <input id="sample-to" type="date" className="input mt-1" value={values.to} onChange={(e) => filters.set('to', e.target.value)} />
        </div>
        <div className="flex items-end gap-2 lg:col-span-2">
          <button type="button" className="btn-secondary" onClick={filters.clear} disabled={!filters.active}>
            {t('sampleRequests.clear')}
          </button>
          <CsvButton
            path={`${SAMPLE_API.exportSamples}${query ? `?${query}` : ''}`}
            fallbackName="samples.csv"
            label={t('sampleRequests.exportLabel')}
          />
        </div>
      </form>
      {failed ? (
        <LoadFailed message={t('sampleRequests.notFound')} retryLabel={t('samples.retry')} onRetry={() => setAttempt((a) => a + 1)} />
      ) : samples === null ? (
        <Loading label={t('sampleRequests.loading')} className="mt-6" />
      ) : samples.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-12 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-gray-500 shadow-sm">
            <PackageIcon size={24} />
          </span>
          <p className="mt-4 font-medium text-gray-900">{filters.active ? t('sampleRequests.noMatches') : t('sampleRequests.none')}</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" aria-label={t('sampleRequests.listLabel')}>
          {samples.map((s) => (
            <li key={s._id}>
              <article className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-base font-semibold text-gray-900">
                      <Ltr>{s.number}</Ltr>
                    </h2>
                    <SampleStatusBadge status={s.status} />
                    <UnreadBadge count={s.unread} />
                  </div>
                  <p className="mt-1 break-words text-sm text-gray-700">
                    <bdi>{s.buyer.company || s.buyer.name}</bdi> · <bdi>{s.buyer.country}</bdi> · {formatDate(s.createdAt)}
                  </p>
                  <div className="mt-1">
                    <SampleItems sample={s} />
                  </div>
                </div>
                <Link
                  to={`/profile/samples?id=${encodeURIComponent(s._id)}`}
                  className="btn-secondary shrink-0 py-1.5 text-sm"
                  aria-label={t('sampleRequests.openLabel', { number: s.number })}
                >
                  {t('sampleRequests.open')}
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
      {facts && (
        <Pagination
          page={page}
          pageCount={facts.pageCount}
          onChange={(p) => filters.set('page', String(p))}
          label={t('sampleRequests.pages')}
        />
      )}
    </>
  );
}

/** One request: everything the buyer sent, and the next steps (approve, decline, dispatch, delivered). */
function SampleDetail({ id }: { id: string }) {
  const [sample, setSample] = useState<Sample | null | 'error'>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [courier, setCourier] = useState<(typeof COURIERS)[number]>('DHL');
  const [tracking, setTracking] = useState('');

  const read = useCallback(() => {
    setSample(null);
    fetchSample(id).then(
      (r) => setSample(r.sample),
      () => setSample('error'),
    );
  }, [id]);
  useEffect(read, [read]);
  // The mails' link ends in #messages: to the conversation once the request is shown.
  const shown = sample !== null && sample !== 'error';
  useEffect(() => {
    if (shown && window.location.hash === '#messages') document.getElementById('messages')?.scrollIntoView?.({ block: 'start' });
  }, [shown]);

  const act = async (change: AdminStep, e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    try {
      const texts = { loading: t('sampleRequests.working'), success: t('sampleRequests.done'), error: t('sampleRequests.failed') };
      setSample((await sampleStep(id, change, texts)).sample);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };

  if (sample === null) return <Loading label={t('sampleRequests.loading')} />;
  if (sample === 'error') return <LoadFailed message={t('sampleRequests.notFound')} retryLabel={t('samples.retry')} onRetry={read} />;
  const canDecline = sample.status === 'REQUESTED' || sample.status === 'APPROVED';
  const row = 'grid gap-1 sm:grid-cols-[12rem_minmax(0,1fr)]';
  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold text-gray-900">
          <Ltr>{sample.number}</Ltr>
        </h2>
        <SampleStatusBadge status={sample.status} />
        <span className="text-sm text-gray-600">{t('samples.requestedOn', { date: formatDate(sample.createdAt) ?? '' })}</span>
      </div>
      <dl className="space-y-3 rounded-2xl border border-gray-200 bg-white p-5 text-sm shadow-sm">
        <div className={row}>
          <dt className="font-medium text-gray-800">{t('sampleRequests.buyer')}</dt>
          <dd>
            <bdi>{sample.buyer.name}</bdi> · <Ltr>{sample.buyer.email}</Ltr>
            {sample.buyer.company && (
              <>
                {' '}
                · <bdi>{sample.buyer.company}</bdi>
              </>
            )}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-gray-800">{t('sampleRequests.products')}</dt>
          <dd>
            <SampleItems sample={sample} />
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-gray-800">{t('sampleRequests.address')}</dt>
          <dd className="whitespace-pre-line">
            <bdi>{sample.address}</bdi> · <bdi>{sample.buyer.country}</bdi>
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-gray-800">{t('sampleRequests.shipping')}</dt>
          <dd>
            <SampleShipping sample={sample} />
          </dd>
        </div>
        {sample.note && (
          <div className={row}>
            <dt className="font-medium text-gray-800">{t('sampleRequests.note')}</dt>
            <dd className="whitespace-pre-line">
              <bdi>{sample.note}</bdi>
            </dd>
          </div>
        )}
        <div className={row}>
          <dt className="font-medium text-gray-800">{t('sampleRequests.feedback')}</dt>
          <dd>
            {sample.feedback ? (
              <>
                {t('sampleRequests.rated', { rating: formatNumber(sample.feedback.rating) })}
                {sample.feedback.note && (
                  <>
                    {' '}
                    · <bdi>{sample.feedback.note}</bdi>
                  </>
                )}
              </>
            ) : (
              t('sampleRequests.noFeedback')
            )}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-gray-800">{t('sampleRequests.quotes')}</dt>
          <dd>
            {sample.quoteIds.length === 0 ? (
              t('sampleRequests.noQuotes')
            ) : (
              <ul>
                {sample.quoteIds.map((q) => (
                  <li key={q}>
                    <Link to={`/quote/description?id=${encodeURIComponent(q)}`} className="text-brand-800 underline underline-offset-2">
                      <Ltr>{q}</Ltr>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      {sample.declineReason && <p className="text-sm text-red-800">{t('samples.declinedReason', { reason: sample.declineReason })}</p>}
      <SampleTracking sample={sample} />
      <section aria-labelledby="sample-actions" className="space-y-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h3 id="sample-actions" className="text-base font-semibold text-brand-900">
          {t('sampleRequests.actions')}
        </h3>
        {sample.status === 'DECLINED' || sample.status === 'DELIVERED' ? (
          <p className="text-sm text-gray-700">{t('sampleRequests.finished', { status: sampleStatusName(sample.status) })}</p>
        ) : null}
        {sample.status === 'REQUESTED' && (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void act({ step: 'approve' })}>
            {t('sampleRequests.approve')}
          </button>
        )}
        {sample.status === 'APPROVED' && (
          <form
            className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-end"
            onSubmit={(e) => void act({ step: 'dispatch', courier, trackingNumber: tracking }, e)}
          >
            <Field label={t('sampleRequests.courier')} required>
              <select className="input" value={courier} onChange={(e) => setCourier(e.target.value as (typeof COURIERS)[number])}>
                {COURIERS.map((c) => (
                  <option key={c} value={c}>
                    {COURIER_NAMES[c]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('sampleRequests.trackingNumber')} required>
              <input className="input" dir="ltr" value={tracking} onChange={(e) => setTracking(e.target.value)} />
            </Field>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t('sampleRequests.dispatch')}
            </button>
          </form>
        )}
        {sample.status === 'DISPATCHED' && (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void act({ step: 'delivered' })}>
            {t('sampleRequests.delivered')}
          </button>
        )}
        {canDecline && (
          <form
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
            onSubmit={(e) => void act({ step: 'decline', reason }, e)}
          >
            <Field label={t('sampleRequests.reason')} required>
              <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
            <button type="submit" className="btn-secondary" disabled={busy}>
              {t('sampleRequests.decline')}
            </button>
          </form>
        )}
      </section>
      <ConversationPanel kind="sample" id={sample._id} admin heading={t('conversation.heading')} anchorId="messages" />
    </article>
  );
}

/**
 * /samples (ADMIN): every sample request with filters and CSV; `?id=` one request, its steps and its
 * conversation (`?sample=` too: the address the mails link to, the buyer's page's; issue 43, item 2).
 */
export default function SampleRequestsPage() {
  useDocumentTitle(t('sampleRequests.title'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('sample');
  return (
    <>
      <PageHero eyebrow={t('sampleRequests.eyebrow')} title={t('sampleRequests.title')}>
        {t('sampleRequests.intro')}
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        {id ? (
          <>
            <p className="mb-6 text-sm">
              <Link to="/profile/samples" className="font-medium text-brand-800 underline underline-offset-2">
                {t('sampleRequests.back')}
              </Link>
            </p>
            <SampleDetail id={id} />
          </>
        ) : (
          <SampleList />
        )}
      </div>
    </>
  );
}
