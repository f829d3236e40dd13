import type { Persistor } from 'redux-persist';
import persistStore from 'redux-persist/es/persistStore';
import createWebStorage from 'redux-persist/es/storage/createWebStorage';
import { makeStore, type AppStore } from './store';

export interface BrowserStore {
  store: AppStore;
  persistor: Persistor;
  /** Resolves once the persisted state has been read back (what <PersistGate> waited for). */
  persistedStateRead: () => Promise<void>;
}

/**
 * The browser's store, persisted in localStorage (SPEC.md section 3: key root, version 1, 5000 ms).
 * Made by main.tsx in a task of its own after the modules have run, not while they run: the first
 * touch of localStorage (redux-persist tries it when its storage is made) is slow in a new browser
 * profile (docs/decisions/016-hydration-in-parts.md).
 */
export function createBrowserStore(): BrowserStore {
  const store = makeStore(createWebStorage('local'));
  const persistor = persistStore(store);

  // redux-persist writes `root` a few timer ticks after a change. A page loaded in that moment
  // (a reload right after logging in) would rehydrate the old auth over the new one and land on
  // /login: so a change of auth is written at once (flush writes local storage synchronously).
  let lastAuth = store.getState().auth;
  store.subscribe(() => {
    const { auth } = store.getState();
    if (auth === lastAuth) return;
    lastAuth = auth;
    void persistor.flush();
  });

  const persistedStateRead = () =>
    new Promise<void>((resolve) => {
      const done = () => persistor.getState().bootstrapped;
      if (done()) return resolve();
      const unsubscribe = persistor.subscribe(() => {
        if (!done()) return;
        unsubscribe();
        resolve();
      });
    });
  return { store, persistor, persistedStateRead };
}
