import { API } from '@agro/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byLabel, logIn, renderRoute } from '@/test/render-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Audit log filters', () => {
  it('keep a type chosen before the list has loaded (the list arriving does not reset it)', async () => {
    logIn('ADMIN');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = { success: true, message: 'ok', audit: [], total: 0, page: 1 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
        if (url.pathname === API.audit) await gate;
        const body = url.pathname === API.audit ? answer : { success: false, message: 'Not found' };
        return new Response(JSON.stringify(body), {
          status: url.pathname === API.audit ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const { user, router } = renderRoute('/audit');
    const type = (await screen.findByLabelText('Type')) as HTMLSelectElement;
    await user.selectOptions(type, 'settings');
    await user.type(byLabel('Person (e-mail)'), 'owner@example.com');
    release();
    await screen.findByText('No changes recorded yet');
    expect(type.value).toBe('settings');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?actor=owner%40example.com&type=settings'));
  });
});
