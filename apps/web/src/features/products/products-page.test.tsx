import { API, SITE, UI_TEXT } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import en from '@agro/shared/locales/en/public.json';
import enProduct from '@agro/shared/locales/en/product.json';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { makeProduct, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const many = Array.from({ length: 60 }, (_, i) =>
  makeProduct({ _id: `p${i + 1}`, productName: `Product ${i + 1}`, productType: i % 2 ? 'NONAGRO' : 'AGRO' }),
);

describe('Products page', () => {
  it('shows the packaging options and says so when there are no products', async () => {
    stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } } });
    renderRoute('/products');
    expect(await screen.findByText(UI_TEXT.noProducts)).toBeInTheDocument();
    for (const option of SITE.packagingOptions) expect(screen.getByText(option)).toBeInTheDocument();
  });

  it('renders one page of 24 cards at a time from a large list', async () => {
    stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: many } } });
    const { user, router } = renderRoute('/products');
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('Showing 1-24 of 60 products')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });

  it('filters by name and by type', async () => {
    stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: many } } });
    const { user } = renderRoute('/products');
    await screen.findByRole('list', { name: 'Products' });
    await user.type(screen.getByLabelText('Search products'), 'product 5');
    // "Product 5" and "Product 50" to "Product 59", case-insensitive.
    expect(screen.getByText('Showing 1-11 of 11 products')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search products'));
    await user.selectOptions(screen.getByLabelText('Product type'), 'NONAGRO');
    expect(screen.getByText('Showing 1-24 of 30 products')).toBeInTheDocument();
  });
});

describe('Products page in Arabic', () => {
  afterEach(() => setCatalogue('en', en));

  it('says everything in Arabic, the counted noun agreeing with the number, page numbers and packaging included', async () => {
    setCatalogue('ar', ar);
    stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: many } } });
    renderRoute('/products');
    expect(screen.getByRole('heading', { level: 1, name: 'منتجاتنا' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'المنتجات' });
    expect(within(list).getAllByRole('article')).toHaveLength(24);
    // 60: 11 to 99 take the singular accusative.
    // The range kept left to right (Unicode isolates): after Arabic letters 1-24 would show as 24-1.
    expect(screen.getByText('عرض \u20661-24\u2069 من أصل 60 منتجًا')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'صفحات المنتجات' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الصفحة 3' })).toBeInTheDocument();
    expect(screen.getByLabelText('البحث في المنتجات')).toBeInTheDocument();
    expect(screen.getByText('أكياس سائبة سعة \u206625kg\u2069')).toBeInTheDocument();
    expect(screen.queryByText('Packaging Options')).not.toBeInTheDocument();
  });
});

describe('Products page filters of issue 43', () => {
  const catalogue = [
    makeProduct({
      _id: 'a',
      productName: 'Organic Jaggery',
      isOrganic: true,
      certifications: ['FSSAI', 'APEDA'],
      moq: { quantity: 1, unit: 'TONS' },
    }),
    makeProduct({ _id: 'b', productName: 'Fried Onions', isOrganic: false, certifications: ['FSSAI'] }),
    makeProduct({ _id: 'c', productName: 'Coir Mats', isOrganic: false, certifications: ['ISO'] }),
  ];
  const names = () =>
    within(screen.getByRole('list', { name: 'Products' }))
      .getAllByRole('heading')
      .map((h) => h.textContent);

  it('filters by certification and organic from the address, and writes the choice into it', async () => {
    // The page's texts as its first load has them (the public part and the products' trade texts).
    setCatalogue('en', en, enProduct);
    stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: catalogue } } });
    const { user, router } = renderRoute('/products?certification=FSSAI');
    await screen.findByRole('list', { name: 'Products' });
    expect(names()).toEqual(['Organic Jaggery', 'Fried Onions']);
    expect(screen.getByLabelText('Certification')).toHaveValue('FSSAI');
    await user.click(screen.getByRole('checkbox', { name: 'Organic only' }));
    expect(names()).toEqual(['Organic Jaggery']);
    await waitFor(() => expect(router.state.location.search).toBe('?certification=FSSAI&organic=true'));
    // The card names the minimum order.
    expect(screen.getByText(/Minimum order:/)).toHaveTextContent('Minimum order: 1 TONS');
    await user.selectOptions(screen.getByLabelText('Certification'), '');
    await waitFor(() => expect(router.state.location.search).toBe('?organic=true'));
    expect(
      within(screen.getByLabelText('Certification'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All certifications', 'APEDA', 'FSSAI', 'ISO']);
  });
});
