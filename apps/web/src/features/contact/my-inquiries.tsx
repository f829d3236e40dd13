import { API, type InquiriesResponse, type Inquiry } from '@agro/shared';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConversationPanel } from '@/components/thread/conversation-panel';
import { SortSelect, useListSort } from '@/components/thread/list-sort';
import { UnreadBadge } from '@/components/thread/unread-badge';
import { useThreadRead, withThreadRead } from '@/components/thread/use-thread-read';
import { request } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';

/**
 * The buyer's inquiries on their profile (issue 40), each with its conversation: 'Messages' opens
 * it below the list (`/profile?inquiry=<id>#messages`, the mails' link).
 */
export function MyInquiries() {
  const headingId = useId();
  const [inquiries, setInquiries] = useState<Inquiry[] | null>(null);
  const [sort, setSort] = useListSort();
  const [params, setParams] = useSearchParams();
  const openId = params.get('inquiry');
  const opened = openId ? (inquiries?.find((i) => i._id === openId) ?? null) : null;
  useThreadRead('contact', (id) => setInquiries((list) => list && withThreadRead(list, id)));

  useEffect(() => {
    request<InquiriesResponse>('GET', sort === 'activity' ? `${API.myInquiries}?sort=activity` : API.myInquiries).then(
      (r) => setInquiries(r.inquiries),
      () => setInquiries([]),
    );
  }, [sort]);

  useEffect(() => {
    if (opened) document.getElementById('messages')?.scrollIntoView?.({ block: 'start' });
  }, [opened]);

  const open = (inquiry: Inquiry) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('quote');
      next.set('inquiry', inquiry._id);
      return next;
    });

  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-gray-900">
        {t('myInquiries.title')}
      </h2>
      {inquiries === null ? (
        <p role="status" className="mt-4 text-sm text-gray-600">
          {t('myInquiries.loading')}
        </p>
      ) : inquiries.length === 0 ? (
        <p className="mt-4 text-gray-700">{t('myInquiries.empty')}</p>
      ) : (
        <>
          <div className="mt-3">
            <SortSelect value={sort} onChange={setSort} />
          </div>
          <ul className="mt-4 space-y-3">
            {inquiries.map((i) => (
              <li key={i._id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-gray-900">
                    <span className="break-words">{i.productName}</span>
                    <UnreadBadge count={i.unread} />
                  </p>
                  <p className="text-sm text-gray-700">{t('myInquiries.sent', { date: formatDate(i.createdAt) ?? '' })}</p>
                  <p dir="auto" className="mt-1 line-clamp-2 break-words text-sm text-gray-800">
                    {i.description}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-secondary py-1.5 text-sm"
                  onClick={() => open(i)}
                  aria-label={t('conversation.openLabel', { name: i.productName })}
                >
                  {t('conversation.open')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {opened && (
        <ConversationPanel
          key={opened._id}
          kind="contact"
          id={opened._id}
          admin={false}
          heading={t('conversation.openLabel', { name: opened.productName })}
          anchorId="messages"
        />
      )}
    </section>
  );
}
