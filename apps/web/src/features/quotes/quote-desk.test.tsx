import { API, QUOTE_DESK_MESSAGES, QUOTE_DESK_UI, offerToday, type Quote, type QuoteDetail } from '@agro/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byLabel, callsTo, logIn, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';
import { makeQuote } from '@/test/quote-fixtures';
import { OFFER } from '@/test/thread-fixtures';

afterEach(() => vi.unstubAllGlobals());

const quote = (overrides: Partial<Quote> = {}): Quote =>
  makeQuote({
    productId: {
      _id: 'p1',
      productName: 'Jaggery Powder',
      productType: 'AGRO',
      productQuantityType: 'KG',
      isPremium: false,
      isOrganic: true,
    },
    status: 'QUOTED',
    offer: OFFER,
    ...overrides,
  });

const detail = (q: Quote): QuoteDetail => ({
  ...q,
  offers: q.offer ? [q.offer] : [],
  history: [{ status: 'NEW', at: q.createdAt, by: 'BUYER', note: '', offerId: null }],
});

describe("Your Quotes: the company's reason on a REJECTED card (issue 27)", () => {
  it('shows the reason the company gave', async () => {
    logIn('USER');
    stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
      [`GET ${API.userQuotes}`]: {
        body: {
          success: true,
          message: 'ok',
          quotes: [quote({ status: 'REJECTED', offer: null, rejectionReason: 'Out of season until March.' })],
        },
      },
    });
    renderRoute('/profile');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('REJECTED')).toBeInTheDocument();
    const reason = within(card).getByRole('region', { name: "The company's reason" });
    expect(reason).toHaveTextContent('Out of season until March.');
    // The buyer's way to their orders starts on the profile.
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
  });
});

describe('Your Quotes: the buyer decides', () => {
  it('shows the status and the offer, and accepts it after the confirmation, with a note', async () => {
    logIn('USER');
    const calls = stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
      [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [quote()] } },
      [`POST ${API.quoteAccept('q1')}`]: {
        body: { success: true, message: QUOTE_DESK_MESSAGES.offerAccepted, quote: detail(quote({ status: 'ACCEPTED' })) },
      },
    });
    const { user } = renderRoute('/profile');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('QUOTED')).toBeInTheDocument();
    expect(within(card).getByText('USD 12.35 per KG')).toBeInTheDocument();
    expect(within(card).getByText('USD 30,875.00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Quotation PDF' })).toHaveAttribute('href', API.quotePdf('q1'));

    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: QUOTE_DESK_UI.acceptConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', API.quoteAccept('q1'))).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    await user.type(
      within(screen.getByRole('dialog', { name: QUOTE_DESK_UI.acceptConfirm })).getByLabelText(/Note to the company/),
      'Ship in March',
    );
    await user.click(screen.getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(within(card).getByText('ACCEPTED')).toBeInTheDocument());
    // The accepted offer is now an order: the buyer follows it in My Orders.
    expect(within(card).getByRole('link', { name: 'Follow the order' })).toHaveAttribute('href', '/my-orders');
    // The offer the buyer saw: the server refuses the decision if a newer offer replaced it.
    expect(callsTo(calls, 'POST', API.quoteAccept('q1'))[0]?.body).toEqual({ note: 'Ship in March', offerId: OFFER._id });
    expect(within(card).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  }, 30_000);

  it('an expired offer says so and has no Accept or Decline', async () => {
    logIn('USER');
    stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
      [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [quote({ status: 'EXPIRED' })] } },
    });
    renderRoute('/profile');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('EXPIRED')).toBeInTheDocument();
    expect(within(card).getByText('This offer has expired and can no longer be accepted.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });
});

