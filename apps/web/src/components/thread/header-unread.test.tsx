import { API } from '@agro/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, renderRoute, stubFetch, TEST_USER } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

describe("the header's unread total", () => {
  it('shows a signed-in person their unread messages, linked to their profile', async () => {
    logIn('USER');
    stubFetch({
      [`GET ${API.profile}`]: { body: { success: true, message: 'ok', user: TEST_USER } },
      [`GET ${API.unreadMessages}`]: { body: { success: true, message: 'ok', unread: 3 } },
    });
    renderRoute('/about');
    expect(await screen.findByRole('link', { name: '3 unread messages' })).toHaveAttribute('href', '/profile');
  });

  it('asks nothing for a visitor', async () => {
    const calls = stubFetch({});
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(callsTo(calls, 'GET', API.unreadMessages)).toHaveLength(0);
  });
});
