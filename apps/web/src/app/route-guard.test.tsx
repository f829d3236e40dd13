import { API, UI_TEXT } from '@agro/shared';
import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logIn, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const exact = { normalizer: getDefaultNormalizer({ trim: false }) };

describe('Route guards (SPEC.md section 2)', () => {
  it.each(['/quote', '/profile', '/contact', '/add-product', '/edit-product', '/quote/description'])(
    'sends a visitor from %s to /login with the toast',
    async (path) => {
      stubFetch({});
      const { router } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      // The text keeps its trailing space (SPEC.md section 8).
      expect(await screen.findByText(UI_TEXT.loginToContinue, exact)).toBeInTheDocument();
    },
  );

  it.each(['/add-product', '/edit-product', '/quote/description'])('shows a USER Access Denied on %s', async (path) => {
    stubFetch({});
    logIn('USER');
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: UI_TEXT.accessDenied })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: UI_TEXT.goBack })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows an ADMIN Access Denied on /contact', async () => {
    stubFetch({});
    logIn('ADMIN');
    renderRoute('/contact');
    expect(await screen.findByRole('heading', { name: UI_TEXT.accessDenied })).toBeInTheDocument();
  });

  it('lets a USER open /contact', async () => {
    // The contact form loads the product list for its product select.
    stubFetch({ [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } } });
    logIn('USER');
    renderRoute('/contact');
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent(UI_TEXT.accessDenied);
  });

  it('shows the not-found page with Go Back for an unknown path, and Go Back goes back', async () => {
    stubFetch({});
    const { router, user } = renderRoute('/about');
    await router.navigate('/no/such/page');
    expect(await screen.findByRole('heading', { name: UI_TEXT.notFound })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UI_TEXT.goBack }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });
});
