import { API, UI_TEXT, VALIDATION as V } from '@agro/shared';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byLabel, callsTo, logIn, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';
import { makeQuote } from '@/test/quote-fixtures';

afterEach(() => vi.unstubAllGlobals());

/** Quoted texts keep their double spaces: match them without collapsing whitespace. */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) };

const profileReply = (user = TEST_USER) => ({ body: { success: true, message: 'ok', user } });

describe('profile (USER)', () => {
  it('greets by first name, pre-fills the form, shows Customer Since and the user quotes with badges', async () => {
    logIn('USER');
    const calls = stubFetch({
      [`GET ${API.profile}`]: profileReply(),
      [`GET ${API.userQuotes}`]: {
        body: {
          success: true,
          message: 'ok',
          quotes: [
            makeQuote(),
            makeQuote({
              _id: 'q2',
              productId: {
                _id: 'p2',
                productName: 'Fried Onions',
                productType: 'AGRO',
                productQuantityType: 'TONS',
                isPremium: true,
                isOrganic: true,
              },
            }),
            makeQuote({ _id: 'q3', productId: null }),
          ],
        },
      },
    });
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: 'Hello, Asha' })).toBeInTheDocument();
    expect(byLabel('Full Name')).toHaveValue('Asha Verma');
    expect(byLabel('Email')).toHaveValue('asha@example.com');
    expect(byLabel('Phone Number')).toHaveValue('+91-9876543210');
    expect(byLabel(UI_TEXT.customerSince)).toHaveValue(
      new Date(TEST_USER.createdAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
    );
    expect(byLabel(UI_TEXT.customerSince)).toHaveAttribute('readonly');
    expect(screen.getByRole('heading', { name: UI_TEXT.yourQuotes })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Organic')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Corrugated Box')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('2,500 KG')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Premium')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Standard')).toBeInTheDocument();
    // USER cards have no admin controls.
    expect(screen.queryByRole('button', { name: /View details/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.profile)).toHaveLength(1);
  });

  it("shows 'N/A' without a creation date and 'No quotes yet' without quotes", async () => {
    logIn('USER', { createdAt: '' });
    stubFetch({
      [`GET ${API.profile}`]: profileReply({ ...TEST_USER, createdAt: '' }),
      [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [] } },
    });
    renderRoute('/profile');
    expect(await screen.findByText(UI_TEXT.noQuotes)).toBeInTheDocument();
    expect(byLabel(UI_TEXT.customerSince)).toHaveValue('N/A');
  });

  it('validates the profile, asks for confirmation, updates, then refreshes the profile', async () => {
    logIn('USER');
    const calls = stubFetch({
      [`GET ${API.profile}`]: profileReply(),
      [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [] } },
      [`POST ${API.updateProfile}`]: { body: { success: true, message: 'ok', user: { ...TEST_USER, fullName: 'Asha Kulkarni' } } },
    });
    const { user } = renderRoute('/profile');
    await screen.findByText(UI_TEXT.noQuotes);
    await user.clear(byLabel('Full Name'));
    await user.type(byLabel('Full Name'), 'Asha');
    await user.clear(byLabel('Phone Number'));
    await user.type(byLabel('Phone Number'), '+91');
    await user.clear(byLabel('Email'));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(V.fullNameMin)).toBeInTheDocument();
    expect(screen.getByText(V.invalidPhone)).toBeInTheDocument();
    expect(screen.getByText(V.emailRequired)).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXT.updateProfileConfirm)).not.toBeInTheDocument();

    await user.clear(byLabel('Full Name'));
    await user.type(byLabel('Full Name'), 'Asha Kulkarni');
    await user.type(byLabel('Phone Number'), '-9876543210');
    await user.type(byLabel('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    const dialog = await screen.findByRole('dialog', { name: UI_TEXT.updateProfileConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(calls, 'POST', API.updateProfile)).toHaveLength(1));
    expect(callsTo(calls, 'POST', API.updateProfile)[0]?.body).toEqual({
      fullName: 'Asha Kulkarni',
      email: 'asha@example.com',
      phoneNumber: '+91-9876543210',
    });
    await waitFor(() => expect(callsTo(calls, 'GET', API.profile)).toHaveLength(2));
  });

  it('checks the change-password rules, then changes it and refreshes auth', async () => {
    logIn('USER');
    const calls = stubFetch({
      [`GET ${API.profile}`]: profileReply(),
      [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [] } },
      [`POST ${API.changePassword}`]: { body: { success: true, message: 'ok' } },
    });
    const { user } = renderRoute('/profile');
    await screen.findByText(UI_TEXT.noQuotes);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    const submit = within(dialog).getByRole('button', { name: 'Update Password' });
    await user.click(submit);
    expect(await within(dialog).findByText(V.oldPasswordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(V.newPasswordRequired, exact)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Old Password/), 'Secret@123');
    await user.type(within(dialog).getByLabelText(/^New Password/), 'Secret@123');
    await user.click(submit);
    expect(await within(dialog).findByText(V.samePassword, exact)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^New Password/));
    await user.type(within(dialog).getByLabelText(/^New Password/), 'weakpassword');
    await user.click(submit);
    expect(await within(dialog).findByText(V.strongNewPassword)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', API.changePassword)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^New Password/));
    await user.type(within(dialog).getByLabelText(/^New Password/), 'Better@456');
    await user.click(submit);
    await waitFor(() => expect(callsTo(calls, 'POST', API.changePassword)).toHaveLength(1));
    expect(callsTo(calls, 'POST', API.changePassword)[0]?.body).toEqual({ oldPassword: 'Secret@123', newPassword: 'Better@456' });
    await waitFor(() => expect(callsTo(calls, 'GET', API.profile)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('profile (ADMIN)', () => {
  it('lists all quotes, opens the details table and deletes a quote after confirmation', async () => {
    logIn('ADMIN', { fullName: 'Ravi Patil' });
    let deleted = false;
    const calls = stubFetch({
      [`GET ${API.profile}`]: profileReply({ ...TEST_USER, fullName: 'Ravi Patil', role: 'ADMIN' }),
      [`GET ${API.allQuotes}`]: () => ({ body: { success: true, message: 'ok', quotes: deleted ? [] : [makeQuote()] } }),
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
      [`DELETE ${API.deleteQuote('q1')}`]: () => {
        deleted = true;
        return { body: { success: true, message: 'ok' } };
      },
    });
    const { user, router } = renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: 'Hello, Ravi' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: UI_TEXT.allQuotes })).toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(card).queryByText('Organic')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /Delete the quote/ }));
    const dialog = await screen.findByRole('dialog', { name: UI_TEXT.deleteQuoteConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', API.deleteQuote('q1'))).toHaveLength(1));
    expect(await screen.findByText(UI_TEXT.noQuotes)).toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.allQuotes)).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('shows every field of a quote on /quote/description', async () => {
    logIn('ADMIN');
    stubFetch({
      [`GET ${API.profile}`]: profileReply({ ...TEST_USER, role: 'ADMIN' }),
      [`GET ${API.allQuotes}`]: { body: { success: true, message: 'ok', quotes: [makeQuote({ isUrgent: true })] } },
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
    });
    const { user, router } = renderRoute('/profile');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: /View details/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote/description'));
    const table = await screen.findByRole('table');
    const cell = (label: string) => within(within(table).getByRole('rowheader', { name: label }).closest('tr')!).getByRole('cell');
    expect(cell('Company Name')).toHaveTextContent('Global Foods LLC');
    expect(cell('Contact Person')).toHaveTextContent('Maria Lopez');
    expect(cell('Product Name')).toHaveTextContent('Organic Jaggery Powder');
    expect(cell('Product Type')).toHaveTextContent('AGRO');
    expect(cell('Required Quantity')).toHaveTextContent('2500 KG');
    expect(cell('Packaging Type')).toHaveTextContent('Corrugated Box');
    expect(cell('Custom Packaging Required')).toHaveTextContent('Yes');
    expect(cell('Urgent')).toHaveTextContent('Yes');
    expect(cell('Heard From')).toHaveTextContent('Google');
    expect(cell('Quoted By')).toHaveTextContent('asha@example.com');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(17);
  });

  it('explains when /quote/description is opened without a quote', async () => {
    logIn('ADMIN');
    stubFetch({});
    renderRoute('/quote/description');
    expect(await screen.findByRole('heading', { name: 'No quote selected' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Profile/ })).toHaveAttribute('href', '/profile');
  });
});
