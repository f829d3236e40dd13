import { TOAST } from '@agro/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/es/integration/react';
import { Toaster } from 'sonner';
import { createRouter } from '@/app/router';
import { persistor, store } from '@/app/store';
import './index.css';

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
    <Toaster
      position={TOAST.position}
      containerAriaLabel={TOAST.regionLabel}
      hotkey={[...TOAST.hotkey]}
      closeButton
      toastOptions={{ closeButtonAriaLabel: TOAST.closeLabel }}
    />
  </StrictMode>,
);
