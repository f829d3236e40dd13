import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserStore } from './client-store';
import { fetchProducts } from './products-slice';
import { makeProduct } from '@/test/render-harness';
import { PERSISTED_PRODUCTS_MAX_CHARS, boundedProducts } from './persist-limits';

const { store, persistor } = createBrowserStore();

const catalogue = (count: number) =>
  Array.from({ length: count }, (_, i) => makeProduct({ _id: `p${i}`, productName: `Product ${i}`, productDescription: 'x'.repeat(1500) }));

describe('boundedProducts', () => {
  it('keeps a list that fits, drops one that does not (keeping the details)', () => {
    const details = makeProduct({ _id: 'd1' });
    const small = { products: catalogue(10), productDetails: details };
    expect(boundedProducts(small)).toBe(small);
    const large = boundedProducts({ products: catalogue(2000), productDetails: details });
    expect(large.products).toEqual([]);
    expect(large.productDetails).toBe(details);
    // Under the count that is surely too long, the real size decides.
    const justOver = Math.ceil(PERSISTED_PRODUCTS_MAX_CHARS / JSON.stringify(catalogue(1)).length) + 1;
    expect(boundedProducts({ products: catalogue(justOver), productDetails: null }).products).toEqual([]);
  });
});

describe('persisted root state with a large catalogue', () => {
  afterEach(() => localStorage.clear());

  const fulfilled = (products: ReturnType<typeof catalogue>) =>
    fetchProducts.fulfilled({ success: true, message: 'ok', products }, 'request-id', undefined);

  it('still saves (without the list) when the catalogue would not fit in localStorage', async () => {
    store.dispatch(fulfilled(catalogue(10_000)));
    await persistor.flush();
    const saved = localStorage.getItem('persist:root') ?? '';
    expect(saved.length).toBeLessThan(100_000);
    const root = JSON.parse(saved) as Record<string, string>;
    expect(JSON.parse(root.products!)).toMatchObject({ products: [] });
    expect(Object.keys(root)).toEqual(expect.arrayContaining(['auth', 'gallery', 'quote', 'contact', '_persist']));
    // The app itself still holds every product.
    expect(store.getState().products.products).toHaveLength(10_000);
  });

  it('saves a catalogue that fits', async () => {
    store.dispatch(fulfilled(catalogue(20)));
    await persistor.flush();
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
    expect((JSON.parse(root.products!) as { products: unknown[] }).products).toHaveLength(20);
  });
});
