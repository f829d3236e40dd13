import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/store/store';
import { fetchSiteSettings } from '@/store/settings-slice';
import { Part } from '@/lib/hydrate-in-parts';
import { t } from '@/lib/i18n';
import { useScrollReveal } from '@/lib/reveal';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageSuggestion } from './language-suggestion';
import { ScrollToTop } from './scroll-to-top';

export function Layout() {
  useScrollReveal();
  // A page the server did not render has no settings yet: ask once (store/settings-slice.ts).
  const dispatch = useAppDispatch();
  const settingsKnown = useAppSelector((s) => s.siteSettings.value !== null || s.serverSnapshot.settings !== null);
  useEffect(() => {
    if (!settingsKnown) void dispatch(fetchSiteSettings());
    // Once per visit: a server-rendered page brought them, a saved change is put in the store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // One boundary per page: leaving a page whose code is still loading (About, then Home at once)
  // must show the new page, not wait on the old one's chunk (Preact keeps a suspended boundary).
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip bg-white text-gray-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <Part name="header">
        <Header />
      </Part>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Part name="footer">
        <Footer />
      </Part>
      <ScrollToTop />
      <LanguageSuggestion />
    </div>
  );
}

/** As tall as the screen, so the footer stays below the fold until the page arrives (no layout shift). */
function PageLoading() {
  return (
    <div className="flex min-h-screen justify-center p-16" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-800" aria-hidden="true" />
      <span className="sr-only">{t('nav.loading')}</span>
    </div>
  );
}
