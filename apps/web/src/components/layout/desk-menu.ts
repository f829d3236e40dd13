import type { MessageKey, Translate } from '@agro/shared';
import { createElement as h, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

interface DeskMenuProps {
  /** GET /dashboard/due-soon's address. */
  url: string;
  /** Loads the texts the desk reads (the administrators'). */
  loadTexts: () => Promise<void>;
  /** The page's `t`, and a number as the page's language writes it. */
  t: Translate;
  figure: (n: number) => string;
  /** `bar`: beside the wide screens' links, the list drops down over the page; `menu`: in the small-screen menu, the list opens in place. */
  variant: 'bar' | 'menu';
}

/** The administrators' screens, in the order of their work. */
const LINKS = [
  ['/dashboard', 'desk.dashboard'],
  ['/profile', 'desk.allQuotes'],
  ['/inquiries', 'desk.inquiries'],
  ['/orders', 'desk.orders'],
  ['/team', 'desk.team'],
  ['/audit', 'desk.audit'],
  ['/settings', 'desk.settings'],
] as const satisfies readonly (readonly [string, MessageKey])[];

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-brand-700';
/** As the header's own links and buttons (components/layout/header.tsx), at each place. */
const STYLE = {
  bar: {
    button: `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100 hover:text-brand-900 ${FOCUS}`,
    list: 'absolute end-0 top-full z-50 mt-2 w-56 space-y-0.5 rounded-xl border border-gray-200 bg-white p-2 shadow-lg',
    link: 'block rounded-md px-3 py-2 text-sm font-medium',
  },
  menu: {
    button: `flex-1 rounded-md px-3 py-3 text-start text-base font-medium text-gray-800 hover:bg-gray-100 ${FOCUS}`,
    list: 'ms-4 mt-1 space-y-1 border-s-2 border-gray-200 ps-2',
    link: 'block rounded-md px-3 py-3 text-base font-medium',
  },
} as const;
const linkState = (isActive: boolean) => (isActive ? 'bg-brand-50 text-brand-900' : 'text-gray-800 hover:bg-gray-100');

/** Where the count of the leads due soon takes an administrator: the unanswered quotes still in time, the earliest due first. */
const DUE_LIST = '/profile?reply=due&sort=due';

/**
 * The count being asked for: both places the desk shows at once (the wide screens' bar, the
 * small-screen menu) share one request; each navigation asks again.
 */
let asking: { key: string; answer: Promise<{ count: number; hours: number }> } | undefined;
function dueSoon(url: string, key: string): Promise<{ count: number; hours: number }> {
  if (asking?.key !== key) {
    const answer = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ dueSoon?: number; withinHours?: number }>) : {}))
      .then((body: { dueSoon?: number; withinHours?: number }) => ({ count: body.dueSoon ?? 0, hours: body.withinHours ?? 0 }));
    const current = { key, answer };
    asking = current;
    const done = () => {
      if (asking === current) asking = undefined;
    };
    answer.then(done, done);
  }
  return asking.answer;
}

/**
 * The administrators' desk in the header (issue 41): one disclosure button gathering their screens
 * (Dashboard, All Quotes, Inquiries, Orders, Team, Audit log, Settings), with the number of leads
 * due within four hours beside it. Its own chunk, loaded for administrators only; like
 * header-unread.ts it imports nothing of the first page's own modules (the header hands it `t`)
 * and is written without JSX: what it needs lives here, not on every visitor's first page.
 * Closes on Escape (focus back on its button), on a click elsewhere and on navigation; the count is
 * asked again on each navigation.
 */
export default function DeskMenu({ url, loadTexts, t, figure, variant }: DeskMenuProps) {
  const location = useLocation();
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [due, setDue] = useState({ count: 0, hours: 0 });
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    loadTexts().then(
      () => setReady(true),
      () => undefined,
    );
  }, [loadTexts]);

  useEffect(() => {
    setOpen(false);
    let live = true;
    dueSoon(url, `${location.pathname}?${location.search}`).then(
      (answer) => live && setDue(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url, location.pathname, location.search]);

  // Listening from the moment the list shows (as the header's menu), before the header's own Escape:
  // in the small-screen menu, Escape closes the desk's list first and leaves the menu open.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!ready) return null;
  const style = STYLE[variant];
  const count =
    due.count > 0
      ? h(
          Link,
          {
            to: DUE_LIST,
            className: `inline-flex shrink-0 items-center rounded-full bg-amber-200 px-2.5 py-1 text-xs font-bold text-amber-950 ring-1 ring-amber-700 focus-visible:outline-offset-2 ${FOCUS}`,
            'aria-label': t('desk.dueSoon', { count: due.count, n: figure(due.count), hours: figure(due.hours) }),
          },
          h('span', { 'aria-hidden': 'true' }, figure(due.count)),
        )
      : null;
  const list = h(
    'ul',
    { id: panelId, hidden: !open, className: style.list },
    LINKS.map(([to, key]) =>
      h(
        'li',
        { key: to },
        h(
          NavLink,
          {
            to,
            end: true,
            className: ({ isActive }: { isActive: boolean }) => `${style.link} ${FOCUS} ${linkState(isActive)}`,
            onClick: () => setOpen(false),
          },
          t(key),
        ),
      ),
    ),
  );
  return h(
    'div',
    { ref: root, className: variant === 'bar' ? 'relative flex items-center gap-1.5' : '' },
    h(
      'div',
      { className: 'flex items-center gap-2' },
      h(
        'button',
        {
          ref: button,
          type: 'button',
          className: style.button,
          'aria-expanded': open,
          'aria-controls': panelId,
          onClick: () => setOpen((o) => !o),
        },
        t('desk.button'),
        h(
          'span',
          { 'aria-hidden': 'true', className: `ms-1.5 inline-block text-xs transition-transform ${open ? 'rotate-180' : ''}` },
          '▾',
        ),
      ),
      count,
    ),
    list,
  );
}
