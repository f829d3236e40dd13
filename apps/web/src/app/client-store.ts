import persistStore from 'redux-persist/es/persistStore';
import storage from 'redux-persist/es/storage';
import { makeStore } from './store';

/** The browser's store, persisted in localStorage (SPEC.md section 3: key root, version 1, 5000 ms). */
export const store = makeStore(storage);
export const persistor = persistStore(store);

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

/** Resolves once the persisted state has been read back (what <PersistGate> waited for). */
export function persistedStateRead(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => persistor.getState().bootstrapped;
    if (done()) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (!done()) return;
      unsubscribe();
      resolve();
    });
  });
}
