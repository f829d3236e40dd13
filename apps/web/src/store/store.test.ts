import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserStore } from './client-store';
import { login, logout } from './auth-slice';
import { makeStore, rendersAsTheServerDid } from './store';
import { logIn, TEST_USER } from '@/test/render-harness';

const { store, persistor } = createBrowserStore();

const persistedAuth = () => {
  const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
  return root.auth ? (JSON.parse(root.auth) as { isLoggedIn: boolean; role: string }) : null;
};

describe('persisted auth (root)', () => {
  afterEach(() => localStorage.clear());

  it('is written in the same tick as a login or a logout, not a moment later', async () => {
    await persistor.flush(); // rehydrated: the persistor writes from here on
    store.dispatch(login.fulfilled(TEST_USER, 'request-id', { email: TEST_USER.email, password: 'Secret@123' }));
    expect(persistedAuth()).toMatchObject({ isLoggedIn: true, role: TEST_USER.role });
    store.dispatch(logout.fulfilled({ success: true, message: 'ok' }, 'request-id', undefined));
    expect(persistedAuth()).toMatchObject({ isLoggedIn: false, role: '' });
  });
});

describe('a page the server rendered', () => {
  afterEach(() => localStorage.clear());

  it('is hydrated on a first visit, and rendered over for someone logged in (the server renders for no one)', () => {
    expect(rendersAsTheServerDid(makeStore().getState())).toBe(true);
    // Logged in on an earlier visit, with nothing else held: only the auth keys in localStorage.
    logIn('ADMIN');
    expect(rendersAsTheServerDid(makeStore().getState())).toBe(false);
  });
});
