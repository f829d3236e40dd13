import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserStore } from './client-store';
import { login, logout } from './auth-slice';
import { TEST_USER } from '@/test/render-harness';

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
