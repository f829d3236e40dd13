import ar from '@agro/shared/locales/ar/public.json';
import arAdmin from '@agro/shared/locales/ar/admin.json';
import arApp from '@agro/shared/locales/ar/app.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { CountChart, MonthlyChart, RankingChart } from './charts';

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  quotes: i === 10 ? 7 : 1,
  inquiries: i === 11 ? 3 : 0,
}));

describe('dashboard charts: text alternatives', () => {
  it('the monthly chart says what it shows and lists every month in a table', async () => {
    render(<MonthlyChart months={months} />);
    const figure = screen.getByRole('figure', { name: 'Quotes and inquiries per month' });
    expect(figure).toHaveTextContent(
      '18 quotes and 3 inquiries in the last 12 months; this month 1 quote and 3 inquiries; busiest month Nov 2026.',
    );
    await userEvent.setup().click(within(figure).getByText('Show the numbers as a table'));
    const table = within(figure).getByRole('table', { name: 'Quotes and inquiries per month, last 12 months' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[11]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '0']);
    expect(within(rows[11]!).getByRole('rowheader')).toHaveTextContent('Nov 2026');
  });

  it('an empty year says so', () => {
    render(<MonthlyChart months={months.map((m) => ({ ...m, quotes: 0, inquiries: 0 }))} />);
    expect(screen.getByText('No quotes or inquiries in the last 12 months.')).toBeInTheDocument();
  });

  it('rankings name the leader and keep every entry in the table, even those the bars leave out', async () => {
    const points = Array.from({ length: 10 }, (_, i) => ({ label: `Country ${i}`, quotes: 10 - i, inquiries: 1 }));
    render(<RankingChart title="Requests by country" points={points} what="countries" shown={3} />);
    const figure = screen.getByRole('figure', { name: 'Requests by country' });
    expect(figure).toHaveTextContent('10 countries; most requests from Country 0 (10 quotes, 1 inquiry).');
    await userEvent.setup().click(within(figure).getByText('Show the numbers as a table'));
    expect(within(within(figure).getByRole('table')).getAllByRole('row')).toHaveLength(11);
  });

  it('heard-from counts every option', async () => {
    render(
      <CountChart
        title="Where buyers heard of us"
        points={[
          { label: 'Google', count: 2 },
          { label: 'LinkedIn', count: 5 },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Where buyers heard of us' });
    expect(figure).toHaveTextContent('7 answers; most often LinkedIn (5).');
    await userEvent.setup().click(within(figure).getByText('Show the numbers as a table'));
    expect(within(figure).getByRole('row', { name: 'LinkedIn 5' })).toBeInTheDocument();
  });
});

describe('dashboard charts in Arabic', () => {
  afterEach(() => setCatalogue('en', en, enMessages, enApp, enAdmin));

  it('says what the chart shows in Arabic, with Arabic plurals and Western digits', () => {
    setCatalogue('ar', ar, arMessages, arApp, arAdmin);
    render(<MonthlyChart months={months} />);
    const figure = screen.getByRole('figure', { name: 'طلبات التسعير والاستفسارات شهريًا' });
    expect(figure).toHaveTextContent('18 طلب تسعير و3 استفسارات في آخر 12 شهرًا');
    expect(within(figure).getByText('عرض الأرقام في جدول')).toBeInTheDocument();
  });
});
