import { API } from '@agro/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, renderRoute, stubFetch } from '@/test/render-harness';

afterEach(() => vi.unstubAllGlobals());

const dueSoon = (count: number) => ({
  body: { success: true, message: 'Leads due soon counted', withinHours: 4, dueSoon: count, late: 2, mine: { dueSoon: 1, late: 0 } },
});
const gallery = { body: { success: true, message: 'ok', galleryImages: [] } };
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe("the administrators' desk in the header (issue 41)", () => {
  it('gathers their screens behind one button, with the leads due within four hours beside it', async () => {
    logIn('ADMIN');
    stubFetch({ [`GET ${API.dueSoon}`]: dueSoon(3) });
    const { user } = renderRoute('/about');
    const desk = await within(mainNav()).findByRole('button', { name: 'Desk' });
    const count = await within(mainNav()).findByRole('link', { name: '3 leads due within 4 hours' });
    expect(count).toHaveAttribute('href', '/profile?reply=due&sort=due');
    expect(count).toHaveTextContent('3');
    // The links of the header stay where they are.
    expect(
      within(mainNav())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Products', 'Gallery', 'Add Product', 'Inquiries', 'Settings', 'Profile', '3']);

    expect(desk).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(desk.getAttribute('aria-controls') ?? '')!;
    expect(list).not.toBeVisible();
    await user.click(desk);
    expect(desk).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['All Quotes', '/profile'],
      ['Inquiries', '/inquiries'],
      ['Orders', '/orders'],
      ['Team', '/team'],
      ['Audit log', '/audit'],
      ['Settings', '/settings'],
    ]);

    await user.keyboard('{Escape}');
    expect(desk).toHaveAttribute('aria-expanded', 'false');
    expect(desk).toHaveFocus();
  });

  it('closes on navigation and asks for the count again', async () => {
    logIn('ADMIN');
    let count = 3;
    const calls = stubFetch({ [`GET ${API.dueSoon}`]: () => dueSoon(count), [`GET ${API.gallery}`]: gallery });
    const { user, router } = renderRoute('/about');
    const desk = await within(mainNav()).findByRole('button', { name: 'Desk' });
    await within(mainNav()).findByRole('link', { name: '3 leads due within 4 hours' });
    count = 1;
    await user.click(desk);
    expect(desk).toHaveAttribute('aria-expanded', 'true');
    // A navigation that is not a click on the page (the Back button, a link elsewhere).
    await act(() => router.navigate('/gallery'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gallery'));
    expect(desk).toHaveAttribute('aria-expanded', 'false');
    expect(await within(mainNav()).findByRole('link', { name: '1 lead due within 4 hours' })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.dueSoon)).toHaveLength(2);
  });

  it('shows no count when nothing is due soon', async () => {
    logIn('ADMIN');
    stubFetch({ [`GET ${API.dueSoon}`]: dueSoon(0) });
    renderRoute('/about');
    await within(mainNav()).findByRole('button', { name: 'Desk' });
    expect(within(mainNav()).queryByRole('link', { name: /due within/ })).not.toBeInTheDocument();
  });

  it('opens in place in the small-screen menu; Escape closes its list first, then the menu', async () => {
    logIn('ADMIN');
    stubFetch({ [`GET ${API.dueSoon}`]: dueSoon(2) });
    const { user } = renderRoute('/about');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const desk = await within(menu).findByRole('button', { name: 'Desk' });
    expect(await within(menu).findByRole('link', { name: '2 leads due within 4 hours' })).toBeInTheDocument();
    await user.click(desk);
    expect(within(menu).getByRole('link', { name: 'Audit log' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(desk).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('is for administrators only: a buyer asks nothing', async () => {
    logIn('USER');
    const calls = stubFetch({});
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(within(mainNav()).queryByRole('button', { name: 'Desk' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', API.dueSoon)).toHaveLength(0);
  });
});