describe('/quote/description: the administrator offers', () => {
  it('checks the offer with the shared schema, then sends what was typed', async () => {
    logIn('ADMIN');
    const fresh = quote({ status: 'NEW', offer: null });
    const calls = stubFetch({
      [`GET ${API.quote('q1')}`]: { body: { success: true, message: 'ok', quote: detail(fresh) } },
      [`POST ${API.quoteOffer('q1')}`]: { body: { success: true, message: QUOTE_DESK_MESSAGES.offerSent, quote: detail(quote()) } },
    });
    const { user } = renderRoute({ pathname: '/quote/description', state: { quote: fresh } });
    await screen.findByRole('heading', { name: 'Send an offer' });
    // The spec's table stays, unchanged, above.
    expect(screen.getByRole('rowheader', { name: 'Company Name' })).toBeInTheDocument();
    expect(byLabel('Destination port or place')).toHaveValue('Port of Valencia, Spain');
    expect(byLabel('Valid until')).toHaveValue(offerToday(Date.now() + 14 * 86_400_000));

    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(QUOTE_DESK_MESSAGES.unitPriceRequired)).toBeInTheDocument();
    expect(screen.getByText(QUOTE_DESK_MESSAGES.portOfLoadingRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.quoteOffer('q1'))).toHaveLength(0);

    await user.type(byLabel('Unit price (per KG)'), '12.355');
    await user.type(byLabel('Lead time (days)'), '21');
    await user.type(byLabel('Port of loading'), 'Nhava Sheva, India');
    await user.type(byLabel('Payment terms'), 'LC at sight');
    await user.selectOptions(byLabel('Incoterm (Incoterms 2020)'), 'CIF');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(QUOTE_DESK_MESSAGES.unitPriceInvalid)).toBeInTheDocument();
    await user.clear(byLabel('Unit price (per KG)'));
    await user.type(byLabel('Unit price (per KG)'), '12.35');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(callsTo(calls, 'POST', API.quoteOffer('q1'))).toHaveLength(1));
    expect(callsTo(calls, 'POST', API.quoteOffer('q1'))[0]?.body).toMatchObject({
      unitPrice: '12.35',
      currency: 'USD',
      incoterm: 'CIF',
      leadTimeDays: '21',
      portOfLoading: 'Nhava Sheva, India',
      destination: 'Port of Valencia, Spain',
      paymentTerms: 'LC at sight',
    });
    expect(await screen.findByRole('heading', { name: 'Send a new offer' })).toBeInTheDocument();
    expect(screen.getAllByText('QTN-2026-ABC123-R1').length).toBeGreaterThan(0);
  }, 30_000);

  it("starts the first offer from the buyer's trade terms", async () => {
    logIn('ADMIN');
    const fresh = quote({
      status: 'NEW',
      offer: null,
      tradeTerms: {
        incoterm: 'CFR',
        destinationPort: 'Jebel Ali, Dubai',
        container: 'FCL_20',
        targetPrice: '1.10',
        targetPriceMinor: 110,
        targetCurrency: 'AED',
        targetPriceUnit: 'KG',
        certifications: ['HALAL'],
        sampleFirst: true,
      },
    });
    stubFetch({ [`GET ${API.quote('q1')}`]: { body: { success: true, message: 'ok', quote: detail(fresh) } } });
    renderRoute({ pathname: '/quote/description', state: { quote: fresh } });
    await screen.findByRole('heading', { name: 'Send an offer' });
    expect(byLabel('Incoterm (Incoterms 2020)')).toHaveValue('CFR');
    expect(byLabel('Destination port or place')).toHaveValue('Jebel Ali, Dubai');
    expect(byLabel('Currency')).toHaveValue('AED');
    expect(byLabel('Unit price (per KG)')).toHaveValue('1.10');
  }, 30_000);

  it('leaves the price empty when the target price is per another unit', async () => {
    logIn('ADMIN');
    const fresh = quote({
      status: 'NEW',
      offer: null,
      tradeTerms: {
        incoterm: null,
        destinationPort: null,
        container: null,
        targetPrice: '900',
        targetPriceMinor: 90_000,
        targetCurrency: 'USD',
        targetPriceUnit: 'TONS',
        certifications: [],
        sampleFirst: false,
      },
    });
    stubFetch({ [`GET ${API.quote('q1')}`]: { body: { success: true, message: 'ok', quote: detail(fresh) } } });
    renderRoute({ pathname: '/quote/description', state: { quote: fresh } });
    await screen.findByRole('heading', { name: 'Send an offer' });
    expect(byLabel('Unit price (per KG)')).toHaveValue('');
    expect(byLabel('Destination port or place')).toHaveValue('Port of Valencia, Spain');
    expect(byLabel('Incoterm (Incoterms 2020)')).toHaveValue('FOB');
  }, 30_000);

  it('starts a new offer from the current one, with a fresh validity', async () => {
    logIn('ADMIN');
    const quoted = quote();
    stubFetch({ [`GET ${API.quote('q1')}`]: { body: { success: true, message: 'ok', quote: detail(quoted) } } });
    renderRoute({ pathname: '/quote/description', state: { quote: quoted } });
    await screen.findByRole('heading', { name: 'Send a new offer' });
    expect(byLabel('Unit price (per KG)')).toHaveValue('12.35');
    expect(byLabel('Incoterm (Incoterms 2020)')).toHaveValue('CIF');
    expect(byLabel('Port of loading')).toHaveValue('Nhava Sheva, India');
    expect(byLabel('Lead time (days)')).toHaveValue(21);
    expect(byLabel('Payment terms')).toHaveValue('LC at sight');
    expect(byLabel('Valid until')).toHaveValue(offerToday(Date.now() + 14 * 86_400_000));
  }, 30_000);
});
