import { API, SITE, telHref } from '@agro/shared';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector, useSiteSettings } from '@/store/store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { CloseIcon, LogoMark, MailIcon, MenuIcon, PackageIcon, PhoneIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';
import { SocialLinks } from '@/components/ui/social-links';
import { Part, partsTakenOver } from '@/lib/hydrate-in-parts';
import { API_BASE_URL } from '@/lib/config';
import { formatNumber } from '@/lib/format';
import { loadAdminTexts, loadAppTexts, t } from '@/lib/i18n';
import { mergeQuoteLists, setQuoteList, setQuoteListSaver, storedQuoteList, storeQuoteList, useQuoteList } from '@/lib/quote-list';
import { logout } from '@/store/auth-slice';
import { LanguageSwitcher } from './language-switcher';
import { useNavItems, type NavItem } from './nav-items';

const MOBILE_MENU_ID = 'mobile-menu';
// The unread total is for signed-in people only: its code is not on a visitor's first page.
const HeaderUnread = lazy(() => import('@/components/thread/header-unread'));
// The administrators' desk (issue 41): for them only, its code not on anyone else's page either.
const DeskMenu = lazy(() => import('./desk-menu'));

function desktopLinkClass({ isActive }: { isActive: boolean }, padding = 'px-3'): string {
  return `rounded-md ${padding} py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-700 ${
    isActive ? 'bg-brand-50 text-brand-900' : 'text-gray-700 hover:bg-gray-100 hover:text-brand-900'
  }`;
}

// The administrators' bar holds more (their desk besides the links): a little less room around each.
const adminLinkClass = (state: { isActive: boolean }): string => desktopLinkClass(state, 'px-2');

function mobileLinkClass({ isActive }: { isActive: boolean }): string {
  return `block rounded-md px-3 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${
    isActive ? 'bg-brand-50 text-brand-900' : 'text-gray-800 hover:bg-gray-100'
  }`;
}

/** Business phone, email and social links above the main bar. */
function TopBar() {
  const { phone, publicEmail } = useSiteSettings();
  return (
    <div className="h-9 bg-brand-900 text-sm text-brand-50">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4">
        <div className="flex min-w-0 items-center gap-4">
          <a href={telHref(phone)} className="inline-flex items-center gap-1.5 whitespace-nowrap hover:text-accent-400">
            <PhoneIcon size={14} />
            <Ltr>{phone}</Ltr>
          </a>
          <a href={`mailto:${publicEmail}`} className="inline-flex min-w-0 items-center gap-1.5 hover:text-accent-400">
            <MailIcon size={14} className="shrink-0" />
            <span className="hidden truncate sm:inline">
              <Ltr>{publicEmail}</Ltr>
            </span>
            <span className="sr-only sm:hidden">{t('nav.emailTo', { email: publicEmail })}</span>
          </a>
        </div>
        <SocialLinks
          className="hidden sm:flex"
          linkClassName="text-brand-100 hover:text-accent-400 focus-visible:outline-accent-400"
          size={15}
        />
      </div>
    </div>
  );
}

