import { TOAST } from '@agro/shared';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { PersistGate } from 'redux-persist/es/integration/react';
import { AppRoutes } from '@/app/router';
import { persistor, store } from '@/app/store';
import { loadSonner } from '@/lib/toast';
import './index.css';

// Not in the first page's bundle: fetched right after the first render (see lib/toast.ts).
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </PersistGate>
    </Provider>
    <Suspense fallback={null}>
      <Toaster
        position={TOAST.position}
        containerAriaLabel={TOAST.regionLabel}
        hotkey={[...TOAST.hotkey]}
        closeButton
        toastOptions={{ closeButtonAriaLabel: TOAST.closeLabel }}
      />
    </Suspense>
  </StrictMode>,
);
