import { LANGUAGE_INFO, TOAST, type Language } from '@agro/shared';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { hydrate, render as renderOver, type ComponentChild } from 'preact';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { createBrowserStore } from '@/store/client-store';
import { AppRoutes, preloadRoute } from '@/app/router';
import { rendersAsTheServerDid } from '@/store/store';
import { SNAPSHOT_ELEMENT_ID, snapshotLoaded, type ServerSnapshot } from '@/store/server-snapshot';
import { markHandledEvents, replayEarlyTap } from '@/lib/early-taps';
import { holdParts, nextTask, releaseParts } from '@/lib/hydrate-in-parts';
import { languageOfPath, loadLanguage, routerBase, t } from '@/lib/i18n';
import { rememberSwitchFrom } from '@/components/layout/language-switcher';
import { loadSonner } from '@/lib/toast';
// Sonner's rules with the site's, before the first paint (vite.config.ts, sonnerStylesheetInBundle).
import 'sonner/dist/styles.css';
import './index.css';

/** The performance mark made once the app has taken the page over (the server's, or its own shell). */
const TAKEN_OVER_MARK = 'app:taken-over';

// Not in the first page's bundle: fetched right after the first render (see lib/toast.ts).
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** The data the server rendered this page with, when it did (public pages). */
function readSnapshot(): ServerSnapshot | undefined {
  const element = document.getElementById(SNAPSHOT_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as ServerSnapshot;
  } catch {
    return undefined;
  }
}

function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/** The toasts' accessible names: SPEC.md's English ones until the page's catalogue is in. */
interface ToastLabels {
  region: string;
  close: string;
}

/**
 * Mounts the toasts in a root of their own (beside the server's HTML rather than inside it) and
 * resolves once they listen. The app starts after that: with the page's HTML already there, its
 * first calls go out at once, and each "loading" toast must be on screen before its answer
 * replaces it (SPEC.md section 7). `relabel` gives them the page language's names.
 */
function mountToaster(language: Language): { listening: Promise<void>; relabel: (labels: ToastLabels) => void } {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  let onMount = () => {};
  const listening = new Promise<void>((resolve) => (onMount = resolve));
  const show = (labels: ToastLabels) =>
    root.render(
      <Suspense fallback={null}>
        <Toaster
          position={TOAST.position}
          // The page's direction, said outright: 'auto' reads the page's computed style, a forced style
          // recalculation on every render.
          dir={LANGUAGE_INFO[language].dir}
          containerAriaLabel={labels.region}
          hotkey={[...TOAST.hotkey]}
          closeButton
          toastOptions={{ closeButtonAriaLabel: labels.close }}
        />
        <Mounted onMount={onMount} />
      </Suspense>,
    );
  show({ region: TOAST.regionLabel, close: TOAST.closeLabel });
  return { listening, relabel: show };
}

async function start(): Promise<void> {
  // The page's language (its address says it): its catalogue is fetched at once, beside the steps below.
  const language = languageOfPath(window.location.pathname);
  const catalogue = loadLanguage(language);
  rememberSwitchFrom(document.referrer, language);
  // Each step below in a task of its own, short enough not to hold up a tap (docs/decisions/016-hydration-in-parts.md).
  await nextTask();
  const toaster = mountToaster(language);
  await nextTask();
  const { store, persistedStateRead } = createBrowserStore();
  const snapshot = readSnapshot();
  if (snapshot) store.dispatch(snapshotLoaded(snapshot));
  // What <PersistGate> did: the app renders with the persisted state already read back.
  await Promise.all([persistedStateRead(), toaster.listening, catalogue]);
  if (language !== 'en') toaster.relabel({ region: t('language.toastRegion'), close: t('language.toastClose') });

  const app = (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter basename={routerBase()}>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
  // The page's code first: a page rendered by the server must not suspend (and blank) on its way in.
  if (snapshot) await preloadRoute(window.location.pathname);
  await nextTask();
  markHandledEvents();
  const root = document.getElementById('root')!;
  if (snapshot && rendersAsTheServerDid(store.getState())) {
    // A first visit renders what the server did: hydrate it, one part per task
    // (lib/hydrate-in-parts.tsx, docs/decisions/016-hydration-in-parts.md).
    holdParts();
    performance.mark('hydrate:shell');
    try {
      hydrate(app as unknown as ComponentChild, root);
      performance.measure('hydrate:shell', 'hydrate:shell');
    } finally {
      // Whatever happened, the parts are let go and the API's answers with them; a button tapped
      // before works once every part is the app's.
      void releaseParts().then(takenOver);
    }
    return;
  }
  // Anything else (someone logged in, a list held from an earlier visit) renders over the server's
  // HTML: Preact's own render() reuses every matching element and corrects its attributes
  // (docs/decisions/011-server-rendering.md), which hydration would keep as the server's anonymous
  // render had them. (The compat layer's createRoot().render() empties the element first, as React does.)
  renderOver(app as unknown as ComponentChild, root);
  takenOver();
}

/** The page is the app's: a tap made before works now; a trace (and the browser suite) sees the moment. */
function takenOver(): void {
  replayEarlyTap();
  performance.mark(TAKEN_OVER_MARK);
}

void start();
