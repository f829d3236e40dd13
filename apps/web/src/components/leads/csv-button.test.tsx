import { API, LEADS_TEXT } from '@agro/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import ar from '@agro/shared/locales/ar/public.json';
import arAdmin from '@agro/shared/locales/ar/admin.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arDesk from '@agro/shared/locales/ar/desk.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAdminTexts, setCatalogue } from '@/lib/i18n';
import { expectLoggedErrors } from '@/test/render-harness';
import { CsvButton } from './csv-button';

afterEach(() => vi.unstubAllGlobals());

function setup(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  const created: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    created.push(blob as Blob);
    return 'blob:test/csv';
  });
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  render(
    <>
      <CsvButton path={`${API.exportQuotes}?country=Spain`} fallbackName="quotes.csv" label="Export CSV of the filtered quotes" />
      <Toaster />
    </>,
  );
  return { fetchMock, created, clicked, user: userEvent.setup() };
}

describe('CSV button', () => {
  it('downloads the filtered export under the name the server gives, with cookies', async () => {
    const csv = '\ufeffQuote ID,Country\r\nq1,Spain\r\n';
    const { fetchMock, created, clicked, user } = setup(
      new Response(csv, {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="quotes-2026-11-23.csv"' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV of the filtered quotes' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/quote/export?country=Spain', expect.objectContaining({ credentials: 'include' }));
    expect(clicked[0]!.download).toBe('quotes-2026-11-23.csv');
    expect(clicked[0]!.href).toBe('blob:test/csv');
    // Byte for byte, the byte-order mark included (Blob.text() would drop it).
    expect(Buffer.from(await created[0]!.arrayBuffer())).toEqual(Buffer.from(csv, 'utf8'));
    expect(await screen.findByText(LEADS_TEXT.exported)).toBeInTheDocument();
  });

  it("shows the server's message when the export is refused, and downloads nothing", async () => {
    expectLoggedErrors();
    const { clicked, user } = setup(
      new Response(JSON.stringify({ success: false, message: 'From must not be after To' }), { status: 400 }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV of the filtered quotes' }));
    expect(await screen.findByText('From must not be after To')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV of the filtered quotes' })).toBeEnabled();
  });

  it('speaks the page language on an Arabic page: its text and toasts', async () => {
    setCatalogue('ar', ar, arMessages, arDesk, arAdmin);
    await loadAdminTexts(); // as the screens do: the English desk file the toast's text is found in
    try {
      const { clicked, user } = setup(new Response('a,b\r\n', { headers: { 'content-type': 'text/csv' } }));
      const button = screen.getByRole('button', { name: 'Export CSV of the filtered quotes' });
      expect(button).toHaveTextContent('تصدير CSV');
      await user.click(button);
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]!.download).toBe('quotes.csv');
      expect(await screen.findByText('تم تنزيل ملف CSV')).toBeInTheDocument();
    } finally {
      setCatalogue('en', en, enMessages, enApp, enAdmin);
    }
  });
});
