import {
  API,
  HANDLING_TEXT,
  QUOTE_DESK_UI,
  canDo,
  formatMoney,
  rejectMessageOrder,
  rejectSchema,
  validate,
  type HandlingInput,
  type QuotationDefaults,
  type QuoteDetail,
  type QuoteHistoryEntry,
  type QuoteOffer,
  type SiteSettings,
} from '@agro/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { useAppDispatch } from '@/store/store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { errorMessage, request } from '@/lib/api';
import { OfferForm, type OfferFormValues } from './offer-form';
import { offerPrefill } from './offer-prefill';
import { OfferSummary } from './offer-summary';
import { Ltr } from '@/components/ui/ltr';
import { formatDayAndTime, formatNumber } from '@/lib/format';
import { ConversationPanel } from '@/components/thread/conversation-panel';
import { HandlingForm } from '@/components/leads/handling-form';
import { ReplyClock } from '@/components/leads/reply-clock';
import { localizeMessage, t } from '@/lib/i18n';
import { quantityText } from './quote-format';
import { fetchQuoteDetail, rejectQuote, sendOffer } from '@/store/quote-slice';
import { saveQuoteHandling } from './quote-handling';
import { StatusBadge } from './status-badge';

const dateTime = formatDayAndTime;

/** 'Seen by the buyer 2 h after sending' (issue 40): minutes under an hour, hours under two days, then days. */
export function seenText(offer: QuoteOffer): string {
  if (!offer.viewedAt) return t('quoteDesk.notSeen');
  const minutes = Math.max(0, Math.round((Date.parse(offer.viewedAt) - Date.parse(offer.createdAt)) / 60_000));
  const say = (count: number) => ({ count, n: formatNumber(count) });
  if (minutes < 60) return t('quoteDesk.seenAfterMinutes', say(minutes));
  if (minutes < 48 * 60) return t('quoteDesk.seenAfterHours', say(Math.round(minutes / 60)));
  return t('quoteDesk.seenAfterDays', say(Math.round(minutes / 1440)));
}

function historyText(entry: QuoteHistoryEntry): string {
  return entry.status === 'QUOTED' ? t('quoteDesk.history.QUOTED', { number: entry.note ?? '' }) : t(`quoteDesk.history.${entry.status}`);
}

interface QuoteDeskPanelProps {
  quoteId: string;
}

