import { createElement, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { THREAD_READ_EVENT } from './thread-read';

interface HeaderUnreadProps {
  /** GET /messages/unread's address. */
  url: string;
  /** Loads the texts the label needs (the private screens'). */
  loadTexts: () => Promise<void>;
  /** The link's name for `count` unread messages, and the count as shown. */
  label: (count: number) => string;
  figure: (count: number) => string;
}

/**
 * The header's unread total for a signed-in person (issue 40): its own chunk, loaded only for them.
 * It imports nothing of the first page's own modules (the header hands it what it needs): a chunk
 * that did would change how the bundler splits the first page, and cost every visitor a request.
 * Asked again on each navigation and when a thread was read; a failure shows nothing.
 */
export default function HeaderUnread({ url, loadTexts, label, figure }: HeaderUnreadProps) {
  const location = useLocation();
  const [unread, setUnread] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    loadTexts().then(
      () => setReady(true),
      () => undefined,
    );
  }, [loadTexts]);

  useEffect(() => {
    let live = true;
    const ask = () => {
      fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<{ unread?: number }>) : { unread: 0 }))
        .then(
          (body) => live && setUnread(body.unread ?? 0),
          () => undefined,
        );
    };
    ask();
    window.addEventListener(THREAD_READ_EVENT, ask);
    return () => {
      live = false;
      window.removeEventListener(THREAD_READ_EVENT, ask);
    };
  }, [url, location.pathname, location.search]);

  if (!ready || unread === 0) return null;
  // createElement, not JSX: the JSX runtime shared with this chunk would be split off the first page's.
  return createElement(
    Link,
    {
      to: '/profile',
      className:
        'inline-flex items-center rounded-full bg-brand-800 px-2.5 py-1 text-xs font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
      'aria-label': label(unread),
    },
    createElement('span', { 'aria-hidden': 'true' }, figure(unread)),
  );
}
