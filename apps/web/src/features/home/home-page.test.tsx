import { API, UI_TEXT } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import en from '@agro/shared/locales/en/public.json';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { callsTo, makeProduct, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const products = [
  makeProduct({ _id: 'a', productName: 'Natural Jaggery Blocks', isPremium: true }),
  makeProduct({ _id: 'b', productName: 'Cotton Jute Bags', productType: 'NONAGRO', isPremium: false }),
  makeProduct({ _id: 'c', productName: 'Crispy Fried Onions', isPremium: true }),
];
const listReply = { body: { success: true, message: 'ok', products } };

describe('Home page', () => {
  it('counts and lists only the premium products, and shows the static figures', async () => {
    stubFetch({ [`GET ${API.productList}`]: listReply });
    renderRoute('/');
    const figures = screen.getByRole('region', { name: 'Key figures' });
    await waitFor(() => expect(within(figures).getByText(UI_TEXT.premiumProducts).previousSibling).toHaveTextContent('2'));
    for (const text of ['Founded 2025', '100% Quality Assured', 'Global Export Reach'])
      expect(within(figures).getByText(text)).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Premium products' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByRole('article', { name: 'Natural Jaggery Blocks' })).toBeInTheDocument();
    expect(within(list).getByRole('article', { name: 'Crispy Fried Onions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Explore Products/ })).toHaveAttribute('href', '/products');
    expect(screen.getAllByRole('link', { name: /Quote/ }).some((a) => a.getAttribute('href') === '/quote')).toBe(true);
  });

  it('loads products only when none are held; /products always reloads', async () => {
    const calls = stubFetch({ [`GET ${API.productList}`]: listReply });
    const { router } = renderRoute('/');
    await screen.findByRole('list', { name: 'Premium products' });
    expect(callsTo(calls, 'GET', API.productList)).toHaveLength(1);

    await router.navigate('/about');
    await router.navigate('/');
    await screen.findByRole('list', { name: 'Premium products' });
    expect(callsTo(calls, 'GET', API.productList)).toHaveLength(1);

    await router.navigate('/products');
    await waitFor(() => expect(callsTo(calls, 'GET', API.productList)).toHaveLength(2));
  });

  it('lists product names in the footer, linking to their detail pages', async () => {
    stubFetch({ [`GET ${API.productList}`]: listReply });
    renderRoute('/');
    const footerProducts = screen.getByRole('navigation', { name: 'Our products' });
    expect(await within(footerProducts).findByRole('link', { name: 'Cotton Jute Bags' })).toHaveAttribute(
      'href',
      '/products/description?id=b',
    );
  });
});

describe('Home page and layout in Arabic', () => {
  afterEach(() => setCatalogue('en', en));

  it('says the page, the header and the footer in Arabic, with the business hours in its words and the contacts left to right', async () => {
    setCatalogue('ar', ar);
    stubFetch({ [`GET ${API.productList}`]: listReply });
    renderRoute('/');
    const figures = screen.getByRole('region', { name: 'أرقام رئيسية' });
    for (const text of ['تأسست عام 2025', 'جودة مضمونة \u2066100%\u2069', 'تصدير إلى أنحاء العالم'])
      expect(within(figures).getByText(text)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'المنتجات المميزة' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'القائمة الرئيسية' })).getByRole('link', { name: 'المنتجات' }),
    ).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('ساعات العمل (IST)')).toBeInTheDocument();
    expect(within(footer).getByText(/^الاثنين - الجمعة: 9:00\sص - 6:00\sم$/)).toBeInTheDocument();
    expect(within(footer).getByText('الأحد: مغلق')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute('href', '/privacy');
    for (const link of [...within(footer).getAllByRole('link', { name: /\+919876543210|info@/ })])
      expect(link.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(screen.getByRole('banner')).getByText('+919876543210').tagName).toBe('BDI');
  });
});
