import type { Transform } from 'redux-persist';
import type { ProductsState } from './products-slice';

/**
 * Most characters of product list kept in localStorage. The browser's quota (about 5 MB for the
 * whole origin) is shared with the session state under the same `root` key: a catalogue that does
 * not fit made EVERY later save fail (silently), logins included. Serializing it on each change
 * would also cost a phone hundreds of milliseconds.
 */
export const PERSISTED_PRODUCTS_MAX_CHARS = 1_000_000;
/** No product serializes to fewer characters than this (ids, URLs, lists): longer lists cannot fit. */
const MIN_PRODUCT_CHARS = 300;

/** The products state as saved: the list only when it fits; otherwise an empty one. */
export function boundedProducts(state: ProductsState): ProductsState {
  const { products } = state;
  if (products.length === 0) return state;
  const fits =
    products.length * MIN_PRODUCT_CHARS <= PERSISTED_PRODUCTS_MAX_CHARS && JSON.stringify(products).length <= PERSISTED_PRODUCTS_MAX_CHARS;
  // An empty list reads as "no products held", so the home page loads them again (SPEC.md section 2).
  return fits ? state : { ...state, products: [] };
}

/** redux-persist transform: bounds the `products` key; other keys pass unchanged. */
export const productsPersistLimit: Transform<unknown, unknown> = {
  in: (state, key) => (key === 'products' ? boundedProducts(state as ProductsState) : state),
  out: (state) => state,
};
