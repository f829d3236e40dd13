import { API, LEAD_PAGE_SIZE, QUOTE_STATUSES, UI_TEXT, type LeadPage, type Quote, type Role } from '@agro/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/store/store';
import { useHeldProducts } from '@/components/products/use-held-products';
import { CsvButton } from '@/components/leads/csv-button';
import { LeadFilterBar } from '@/components/leads/lead-filter-bar';
import { useLeadFilters } from '@/components/leads/use-lead-filters';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FileTextIcon } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/pagination';
import { byActivity, SortSelect, sortQuery, useListSort } from '@/components/thread/list-sort';
import { BuyerQuoteThread } from './buyer-quote-thread';
import { DecisionDialog } from './decision-dialog';
import { QuoteCard } from './quote-card';
import { formatDate, formatNumber } from '@/lib/format';
import { quantityText } from './quote-format';
import { decideOnQuote, deleteQuote, fetchAllQuotes, fetchUserQuotes, quoteThreadRead, releaseQuote } from '@/store/quote-slice';
import { useThreadRead } from '@/components/thread/use-thread-read';
import { localizeMessage, t } from '@/lib/i18n';
import { moneyText } from '@/lib/money';
import { isolated } from '@/lib/isolate';
import { useAdminTexts } from '@/lib/use-admin-texts';

/** What the buyer is deciding on, in one sentence. */
function decisionSummary(quote: Quote): string {
  const offer = quote.offer;
  if (!offer) return '';
  return t('decision.summary', {
    number: isolated(offer.quotationNumber),
    total: moneyText(offer.totalMinor, offer.currency),
    quantity: quantityText(quote),
    product: quote.productId?.productName ?? t('decision.theProduct'),
    incoterm: offer.incoterm,
    destination: offer.destination,
    validUntil: formatDate(`${offer.validUntil}T12:00:00Z`) ?? offer.validUntil,
  });
}

/** The status filter's choices: the status sent as it is, its name in the page's language. */
const statusOptions = () => QUOTE_STATUSES.map((s) => ({ value: s, label: t(`allQuotes.statuses.${s}`) }));

/** Navigation state of /quote/description: the quote, and the list's filters to go back to ('?reply=overdue&sort=due'). */
export interface QuoteDescriptionState {
  quote: Quote;
  back?: string;
}

/**
 * The profile's quotes: 'Your Quotes' for a USER, 'All Quotes' for an ADMIN (who can open
 * and delete them, and find them by filters kept in the URL, a page at a time, and export them).
 */
