import { PERSIST } from '@agro/shared';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
// Vite 8: the es/ build of redux-persist works at run time, the lib/ default import does not.
import { FLUSH, PAUSE, PERSIST as PERSIST_ACTION, PURGE, REGISTER, REHYDRATE } from 'redux-persist/es/constants';
import persistReducer from 'redux-persist/es/persistReducer';
import persistStore from 'redux-persist/es/persistStore';
import storage from 'redux-persist/es/storage';
import { setUnauthorizedHandler } from '@/lib/api';
import { productsPersistLimit } from './persist-limits';
import { authReducer, sessionEnded } from '@/lib/auth/auth-slice';
import { contactReducer } from '@/features/contact/contact-slice';
import { galleryReducer } from '@/features/gallery/gallery-slice';
import { productsReducer } from '@/lib/products/products-slice';
import { quoteReducer } from '@/features/quotes/quote-slice';

const rootReducer = combineReducers({
  products: productsReducer,
  auth: authReducer,
  contact: contactReducer,
  gallery: galleryReducer,
  quote: quoteReducer,
});

const persistedReducer = persistReducer<ReturnType<typeof rootReducer>>(
  { key: PERSIST.key, version: PERSIST.version, timeout: PERSIST.timeout, storage, transforms: [productsPersistLimit] },
  rootReducer,
);

export function makeStore() {
  const store = configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST_ACTION, PURGE, REGISTER] },
      }),
  });
  setUnauthorizedHandler(() => {
    if (store.getState().auth.isLoggedIn) store.dispatch(sessionEnded());
  });
  return store;
}

export const store = makeStore();
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

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