export function Header() {
  const items = useNavItems();
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const isAdmin = useAppSelector((s) => s.auth.isLoggedIn && s.auth.role === 'ADMIN');
  // The administrators' desk menu, in the bar (wide screens) and in the small-screen menu: its own chunk.
  const desk = (variant: 'bar' | 'menu') => (
    <li>
      <Suspense fallback={null}>
        <DeskMenu url={`${API_BASE_URL}${API.dueSoon}`} loadTexts={loadAdminTexts} t={t} figure={formatNumber} variant={variant} />
      </Suspense>
    </li>
  );
  const { publicEmail } = useSiteSettings();
  // Issue 45: the quote list's lines, and for a signed-in buyer the list kept on the server (its own chunk).
  const listCount = useQuoteList().length;
  const isBuyer = useAppSelector((s) => s.auth.isLoggedIn && s.auth.role === 'USER');
  useEffect(() => {
    if (!isBuyer) return;
    let live = true;
    let stop: (() => void) | undefined;
    void import('@/lib/quote-list-sync').then(({ default: start }) => {
      if (!live) return;
      stop = start({
        url: `${API_BASE_URL}${API.quoteList}`,
        storedLines: storedQuoteList,
        keep: storeQuoteList,
        merge: mergeQuoteLists,
        setLines: setQuoteList,
        setSaver: setQuoteListSaver,
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [isBuyer]);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Any other navigation (back button, a link elsewhere on the page) closes the small-screen menu too.
  // Only a change of address: the effect's first run, which a loaded phone can flush after an early
  // tap's toggle (it waits for partsTakenOver, not for this component's effects), closed the menu
  // that tap had just opened (layout.spec's ADMIN menu at 390 px, once in CI).
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) setMenuOpen(false);
    mounted.current = true;
  }, [location.pathname, location.search]);

  // Listening from the moment the menu shows: an effect runs only after the next frame, and an
  // Escape pressed before that (a quick hand, a busy phone) was lost.
  useLayoutEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const askLogout = () => {
    setMenuOpen(false);
    setConfirmLogout(true);
  };

  const doLogout = async () => {
    setLoggingOut(true);
    try {
      await dispatch(logout()).unwrap();
      setConfirmLogout(false);
      void navigate('/');
    } catch {
      // The toast already told the person; keep them where they are.
      setConfirmLogout(false);
    } finally {
      setLoggingOut(false);
    }
  };

  const renderLinks = (className: (s: { isActive: boolean }) => string, list: NavItem[], onFollow?: () => void) =>
    list.map((item) => (
      <li key={item.to}>
        <NavLink to={item.to} end={item.end} className={className} onClick={onFollow}>
          {item.label}
        </NavLink>
      </li>
    ));

  return (
    <header className="sticky -top-9 z-40 bg-white shadow-sm">
      <Part name="header:top-bar">
        <TopBar />
      </Part>
      <div className="border-b border-gray-200">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <Link
            to="/"
            className="flex min-w-0 items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <LogoMark size={36} className="shrink-0" />
            {/* Latin on every page: cut at its own end when the screen is narrow. */}
            <span dir="ltr" className="truncate text-lg font-bold tracking-tight text-brand-900 sm:text-xl">
              {SITE.companyName}
            </span>
          </Link>

          <div className="flex items-center gap-1">
            <nav aria-label={t('nav.main')} className="hidden lg:block">
              <ul className="flex items-center gap-1">
                {renderLinks(isAdmin ? adminLinkClass : desktopLinkClass, items)}
                {isAdmin && desk('bar')}
                {isLoggedIn && (
                  <li>
                    <button type="button" onClick={askLogout} className="btn-secondary ms-2 py-1.5 text-sm">
                      {t('nav.logout')}
                    </button>
                  </li>
                )}
              </ul>
            </nav>
            {isLoggedIn && (
              <Suspense fallback={null}>
                <HeaderUnread
                  url={`${API_BASE_URL}${API.unreadMessages}`}
                  loadTexts={loadAppTexts}
                  label={(count) => t('conversation.unreadTotal', { count, n: formatNumber(count) })}
                  figure={formatNumber}
                />
              </Suspense>
            )}
            {listCount > 0 && (
              <Link
                to="/quote"
                className="inline-flex items-center gap-1 rounded-full bg-brand-800 px-2.5 py-1 text-xs font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                aria-label={t('nav.quoteList', { count: listCount, n: formatNumber(listCount) })}
              >
                <PackageIcon size={14} />
                <span aria-hidden="true">{formatNumber(listCount)}</span>
              </Link>
            )}
            <LanguageSwitcher />

            <button
              ref={menuButton}
              type="button"
              className="inline-flex items-center justify-center rounded-md p-2 text-brand-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-700 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              // A tap before every part of the first page is taken over waits for it (a few tasks): the
              // menu's part, hydrated after a change of state, would keep the server's `hidden`.
              onClick={() => void partsTakenOver().then(() => setMenuOpen((o) => !o))}
            >
              {menuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
            </button>
          </div>
        </div>

        <Part name="header:menu">
          <div
            id={MOBILE_MENU_ID}
            hidden={!menuOpen}
            className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-gray-200 bg-white lg:hidden"
          >
            <nav aria-label={t('nav.mainMenu')} className="mx-auto max-w-7xl px-4 pt-3">
              <ul className="space-y-1">
                {renderLinks(mobileLinkClass, items, () => setMenuOpen(false))}
                {isAdmin && desk('menu')}
                {isLoggedIn && (
                  <li>
                    <button
                      type="button"
                      onClick={askLogout}
                      className="block w-full rounded-md px-3 py-3 text-start text-base font-medium text-gray-800 hover:bg-gray-100"
                    >
                      {t('nav.logout')}
                    </button>
                  </li>
                )}
              </ul>
            </nav>
            <div className="mx-auto mt-3 max-w-7xl border-t border-gray-200 px-4 pb-3 pt-3 text-sm text-gray-700">
              <p className="px-3">
                <Ltr>{publicEmail}</Ltr>
              </p>
              <SocialLinks className="mt-2 px-1" linkClassName="text-brand-800 hover:text-brand-900 focus-visible:outline-brand-700" />
            </div>
          </div>
        </Part>
      </div>

      <ConfirmDialog
        open={confirmLogout}
        message={t('layout.logoutConfirm')}
        confirmLabel={t('nav.logout')}
        cancelLabel={t('nav.cancel')}
        busy={loggingOut}
        onConfirm={() => void doLogout()}
        onCancel={() => setConfirmLogout(false)}
      />
    </header>
  );
}
