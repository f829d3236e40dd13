import { COURIERS, COURIER_NAMES, type MySamplesResponse, type Sample, type ShippingChoice } from '@agro/shared';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useHeldProducts } from '@/components/products/use-held-products';
import { ConversationPanel } from '@/components/thread/conversation-panel';
import { UnreadBadge } from '@/components/thread/unread-badge';
import { useThreadRead, withThreadRead } from '@/components/thread/use-thread-read';
import { Field } from '@/components/ui/field';
import { PackageIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-state';
import { LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { errorMessage } from '@/lib/api';
import { Honeypot, useBotSignals } from '@/lib/bot-signals';
import { formatDate, formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addSample, fetchMySamples, markSampleDelivered, sendSampleFeedback } from './sample-api';
import { SampleItems, SampleShipping, SampleStatusBadge, SampleTracking } from './sample-parts';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; samples: Sample[]; limits: MySamplesResponse['limits'] };
interface Line {
  productId: string;
  grams: string;
}

/** The request form: products (up to the setting) with grams each, address, and how the courier is paid. */
function SampleForm({ limits, onAdded }: { limits: MySamplesResponse['limits']; onAdded: (sample: Sample) => void }) {
  const products = useHeldProducts();
  const [params] = useSearchParams();
  const preselected = params.get('product') ?? '';
  const [lines, setLines] = useState<Line[]>([{ productId: preselected, grams: String(Math.min(250, limits.maxGrams)) }]);
  const [address, setAddress] = useState('');
  const [country, setCountry] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [note, setNote] = useState('');
  const [shipping, setShipping] = useState<ShippingChoice>('ACCOUNT');
  const [courier, setCourier] = useState<string>('DHL');
  const [accountNumber, setAccountNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const signals = useBotSignals('quote');
  const legendId = useId();

  const setLine = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const body = {
        items: lines.map((l) => ({ productId: l.productId, grams: Number(l.grams) })),
        address,
        country,
        companyName,
        note,
        shipping,
        ...(shipping === 'ACCOUNT' ? { courier, accountNumber } : {}),
        ...(await signals.take()),
      };
      const { sample } = await addSample(body as Parameters<typeof addSample>[0]);
      onAdded(sample);
      setLines([{ productId: '', grams: String(Math.min(250, limits.maxGrams)) }]);
      setAddress('');
      setNote('');
      setAccountNumber('');
    } catch (error) {
      // Said next to the button too (the toast goes away): the server's reason, in the page's language.
      setProblem(errorMessage(error, t('samples.addError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="sample-form-heading">
      <Honeypot inputRef={signals.trap} />
      <h2 id="sample-form-heading" className="text-lg font-semibold text-brand-900">
        {t('samples.formHeading')}
      </h2>
      <p className="text-sm text-gray-600">{t('samples.limits', { perMonth: formatNumber(limits.maxPerMonth) })}</p>
      {lines.map((line, i) => (
        <div key={i} className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
          <Field label={t('samples.productLabel', { n: i + 1 })} required>
            <select className="input" value={line.productId} onChange={(e) => setLine(i, { productId: e.target.value })}>
              <option value="">{t('samples.chooseProduct')}</option>
              {products.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.productName}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('samples.gramsLabel', { n: i + 1 })}
            required
            hint={t('samples.gramsHint', { max: formatNumber(limits.maxGrams) })}
          >
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={limits.maxGrams}
              value={line.grams}
              onChange={(e) => setLine(i, { grams: e.target.value })}
            />
          </Field>
          {lines.length > 1 ? (
            <button type="button" className="btn-secondary" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
              {t('samples.removeProduct', { n: i + 1 })}
            </button>
          ) : (
            <span />
          )}
        </div>
      ))}
      {lines.length < limits.maxProducts && (
        <button type="button" className="btn-secondary" onClick={() => setLines((ls) => [...ls, { productId: '', grams: '100' }])}>
          {t('samples.addProduct')}
        </button>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('samples.company')}>
          <input className="input" autoComplete="organization" value={companyName} onChange={(e) => setCompanyName(e.target.value)} />
        </Field>
        <Field label={t('samples.country')} required>
          <input className="input" autoComplete="country-name" value={country} onChange={(e) => setCountry(e.target.value)} />
        </Field>
        <Field label={t('samples.address')} required className="sm:col-span-2">
          <textarea className="input" rows={3} autoComplete="street-address" value={address} onChange={(e) => setAddress(e.target.value)} />
        </Field>
      </div>
      <fieldset aria-labelledby={legendId} className="space-y-3">
        <legend id={legendId} className="text-sm font-medium text-gray-800">
          {t('samples.shippingLegend')}
        </legend>
        {(['ACCOUNT', 'ON_DELIVERY'] as const).map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm text-gray-800">
            <input type="radio" name="shipping" value={choice} checked={shipping === choice} onChange={() => setShipping(choice)} />
            {choice === 'ACCOUNT' ? t('samples.shippingAccount') : t('samples.shippingOnDelivery')}
          </label>
        ))}
        {shipping === 'ACCOUNT' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('samples.courier')} required>
              <select className="input" value={courier} onChange={(e) => setCourier(e.target.value)}>
                {COURIERS.map((c) => (
                  <option key={c} value={c}>
                    {COURIER_NAMES[c]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('samples.accountNumber')} required>
              <input
                className="input"
                dir="ltr"
                autoComplete="off"
                value={accountNumber}
                onChange={(e) => setAccountNumber(e.target.value)}
              />
            </Field>
          </div>
        )}
      </fieldset>
      <Field label={t('samples.note')}>
        <textarea className="input" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t('samples.sending') : t('samples.submit')}
      </button>
    </form>
  );
}

/** After delivery: the buyer's rating (once) and 'Request a quote' for each product. */
function Delivered({ sample, onChanged }: { sample: Sample; onChanged: (s: Sample) => void }) {
  const [rating, setRating] = useState('5');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      onChanged((await sendSampleFeedback(sample._id, { rating: Number(rating), note })).sample);
    } catch {
      // The toast said so.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 space-y-4 border-t border-gray-100 pt-4">
      {sample.feedback ? (
        <p className="text-sm text-gray-800">{t('samples.yourFeedback', { rating: formatNumber(sample.feedback.rating) })}</p>
      ) : (
        <form
          onSubmit={send}
          className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-end"
          aria-label={t('samples.feedbackHeading')}
        >
          <Field label={t('samples.rating')}>
            <select className="input" value={rating} onChange={(e) => setRating(e.target.value)}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {t('samples.ratingOption', { n: formatNumber(n) })}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('samples.feedbackNote')}>
            <input className="input" value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <button type="submit" className="btn-secondary" disabled={busy}>
            {t('samples.sendFeedback')}
          </button>
        </form>
      )}
      {sample.quoteIds.length > 0 && <p className="text-sm text-gray-700">{t('samples.quoteAsked')}</p>}
      <ul className="flex flex-wrap gap-2">
        {sample.items
          .filter((i) => i.productId)
          .map((item) => (
            <li key={item.productId}>
              <Link
                to={`/quote?productId=${encodeURIComponent(item.productId!)}&sample=${encodeURIComponent(sample._id)}`}
                className="btn-primary py-1.5 text-sm"
              >
                {t('samples.requestQuote', { product: item.productName })}
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}

interface SampleCardProps {
  sample: Sample;
  onChanged: (s: Sample) => void;
  /** Its conversation is open (`?sample=<id>`, the mails' link). */
  opened: boolean;
  onOpen: () => void;
}

/**
 * One request: its status, products, address, courier, tracking link, what the buyer may do next,
 * and 'Messages', which opens its conversation with the company below it.
 */
function SampleCard({ sample, onChanged, opened, onOpen }: SampleCardProps) {
  const [busy, setBusy] = useState(false);
  const arrived = async () => {
    setBusy(true);
    try {
      onChanged((await markSampleDelivered(sample._id, t('samples.markedDelivered'), t('samples.markError'))).sample);
    } catch {
      // The toast said so.
    } finally {
      setBusy(false);
    }
  };
  return (
    <article id={`sample-${sample._id}`} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-gray-900">
            <span>{withLtr(t('samples.requestTitle', { number: LTR_SLOT }), sample.number)}</span>
            <UnreadBadge count={sample.unread} />
          </h3>
          <p className="mt-0.5 text-xs text-gray-600">{t('samples.requestedOn', { date: formatDate(sample.createdAt) ?? '' })}</p>
        </div>
        <SampleStatusBadge status={sample.status} />
      </div>
      <div className="mt-3 space-y-2">
        <SampleItems sample={sample} />
        <p className="text-sm text-gray-700">
          <bdi>{sample.address}</bdi> · <bdi>{sample.buyer.country}</bdi>
        </p>
        <p className="text-sm text-gray-700">
          <SampleShipping sample={sample} />
        </p>
        {sample.declineReason && <p className="text-sm text-red-800">{t('samples.declinedReason', { reason: sample.declineReason })}</p>}
        <SampleTracking sample={sample} />
        {sample.deliveredAt && (
          <p className="text-sm text-gray-700">{t('samples.deliveredOn', { date: formatDate(sample.deliveredAt) ?? '' })}</p>
        )}
      </div>
      {sample.status === 'DISPATCHED' && (
        <button type="button" className="btn-secondary mt-4" onClick={() => void arrived()} disabled={busy}>
          {t('samples.markDelivered')}
        </button>
      )}
      {sample.status === 'DELIVERED' && <Delivered sample={sample} onChanged={onChanged} />}
      {opened ? (
        <div className="mt-6 border-t border-gray-100 pt-2">
          <ConversationPanel kind="sample" id={sample._id} admin={false} heading={t('conversation.heading')} anchorId="messages" />
        </div>
      ) : (
        <button
          type="button"
          className="btn-secondary mt-4 py-1.5 text-sm"
          onClick={onOpen}
          aria-label={t('conversation.openLabel', { name: sample.number })}
        >
          {t('conversation.open')}
        </button>
      )}
    </article>
  );
}

/** /samples (USER): ask for samples, and follow each request to its delivery, feedback and quote (issue 43, item 2). */
export default function SamplesPage() {
  useDocumentTitle(t('samples.title'));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [params, setParams] = useSearchParams();
  const openId = params.get('sample');
  useThreadRead('sample', (id) => setLoad((l) => (l.state === 'ready' ? { ...l, samples: withThreadRead(l.samples, id) } : l)));
  const ready = load.state === 'ready';
  // The mails' link (`?sample=<id>#messages`): to the request's conversation once the list is there.
  useEffect(() => {
    if (ready && openId) document.getElementById('messages')?.scrollIntoView?.({ block: 'start' });
  }, [ready, openId]);
  const open = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('sample', id);
      return next;
    });

  const read = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      const answer = await fetchMySamples();
      setLoad({ state: 'ready', samples: answer.samples, limits: answer.limits });
    } catch {
      setLoad({ state: 'error' });
    }
  }, []);
  useEffect(() => {
    void read();
  }, [read]);

  const replace = (sample: Sample) =>
    setLoad((l) => (l.state === 'ready' ? { ...l, samples: l.samples.map((s) => (s._id === sample._id ? sample : s)) } : l));
  const prepend = (sample: Sample) => setLoad((l) => (l.state === 'ready' ? { ...l, samples: [sample, ...l.samples] } : l));

  const limits = load.state === 'ready' ? load.limits : undefined;
  return (
    <>
      <PageHero eyebrow={t('samples.eyebrow')} title={t('samples.title')}>
        {limits
          ? t('samples.intro', { max: formatNumber(limits.maxProducts), grams: formatNumber(limits.maxGrams) })
          : t('samples.formHeading')}
      </PageHero>
      <div className="mx-auto max-w-5xl space-y-10 px-4 py-10 sm:py-14">
        <p className="text-sm">
          <Link to="/profile" className="font-medium text-brand-800 underline underline-offset-2">
            {t('samples.backToProfile')}
          </Link>
        </p>
        {load.state === 'loading' && <Loading label={t('samples.loading')} />}
        {load.state === 'error' && (
          <LoadFailed message={t('samples.loadError')} retryLabel={t('samples.retry')} onRetry={() => void read()} />
        )}
        {load.state === 'ready' && (
          <>
            <section className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
              <SampleForm limits={load.limits} onAdded={prepend} />
            </section>
            <section aria-labelledby="samples-list-heading">
              <h2 id="samples-list-heading" className="text-lg font-semibold text-brand-900">
                {t('samples.listHeading')}
              </h2>
              {load.samples.length === 0 ? (
                <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-10 text-center">
                  <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-gray-500 shadow-sm">
                    <PackageIcon size={24} />
                  </span>
                  <p className="mt-4 font-medium text-gray-900">{t('samples.none')}</p>
                </div>
              ) : (
                <ul className="mt-4 space-y-4" aria-label={t('samples.listLabel')}>
                  {load.samples.map((s) => (
                    <li key={s._id}>
                      <SampleCard sample={s} onChanged={replace} opened={s._id === openId} onOpen={() => open(s._id)} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </>
  );
}
