import { API, HANDLING_TEXT, type Inquiry } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import arAdmin from '@agro/shared/locales/ar/admin.json';
import arApp from '@agro/shared/locales/ar/app.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { callsTo, logIn, renderRoute, stubFetch } from '@/test/render-harness';

const INQUIRY: Inquiry = {
  _id: 'i1',
  fullName: 'Omar Haddad',
  email: 'omar@gulf-foods.example',
  companyName: 'Gulf Foods',
  country: 'United Arab Emirates',
  productId: 'p1',
  productName: 'Natural Jaggery Blocks',
  productQuantityType: 'KG',
  estimatedQuantity: 250000,
  description: 'Please quote CIF Jebel Ali.',
  createdAt: '2026-11-20T09:30:00.000Z',
  handled: false,
  handledAt: null,
  replyDueAt: '2026-11-21T09:30:00.000Z',
  firstReplyAt: null,
};

const reply = {
  body: {
    success: true,
    message: 'ok',
    inquiries: [INQUIRY],
    total: 1,
    page: 1,
    limit: 20,
    pageCount: 1,
    countries: ['United Arab Emirates'],
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  setCatalogue('en', en, enMessages, enApp, enAdmin);
});

describe('Inquiry inbox', () => {
  it('speaks English as it always did', async () => {
    logIn('ADMIN');
    stubFetch({ [`GET ${API.allInquiries}`]: reply, [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } } });
    renderRoute('/inquiries');
    const list = await screen.findByRole('list', { name: 'Inquiries, newest first' });
    expect(within(list).getAllByText('Open')).toHaveLength(2);
    expect(within(list).getByText(/2,50,000 KG/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Mark handled: the inquiry from Gulf Foods' })).toHaveTextContent('Mark handled');
    expect(screen.getByText(/1 inquiry ·/)).toBeInTheDocument();
  });

  it("opens the inquiry a mail's link names, although the inbox's page does not list it (handled long ago)", async () => {
    logIn('ADMIN');
    const OLD: Inquiry = {
      ...INQUIRY,
      _id: 'i9',
      companyName: 'Hamburg Spice Traders',
      handled: true,
      handledAt: '2026-01-05T10:00:00.000Z',
    };
    stubFetch({
      [`GET ${API.allInquiries}`]: reply,
      [`GET ${API.inquiry('i9')}`]: { body: { success: true, message: 'Inquiry fetched successfully', inquiry: OLD } },
      [`GET ${API.contactMessages('i9')}`]: { body: { success: true, message: 'ok', messages: [], total: 0, page: 1 } },
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
    });
    renderRoute('/inquiries?inquiry=i9');
    const dialog = await screen.findByRole('dialog', { name: 'Inquiry from Hamburg Spice Traders' });
    expect(within(dialog).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('says so when the inquiry a link names is gone', async () => {
    logIn('ADMIN');
    stubFetch({
      [`GET ${API.allInquiries}`]: reply,
      [`GET ${API.inquiry('gone')}`]: { status: 404, body: { success: false, message: 'Inquiry not found' } },
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
    });
    renderRoute('/inquiries?inquiry=gone');
    expect(await screen.findByText('Inquiry not found')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Arabic with the administrators’ catalogue, figures in Western digits and the e-mail left to right', async () => {
    setCatalogue('ar', ar, arMessages, arApp, arAdmin);
    logIn('ADMIN');
    stubFetch({ [`GET ${API.allInquiries}`]: reply, [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } } });
    const { user } = renderRoute('/inquiries');
    expect(screen.getByRole('heading', { level: 1, name: 'صندوق الاستفسارات' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'الاستفسارات، الأحدث أولًا' });
    expect(within(list).getByText('مفتوح')).toBeInTheDocument();
    expect(within(list).getByText(/250,000 KG/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'فتح الاستفسار الوارد من Gulf Foods' }));
    const dialog = await screen.findByRole('dialog', { name: 'استفسار من Gulf Foods' });
    expect(within(dialog).getByText('الكمية التقديرية')).toBeInTheDocument();
    expect(within(dialog).getByText('omar@gulf-foods.example').tagName).toBe('BDI');
  });

  describe('the reply clock and the owner (issue 41)', () => {
    const HOUR = 3_600_000;
    const late = (): Inquiry => {
      const due = Date.now() - (5 * HOUR + 5 * 60_000);
      return { ...INQUIRY, createdAt: new Date(due - 24 * HOUR).toISOString(), replyDueAt: new Date(due).toISOString(), assignee: null };
    };
    const team = {
      body: {
        success: true,
        message: 'ok',
        admins: [
          { _id: 'u1', fullName: 'Asha Verma', email: 'asha@example.com', createdAt: '2025-01-01T00:00:00.000Z' },
          { _id: 'u2', fullName: 'Ravi Patil', email: 'ravi@example.com', createdAt: '2025-01-01T00:00:00.000Z' },
        ],
        invites: [],
      },
    };
    const listOf = (inquiry: Inquiry) => ({ body: { ...reply.body, inquiries: [inquiry] } });

    it('shows how late each inquiry is and who owns it; the dialog sets the owner, and Mark handled stops the clock', async () => {
      logIn('ADMIN');
      const inquiry = late();
      const calls = stubFetch({
        [`GET ${API.allInquiries}`]: listOf(inquiry),
        [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
        [`GET ${API.team}`]: team,
        [`GET ${API.contactMessages('i1')}`]: { body: { success: true, message: 'ok', messages: [], total: 0, page: 1 } },
        [`PATCH ${API.inquiryHandling('i1')}`]: {
          body: {
            success: true,
            message: HANDLING_TEXT.inquiryHandlingSaved,
            item: { ...inquiry, assignee: { _id: 'u2', fullName: 'Ravi Patil' } },
          },
        },
        [`PATCH ${API.updateInquiry('i1')}`]: {
          body: {
            success: true,
            message: 'Inquiry marked as handled',
            inquiry: { ...inquiry, assignee: { _id: 'u2', fullName: 'Ravi Patil' }, handled: true, firstReplyAt: new Date().toISOString() },
          },
        },
      });
      const { user } = renderRoute('/inquiries?reply=overdue&sort=due');
      const list = await screen.findByRole('list', { name: 'Inquiries, newest first' });
      expect(callsTo(calls, 'GET', API.allInquiries)[0]?.search).toBe('reply=overdue&sort=due&page=1&limit=12');
      expect(screen.getByLabelText('Sort')).toHaveValue('due');
      expect(within(list).getByText('late by 5 h')).toBeInTheDocument();
      expect(within(list).getByText('No owner')).toBeInTheDocument();

      await user.click(within(list).getByRole('button', { name: 'Open the inquiry from Gulf Foods' }));
      const dialog = await screen.findByRole('dialog', { name: 'Inquiry from Gulf Foods' });
      expect(within(dialog).getByText('late by 5 h')).toBeInTheDocument();
      expect(within(dialog).getByText(/^Reply due .+ \(IST\)$/)).toBeInTheDocument();
      await waitFor(() =>
        expect(within(within(dialog).getByLabelText('Owner')).getByRole('option', { name: 'Ravi Patil' })).toBeInTheDocument(),
      );
      await user.selectOptions(within(dialog).getByLabelText('Owner'), 'Ravi Patil');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(callsTo(calls, 'PATCH', API.inquiryHandling('i1'))).toHaveLength(1));
      expect(callsTo(calls, 'PATCH', API.inquiryHandling('i1'))[0]?.body).toEqual({ assigneeId: 'u2', followUpOn: null });
      expect(await within(list).findByText('Owner: Ravi Patil')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
      expect(await within(dialog).findByText(/^answered in \d+ h$/)).toBeInTheDocument();
      expect(within(list).queryByText('late by 5 h')).not.toBeInTheDocument();
    });

    it('speaks Arabic', async () => {
      setCatalogue('ar', ar, arMessages, arApp, arAdmin);
      logIn('ADMIN');
      stubFetch({
        [`GET ${API.allInquiries}`]: listOf(late()),
        [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
        [`GET ${API.team}`]: team,
      });
      renderRoute('/inquiries');
      const list = await screen.findByRole('list', { name: 'الاستفسارات، الأحدث أولًا' });
      expect(within(list).getByText('متأخر بمقدار 5 ساعات')).toBeInTheDocument();
      expect(within(list).getByText('بلا مسؤول')).toBeInTheDocument();
      const bar = screen.getByRole('region', { name: 'تصفية الاستفسارات' });
      expect(within(within(bar).getByLabelText('الرد')).getByRole('option', { name: 'متأخر' })).toHaveValue('overdue');
      expect(within(within(bar).getByLabelText('المسؤول')).getByRole('option', { name: 'أنا' })).toHaveValue('me');
    });
  });
});
