import { API, type PasskeyRecord, ACCOUNT_API } from '@agro/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const laptop: PasskeyRecord = {
  _id: 'pk1',
  name: 'Work laptop',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};

const base = {
  [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
  [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [] } },
  [`GET ${ACCOUNT_API.userSessions}`]: { body: { success: true, message: 'ok', sessions: [] } },
};

describe('profile: passkeys', () => {
  it('lists the passkeys, renames one in a dialog and removes it after asking', async () => {
    logIn('USER');
    const calls = stubFetch({
      ...base,
      [`GET ${ACCOUNT_API.passkeys}`]: { body: { success: true, message: 'ok', passkeys: [laptop] } },
      [`PATCH ${ACCOUNT_API.renamePasskey('pk1')}`]: {
        body: { success: true, message: 'Passkey renamed', passkey: { ...laptop, name: 'Home laptop' } },
      },
      [`DELETE ${ACCOUNT_API.deletePasskey('pk1')}`]: { body: { success: true, message: 'Passkey removed' } },
    });
    renderRoute('/profile');
    const section = (await screen.findByRole('heading', { name: 'Passkeys' })).closest('section')!;
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent('Work laptop');
    expect(item).toHaveTextContent('not used yet');

    await userEvent.click(within(section).getByRole('button', { name: 'Rename passkey Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByLabelText(/Passkey name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Home laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Home laptop')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', ACCOUNT_API.renamePasskey('pk1'))).toHaveLength(1);

    await userEvent.click(within(section).getByRole('button', { name: 'Remove passkey Home laptop' }));
    const confirm = await screen.findByRole('dialog', { name: /Remove the passkey Home laptop\?/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByText('No passkeys yet.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', ACCOUNT_API.deletePasskey('pk1'))).toHaveLength(1);
  });
});
