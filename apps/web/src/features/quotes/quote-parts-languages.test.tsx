import { TRADE_TERMS_MESSAGES, type QuoteOffer } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import arApp from '@agro/shared/locales/ar/app.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import fr from '@agro/shared/locales/fr/public.json';
import frApp from '@agro/shared/locales/fr/app.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import frMessages from '@agro/shared/locales/fr/messages.json';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAppTexts, localizeMessage, setCatalogue } from '@/lib/i18n';
import { heardFromText, packagingText } from '@/lib/option-labels';
import { OfferSummary } from './offer-summary';
import { StatusBadge } from './status-badge';

const OFFER: QuoteOffer = {
  _id: 'o1',
  revision: 1,
  quotationNumber: 'QTN-2026-ABC123-R1',
  currency: 'USD',
  unitPriceMinor: 123_450,
  unitPrice: '1234.50',
  priceBasis: 'KG',
  totalMinor: 1_481_400_000,
  total: '14814000.00',
  incoterm: 'FOB',
  portOfLoading: 'Nhava Sheva, India',
  destination: 'Port of Valencia, Spain',
  leadTimeDays: 21,
  paymentTerms: 'LC at sight',
  validUntil: '2026-12-31',
  expiresAt: '2026-12-31T18:29:59.999Z',
  note: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  viewedAt: null,
  lines: [],
};

afterEach(() => setCatalogue('en', en, enMessages, enApp, enAdmin));

describe("a quote's badge and offer in the page's language", () => {
  it('keeps English as it was', () => {
    render(
      <>
        <StatusBadge status="QUOTED" />
        <OfferSummary offer={OFFER} quantity="1,200 KG" />
      </>,
    );
    expect(screen.getByTestId('quote-status')).toHaveTextContent('Status: QUOTED');
    expect(screen.getByText('Unit price').nextSibling).toHaveTextContent('USD 1,234.50 per KG');
    expect(screen.getByText('Total for 1,200 KG').nextSibling).toHaveTextContent('USD 14,814,000.00');
    expect(screen.getByText('Lead time').nextSibling).toHaveTextContent('21 days');
    expect(packagingText('PP_BAG')).toBe('PP Bag');
    expect(heardFromText('Friend')).toBe('Friend');
  });

  it('says them in Arabic, the Incoterm and the unit as the trade writes them', async () => {
    setCatalogue('ar', ar, arMessages, arApp);
    await loadAppTexts(); // as the screens do: the desk's texts (trade terms) and their English
    render(
      <>
        <StatusBadge status="ACCEPTED" />
        <OfferSummary offer={OFFER} quantity="1,200 KG" />
      </>,
    );
    expect(screen.getByTestId('quote-status')).toHaveTextContent('الحالة: مقبول');
    expect(screen.getByText('مدة التجهيز').nextSibling).toHaveTextContent('21 يومًا');
    expect(screen.getByText('شرط التسليم (Incoterm)').nextSibling).toHaveTextContent('FOB (Free on Board)');
    expect(screen.getByText('سعر الوحدة').nextSibling).toHaveTextContent(/1,234\.50.*لكل KG/);
    // The company's own words keep their direction ('30% advance...' would otherwise read backwards);
    // the page's own sentences keep the page's.
    expect(screen.getByText('شروط الدفع').nextSibling).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('LC at sight')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('سعر الوحدة').nextSibling).not.toHaveAttribute('dir');
    expect(packagingText('CORRUGATED_BOX')).toBe('صندوق كرتون مموج');
    expect(heardFromText('Google')).toBe('Google');
    expect(heardFromText('Friend')).toBe('صديق');
    expect(localizeMessage(TRADE_TERMS_MESSAGES.targetPriceRequired)).toBe('أدخل سعرًا مستهدفًا، أو امسح عملته ووحدته');
  });

  it('writes French amounts the French way', () => {
    setCatalogue('fr', fr, frMessages, frApp);
    render(<OfferSummary offer={OFFER} quantity="1 200 KG" />);
    expect(screen.getByText('Total pour 1 200 KG').nextSibling).toHaveTextContent(/^14\s814\s000,00\sUSD$/);
    expect(screen.getByText('Délai de fabrication').nextSibling).toHaveTextContent('21 jours');
  });
});
