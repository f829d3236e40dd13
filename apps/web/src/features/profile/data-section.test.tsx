import { API, DATA_RIGHTS_TEXT, ACCOUNT_API } from '@agro/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byLabel, callsTo, expectLoggedErrors, logIn, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const base = {
  [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
  [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [] } },
  [`GET ${ACCOUNT_API.userSessions}`]: { body: { success: true, message: 'ok', sessions: [] } },
};

const section = async () => (await screen.findByRole('heading', { name: 'Your data' })).closest('section')!;

describe('profile: your data', () => {
  it('offers the data as a JSON file and as a ZIP with its files, as plain download links', async () => {
    logIn('USER');
    stubFetch(base);
    renderRoute('/profile');
    const data = await section();
    const json = within(data).getByRole('link', { name: 'Download your data' });
    expect(json).toHaveAttribute('href', ACCOUNT_API.dataExport);
    expect(json).toHaveAttribute('download');
    expect(within(data).getByRole('link', { name: 'Download your data with its files (ZIP)' })).toHaveAttribute(
      'href',
      `${ACCOUNT_API.dataExport}?format=zip`,
    );
  });

  it('deletes the account after its password, says what the law keeps, signs out and goes home', async () => {
    logIn('USER');
    const calls = stubFetch({
      ...base,
      [`DELETE ${ACCOUNT_API.deleteAccount}`]: {
        body: {
          success: true,
          message: DATA_RIGHTS_TEXT.deleted,
          kept: [{ orderNumber: 'SAE-2026-0001', keptUntil: '2034-11-27' }],
          retentionYears: 8,
          anonymised: { quotes: 1, inquiries: 0 },
        },
      },
      // The home page it lands on.
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
    });
    const { user, router, store } = renderRoute('/profile');
    await user.click(within(await section()).getByRole('button', { name: 'Delete your account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('kept as the law requires for 8 years after each order');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText(DATA_RIGHTS_TEXT.passwordRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', ACCOUNT_API.deleteAccount)).toHaveLength(0);

    await user.type(byLabel('Your password'), 'Str0ng!Pass{Enter}');
    expect(
      await screen.findByText(/Your account was deleted\. Kept as the law requires until .*2034: orders SAE-2026-0001/),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', ACCOUNT_API.deleteAccount)[0]!.body).toEqual({ password: 'Str0ng!Pass' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it("a wrong password: the server's message, the account and the dialog stay", async () => {
    logIn('USER');
    const logged = expectLoggedErrors();
    stubFetch({
      ...base,
      [`DELETE ${ACCOUNT_API.deleteAccount}`]: { status: 400, body: { success: false, message: DATA_RIGHTS_TEXT.wrongPassword } },
    });
    const { user, router, store } = renderRoute('/profile');
    await user.click(within(await section()).getByRole('button', { name: 'Delete your account' }));
    await user.type(byLabel('Your password'), 'wrong{Enter}');
    expect(await screen.findByText(DATA_RIGHTS_TEXT.wrongPassword)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(logged).toHaveBeenCalled();
  });
});
