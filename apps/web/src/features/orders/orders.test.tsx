import { API, HANDLING_TEXT, ORDER_MESSAGES, type Order } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import arApp from '@agro/shared/locales/ar/app.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arDesk from '@agro/shared/locales/ar/desk.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { callsTo, logIn, renderRoute, stubFetch, stubXhr, TEST_USER } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const ORDER: Order = {
  _id: '0123456789abcdef01234567',
  orderNumber: 'ORD-2026-0007',
  quoteId: 'q1',
  step: 'PACKED',
  createdAt: '2026-11-01T10:00:00.000Z',
  shipBy: '2026-11-22',
  late: true,
  etd: null,
  eta: null,
  trackingUrl: null,
  terms: {
    offerId: 'o1',
    quotationNumber: 'QTN-2026-ABC123-R1',
    productId: 'p1',
    productName: 'Jaggery Powder',
    hsCode: '1701.13',
    quantity: 1200,
    unit: 'KG',
    packagingType: 'PP_BAG',
    currency: 'USD',
    unitPriceMinor: 1235,
    unitPrice: '12.35',
    totalMinor: 1_482_000,
    total: '14820.00',
    incoterm: 'FOB',
    portOfLoading: 'Nhava Sheva, India',
    destination: 'Port of Valencia, Spain',
    leadTimeDays: 21,
    paymentTerms: 'LC at sight',
  },
  items: [
    {
      productId: 'p1',
      productName: 'Jaggery Powder',
      hsCode: '1701.13',
      quantity: 1200,
      unit: 'KG',
      weightKg: 1200,
      packagingType: 'PP_BAG',
      unitPriceMinor: 1235,
      unitPrice: '12.35',
      totalMinor: 1_482_000,
      total: '14820.00',
    },
  ],
  buyer: {
    companyName: 'Global Foods Ltd',
    contactPersonName: 'Maria Lopez',
    companyEmail: 'buying@globalfoods.example',
    mobileNumber: '+34-600123456',
    country: 'Spain',
    address: 'Calle Mayor 1, Valencia',
    deliveryLocation: 'Port of Valencia, Spain',
    accountEmail: TEST_USER.email,
  },
  milestones: [
    { step: 'PROFORMA_ISSUED', at: '2026-11-01', note: '', by: 'COMPANY', recordedAt: '2026-11-01T10:00:00.000Z' },
    { step: 'ADVANCE_RECEIVED', at: '2026-11-03', note: '', by: 'COMPANY', recordedAt: '2026-11-03T10:00:00.000Z', amount: '4446.00' },
    { step: 'IN_PRODUCTION', at: '2026-11-05', note: '', by: 'COMPANY', recordedAt: '2026-11-05T10:00:00.000Z' },
    { step: 'QUALITY_CHECKED', at: '2026-11-10', note: 'A grade', by: 'COMPANY', recordedAt: '2026-11-10T10:00:00.000Z' },
    {
      step: 'PACKED',
      at: '2026-11-12',
      note: '',
      by: 'COMPANY',
      recordedAt: '2026-11-12T10:00:00.000Z',
      containerNumber: 'MSCU1234567',
      sealNumber: 'SL-1',
    },
  ],
  documents: [
    {
      _id: 'd1',
      type: 'PACKING_LIST',
      fileName: 'packing.pdf',
      contentType: 'application/pdf',
      bytes: 20_480,
      createdAt: '2026-11-12T11:00:00.000Z',
    },
  ],
};

/** The SHIPPED step's fields, filled in the step form. */
async function fillShipment(user: ReturnType<typeof renderRoute>['user'], form: HTMLElement): Promise<void> {
  await user.type(within(form).getByLabelText('Vessel'), 'MSC Aurora');
  await user.type(within(form).getByLabelText('Voyage'), 'AU123W');
  await user.type(within(form).getByLabelText('Bill of lading'), 'MEDU12345678');
  await user.type(within(form).getByLabelText('ETD'), '2026-11-20');
  await user.type(within(form).getByLabelText('ETA'), '2026-12-20');
}

