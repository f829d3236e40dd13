import { API } from '@agro/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

// Its own file, so every page's code is loaded for the first time here (modules are per file).
describe('Page changes', () => {
  it('shows the next page when a person leaves one whose code is still loading', async () => {
    const products = [makeProduct({ _id: 'a', productName: 'Natural Jaggery Blocks', isPremium: true })];
    stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products } } });
    const { router } = renderRoute('/');
    await screen.findByRole('list', { name: 'Premium products' });
    // The gallery's code has not arrived when the person goes back Home.
    await router.navigate('/gallery');
    await router.navigate('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sahyadri Agro Exports' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Premium products' })).toBeInTheDocument();
  });
});
