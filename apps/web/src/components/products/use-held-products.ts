import type { Product } from '@agro/shared';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/store';
import { fetchProducts } from '@/store/products-slice';

/**
 * The catalogue held in the store, loaded once per visit when none is held and `enabled` (a failed
 * load must not loop). For the product selects and filters of the forms and lead lists.
 */
export function useHeldProducts(enabled = true): Product[] {
  const dispatch = useAppDispatch();
  const products = useAppSelector((s) => s.products.products);
  const requested = useRef(false);
  useEffect(() => {
    if (!enabled || requested.current || products.length > 0) return;
    requested.current = true;
    void dispatch(fetchProducts());
  }, [enabled, dispatch, products.length]);
  return products;
}