describe('My Orders (the buyer)', () => {
  it('lists each order with its timeline, the current step and its documents', async () => {
    logIn('USER');
    stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
      [`GET ${API.myOrders}`]: { body: { success: true, message: ORDER_MESSAGES.ordersFetched, orders: [ORDER] } },
    });
    renderRoute('/my-orders');
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'Order ORD-2026-0007' })).toBeInTheDocument();
    expect(within(card).getByText('Late')).toBeInTheDocument();
    const timeline = within(card).getByRole('region', { name: 'Timeline of order ORD-2026-0007' });
    expect(timeline.querySelector('[aria-current="step"]')).toHaveTextContent('Packed');
    expect(timeline).toHaveTextContent('Container number: MSCU1234567');
    expect(timeline).toHaveTextContent('Amount received: USD 4446.00');
    expect(within(card).getByRole('link', { name: 'Packing list: packing.pdf' })).toHaveAttribute(
      'href',
      API.orderDocument(ORDER._id, 'd1'),
    );
    expect(within(card).getByRole('link', { name: 'Proforma invoice (PDF)' })).toHaveAttribute('href', API.orderProforma(ORDER._id));
  });
});

describe('the order page (an administrator)', () => {
  it('offers the next step, checks its fields with the shared schema, and records it', async () => {
    logIn('ADMIN');
    const shipped: Order = { ...ORDER, step: 'SHIPPED', late: false, eta: '2026-12-20', trackingUrl: 'https://track.example/1' };
    const calls = stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: { ...TEST_USER, role: 'ADMIN' } } },
      [`GET ${API.order(ORDER._id)}`]: { body: { success: true, message: ORDER_MESSAGES.orderFetched, order: ORDER } },
      [`POST ${API.orderMilestone(ORDER._id)}`]: { body: { success: true, message: ORDER_MESSAGES.milestoneRecorded, order: shipped } },
    });
    const { user } = renderRoute(`/orders/${ORDER._id}`);
    const form = await screen.findByRole('form', { name: 'Record the next step' });
    const step = within(form).getByLabelText('Step');
    // The terms typed by the company keep their own direction; the page's own sentences keep the page's.
    expect(screen.getByText('LC at sight')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Lead time:').nextSibling).not.toHaveAttribute('dir');
    expect(step).toHaveValue('SHIPPED');
    // Before shipment the order may still be cancelled.
    expect(within(step).getByRole('option', { name: 'Cancelled' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Record Shipped' }));
    expect(await within(form).findByText(ORDER_MESSAGES.carrierRequired)).toBeInTheDocument();
    expect(within(form).getByText(ORDER_MESSAGES.transportDocumentRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.orderMilestone(ORDER._id))).toHaveLength(0);

    await fillShipment(user, form);
    await user.click(within(form).getByRole('button', { name: 'Record Shipped' }));
    await waitFor(() => expect(callsTo(calls, 'POST', API.orderMilestone(ORDER._id))).toHaveLength(1));
    expect(callsTo(calls, 'POST', API.orderMilestone(ORDER._id))[0]!.body).toMatchObject({
      step: 'SHIPPED',
      vessel: 'MSC Aurora',
      voyage: 'AU123W',
      billOfLading: 'MEDU12345678',
      etd: '2026-11-20',
      eta: '2026-12-20',
    });
    expect(await screen.findByRole('link', { name: 'Track shipment (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://track.example/1',
    );
  });
});

describe('the order page: the follow-up day (issue 41)', () => {
  it('saves the day to come back to the order, and clears it', async () => {
    logIn('ADMIN');
    const calls = stubFetch({
      [`GET ${API.order(ORDER._id)}`]: {
        body: { success: true, message: ORDER_MESSAGES.orderFetched, order: { ...ORDER, followUpOn: null } },
      },
      [`PATCH ${API.orderHandling(ORDER._id)}`]: (call) => ({
        body: { success: true, message: HANDLING_TEXT.orderFollowUpSaved, item: { ...ORDER, ...(call.body as object) } },
      }),
    });
    const { user } = renderRoute(`/orders/${ORDER._id}`);
    const form = await screen.findByRole('form', { name: 'Follow-up' });
    // An order has no owner: the day alone.
    expect(within(form).queryByLabelText('Owner')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Follow up on'), '2030-05-01');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', API.orderHandling(ORDER._id))).toHaveLength(1));
    expect(callsTo(calls, 'PATCH', API.orderHandling(ORDER._id))[0]?.body).toEqual({ followUpOn: '2030-05-01' });
    expect(await screen.findByText(HANDLING_TEXT.orderFollowUpSaved)).toBeInTheDocument();
    expect(within(form).getByLabelText('Follow up on')).toHaveValue('2030-05-01');
    await user.clear(within(form).getByLabelText('Follow up on'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', API.orderHandling(ORDER._id))).toHaveLength(2));
    expect(callsTo(calls, 'PATCH', API.orderHandling(ORDER._id))[1]?.body).toEqual({ followUpOn: null });
  });

  it("is not on the buyer's page", async () => {
    logIn('USER');
    const calls = stubFetch({
      [`GET ${API.order(ORDER._id)}`]: { body: { success: true, message: ORDER_MESSAGES.orderFetched, order: ORDER } },
    });
    renderRoute(`/orders/${ORDER._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Order ORD-2026-0007' });
    await screen.findByText('LC at sight');
    expect(screen.queryByRole('form', { name: 'Follow-up' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.team)).toHaveLength(0);
  });
});

describe('the order page: changes that overlap', () => {
  it("reads the order again when a step's answer comes back after a document attached meanwhile (the last answer is not the newest)", async () => {
    logIn('ADMIN');
    const document: Order['documents'][number] = {
      _id: 'd2',
      type: 'BILL_OF_LADING',
      fileName: 'bl.pdf',
      contentType: 'application/pdf',
      bytes: 1024,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const shipped: Order = { ...ORDER, step: 'SHIPPED', late: false, trackingUrl: 'https://track.example/1' };
    // The server attached the document before it recorded the step; the step's answer, sent after
    // it, arrives last and knows nothing of the document.
    const withDocument: Order = { ...ORDER, documents: [...ORDER.documents, document] };
    const both: Order = { ...shipped, documents: withDocument.documents };
    let answerStep: () => void = () => undefined;
    const stepAnswered = new Promise<void>((resolve) => (answerStep = resolve));
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost').pathname;
        const method = (init?.method ?? 'GET').toUpperCase();
        const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
        if (method === 'GET' && path === API.profile) return json({ success: true, message: 'ok', user: { ...TEST_USER, role: 'ADMIN' } });
        if (method === 'GET' && path === API.order(ORDER._id)) {
          reads += 1;
          return json({ success: true, message: ORDER_MESSAGES.orderFetched, order: reads === 1 ? ORDER : both });
        }
        if (method === 'POST' && path === API.orderMilestone(ORDER._id)) {
          await stepAnswered;
          return json({ success: true, message: ORDER_MESSAGES.milestoneRecorded, order: shipped });
        }
        return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
      }),
    );
    stubXhr({ body: { success: true, message: ORDER_MESSAGES.documentAdded, order: withDocument } });
    const { user } = renderRoute(`/orders/${ORDER._id}`);
    const stepForm = await screen.findByRole('form', { name: 'Record the next step' });
    await fillShipment(user, stepForm);
    await user.click(within(stepForm).getByRole('button', { name: 'Record Shipped' }));

    const documentForm = screen.getByRole('form', { name: 'Attach document' });
    await user.selectOptions(within(documentForm).getByLabelText('Document type'), 'BILL_OF_LADING');
    await user.upload(within(documentForm).getByLabelText(/^File/), new File(['%PDF-1.4'], 'bl.pdf', { type: 'application/pdf' }));
    await user.click(within(documentForm).getByRole('button', { name: 'Attach document' }));
    await waitFor(() => expect(within(documentForm).getByRole('button', { name: 'Attach document' })).toBeDisabled());
    answerStep();

    expect(await screen.findByRole('link', { name: 'Track shipment (opens in a new tab)' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bill of lading: bl.pdf' })).toBeInTheDocument();
    expect(reads).toBe(2);
  });
});

describe('the order page (its buyer)', () => {
  it('confirms the delivery after the documents were sent, behind a confirmation; no administrator forms', async () => {
    logIn('USER');
    const sent: Order = { ...ORDER, step: 'DOCUMENTS_SENT', late: false };
    const delivered: Order = {
      ...sent,
      step: 'DELIVERED',
      milestones: [
        ...sent.milestones,
        { step: 'DELIVERED', at: '2026-12-20', note: '', by: 'BUYER', recordedAt: '2026-12-20T10:00:00.000Z' },
      ],
    };
    const calls = stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
      [`GET ${API.order(ORDER._id)}`]: { body: { success: true, message: ORDER_MESSAGES.orderFetched, order: sent } },
      [`POST ${API.orderDelivered(ORDER._id)}`]: { body: { success: true, message: ORDER_MESSAGES.deliveryConfirmed, order: delivered } },
    });
    const { user } = renderRoute(`/orders/${ORDER._id}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm delivery' }));
    expect(screen.queryByRole('form', { name: 'Record the next step' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Attach document' })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Has your order arrived?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() => expect(callsTo(calls, 'POST', API.orderDelivered(ORDER._id))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm delivery' })).not.toBeInTheDocument());
    const timeline = screen.getByRole('region', { name: 'Timeline of order ORD-2026-0007' });
    expect(timeline.querySelector('[aria-current="step"]')).toHaveTextContent('Delivered');
  });
});

describe('My Orders in Arabic', () => {
  afterEach(() => setCatalogue('en', en, enMessages, enApp, enAdmin));

  it('names the steps, documents and fields in Arabic, with Western digits and the codes left to right', async () => {
    setCatalogue('ar', ar, arMessages, arDesk, arApp);
    logIn('USER');
    stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
      [`GET ${API.myOrders}`]: { body: { success: true, message: ORDER_MESSAGES.ordersFetched, orders: [ORDER] } },
    });
    renderRoute('/my-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'طلبياتي' })).toBeInTheDocument();
    const card = await screen.findByRole('article');
    const heading = within(card).getByRole('heading', { name: 'الطلبية ORD-2026-0007' });
    expect(within(heading).getByText('ORD-2026-0007')).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByText('متأخرة')).toBeInTheDocument();
    const timeline = within(card).getByRole('region', { name: 'مراحل الطلبية \u2066ORD-2026-0007\u2069' });
    expect(timeline.querySelector('[aria-current="step"]')).toHaveTextContent('تمت التعبئة');
    expect(timeline).toHaveTextContent('صدرت الفاتورة المبدئية');
    expect(timeline).toHaveTextContent('رقم الحاوية: MSCU1234567');
    expect(within(timeline).getByText('MSCU1234567')).toHaveAttribute('dir', 'ltr');
    // The amount through Intl, in Western digits.
    expect(timeline).toHaveTextContent(/المبلغ المستلَم: .*4,446\.00/);
    expect(within(card).getByRole('link', { name: 'قائمة التعبئة: packing.pdf' })).toHaveAttribute(
      'href',
      API.orderDocument(ORDER._id, 'd1'),
    );
    expect(within(card).getByRole('link', { name: 'الفاتورة المبدئية (PDF)' })).toHaveAttribute('href', API.orderProforma(ORDER._id));
    expect(card).not.toHaveTextContent(/Packed|Timeline|Documents|Container number/);
  });
});
