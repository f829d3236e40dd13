import { THREAD_LIMITS, THREAD_TEXT, threadEventSchema, type QuoteOffer, type ThreadKind, type ThreadMessage } from '@agro/shared';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { API_BASE_URL } from '@/lib/config';
import { errorMessage } from '@/lib/api';
import { formatDayAndTime, formatNumber } from '@/lib/format';
import { intlLocale, localizeMessage, t } from '@/lib/i18n';
import { API } from '@agro/shared';
import { MessageText } from './message-text';
import { ProposalCard } from './proposal-card';
import { fetchMessages, hideMessage, postMessage, threadEventsPath } from './thread-api';
import { announceThreadRead } from './thread-read';

const PAGE_SIZE = 20;

/** A thread message's English text (THREAD_TEXT) in the page's language. */
function threadText(english: string): string {
  const key = (Object.keys(THREAD_TEXT) as (keyof typeof THREAD_TEXT)[]).find((k) => THREAD_TEXT[k] === english);
  return key ? t(`thread.${key}`) : localizeMessage(english);
}

/** A file's size in the page's language ("2.4 MB", "2,4 Mo"). */
export function fileSizeText(bytes: number): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(bytes, 1) / 1024, 'kilobyte'];
  return new Intl.NumberFormat(intlLocale(), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** The files' problem before sending (count, size), or null. */
export function checkFiles(files: File[]): string | null {
  if (files.length > THREAD_LIMITS.filesMax) return threadText(THREAD_TEXT.tooManyFiles);
  if (files.some((f) => f.size > THREAD_LIMITS.fileMaxBytes)) return threadText(THREAD_TEXT.fileTooLarge);
  return null;
}

const byTime = (a: ThreadMessage, b: ThreadMessage) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);

/** Adds or replaces messages by id, oldest first. */
function merge(held: ThreadMessage[], more: ThreadMessage[]): ThreadMessage[] {
  const byId = new Map(held.map((m) => [m._id, m]));
  for (const m of more) byId.set(m._id, m);
  return [...byId.values()].sort(byTime);
}

/** `m` as seen when `read`, the newest message of its author that became read, is. */
function seenBy(m: ThreadMessage, read: ThreadMessage): ThreadMessage {
  return m.author === read.author && m.readAt === null && read.readAt !== null && byTime(m, read) <= 0 ? { ...m, readAt: read.readAt } : m;
}

interface ConversationPanelProps {
  kind: ThreadKind;
  id: string;
  /** The reader is an administrator (the company's side: may hide messages). */
  admin: boolean;
  heading: string;
  /** The quote's offers and quantity, to show a proposal next to the offer it answers. */
  offers?: QuoteOffer[];
  offeredQty?: number;
  /** A quote's lines by id (issue 45): a proposal that names lines shows their products. */
  lineNames?: Record<string, string>;
  /** Changes to fetch the thread again (e.g. after a request for changes added a message). */
  reloadKey?: number;
  /** The composer's place: false for a thread only read here (e.g. the quote's thread on its order). */
  canWrite?: boolean;
  /** The element id the mails' links point at (`#messages`). */
  anchorId?: string;
  /** After this reader's message was posted (the company's first one stops a lead's reply clock, issue 41). */
  onSent?: () => void;
}

/**
 * A thread between a buyer and the company (issue 40): its messages oldest first ('load earlier'
 * for the older pages), each with its author, time, text (links clickable), attachments and read
 * mark; new messages arrive live (Server-Sent Events); a composer with files.
 */
