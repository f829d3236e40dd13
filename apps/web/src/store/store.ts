import { PERSIST, productPath, type GalleryImage, type Product, type PublicSettings } from '@agro/shared';
import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
// Vite 8: the es/ build of redux-persist works at run time, the lib/ default import does not.
import { FLUSH, PAUSE, PERSIST as PERSIST_ACTION, PURGE, REGISTER, REHYDRATE } from 'redux-persist/es/constants';
import persistReducer from 'redux-persist/es/persistReducer';
import type { WebStorage } from 'redux-persist';
import { productDetailPath } from '@/lib/product-links';
import { setUnauthorizedHandler } from '@/lib/api';
import { keepEqual } from '@/lib/keep-equal';
import { productsPersistLimit } from './persist-limits';
import { serverSnapshotReducer } from './server-snapshot';
import { authReducer, sessionEnded } from './auth-slice';
import { contactReducer } from './contact-slice';
import { fetchGallery, galleryReducer } from './gallery-slice';
import { fetchProduct, fetchProducts, productsReducer } from './products-slice';
import { quoteReducer } from './quote-slice';
import { DEFAULT_PUBLIC_SETTINGS, siteSettingsReducer } from './settings-slice';

const sliceReducer = combineReducers({
  products: productsReducer,
  auth: authReducer,
  contact: contactReducer,
  gallery: galleryReducer,
  quote: quoteReducer,
  serverSnapshot: serverSnapshotReducer,
  siteSettings: siteSettingsReducer,
});
type SlicesState = ReturnType<typeof sliceReducer>;

const NO_PRODUCTS: Product[] = [];
const NO_IMAGES: GalleryImage[] = [];

/** The product list to show: the loaded one, else (until the page's call answers) the server's. */
function shownProducts(s: SlicesState): Product[] {
  return s.products.products.length > 0 ? s.products.products : (s.serverSnapshot.products ?? NO_PRODUCTS);
}

/** The gallery to show: the loaded one, else (until the page's call answers) the server's. */
function shownGallery(s: SlicesState): GalleryImage[] {
  return s.gallery.galleryImages.length > 0 ? s.gallery.galleryImages : (s.serverSnapshot.gallery ?? NO_IMAGES);
}

/**
 * A page's call that answers what is already shown (the server's render, or an earlier answer)
 * keeps the objects shown: the selectors return the very same references, so nothing renders
 * again. What changed gets new objects as before (structural sharing: lib/keep-equal.ts).
 */
function rootReducer(state: SlicesState | undefined, action: UnknownAction): SlicesState {
  const next = sliceReducer(state, action);
  if (!state) return next;
  if (fetchProducts.fulfilled.match(action)) {
    const products = keepEqual(shownProducts(state), next.products.products);
    return products === next.products.products ? next : { ...next, products: { ...next.products, products } };
  }
  if (fetchProduct.fulfilled.match(action)) {
    const shown = state.products.productDetails ?? state.serverSnapshot.product;
    const productDetails = keepEqual(shown, next.products.productDetails);
    return productDetails === next.products.productDetails ? next : { ...next, products: { ...next.products, productDetails } };
  }
  if (fetchGallery.fulfilled.match(action)) {
    const galleryImages = keepEqual(shownGallery(state), next.gallery.galleryImages);
    return galleryImages === next.gallery.galleryImages ? next : { ...next, gallery: { ...next.gallery, galleryImages } };
  }
  return next;
}

/** Nothing is stored: the server's render, and tests that do not need persistence. */
const noStorage: WebStorage = {
  getItem: () => Promise.resolve(null),
  setItem: () => Promise.resolve(),
  removeItem: () => Promise.resolve(),
};

/**
 * A store; the browser's (client-store.ts) persists into localStorage, the server's render uses
 * one per request without storage.
 */
export function makeStore(storage: WebStorage = noStorage) {
  const persistedReducer = persistReducer<ReturnType<typeof rootReducer>>(
    {
      key: PERSIST.key,
      version: PERSIST.version,
      timeout: PERSIST.timeout,
      storage,
      transforms: [productsPersistLimit],
      // The server's snapshot belongs to one page load.
      blacklist: ['serverSnapshot', 'siteSettings'],
    },
    rootReducer,
  );
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

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const selectShownProducts = (s: RootState): Product[] => shownProducts(s);
export const selectShownGallery = (s: RootState): GalleryImage[] => shownGallery(s);

/** The site settings to show: the last asked for, else the server's render's, else site.ts's seed. */
export const selectSiteSettings = (s: RootState): PublicSettings =>
  s.siteSettings.value ?? s.serverSnapshot.settings ?? DEFAULT_PUBLIC_SETTINGS;

/** The site settings the page shows (settings-slice.ts). */
export const useSiteSettings = (): PublicSettings => useAppSelector(selectSiteSettings);

/**
 * True when this state renders a public page exactly as the server rendered it: the server renders
 * with a new store and its snapshot, so every other slice must still hold its initial state (no
 * one logged in, nothing held from an earlier visit). A first visit, in short.
 */
export function rendersAsTheServerDid(s: RootState): boolean {
  // The server renders for no one: a person logged in sees another header. (The auth slice's initial
  // state is read from localStorage, so comparing with it alone says nothing about who is logged in.)
  if (s.auth.isLoggedIn) return false;
  const initial = sliceReducer(undefined, { type: '@@agro/initial' });
  return (Object.keys(initial) as Array<keyof SlicesState>).every(
    (slice) => slice === 'serverSnapshot' || slice === 'siteSettings' || JSON.stringify(s[slice]) === JSON.stringify(initial[slice]),
  );
}

/**
 * The site's origin for the absolute addresses a page names (e.g. in a WhatsApp message): on a
 * page the server rendered, the server's (PUBLIC_URL, as in its canonical links), so its render
 * and the browser's first one are the same; on a page only the browser renders, the page's own.
 */
export const selectSiteOrigin = (s: RootState): string =>
  s.serverSnapshot.origin || (typeof window === 'undefined' ? '' : window.location.origin);

/**
 * A product's page address: its own /products/{slug} when the server named it (the product page it
 * rendered), else the spec's /products/description?id=, whose canonical link names the slug one.
 */
export function selectProductPagePath(s: RootState, id: string): string {
  const slug = Object.keys(s.serverSnapshot.slugs).find((key) => s.serverSnapshot.slugs[key] === id);
  return slug === undefined ? productDetailPath(id) : productPath(slug);
}

/** True while the page shown is the one the server rendered (its first render must match that HTML). */
export const selectRenderedByServer = (s: RootState): boolean => s.serverSnapshot.url !== '';
