/**
 * A page's own call that answers what the page already shows (the server's render, or an earlier
 * answer) keeps the objects shown, so the selectors return the same references and nothing renders
 * again; what changed comes in new.
 */
import type { GalleryImage, Product, ServerSnapshot } from '@agro/shared';
import { describe, expect, it } from 'vitest';
import { snapshotLoaded } from './server-snapshot';
import { makeStore, selectShownGallery, selectShownProducts } from './store';
import { fetchGallery } from './gallery-slice';
import { fetchProduct, fetchProducts } from './products-slice';
import { makeProduct } from '@/test/render-harness';

const copy = <T>(value: T): T => structuredClone(value);
const jaggery = makeProduct({ _id: 'p1', productName: 'Jaggery Blocks' });
const onions = makeProduct({ _id: 'p2', productName: 'Fried Onions', keyFeatures: ['Crisp', 'Golden'] });
const images: GalleryImage[] = [
  { _id: 'g1', secure_url: '/uploads/g1.webp' },
  { _id: 'g2', secure_url: '/uploads/g2.webp' },
];

function storeWithSnapshot(snapshot: Partial<ServerSnapshot>) {
  const store = makeStore();
  store.dispatch(
    snapshotLoaded({
      url: '/',
      language: 'en',
      origin: 'https://example.com',
      products: null,
      product: null,
      missingProduct: null,
      slugs: {},
      gallery: null,
      settings: null,
      ownerPage: null,
      ...snapshot,
    }),
  );
  return store;
}

const productsAnswer = (products: Product[]) => fetchProducts.fulfilled({ success: true, message: 'ok', products }, 'r');

describe('held objects', () => {
  it("the list answer equal to the server's keeps the server's array and products", () => {
    const store = storeWithSnapshot({ products: [jaggery, onions] });
    const shown = selectShownProducts(store.getState());
    store.dispatch(productsAnswer(copy([jaggery, onions])));
    expect(selectShownProducts(store.getState())).toBe(shown);
  });

  it('a changed product comes in new; the others stay the same objects', () => {
    const store = storeWithSnapshot({ products: [jaggery, onions] });
    const [shownJaggery, shownOnions] = selectShownProducts(store.getState());
    const renamed = { ...copy(onions), productName: 'Crispy Fried Onions' };
    store.dispatch(productsAnswer([copy(jaggery), renamed]));
    const after = selectShownProducts(store.getState());
    expect(after[0]).toBe(shownJaggery);
    expect(after[1]).not.toBe(shownOnions);
    expect(after[1]?.productName).toBe('Crispy Fried Onions');
  });

  it('a second answer equal to the first keeps the first (the products page reloads on every visit)', () => {
    const store = storeWithSnapshot({});
    store.dispatch(productsAnswer([copy(jaggery)]));
    const first = selectShownProducts(store.getState());
    store.dispatch(productsAnswer([copy(jaggery)]));
    expect(selectShownProducts(store.getState())).toBe(first);
    store.dispatch(productsAnswer([copy(jaggery), copy(onions)]));
    expect(selectShownProducts(store.getState())).toHaveLength(2);
  });

  it("a product page's answer equal to the server's product keeps that object", () => {
    const store = storeWithSnapshot({ product: jaggery });
    const shown = store.getState().serverSnapshot.product;
    store.dispatch(fetchProduct.fulfilled({ success: true, message: 'ok', product: copy(jaggery) }, 'r', 'p1'));
    expect(store.getState().products.productDetails).toBe(shown);
    store.dispatch(fetchProduct.fulfilled({ success: true, message: 'ok', product: copy(onions) }, 'r', 'p2'));
    expect(store.getState().products.productDetails?._id).toBe('p2');
  });

  it("the gallery's answer equal to the server's keeps its images", () => {
    const store = storeWithSnapshot({ gallery: images });
    const shown = selectShownGallery(store.getState());
    const answer = { success: true, message: 'ok', galleryImages: [{ _id: 'gallery', galleryImages: copy(images) }] };
    store.dispatch(fetchGallery.fulfilled(answer, 'r'));
    expect(selectShownGallery(store.getState())).toBe(shown);
  });
});