/** Below the quote's table on /quote/description: status, offers with history, the offer and reject forms. */
export function QuoteDeskPanel({ quoteId }: QuoteDeskPanelProps) {
  const dispatch = useAppDispatch();
  const [quote, setQuote] = useState<QuoteDetail | null>(null);
  const [defaults, setDefaults] = useState<QuotationDefaults | undefined>(undefined);
  // The quotation defaults of the site settings (an ADMIN's GET has them); without them the form starts as before.
  useEffect(() => {
    request<{ success: boolean; message: string; settings: Partial<SiteSettings> }>('GET', API.settings).then(
      (r) => setDefaults(r.settings.quotationDefaults),
      () => undefined,
    );
  }, []);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [confirmReject, setConfirmReject] = useState(false);
  const headingId = useId();

  const load = useCallback(async () => {
    try {
      setQuote((await dispatch(fetchQuoteDetail(quoteId)).unwrap()).quote);
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error, QUOTE_DESK_UI.errors.fetchQuote));
    }
  }, [dispatch, quoteId]);

  useEffect(() => {
    void load();
  }, [load]);

  const submitOffer = async (values: OfferFormValues): Promise<boolean> => {
    setBusy(true);
    try {
      setQuote((await dispatch(sendOffer({ id: quoteId, offer: values })).unwrap()).quote);
      return true;
    } catch {
      await load();
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** The owner and follow-up day: the quote in the answer is the one shown (its offers and history stay). */
  const saveHandling = async (handling: HandlingInput) => {
    const { item } = await saveQuoteHandling(quoteId, handling);
    setQuote((shown) => (shown ? { ...shown, ...item } : shown));
  };

  const submitReject = async () => {
    setConfirmReject(false);
    setBusy(true);
    try {
      setQuote((await dispatch(rejectQuote({ id: quoteId, reason: reason.trim() })).unwrap()).quote);
      setReason('');
    } catch {
      await load();
    } finally {
      setBusy(false);
    }
  };

  if (loadError) {
    return (
      <p role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        {localizeMessage(loadError)}
      </p>
    );
  }
  if (!quote) {
    return (
      <div role="status" className="mt-8 h-40 animate-pulse rounded-2xl bg-gray-100">
        <span className="sr-only">{t('quoteDesk.loading')}</span>
      </div>
    );
  }

  const quantity = quantityText(quote);
  const unit = quote.offer?.priceBasis ?? quote.productId?.productQuantityType ?? 'NOS';
  const initialValues = offerPrefill(quote, defaults);
  // Issue 45: a quote of several lines is priced line by line.
  const lineItems =
    quote.items.length > 1
      ? quote.items.map((item) => ({
          itemId: item._id,
          productName: item.productId?.productName ?? t('quoteDetails.productGone'),
          unit: item.productId?.productQuantityType ?? 'NOS',
          requiredQty: item.requiredQty,
          packagingType: item.packagingType,
        }))
      : undefined;

  return (
    <section aria-labelledby={headingId} className="mt-10 space-y-8">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-bold text-gray-900">
          {t('quoteDesk.heading')}
        </h2>
        <StatusBadge status={quote.status} />
        <ReplyClock lead={quote} detail />
      </div>

      <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <HandlingForm
          assignee={quote.assignee ?? null}
          followUpOn={quote.followUpOn}
          onSave={saveHandling}
          failure={HANDLING_TEXT.saveFailed}
        />
      </div>

      <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h3 className="text-lg font-semibold text-gray-900">{t('quoteDesk.offers')}</h3>
        {quote.offers.length === 0 ? (
          <p className="mt-2 text-gray-700">{t('quoteDesk.noOffer')}</p>
        ) : (
          <ol className="mt-4 space-y-4">
            {quote.offers.map((offer) => {
              const current = offer._id === quote.offer?._id;
              return (
                <li key={offer._id} className={`rounded-xl border p-4 ${current ? 'border-brand-600 bg-brand-50/40' : 'border-gray-200'}`}>
                  <p className="mb-2 flex flex-wrap items-baseline gap-x-3 text-sm">
                    <span className="font-semibold text-gray-900">
                      <Ltr>{offer.quotationNumber}</Ltr>
                    </span>
                    <span className="text-gray-600">{t('quoteDesk.sent', { when: dateTime(offer.createdAt) })}</span>
                    <span className="font-medium text-gray-900">{formatMoney(offer.totalMinor, offer.currency)}</span>
                    <span className="text-gray-700">{seenText(offer)}</span>
                    {current ? (
                      <span className="font-semibold text-brand-800">{t('quoteDesk.current')}</span>
                    ) : (
                      <span className="text-gray-600">{t('quoteDesk.replaced')}</span>
                    )}
                  </p>
                  <OfferSummary offer={offer} quantity={quantity} items={quote.items} compact />
                </li>
              );
            })}
          </ol>
        )}
      </div>

      <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h3 className="text-lg font-semibold text-gray-900">{t('quoteDesk.historyHeading')}</h3>
        <ol className="mt-3 space-y-2 text-sm">
          {quote.history.map((entry, i) => (
            <li key={`${entry.status}-${entry.at}-${i}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={entry.status} />
              <span className="text-gray-900">{historyText(entry)}</span>
              <span className="text-gray-600">{dateTime(entry.at)}</span>
              {entry.note && entry.status !== 'QUOTED' && (
                <span className="w-full break-words ps-1 text-gray-700">{t('quoteDesk.note', { note: entry.note })}</span>
              )}
            </li>
          ))}
        </ol>
      </div>

      {canDo('offer', quote.status) && (
        <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-gray-900">{quote.offer ? t('quoteDesk.sendNew') : t('quoteDesk.send')}</h3>
          {quote.offer && <p className="mt-1 text-sm text-gray-600">{t('quoteDesk.replaces')}</p>}
          <div className="mt-4">
            <OfferForm initialValues={initialValues} unit={unit} items={lineItems} busy={busy} onSubmit={submitOffer} />
          </div>
        </div>
      )}

      {canDo('reject', quote.status) && (
        <form
          className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const checked = validate(rejectSchema, rejectMessageOrder, { reason });
            setReasonError(checked.ok ? undefined : checked.message);
            if (checked.ok) setConfirmReject(true);
          }}
        >
          <h3 className="text-lg font-semibold text-gray-900">{t('quoteDesk.rejectHeading')}</h3>
          <p className="mt-1 text-sm text-gray-600">{t('quoteDesk.rejectHint')}</p>
          <Field label={t('quoteDesk.reason')} error={reasonError} required className="mt-4">
            <textarea className="input" dir="auto" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <button type="submit" className="btn-danger mt-4" disabled={busy}>
            {t('quoteDesk.rejectSubmit')}
          </button>
        </form>
      )}

      <ConversationPanel
        kind="quote"
        id={quote._id}
        admin
        heading={t('conversation.heading')}
        offers={quote.offers}
        offeredQty={quote.requiredQty}
        lineNames={Object.fromEntries(quote.items.map((item) => [item._id, item.productId?.productName ?? t('quoteCard.noLongerListed')]))}
        anchorId="messages"
        // The company's first message is its first reply: the quote is read again for its clock.
        onSent={quote.firstReplyAt === null ? () => void load() : undefined}
      />

      <ConfirmDialog
        open={confirmReject}
        message={t('quoteDesk.rejectConfirm')}
        confirmLabel={t('quoteDesk.reject')}
        danger
        busy={busy}
        onConfirm={() => void submitReject()}
        onCancel={() => setConfirmReject(false)}
      />
    </section>
  );
}
