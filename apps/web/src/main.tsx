import { TOAST } from '@agro/shared';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { persistedStateRead, store } from '@/app/client-store';
import { AppRoutes, preloadRoute } from '@/app/router';
import { SNAPSHOT_ELEMENT_ID, snapshotLoaded, type ServerSnapshot } from '@/app/server-snapshot';
import { loadSonner } from '@/lib/toast';
import './index.css';

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

/**
 * Mounts the toasts in a root of their own (beside the server's HTML rather than inside it) and
 * resolves once they listen. The app starts after that: with the page's HTML already there, its
 * first calls go out at once, and each "loading" toast must be on screen before its answer
 * replaces it (SPEC.md section 7).
 */
function mountToaster(): Promise<void> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(
      <Suspense fallback={null}>
        <Toaster
          position={TOAST.position}
          containerAriaLabel={TOAST.regionLabel}
          hotkey={[...TOAST.hotkey]}
          closeButton
          toastOptions={{ closeButtonAriaLabel: TOAST.closeLabel }}
        />
        <Mounted onMount={resolve} />
      </Suspense>,
    );
  });
}

async function start(): Promise<void> {
  const toaster = mountToaster();
  const snapshot = readSnapshot();
  if (snapshot) store.dispatch(snapshotLoaded(snapshot));
  // What <PersistGate> did: the app renders with the persisted state already read back.
  await Promise.all([persistedStateRead(), toaster]);

  const app = (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (snapshot && container.firstElementChild) {
    // The server's HTML is taken over as it is: the page's code is loaded first, so nothing suspends.
    await preloadRoute(window.location.pathname);
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void start();