export function QuoteList({ role }: { role: Role }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const held = useAppSelector((s) => s.quote.quotes);
  const [sort, setSort] = useListSort(role === 'ADMIN');
  const [params] = useSearchParams();
  // The buyer's list is whole: ordered here; an administrator's page comes ordered from the server.
  const quotes = role !== 'ADMIN' && sort === 'activity' ? byActivity(held) : held;
  const openId = role === 'ADMIN' ? null : params.get('quote');
  const opened = openId ? (held.find((q) => q._id === openId) ?? null) : null;
  const products = useHeldProducts(role === 'ADMIN');
  const [loading, setLoading] = useState(true);
  const [toDelete, setToDelete] = useState<Quote | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [pageFacts, setPageFacts] = useState<LeadPage | null>(null);
  const [deciding, setDeciding] = useState<{ quote: Quote; decision: 'accept' | 'decline' } | null>(null);
  const [decisionBusy, setDecisionBusy] = useState(false);
  const headingId = useId();
  const admin = role === 'ADMIN';
  const filters = useLeadFilters();
  const { query, page } = filters;
  // An administrator's filters, counts, links and cards speak from the administrators' texts: loaded for them only.
  const adminTexts = useAdminTexts(admin);
  useThreadRead('quote', (id) => dispatch(quoteThreadRead(id)));

  const load = useCallback(async () => {
    setLoading(true);
    if (admin) {
      const paged = `${query ? `${query}&` : ''}${sortQuery(sort)}page=${page}&limit=${LEAD_PAGE_SIZE}`;
      const result = await dispatch(fetchAllQuotes(paged));
      if (fetchAllQuotes.fulfilled.match(result)) {
        const { total, limit, pageCount, countries } = result.payload;
        setPageFacts(
          total === undefined
            ? null
            : { total, page, limit: limit ?? LEAD_PAGE_SIZE, pageCount: pageCount ?? 1, countries: countries ?? [] },
        );
      }
    } else {
      await dispatch(fetchUserQuotes());
    }
    setLoading(false);
  }, [dispatch, admin, query, page, sort]);

  /** The address of a quote's conversation on this page: the list's own parameters kept. */
  const messagesHref = (quote: Quote) => {
    const next = new URLSearchParams(params);
    next.delete('inquiry');
    next.set('quote', quote._id);
    return `?${next.toString()}#messages`;
  };

  // The conversation asked for (a mail's link, or 'Messages' on a card) comes into view once the list is there.
  useEffect(() => {
    if (opened) document.getElementById('messages')?.scrollIntoView?.({ block: 'start' });
  }, [opened]);

  useEffect(() => {
    void load();
  }, [load]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await dispatch(deleteQuote(toDelete._id)).unwrap();
      setToDelete(null);
      await load();
    } catch {
      // The toast shows the server's message; the dialog stays for another try or Cancel.
    } finally {
      setDeleting(false);
    }
  };

  const [releasing, setReleasing] = useState(false);
  const notSpam = async (quote: Quote) => {
    setReleasing(true);
    try {
      await dispatch(releaseQuote(quote._id)).unwrap();
      await load();
    } catch {
      // The toast shows the server's message.
    } finally {
      setReleasing(false);
    }
  };

  const confirmDecision = async (note: string) => {
    if (!deciding?.quote.offer) return;
    setDecisionBusy(true);
    try {
      await dispatch(
        decideOnQuote({ id: deciding.quote._id, decision: deciding.decision, note, offerId: deciding.quote.offer._id }),
      ).unwrap();
      setDeciding(null);
    } catch {
      // The toast shows the server's message (e.g. the offer expired); the list shows it as it now is.
      setDeciding(null);
      await load();
    } finally {
      setDecisionBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-12">
      <div className="flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-gray-900">
          {localizeMessage(admin ? UI_TEXT.allQuotes : UI_TEXT.yourQuotes)}
        </h2>
        {!loading && quotes.length > 0 && (!admin || adminTexts) && (
          <p className="text-sm text-gray-600" aria-live="polite">
            {admin
              ? t('allQuotes.count', { count: pageFacts?.total ?? quotes.length, n: formatNumber(pageFacts?.total ?? quotes.length) })
              : t('quoteList.count', { count: quotes.length, n: formatNumber(quotes.length) })}
          </p>
        )}
      </div>
      {(!admin || adminTexts) && (
        <div className="mt-3">
          <SortSelect value={sort} onChange={setSort} due={admin} />
        </div>
      )}
      {admin && adminTexts && (
        <>
          <p className="mt-2 text-sm text-gray-600">
            <Link to="/inquiries" className="font-medium text-brand-800 underline underline-offset-2">
              {t('allQuotes.inbox')}
            </Link>{' '}
            ·{' '}
            <Link to="/dashboard" className="font-medium text-brand-800 underline underline-offset-2">
              {t('allQuotes.dashboard')}
            </Link>{' '}
            ·{' '}
            <Link to="/orders" className="font-medium text-brand-800 underline underline-offset-2">
              {t('allQuotes.orders')}
            </Link>
          </p>
          <LeadFilterBar
            label={t('allQuotes.filterLabel')}
            searchHint={t('leadFilters.searchProducts')}
            values={filters.values}
            onChange={filters.setFilters}
            onClear={filters.clear}
            products={products}
            countries={pageFacts?.countries ?? []}
            statuses={statusOptions()}
            handling
          >
            <CsvButton
              path={`${API.exportQuotes}${query ? `?${query}` : ''}`}
              fallbackName="quotes.csv"
              label={t('allQuotes.exportLabel')}
            />
          </LeadFilterBar>
        </>
      )}
      {loading || (admin && !adminTexts) ? (
        <div role="status" className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{t('quoteList.loading')}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="h-52 animate-pulse rounded-2xl bg-gray-100" />
          ))}
        </div>
      ) : quotes.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-12 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-gray-500 shadow-sm">
            <FileTextIcon size={24} />
          </span>
          <p className="mt-4 font-medium text-gray-900">
            {admin && filters.active && adminTexts ? t('allQuotes.noMatches') : localizeMessage(UI_TEXT.noQuotes)}
          </p>
          {!admin && <p className="mt-1 text-sm text-gray-600">{t('quoteList.empty')}</p>}
        </div>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {quotes.map((q) => (
            <li key={q._id}>
              <QuoteCard
                quote={q}
                admin={admin}
                onView={(quote) =>
                  navigate('/quote/description', { state: { quote, back: location.search } satisfies QuoteDescriptionState })
                }
                onDelete={setToDelete}
                onAccept={(quote) => setDeciding({ quote, decision: 'accept' })}
                onDecline={(quote) => setDeciding({ quote, decision: 'decline' })}
                onNotSpam={(quote) => void notSpam(quote)}
                messagesHref={admin ? undefined : messagesHref(q)}
                busy={releasing}
              />
            </li>
          ))}
        </ul>
      )}
      {opened && <BuyerQuoteThread key={opened._id} quote={opened} onChanged={() => void load()} />}
      {admin && adminTexts && pageFacts && (
        <Pagination page={page} pageCount={pageFacts.pageCount} onChange={filters.setPage} label={t('allQuotes.pages')} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        message={UI_TEXT.deleteQuoteConfirm}
        confirmLabel={adminTexts ? t('inquiries.delete') : 'Delete'}
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
      <DecisionDialog
        open={deciding !== null}
        title={deciding?.decision === 'decline' ? t('decision.declineTitle') : t('decision.acceptTitle')}
        summary={deciding ? decisionSummary(deciding.quote) : ''}
        confirmLabel={deciding?.decision === 'decline' ? t('quoteList.declineOffer') : t('quoteList.acceptOffer')}
        danger={deciding?.decision === 'decline'}
        busy={decisionBusy}
        onConfirm={(note) => void confirmDecision(note)}
        onCancel={() => setDeciding(null)}
      />
    </section>
  );
}
