import {
  API,
  HANDLING_TEXT,
  INQUIRY_STATUSES,
  LEAD_PAGE_SIZE,
  type HandlingInput,
  type Inquiry,
  type LeadPage,
  type SpamReason,
} from '@agro/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useHeldProducts } from '@/components/products/use-held-products';
import { CsvButton } from '@/components/leads/csv-button';
import { HandlingForm } from '@/components/leads/handling-form';
import { LeadFilterBar } from '@/components/leads/lead-filter-bar';
import { OwnerLine } from '@/components/leads/owner-line';
import { ReplyClock } from '@/components/leads/reply-clock';
import { useLeadFilters } from '@/components/leads/use-lead-filters';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { ConversationPanel } from '@/components/thread/conversation-panel';
import { SortSelect, sortQuery, useListSort } from '@/components/thread/list-sort';
import { UnreadBadge } from '@/components/thread/unread-badge';
import { useThreadRead, withThreadRead } from '@/components/thread/use-thread-read';
import { MessageIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { Ltr } from '@/components/ui/ltr';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime, formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { fetchInquiries, fetchInquiry, releaseInquiry, removeInquiry, saveInquiryHandling, setHandled } from './inquiry-api';

const statusOptions = () =>
  INQUIRY_STATUSES.map((s) => ({ value: s, label: s === 'OPEN' ? t('inquiries.statusOpen') : t('inquiries.statusHandled') }));

const when = formatDateTime;
const quantity = (i: Inquiry) => `${formatNumber(i.estimatedQuantity)} ${i.productQuantityType ?? ''}`.trim();
const SPAM_KEY = { honeypot: 'honeypot', 'too-fast': 'tooFast', links: 'links', pattern: 'pattern' } as const;
const spamReasonText = (reason: SpamReason) => t(`inquiries.spamReason.${SPAM_KEY[reason]}`);

/** /inquiries (ADMIN): the contact inquiries, newest first, to read, mark handled, reopen or delete. */
export default function InquiriesPage() {
  useDocumentTitle(t('inquiries.title'));
  const products = useHeldProducts();
  const filters = useLeadFilters();
  const { query, page } = filters;
  const [inquiries, setInquiries] = useState<Inquiry[]>([]);
  const [facts, setFacts] = useState<LeadPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [open, setOpen] = useState<Inquiry | null>(null);
  const [toDelete, setToDelete] = useState<Inquiry | null>(null);
  const [busy, setBusy] = useState(false);
  const [sort, setSort] = useListSort(true);
  useThreadRead('contact', (id) => setInquiries((list) => withThreadRead(list, id)));
  // A mail's link names the inquiry (`?inquiry=<id>#messages`): it opens with its conversation.
  const [params] = useSearchParams();
  const linked = params.get('inquiry');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await fetchInquiries(`${query ? `${query}&` : ''}${sortQuery(sort)}page=${page}&limit=${LEAD_PAGE_SIZE}`);
      setInquiries(res.inquiries);
      // Asked with page and limit, the answer always has its page facts.
      const { total, limit, pageCount, countries } = res;
      setFacts(
        total === undefined ? null : { total, page, limit: limit ?? LEAD_PAGE_SIZE, pageCount: pageCount ?? 1, countries: countries ?? [] },
      );
    } catch {
      setInquiries([]);
    } finally {
      setLoading(false);
    }
  }, [query, page, sort]);

  useEffect(() => {
    void load();
  }, [load]);

  // Opened by itself, wherever the inbox's filters and pages would list it (or not: handled long ago).
  useEffect(() => {
    if (!linked) return;
    let live = true;
    fetchInquiry(linked).then(
      ({ inquiry }) => live && setOpen(inquiry),
      () => undefined, // The toast said why.
    );
    return () => {
      live = false;
    };
  }, [linked]);

  /** The inquiry as the server answered it, in the list (its list-only counts kept) and the dialog. */
  const shown = (updated: Inquiry) => {
    setInquiries((list) => list.map((i) => (i._id === updated._id ? { ...i, ...updated } : i)));
    setOpen((o) => (o && o._id === updated._id ? updated : o));
  };

  const saveHandling = async (inquiry: Inquiry, handling: HandlingInput) => {
    shown((await saveInquiryHandling(inquiry._id, handling)).item);
  };

  const toggleHandled = async (inquiry: Inquiry) => {
    setBusy(true);
    try {
      shown((await setHandled(inquiry._id, !inquiry.handled)).inquiry);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };

  const notSpam = async (inquiry: Inquiry) => {
    setBusy(true);
    try {
      await releaseInquiry(inquiry._id);
      setOpen(null);
      await load();
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await removeInquiry(toDelete._id);
      setToDelete(null);
      setOpen(null);
      await load();
    } catch {
      // The dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHero eyebrow={t('inquiries.eyebrow')} title={t('inquiries.title')}>
        {t('inquiries.intro')}
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 className="text-2xl font-bold tracking-tight text-gray-900">{t('inquiries.heading')}</h2>
          <p className="text-sm text-gray-600">
            {!loading && facts && (
              <span aria-live="polite">{t('inquiries.count', { count: facts.total, total: formatNumber(facts.total) })} · </span>
            )}
            <Link to="/dashboard" className="font-medium text-brand-800 underline underline-offset-2">
              {t('inquiries.dashboard')}
            </Link>{' '}
            ·{' '}
            <Link to="/profile" className="font-medium text-brand-800 underline underline-offset-2">
              {t('inquiries.allQuotes')}
            </Link>
          </p>
        </div>
        <LeadFilterBar
          label={t('inquiries.filterLabel')}
          values={filters.values}
          onChange={filters.setFilters}
          onClear={filters.clear}
          products={products}
          countries={facts?.countries ?? []}
          statuses={statusOptions()}
          handling
        >
          <CsvButton
            path={`${API.exportInquiries}${query ? `?${query}` : ''}`}
            fallbackName="inquiries.csv"
            label={t('inquiries.exportLabel')}
          />
        </LeadFilterBar>
        <div className="mt-3">
          <SortSelect value={sort} onChange={setSort} due />
        </div>

        {loading ? (
          <div role="status" className="mt-6 space-y-3">
            <span className="sr-only">{t('inquiries.loading')}</span>
            {[0, 1, 2].map((i) => (
              <div key={i} aria-hidden="true" className="h-24 animate-pulse rounded-2xl bg-gray-100" />
            ))}
          </div>
        ) : inquiries.length === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-12 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-gray-500 shadow-sm">
              <MessageIcon size={24} />
            </span>
            <p className="mt-4 font-medium text-gray-900">{filters.active ? t('inquiries.noMatches') : t('inquiries.noInquiries')}</p>
          </div>
        ) : (
          <ul className="mt-6 space-y-3" aria-label={t('inquiries.listLabel')}>
            {inquiries.map((i) => (
              <li key={i._id}>
                <article className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="break-words text-base font-semibold text-gray-900">{i.companyName}</h3>
                      <span
                        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${i.handled ? 'bg-gray-100 text-gray-800 ring-gray-300' : 'bg-amber-100 text-amber-900 ring-amber-300'}`}
                      >
                        {i.handled ? t('inquiries.statusHandled') : t('inquiries.statusOpen')}
                      </span>
                      <UnreadBadge count={i.unread} />
                      <ReplyClock lead={i} />
                      {i.spamReason && (
                        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300">
                          {t('inquiries.heldAsSpam')}
                        </span>
                      )}
                    </div>
                    <p className="mt-1 break-words text-sm text-gray-700">
                      {i.fullName} · {i.country} · {i.productName || t('inquiries.productGone')} · {quantity(i)}
                    </p>
                    <p className="mt-0.5 text-xs text-gray-600">{when(i.createdAt)}</p>
                    <OwnerLine lead={i} className="mt-1" />
                    {i.spamReason && <p className="mt-1 text-sm text-red-900">{spamReasonText(i.spamReason)}</p>}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    {i.spamReason && (
                      <button
                        type="button"
                        className="btn-secondary py-1.5 text-sm"
                        disabled={busy}
                        onClick={() => void notSpam(i)}
                        aria-label={t('inquiries.notSpamLabel', { company: i.companyName })}
                      >
                        {t('inquiries.notSpam')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn-secondary py-1.5 text-sm"
                      onClick={() => setOpen(i)}
                      aria-label={t('inquiries.openLabel', { company: i.companyName })}
                    >
                      {t('inquiries.open')}
                    </button>
                    <button
                      type="button"
                      className="btn-secondary py-1.5 text-sm"
                      disabled={busy}
                      onClick={() => void toggleHandled(i)}
                      aria-label={
                        i.handled
                          ? t('inquiries.reopenLabel', { company: i.companyName })
                          : t('inquiries.markHandledLabel', { company: i.companyName })
                      }
                    >
                      {i.handled ? t('inquiries.reopen') : t('inquiries.markHandled')}
                    </button>
                    <button
                      type="button"
                      className="inline-flex items-center justify-center rounded-lg border border-red-200 px-3 py-1.5 text-sm text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                      onClick={() => setToDelete(i)}
                      aria-label={t('inquiries.deleteLabel', { company: i.companyName })}
                    >
                      {t('inquiries.delete')}
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {facts && <Pagination page={page} pageCount={facts.pageCount} onChange={filters.setPage} label={t('inquiries.pages')} />}
      </div>

      <Dialog
        open={open !== null}
        title={open ? t('inquiries.dialogTitle', { company: open.companyName }) : ''}
        onClose={() => setOpen(null)}
        size="lg"
        actions={
          open && (
            <>
              <button type="button" className="btn-secondary" onClick={() => setOpen(null)}>
                {t('inquiries.close')}
              </button>
              <button type="button" className="btn-primary" disabled={busy} onClick={() => void toggleHandled(open)}>
                {open.handled ? t('inquiries.reopen') : t('inquiries.markHandled')}
              </button>
            </>
          )
        }
      >
        {open && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {(
                [
                  ['name', open.fullName],
                  ['email', open.email],
                  ['company', open.companyName],
                  ['country', open.country],
                  ['product', open.productName || t('inquiries.productGone')],
                  ['quantity', quantity(open)],
                  ['received', when(open.createdAt)],
                  ['reply', <ReplyClock key="reply" lead={open} detail />],
                  [
                    'status',
                    open.handled
                      ? open.handledAt
                        ? t('inquiries.handledAt', { when: when(open.handledAt) })
                        : t('inquiries.statusHandled')
                      : t('inquiries.statusOpen'),
                  ],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-medium text-gray-600">{t(`inquiries.${k}`)}</dt>
                  <dd className="break-words text-gray-900">
                    {k === 'email' ? (
                      <a className="underline" href={`mailto:${v}`}>
                        <Ltr>{v}</Ltr>
                      </a>
                    ) : (
                      v
                    )}
                  </dd>
                </div>
              ))}
            </dl>
            <h3 className="mt-5 text-sm font-semibold text-gray-900">{t('inquiries.message')}</h3>
            <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-3 text-sm text-gray-800">{open.description}</p>
            <div className="mt-5 rounded-xl border border-gray-200 p-4">
              <HandlingForm
                key={open._id}
                assignee={open.assignee ?? null}
                followUpOn={open.followUpOn}
                onSave={(handling) => saveHandling(open, handling)}
                failure={HANDLING_TEXT.saveFailed}
              />
            </div>
            <ConversationPanel
              kind="contact"
              id={open._id}
              admin
              heading={t('conversation.heading')}
              anchorId="messages"
              // The company's first message is its first reply: the inquiry is read again for its clock.
              onSent={
                open.firstReplyAt === null
                  ? () =>
                      void fetchInquiry(open._id).then(
                        ({ inquiry }) => shown(inquiry),
                        () => undefined,
                      )
                  : undefined
              }
            />
          </>
        )}
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        message={t('inquiries.deleteConfirm')}
        confirmLabel={t('inquiries.delete')}
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
