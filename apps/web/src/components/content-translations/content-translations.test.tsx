import { API, type ProductTranslation } from '@agro/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logIn, makeProduct, renderRoute, stubFetch, stubXhr } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const EMPTY: ProductTranslation = { productName: '', productDescription: '', keyFeatures: [], nutrientContent: [], specifications: [] };
const translations = (ar = EMPTY) => ({ success: true, message: 'ok', translations: { ar, es: EMPTY, fr: EMPTY, de: EMPTY } });
const ARABIC = {
  productName: 'كتل السكر',
  productDescription: 'وصف',
  keyFeatures: ['ميزة'],
  nutrientContent: ['حديد'],
  specifications: [],
};

describe('the product form: a tab per language', () => {
  it('shows English first, marks the languages with missing fields, and Arabic inputs right to left', async () => {
    logIn('ADMIN');
    stubFetch({
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
      [`GET ${API.product('p1')}`]: { body: { success: true, message: 'ok', product: makeProduct({ _id: 'p1' }) } },
      [`GET ${API.productTranslations('p1')}`]: { body: translations(ARABIC) },
    });
    const { user } = renderRoute('/edit-product?id=p1');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'English',
      'العربية',
      'EspañolTranslation missing',
      'FrançaisTranslation missing',
      'DeutschTranslation missing',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    // Arabic is complete: no mark once its translation has loaded.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'العربية' })).toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: 'العربية' }));
    const name = screen.getByLabelText('Product name (العربية)');
    expect(name).toHaveValue(ARABIC.productName);
    expect(name).toHaveAttribute('dir', 'rtl');
    expect(name).toHaveAttribute('lang', 'ar');
    // Emptying a field brings the mark.
    await user.clear(name);
    expect(screen.getByRole('tab', { name: /العربية/ })).toHaveTextContent('Translation missing');
  });

  it('saves the English product as today, then the translations with PUT', async () => {
    logIn('ADMIN');
    const calls = stubFetch({
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
      [`GET ${API.product('p1')}`]: { body: { success: true, message: 'ok', product: makeProduct({ _id: 'p1' }) } },
      [`GET ${API.productTranslations('p1')}`]: { body: translations() },
      [`PUT ${API.updateProductTranslations('p1')}`]: { body: translations() },
    });
    const xhr = stubXhr({ body: { success: true, message: 'ok', product: makeProduct({ _id: 'p1' }) } });
    const { user } = renderRoute('/edit-product?id=p1');
    await user.click(await screen.findByRole('tab', { name: /Español/ }));
    await user.type(screen.getByLabelText('Product name (Español)'), 'Bloques de jaggery');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(xhr.length).toBe(1);
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as { translations: Record<string, { productName: string }> }).translations.es?.productName).toBe(
      'Bloques de jaggery',
    );
  });
});
