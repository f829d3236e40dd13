import { API, QUOTE_DESK_MESSAGES, THREAD_TEXT, type Quote, type QuoteDetail, type ThreadMessage } from '@agro/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byLabel, callsTo, logIn, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';
import { makeQuote } from '@/test/quote-fixtures';
import { makeMessage, OFFER, stubEventSource } from '@/test/thread-fixtures';

afterEach(() => vi.unstubAllGlobals());

const quoted = (overrides: Partial<Quote> = {}): Quote => makeQuote({ status: 'QUOTED', offer: OFFER, unread: 2, ...overrides });
const detail = (q: Quote): QuoteDetail => ({ ...q, offers: q.offer ? [q.offer] : [], history: [] });

const PROPOSAL: ThreadMessage = makeMessage(3, {
  text: '12.00 a kilo for two containers?',
  proposal: {
    offerId: 'o1',
    quotationNumber: OFFER.quotationNumber,
    currency: 'USD',
    unitPrice: '12.00',
    unitPriceMinor: 1200,
    requiredQty: 5000,
  },
});

function renderBuyer(messages: ThreadMessage[], path = '/profile?quote=q1', lines: Partial<Quote> = {}, proposal = PROPOSAL) {
  logIn('USER');
  let status: Quote['status'] = 'QUOTED';
  let thread = messages;
  const calls = stubFetch({
    [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
    [`GET ${API.userQuotes}`]: () => ({ body: { success: true, message: 'ok', quotes: [quoted({ status, ...lines })] } }),
    [`GET ${API.quote('q1')}`]: () => ({ body: { success: true, message: 'ok', quote: detail(quoted({ status, ...lines })) } }),
    [`GET ${API.quoteMessages('q1')}`]: () => ({
      body: { success: true, message: 'ok', messages: thread, total: thread.length, page: 1, limit: 20 },
    }),
    [`GET ${API.myInquiries}`]: { body: { success: true, message: 'ok', inquiries: [] } },
    [`POST ${API.quoteRequestChanges('q1')}`]: () => {
      status = 'CHANGES_REQUESTED';
      thread = [...thread, proposal];
      return {
        body: { success: true, message: THREAD_TEXT.changesRequested, quote: detail(quoted({ status, ...lines })), item: proposal },
      };
    },
  });
  const view = renderRoute(path);
  return { calls, ...view };
}

describe("the buyer's quote: its conversation and 'Ask for changes'", () => {
  it('opens the thread named in the address', async () => {
    stubEventSource();
    renderBuyer([makeMessage(1)]);
    const region = await screen.findByRole('region', { name: 'Messages about Organic Jaggery Powder' });
    await within(region).findByText('Message number 1');
  });

  it('shows the unread count on the card until the buyer opens the conversation, then no more, without a reload', async () => {
    stubEventSource();
    const { user, calls } = renderBuyer([makeMessage(1)], '/profile');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('2 unread')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: /^Messages about/ }));
    const region = await screen.findByRole('region', { name: 'Messages about Organic Jaggery Powder' });
    await within(region).findByText('Message number 1');
    await waitFor(() => expect(within(card).queryByText('2 unread')).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET', API.userQuotes)).toHaveLength(1);
  });

  it('checks the request with the shared schema, sends only the terms filled in, and shows CHANGES REQUESTED and the proposal beside the offer', async () => {
    stubEventSource();
    const { user, calls } = renderBuyer([makeMessage(1)]);
    await user.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    await user.click(screen.getByRole('button', { name: 'Send the proposal' }));
    expect(await screen.findByText(THREAD_TEXT.noteRequired)).toBeInTheDocument();
    await user.type(byLabel('Unit price (USD)'), 'twelve');
    await user.type(byLabel('What would you like changed?'), '12.00 a kilo for two containers?');
    await user.click(screen.getByRole('button', { name: 'Send the proposal' }));
    expect(await screen.findByText(QUOTE_DESK_MESSAGES.unitPriceInvalid)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.quoteRequestChanges('q1'))).toHaveLength(0);

    await user.clear(byLabel('Unit price (USD)'));
    await user.type(byLabel('Unit price (USD)'), '12.00');
    await user.type(byLabel('Quantity (KG)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Send the proposal' }));
    await waitFor(() => expect(callsTo(calls, 'POST', API.quoteRequestChanges('q1'))).toHaveLength(1));
    expect(callsTo(calls, 'POST', API.quoteRequestChanges('q1'))[0]?.body).toEqual({
      offerId: 'o1',
      note: '12.00 a kilo for two containers?',
      unitPrice: '12.00',
      requiredQty: '5000',
    });
    const card = await screen.findByRole('article');
    await waitFor(() => expect(within(card).getByText('CHANGES REQUESTED')).toBeInTheDocument());
    // The buyer may still take the offer as it is.
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    const proposal = await screen.findByRole('region', { name: `Changes asked to offer ${OFFER.quotationNumber}` });
    expect(within(proposal).getByRole('row', { name: /Unit price/ })).toHaveTextContent('USD 12.35');
    expect(within(proposal).getByRole('row', { name: /Unit price/ })).toHaveTextContent('USD 12.00');
    expect(within(proposal).getByRole('row', { name: /Quantity/ })).toHaveTextContent('2,500');
    expect(within(proposal).getByRole('row', { name: /Quantity/ })).toHaveTextContent('5,000');
    expect(screen.queryByRole('button', { name: 'Send the proposal' })).not.toBeInTheDocument();
  }, 30_000);

  it("with several products, sends the ticked ones as itemIds (in the quote's order) and the proposal names them", async () => {
    stubEventSource();
    const base = makeQuote();
    const onions = { ...base.productId!, _id: 'p2', productName: 'Crispy Fried Onions' };
    const items: Quote['items'] = [
      base.items[0]!,
      { _id: 'i2', productId: onions, requiredQty: 800, packagingType: 'PP_BAG', isCustomPackagingRequired: false },
    ];
    const named: ThreadMessage = { ...PROPOSAL, proposal: { ...PROPOSAL.proposal!, itemIds: ['i2'] } };
    const { user, calls } = renderBuyer([makeMessage(1)], '/profile?quote=q1', { items }, named);
    await user.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    const group = screen.getByRole('group', { name: 'Which products is it about?' });
    await user.click(within(group).getByRole('checkbox', { name: 'Crispy Fried Onions' }));
    await user.type(byLabel('What would you like changed?'), 'Only the onions: 1,000 KG');
    await user.click(screen.getByRole('button', { name: 'Send the proposal' }));
    await waitFor(() => expect(callsTo(calls, 'POST', API.quoteRequestChanges('q1'))).toHaveLength(1));
    expect(callsTo(calls, 'POST', API.quoteRequestChanges('q1'))[0]?.body).toEqual({
      offerId: 'o1',
      note: 'Only the onions: 1,000 KG',
      itemIds: ['i2'],
    });
    const proposal = await screen.findByRole('region', { name: `Changes asked to offer ${OFFER.quotationNumber}` });
    expect(within(proposal).getByText('About: Crispy Fried Onions')).toBeInTheDocument();
  }, 30_000);
});
