import { API, threadPagePath, type ApiResult, type HeldReply, type HeldReplyListResponse, type HeldReplyPostResponse } from '@agro/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/dialog';
import { PageHero } from '@/components/ui/page-hero';
import { errorMessage, request, withToast } from '@/lib/api';
import { API_BASE_URL } from '@/lib/config';
import { formatDateTime } from '@/lib/format';
import { localizeMessage, t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

const THREAD_TEXT = {
  quote: 'heldRepliesPage.threadQuote',
  contact: 'heldRepliesPage.threadContact',
  order: 'heldRepliesPage.threadOrder',
  sample: 'heldRepliesPage.threadSample',
} as const;

/** Who a held reply was meant for: the buyer's address, or the company. */
const meantFor = (h: HeldReply): string => (h.intendedFor === 'COMPANY' ? t('heldRepliesPage.theCompany') : (h.intendedAddress ?? '?'));
const sender = (h: HeldReply): string => (h.fromName ? `${h.fromName} <${h.fromAddress}>` : h.fromAddress);

/** /held-replies (ADMIN): replies by e-mail that were not posted; post one as the person it was meant for, or drop it. */
export default function HeldRepliesPage() {
  useDocumentTitle(t('heldRepliesPage.title'));
  const [list, setList] = useState<HeldReply[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ action: 'post' | 'drop'; reply: HeldReply } | null>(null);

  const load = useCallback(() => {
    request<HeldReplyListResponse>('GET', API.heldReplies).then(
      (r) => {
        setList(r.heldReplies);
        setProblem(null);
      },
      (e: unknown) => setProblem(errorMessage(e, t('heldRepliesPage.loadError'))),
    );
  }, []);
  useEffect(load, [load]);

  const decide = async () => {
    if (!asking) return;
    const { action, reply } = asking;
    setBusy(true);
    try {
      if (action === 'post') {
        await withToast(() => request<HeldReplyPostResponse>('POST', API.postHeldReply(reply._id), {}), {
          loading: t('heldRepliesPage.posting'),
          success: (r) => r.message,
          error: t('heldRepliesPage.postError'),
        });
      } else {
        await withToast(() => request<ApiResult>('POST', API.dropHeldReply(reply._id), {}), {
          loading: t('heldRepliesPage.dropping'),
          success: (r) => r.message,
          error: t('heldRepliesPage.dropError'),
        });
      }
      load();
    } catch {
      // The toast said why; the reply stays in the list.
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  return (
    <>
      <PageHero eyebrow={t('heldRepliesPage.eyebrow')} title={t('heldRepliesPage.title')}>
        {t('heldRepliesPage.intro')}
      </PageHero>
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
        {problem && <p role="alert">{localizeMessage(problem)}</p>}
        {!list && !problem && <p role="status">{t('heldRepliesPage.loading')}</p>}
        {list && list.length === 0 && (
          <p className="rounded-2xl border border-gray-200 bg-white p-5 text-gray-700">{t('heldRepliesPage.empty')}</p>
        )}
        {list && list.length > 0 && (
          <ul className="space-y-4">
            {list.map((h) => (
              <li key={h._id} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
                <article aria-labelledby={`held-${h._id}`}>
                  <h2 id={`held-${h._id}`} className="break-words text-lg font-semibold text-gray-900">
                    {t('heldRepliesPage.from', { from: sender(h) })}
                  </h2>
                  <p className="mt-1 text-sm font-medium text-amber-800">{t(`heldRepliesPage.reason${h.reason}`)}</p>
                  <p className="mt-1 text-sm text-gray-700">
                    {h.thread ? (
                      <Link
                        to={threadPagePath(h.thread.kind, h.thread.id, 'COMPANY')}
                        className="font-medium text-brand-800 underline underline-offset-2"
                      >
                        {t(THREAD_TEXT[h.thread.kind], { ref: h.thread.id.slice(-6).toUpperCase() })}
                      </Link>
                    ) : (
                      t('heldRepliesPage.noThread')
                    )}
                    {' · '}
                    {t('heldRepliesPage.meantFor', { who: meantFor(h) })}
                    {' · '}
                    {t('heldRepliesPage.received', { day: formatDateTime(h.receivedAt) })}
                  </p>
                  {h.subject && (
                    <p className="mt-3 break-words font-medium text-gray-900" dir="auto">
                      {h.subject}
                    </p>
                  )}
                  <p className="mt-2 whitespace-pre-wrap break-words text-gray-800" dir="auto">
                    {h.text}
                  </p>
                  {h.attachments.length > 0 && (
                    <div className="mt-3 text-sm text-gray-700">
                      <h3 className="font-medium">{t('heldRepliesPage.attachments')}</h3>
                      <ul className="mt-1 list-inside list-disc">
                        {h.attachments.map((a) => (
                          <li key={a._id} dir="auto" className="break-all">
                            <a
                              href={`${API_BASE_URL}${API.heldReplyAttachment(h._id, a._id)}`}
                              download
                              className="font-medium text-brand-800 underline underline-offset-2"
                            >
                              {a.fileName}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                  <div className="mt-4 flex flex-wrap gap-3">
                    {h.thread && (
                      <button
                        type="button"
                        className="btn-primary px-4 py-2 text-sm"
                        disabled={busy}
                        aria-label={t('heldRepliesPage.postLabel', { from: h.fromAddress })}
                        onClick={() => setAsking({ action: 'post', reply: h })}
                      >
                        {t('heldRepliesPage.post')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn-secondary px-4 py-2 text-sm text-red-700"
                      disabled={busy}
                      aria-label={t('heldRepliesPage.dropLabel', { from: h.fromAddress })}
                      onClick={() => setAsking({ action: 'drop', reply: h })}
                    >
                      {t('heldRepliesPage.drop')}
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        message={
          asking?.action === 'post'
            ? t('heldRepliesPage.postConfirm', { who: asking ? meantFor(asking.reply) : '' })
            : t('heldRepliesPage.dropConfirm', { from: asking?.reply.fromAddress ?? '' })
        }
        confirmLabel={asking?.action === 'post' ? t('heldRepliesPage.post') : t('heldRepliesPage.drop')}
        danger={asking?.action === 'drop'}
        busy={busy}
        onConfirm={() => void decide()}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