export function ConversationPanel({
  kind,
  id,
  admin,
  heading,
  offers,
  offeredQty,
  lineNames,
  reloadKey = 0,
  canWrite = true,
  onSent,
  anchorId,
}: ConversationPanelProps) {
  const headingId = useId();
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [oldestPage, setOldestPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [toHide, setToHide] = useState<ThreadMessage | null>(null);
  const [hiding, setHiding] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const mine = admin ? 'COMPANY' : 'BUYER';

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const first = await fetchMessages(kind, id, 1, PAGE_SIZE);
      const last = Math.max(1, Math.ceil(first.total / PAGE_SIZE));
      const newest = last > 1 ? await fetchMessages(kind, id, last, PAGE_SIZE) : first;
      setMessages((held) => merge(held, newest.messages));
      setOldestPage(last);
      setLoadError(null);
      announceThreadRead(kind, id);
    } catch (error) {
      setLoadError(threadText(errorMessage(error, THREAD_TEXT.notFound)));
    } finally {
      setLoading(false);
    }
  }, [kind, id]);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  // Live: the thread's events; EventSource reconnects by itself (with Last-Event-ID, the missed ones come first).
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE_URL}${threadEventsPath(kind, id)}`, { withCredentials: true });
    const onEvent = (e: MessageEvent<string>) => {
      try {
        const parsed = threadEventSchema.safeParse(JSON.parse(e.data));
        if (!parsed.success || parsed.data.threadId !== id) return;
        const item = parsed.data.item;
        if (e.type === 'read') {
          // Read by the other side (or a colleague): that message and every earlier one of its author are seen.
          setMessages((held) => merge(held, [item]).map((m) => seenBy(m, item)));
          return;
        }
        setMessages((held) => merge(held, [item]));
        // The other side's new message is read here, open on screen: reading the thread marks it so (and the header's count follows).
        if (e.type === 'message' && item.author !== mine)
          fetchMessages(kind, id, 1, 1).then(
            () => announceThreadRead(kind, id),
            () => undefined,
          );
      } catch {
        // Not JSON: nothing to show.
      }
    };
    source.addEventListener('message', onEvent);
    source.addEventListener('hidden', onEvent);
    source.addEventListener('read', onEvent);
    return () => source.close();
  }, [kind, id, mine]);

  const loadEarlier = async () => {
    if (oldestPage <= 1) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchMessages(kind, id, oldestPage - 1, PAGE_SIZE);
      setMessages((held) => merge(held, page.messages));
      setOldestPage(oldestPage - 1);
    } catch (error) {
      setLoadError(threadText(errorMessage(error, THREAD_TEXT.notFound)));
    } finally {
      setLoadingEarlier(false);
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const fileProblem = checkFiles(files);
    if (fileProblem) {
      setFormError(fileProblem);
      return;
    }
    if (text.trim() === '' && files.length === 0) {
      setFormError(threadText(THREAD_TEXT.textRequired));
      return;
    }
    if (text.length > THREAD_LIMITS.textMax) {
      setFormError(threadText(THREAD_TEXT.textTooLong));
      return;
    }
    setSending(true);
    setFormError(null);
    if (files.length > 0) setProgress(0);
    try {
      const answer = await postMessage(kind, id, text, files, setProgress);
      setMessages((held) => merge(held, [answer.item]));
      onSent?.();
      setText('');
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      // What was typed and chosen stays, for another try.
      setFormError(t('conversation.notSent', { reason: threadText(errorMessage(error, t('conversation.tryAgain'))) }));
    } finally {
      setSending(false);
      setProgress(null);
    }
  };

  const confirmHide = async () => {
    if (!toHide) return;
    setHiding(true);
    try {
      const answer = await hideMessage(toHide._id);
      setMessages((held) => merge(held, [answer.item]));
      setToHide(null);
    } catch (error) {
      setToHide(null);
      setLoadError(threadText(errorMessage(error, THREAD_TEXT.messageNotFound)));
    } finally {
      setHiding(false);
    }
  };

  const offerOf = (offerId: string) => offers?.find((o) => o._id === offerId);
  const fileProblem = checkFiles(files);

  return (
    <section
      id={anchorId}
      aria-labelledby={headingId}
      className="mt-10 scroll-mt-28 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-bold text-gray-900">
        {heading}
      </h2>
      {loadError && (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {loadError}
        </p>
      )}
      {loading && messages.length === 0 ? (
        <p role="status" className="mt-3 text-sm text-gray-600">
          {t('conversation.loading')}
        </p>
      ) : (
        <>
          {oldestPage > 1 && (
            <button
              type="button"
              className="btn-secondary mt-3 py-1.5 text-sm"
              disabled={loadingEarlier}
              onClick={() => void loadEarlier()}
            >
              {t('conversation.loadEarlier')}
            </button>
          )}
          {messages.length === 0 ? (
            <p className="mt-3 text-sm text-gray-600">{t('conversation.empty')}</p>
          ) : (
            <ol className="mt-4 space-y-3" aria-live="polite" aria-relevant="additions">
              {messages.map((m) => (
                <li
                  key={m._id}
                  className={`rounded-xl border p-3 ${m.author === 'COMPANY' ? 'border-brand-200 bg-brand-50/60' : 'border-gray-200 bg-gray-50'} ${
                    m.author === mine ? 'sm:ms-10' : 'sm:me-10'
                  }`}
                >
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span dir="auto" className="font-semibold text-gray-900">
                      {m.authorName}
                    </span>
                    <span className="text-gray-700">{t(`conversation.author.${m.author}`)}</span>
                    <time dateTime={m.createdAt} className="text-gray-600">
                      {formatDayAndTime(m.createdAt)}
                    </time>
                    {m.author === mine && m.readAt && !m.hidden && (
                      <span className="text-xs font-semibold text-brand-800" title={formatDayAndTime(m.readAt)}>
                        {t('conversation.seen')}
                      </span>
                    )}
                  </p>
                  {m.hidden ? (
                    <p className="mt-1 text-sm italic text-gray-700">{t('conversation.hidden')}</p>
                  ) : (
                    <>
                      {m.text && (
                        <div className="mt-1 text-sm">
                          <MessageText text={m.text} />
                        </div>
                      )}
                      {m.proposal && (
                        <ProposalCard
                          proposal={m.proposal}
                          offer={offerOf(m.proposal.offerId)}
                          offeredQty={offeredQty}
                          lineNames={lineNames}
                        />
                      )}
                      {m.attachments.length > 0 && (
                        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('conversation.attachments')}>
                          {m.attachments.map((a) => (
                            <li key={a._id}>
                              <a
                                href={`${API_BASE_URL}${API.attachment(a._id)}`}
                                download={a.fileName}
                                className="inline-flex items-center gap-1 rounded-lg border border-gray-300 bg-white px-2 py-1 text-sm text-brand-800 underline"
                              >
                                <span dir="auto" className="break-all">
                                  {a.fileName}
                                </span>
                                <span className="text-gray-700 no-underline">({fileSizeText(a.size)})</span>
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                      {admin && (
                        <button
                          type="button"
                          className="mt-2 text-sm font-medium text-red-700 underline underline-offset-2"
                          aria-label={t('conversation.hideLabel', { name: m.authorName, when: formatDayAndTime(m.createdAt) })}
                          onClick={() => setToHide(m)}
                        >
                          {t('conversation.hide')}
                        </button>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {canWrite && (
        <form className="mt-5 border-t border-gray-100 pt-4" noValidate onSubmit={(e) => void send(e)}>
          <label htmlFor={`${headingId}-text`} className="block text-sm font-medium text-gray-800">
            {t('conversation.messageLabel')}
          </label>
          <textarea
            id={`${headingId}-text`}
            className="input mt-1"
            dir="auto"
            rows={3}
            maxLength={THREAD_LIMITS.textMax}
            value={text}
            aria-invalid={formError ? true : undefined}
            aria-describedby={formError ? `${headingId}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <label htmlFor={`${headingId}-files`} className="mt-3 block text-sm font-medium text-gray-800">
            {t('conversation.attach')}
          </label>
          <input
            id={`${headingId}-files`}
            ref={fileInput}
            type="file"
            multiple
            className="mt-1 block w-full text-sm text-gray-800"
            aria-describedby={`${headingId}-files-hint`}
            onChange={(e) => {
              const chosen = Array.from(e.target.files ?? []);
              setFiles(chosen);
              setFormError(checkFiles(chosen));
            }}
          />
          <p id={`${headingId}-files-hint`} className="mt-1 text-xs text-gray-600">
            {t('conversation.attachHint', {
              count: THREAD_LIMITS.filesMax,
              n: formatNumber(THREAD_LIMITS.filesMax),
              size: fileSizeText(THREAD_LIMITS.fileMaxBytes),
            })}
          </p>
          {files.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm text-gray-800">
              {files.map((f) => (
                <li key={`${f.name}-${f.size}-${f.lastModified}`}>
                  <span dir="auto">{f.name}</span> ({fileSizeText(f.size)})
                </li>
              ))}
            </ul>
          )}
          {progress !== null && (
            <div className="mt-3">
              <ProgressBar value={progress} label={t('conversation.uploading')} />
            </div>
          )}
          {formError && (
            <p id={`${headingId}-error`} role="alert" className="mt-2 text-sm text-red-700">
              {formError}
            </p>
          )}
          <button type="submit" className="btn-primary mt-3" disabled={sending || fileProblem !== null}>
            {sending ? t('conversation.sending') : t('conversation.send')}
          </button>
        </form>
      )}
      <ConfirmDialog
        open={toHide !== null}
        message={t('conversation.hideConfirm')}
        confirmLabel={t('conversation.hide')}
        danger
        busy={hiding}
        onConfirm={() => void confirmHide()}
        onCancel={() => setToHide(null)}
      />
    </section>
  );
}
