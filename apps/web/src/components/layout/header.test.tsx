import { API, UI_TEXT } from '@agro/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const linkNames = () =>
  within(mainNav())
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Header links per role (SPEC.md section 2)', () => {
  it('shows a visitor Home, Products, Gallery, About, Contact, Register and Login', () => {
    stubFetch({});
    renderRoute('/about');
    expect(linkNames()).toEqual(['Home', 'Products', 'Gallery', 'About', 'Contact', 'Register', 'Login']);
    expect(within(mainNav()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows a USER About, Contact, Profile and Logout, without Register, Login or Add Product', () => {
    stubFetch({});
    logIn('USER');
    renderRoute('/about');
    expect(linkNames()).toEqual(['Home', 'Products', 'Gallery', 'About', 'Contact', 'Profile']);
    expect(within(mainNav()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows an ADMIN Add Product, Profile and Logout, and hides About and Contact', () => {
    stubFetch({});
    logIn('ADMIN');
    renderRoute('/about');
    expect(linkNames()).toEqual(['Home', 'Products', 'Gallery', 'Add Product', 'Inquiries', 'Settings', 'Profile']);
    expect(within(mainNav()).getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/add-product');
    expect(within(mainNav()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('marks the current page with aria-current', () => {
    stubFetch({});
    renderRoute('/about');
    expect(within(mainNav()).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('shows the business phone and email', () => {
    stubFetch({});
    renderRoute('/about');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: /\+919876543210/ })).toHaveAttribute('href', 'tel:+919876543210');
    expect(within(banner).getAllByRole('link', { name: /info@sahyadriagroexports\.com/ })[0]).toHaveAttribute(
      'href',
      'mailto:info@sahyadriagroexports.com',
    );
  });
});

describe('Small-screen menu', () => {
  it('opens and closes with a labelled button that reports its state', async () => {
    stubFetch({});
    const { user } = renderRoute('/about');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Close menu');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).toContainElement(menu);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(linkNames());

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on an Escape pressed as soon as it shows, before the next frame', async () => {
    stubFetch({});
    renderRoute('/about');
    const button = screen.getByRole('button', { name: 'Open menu' });
    // The key comes right after the menu's render, before an effect (run after the next frame) could listen.
    await new Promise<void>((resolve) => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('nav[aria-label="Main menu"]')) return;
        observer.disconnect();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
        resolve();
      }).observe(document.body, { childList: true, subtree: true });
      button.click();
    });
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });

  it('closes after following a link', async () => {
    stubFetch({ [`GET ${API.gallery}`]: { body: { success: true, message: 'ok', galleryImages: [] } } });
    const { user, router } = renderRoute('/about');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Gallery' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gallery'));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Logout', () => {
  it('asks first; Cancel keeps the person logged in', async () => {
    const calls = stubFetch({});
    logIn('USER');
    const { user } = renderRoute('/about');
    await user.click(within(mainNav()).getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('dialog', { name: UI_TEXT.logoutConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.logout)).toHaveLength(0);
    expect(within(mainNav()).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });

  it('logs out on Logout and goes to the home page', async () => {
    const calls = stubFetch({
      [`GET ${API.logout}`]: { body: { success: true, message: 'Logged out successfully' } },
      [`GET ${API.productList}`]: { body: { success: true, message: 'ok', products: [] } },
    });
    logIn('USER');
    const { user, router, store } = renderRoute('/about');
    await user.click(within(mainNav()).getByRole('button', { name: 'Logout' }));
    await user.click(within(screen.getByRole('dialog', { name: UI_TEXT.logoutConfirm })).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(calls, 'GET', API.logout)).toHaveLength(1);
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
