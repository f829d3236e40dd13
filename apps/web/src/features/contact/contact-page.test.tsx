import { API, DEFAULT_SETTINGS, FORM_MIN_FILL_MS, formatPostalAddress, SUCCESS, UI_TEXT, VALIDATION as V } from '@agro/shared';
import ar from '@agro/shared/locales/ar/public.json';
import arApp from '@agro/shared/locales/ar/app.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '@/lib/i18n';
import { atLeast, byLabel, callsTo, logIn, makeProduct, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const products = [makeProduct(), makeProduct({ _id: 'p2', productName: 'Fried Onions', productQuantityType: 'TONS' })];
const productsReply = { body: { success: true, message: 'ok', products } };

describe('contact page', () => {
  it('shows the required message under every empty field and the email message', async () => {
    logIn('USER');
    const calls = stubFetch({ [`GET ${API.productList}`]: productsReply });
    const { user } = renderRoute('/contact');
    await screen.findByRole('option', { name: 'Fried Onions' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getAllByText(V.contactRequired)).toHaveLength(7));
    await user.type(byLabel('Email'), 'buyer@example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(V.invalidEmail)).toBeInTheDocument();
    expect(screen.getAllByText(V.contactRequired)).toHaveLength(6);
    expect(callsTo(calls, 'POST', API.addContact)).toHaveLength(0);
  });

  it('sends the inquiry with productName but not the unit, then resets the form', async () => {
    logIn('USER');
    const calls = stubFetch({
      [`GET ${API.productList}`]: productsReply,
      [`POST ${API.addContact}`]: { status: 201, body: { success: true, message: SUCCESS.contact } },
    });
    const { user } = renderRoute('/contact');
    await screen.findByRole('option', { name: 'Fried Onions' });
    await user.type(byLabel('Full Name'), 'John Smith');
    await user.type(byLabel('Email'), 'john@importco.co.uk');
    await user.type(byLabel('Company Name'), 'ImportCo Ltd');
    await user.type(byLabel('Country'), 'United Kingdom');
    await user.selectOptions(byLabel('Product'), 'p2');
    expect(screen.getByText('TONS')).toBeInTheDocument();
    await user.type(byLabel('Estimated Quantity'), '20');
    await user.type(byLabel('Description'), 'Monthly supply of fried onions.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    // After the form's minimum fill time (lib/bot-signals.tsx).
    await waitFor(() => expect(callsTo(calls, 'POST', API.addContact)).toHaveLength(1), { timeout: 4000 });
    expect(callsTo(calls, 'POST', API.addContact)[0]?.body).toEqual({
      fullName: 'John Smith',
      email: 'john@importco.co.uk',
      companyName: 'ImportCo Ltd',
      country: 'United Kingdom',
      productId: 'p2',
      estimatedQuantity: 20,
      description: 'Monthly supply of fried onions.',
      productName: 'Fried Onions',
      fillMs: atLeast(FORM_MIN_FILL_MS.inquiry),
    });
    expect(await screen.findByText(SUCCESS.contact)).toBeInTheDocument();
    await waitFor(() => expect(byLabel('Full Name')).toHaveValue(''));
    expect(byLabel('Product')).toHaveValue('');
  });

  it("says 'Usually replies within N hours' when the site's figure qualifies, and nothing when it does not", async () => {
    logIn('USER');
    stubFetch({
      [`GET ${API.productList}`]: productsReply,
      [`GET ${API.settings}`]: { body: { success: true, message: 'ok', settings: { ...DEFAULT_SETTINGS, replyTimeHours: 3 } } },
    });
    const first = renderRoute('/contact');
    const hours = await screen.findByRole('region', { name: /Business hours/ });
    expect(await within(hours).findByText('Usually replies within 3 hours')).toBeInTheDocument();
    first.unmount();
    stubFetch({
      [`GET ${API.productList}`]: productsReply,
      [`GET ${API.settings}`]: { body: { success: true, message: 'ok', settings: { ...DEFAULT_SETTINGS, replyTimeHours: null } } },
    });
    renderRoute('/contact');
    const again = await screen.findByRole('region', { name: /Business hours/ });
    await waitFor(() => expect(within(again).queryByText(/Usually replies within/)).not.toBeInTheDocument());
  });

  it('shows the contact details, business hours, reply promise and the four FAQ answers', async () => {
    logIn('USER');
    stubFetch({ [`GET ${API.productList}`]: productsReply });
    const { user } = renderRoute('/contact');
    const details = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(details).getByText('WhatsApp')).toBeInTheDocument();
    const email = DEFAULT_SETTINGS.publicEmail;
    expect(within(details).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    expect(within(details).getByText(formatPostalAddress(DEFAULT_SETTINGS.address))).toBeInTheDocument();
    const hours = screen.getByRole('region', { name: /Business hours/ });
    // SPEC.md section 1: Mon-Fri 9:00 AM - 6:00 PM, Saturday 9:00 AM - 2:00 PM, Sunday closed.
    for (const text of ['Monday - Friday', '9:00 AM - 6:00 PM', 'Saturday', '9:00 AM - 2:00 PM', 'Sunday', 'Closed']) {
      expect(within(hours).getByText(text)).toBeInTheDocument();
    }
    expect(within(hours).getByText('We reply to every inquiry within 24 hours.')).toBeInTheDocument();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('group')).toHaveLength(4);
    const first = within(faq).getByText(DEFAULT_SETTINGS.faq[0]!.question);
    await user.click(first);
    expect(first.closest('details')).toHaveAttribute('open');
    for (const item of DEFAULT_SETTINGS.faq) expect(within(faq).getByText(item.answer)).toBeInTheDocument();
  });

  it('is not open to an admin', async () => {
    logIn('ADMIN');
    stubFetch({});
    renderRoute('/contact');
    expect(await screen.findByText(UI_TEXT.accessDenied)).toBeInTheDocument();
  });
});

describe('contact page in Arabic', () => {
  afterEach(() => setCatalogue('en', en, enMessages, enApp, enAdmin));

  it("shows the business hours in the page's words: the days, the times and 'Closed'", async () => {
    setCatalogue('ar', ar, arMessages, arApp);
    logIn('USER');
    stubFetch({ [`GET ${API.productList}`]: productsReply });
    renderRoute('/contact');
    const hours = await screen.findByRole('region', { name: 'ساعات العمل (IST)' });
    expect(within(hours).getByText('الاثنين - الجمعة')).toBeInTheDocument();
    expect(within(hours).getByText(/^9:00\sص - 6:00\sم$/)).toBeInTheDocument();
    const closed = within(hours).getByText('مغلق');
    expect(closed).toHaveClass('text-red-700');
    expect(within(hours).getByText('الأحد')).toBeInTheDocument();
    expect(hours).not.toHaveTextContent(/Monday|Closed|AM|PM/);
  });
});
