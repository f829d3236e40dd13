import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatNumber } from '@/lib/format';
import { loadAppTexts, t } from '@/lib/i18n';
import { fetchUnread, THREAD_READ_EVENT } from './thread-api';

/**
 * The header's unread total for a signed-in person (issue 40): its own chunk, loaded only for them
 * (the first page of a visitor does not carry it). Asked again on each navigation and when a thread
 * was read.
 */
export default function HeaderUnread() {
  const location = useLocation();
  const [unread, setUnread] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    loadAppTexts().then(
      () => setReady(true),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    let live = true;
    const ask = () => {
      fetchUnread().then(
        (r) => live && setUnread(r.unread),
        () => undefined,
      );
    };
    ask();
    window.addEventListener(THREAD_READ_EVENT, ask);
    return () => {
      live = false;
      window.removeEventListener(THREAD_READ_EVENT, ask);
    };
  }, [location.pathname, location.search]);

  if (!ready || unread === 0) return null;
  return (
    <Link
      to="/profile"
      className="inline-flex items-center rounded-full bg-brand-800 px-2.5 py-1 text-xs font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      aria-label={t('conversation.unreadTotal', { count: unread, n: formatNumber(unread) })}
    >
      <span aria-hidden="true">{formatNumber(unread)}</span>
    </Link>
  );
}
