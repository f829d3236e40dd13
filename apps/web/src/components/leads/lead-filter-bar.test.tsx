import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import ar from '@agro/shared/locales/ar/public.json';
import arAdmin from '@agro/shared/locales/ar/admin.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { afterEach, describe, expect, it } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { makeProduct } from '@/test/render-harness';
import { LeadFilterBar } from './lead-filter-bar';
import { useLeadFilters } from './use-lead-filters';

const products = [
  makeProduct({ _id: 'p1', productName: 'Organic Jaggery Powder' }),
  makeProduct({ _id: 'p2', productName: 'Fried Onions' }),
];

function Harness() {
  const f = useLeadFilters();
  const location = useLocation();
  return (
    <>
      <LeadFilterBar
        label="Filter quotes"
        values={f.values}
        onChange={f.setFilters}
        onClear={f.clear}
        products={products}
        countries={['Germany', 'Spain']}
        statuses={[
          { value: 'OPEN', label: 'Open' },
          { value: 'HANDLED', label: 'Handled' },
        ]}
      />
      <output aria-label="url">{location.search}</output>
      <output aria-label="api query">{f.query}</output>
      <output aria-label="page">{f.page}</output>
    </>
  );
}

function renderBar(search = '') {
  const router = createMemoryRouter([{ path: '/profile', element: <Harness /> }], { initialEntries: [`/profile${search}`] });
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  const out = (name: string) => screen.getByRole('status', { name });
  return { user, out, bar: screen.getByRole('region', { name: 'Filter quotes' }) };
}

describe('lead filters', () => {
  it('reads a bookmarked view from the URL into the controls', () => {
    const { bar, out } = renderBar('?country=Spain&productId=p2&from=2026-01-01&to=2026-03-31&q=foods&status=HANDLED&page=3');
    expect(within(bar).getByLabelText('Country')).toHaveValue('Spain');
    expect(within(bar).getByLabelText('Product')).toHaveValue('p2');
    expect(within(bar).getByLabelText('From')).toHaveValue('2026-01-01');
    expect(within(bar).getByLabelText('To')).toHaveValue('2026-03-31');
    expect(within(bar).getByLabelText('Status')).toHaveValue('HANDLED');
    expect(within(bar).getByLabelText('Search company, contact or email')).toHaveValue('foods');
    expect(out('page')).toHaveTextContent('3');
    expect(out('api query')).toHaveTextContent('status=HANDLED&productId=p2&country=Spain&from=2026-01-01&to=2026-03-31&q=foods');
  });

  it('puts each choice in the URL at once and goes back to the first page', async () => {
    const { user, bar, out } = renderBar('?page=4');
    await user.selectOptions(within(bar).getByLabelText('Country'), 'Spain');
    expect(out('url')).toHaveTextContent('?country=Spain');
    expect(out('page')).toHaveTextContent('1');
    await user.selectOptions(within(bar).getByLabelText('Product'), 'Fried Onions');
    expect(out('url')).toHaveTextContent('?country=Spain&productId=p2');
    await user.selectOptions(within(bar).getByLabelText('Country'), 'Any country');
    expect(out('url')).toHaveTextContent('?productId=p2');
  });

  it('searches on Enter, and Clear filters empties the URL', async () => {
    const { user, bar, out } = renderBar('?status=OPEN');
    await user.type(within(bar).getByLabelText('Search company, contact or email'), '  maria@ {Enter}');
    expect(out('url')).toHaveTextContent('?status=OPEN&q=maria%40');
    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    expect(out('url').textContent).toBe('');
    expect(within(bar).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(within(bar).getByLabelText('Search company, contact or email')).toHaveValue('');
  });

  it('keeps a bookmarked country no lead has yet as the chosen option', () => {
    const { bar } = renderBar('?country=Peru');
    expect(within(bar).getByLabelText('Country')).toHaveValue('Peru');
  });

  describe('in Arabic', () => {
    afterEach(() => setCatalogue('en', en, enMessages, enApp, enAdmin));

    it('names every control in the page language, the values sent unchanged', async () => {
      setCatalogue('ar', ar, arMessages, arAdmin);
      const { user, bar, out } = renderBar('?country=Spain');
      expect(within(bar).getByLabelText('الدولة')).toHaveValue('Spain');
      expect(within(bar).getByLabelText('ابحث بالشركة أو جهة الاتصال أو البريد الإلكتروني')).toBeInTheDocument();
      expect(within(bar).getByRole('option', { name: 'أي منتج' })).toBeInTheDocument();
      await user.selectOptions(within(bar).getByLabelText('الرسائل المزعجة'), 'الرسائل المزعجة فقط');
      expect(out('url')).toHaveTextContent('?country=Spain&spam=true');
      await user.click(within(bar).getByRole('button', { name: 'مسح عوامل التصفية' }));
      expect(out('url').textContent).toBe('');
    });
  });
});
