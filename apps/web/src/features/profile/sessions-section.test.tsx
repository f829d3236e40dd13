import { API, type SessionRecord, ACCOUNT_API } from '@agro/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const session = (over: Partial<SessionRecord>): SessionRecord => ({
  _id: 's1',
  current: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: '2026-11-27T08:00:00.000Z',
  userAgent: '',
  ipPrefix: '198.51.100.0/24',
  browser: 'Safari 18',
  os: 'iOS',
  deviceType: 'mobile',
  ...over,
});

const base = {
  [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
  [`GET ${API.userQuotes}`]: { body: { success: true, message: 'ok', quotes: [] } },
};

describe('profile: where you are signed in', () => {
  it('lists the sessions by device, marks this one, and signs out of another and then of every other', async () => {
    logIn('USER');
    const calls = stubFetch({
      ...base,
      [`GET ${ACCOUNT_API.userSessions}`]: {
        body: {
          success: true,
          message: 'ok',
          sessions: [
            session({ _id: 'here', current: true, browser: 'Chrome 131', os: 'Windows', deviceType: 'desktop' }),
            session({ _id: 'phone' }),
            session({ _id: 'tablet', browser: '', os: '', ipPrefix: '' }),
          ],
        },
      },
      [`DELETE ${ACCOUNT_API.userSession('phone')}`]: { body: { success: true, message: 'Session ended' } },
      [`DELETE ${ACCOUNT_API.endOtherSessions}`]: { body: { success: true, message: 'Every other session ended', ended: 1 } },
    });
    renderRoute('/profile');
    const section = (await screen.findByRole('heading', { name: 'Where you are signed in' })).closest('section')!;
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Chrome 131 on Windows')).toBeInTheDocument();
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Safari 18 on iOS')).toBeInTheDocument();
    expect(items[1]!).toHaveTextContent('Network 198.51.100.0/24');
    expect(within(items[2]!).getByText('Unknown browser')).toBeInTheDocument();

    await userEvent.click(within(items[1]!).getByRole('button', { name: /^Sign out of Safari 18 on iOS, last active / }));
    expect(await screen.findByText('Signed out of that device')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(callsTo(calls, 'DELETE', ACCOUNT_API.userSession('phone'))).toHaveLength(1);

    await userEvent.click(within(section).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out everywhere else')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(within(section).getByText('You are signed in on this device only.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded and tries again', async () => {
    logIn('USER');
    let fail = true;
    stubFetch({
      ...base,
      [`GET ${ACCOUNT_API.userSessions}`]: () =>
        fail
          ? { status: 500, body: { success: false, message: 'Internal server error' } }
          : { body: { success: true, message: 'ok', sessions: [session({ _id: 'here', current: true })] } },
    });
    renderRoute('/profile');
    expect(await screen.findByText('Could not load your sessions. Please try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
  });
});
