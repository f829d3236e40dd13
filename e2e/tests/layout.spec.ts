/**
 * Header and footer per role at 1280 px, the collapsible menu at 390 px, and the logout dialog
 * (SPEC.md section 2, "Header and footer").
 */
import type { Page } from '@playwright/test';
import {
  appTookOver,
  expect,
  expectPath,
  expectToast,
  listProducts,
  loginAsAdmin,
  loginAsNewUser,
  test,
  TEST_PRODUCT_PREFIX,
} from '../support/fixtures';
import { LOADING, SUCCESS, TEXT } from '../support/spec-texts';

const LINKS = {
  anonymous: ['Home', 'Products', 'Gallery', 'About', 'Contact', 'Register', 'Login'],
  USER: ['Home', 'Products', 'Gallery', 'About', 'Contact', 'Profile'],
  ADMIN: ['Home', 'Products', 'Gallery', 'Add Product', 'Inquiries', 'Settings', 'Profile'],
} as const;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });

async function expectHeader(page: Page, links: readonly string[], loggedIn: boolean): Promise<void> {
  const nav = mainNav(page);
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText([...links]);
  await expect(nav.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(loggedIn ? 1 : 0);
  // The company's phone and email are in the header's top bar.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: '+919876543210' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'info@sahyadriagroexports.com' })).toBeVisible();
}

async function expectFooter(page: Page, quickLinks: readonly string[]): Promise<void> {
  const footer = page.getByRole('contentinfo');
  const quick = footer.getByRole('navigation', { name: 'Quick links' });
  await expect(quick.getByRole('link')).toHaveText([...quickLinks, 'Request a Quote']);
  // Product names come from the catalogue.
  const names = (await listProducts(page.request)).map((p) => p.productName);
  const productLinks = footer.getByRole('navigation', { name: 'Our Products' }).getByRole('link');
  await expect(productLinks.first()).toBeVisible();
  for (const text of await productLinks.allTextContents()) {
    // Products other tests create may come and go meanwhile.
    if (text !== 'View all products' && !text.startsWith(TEST_PRODUCT_PREFIX)) expect(names).toContain(text);
  }
  await expect(footer.getByText('Plot 12, Shiroli MIDC, Kolhapur, Maharashtra 416122, India')).toBeVisible();
  await expect(footer.getByRole('link', { name: '+919876543210' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'info@sahyadriagroexports.com' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
}

test.describe('header and footer at 1280 px', () => {
  test('anonymous visitor', async ({ page }) => {
    await page.goto('/');
    await expectHeader(page, LINKS.anonymous, false);
    await expectFooter(page, ['Home', 'Products', 'Gallery', 'About', 'Contact']);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
    await expectPath(page, '/terms');
  });

  test('USER', async ({ page, request }) => {
    await loginAsNewUser(page, request);
    await expectHeader(page, LINKS.USER, true);
    await expectFooter(page, ['Home', 'Products', 'Gallery', 'About', 'Contact']);
  });

  test('ADMIN', async ({ page }) => {
    await loginAsAdmin(page);
    await expectHeader(page, LINKS.ADMIN, true);
    await expectFooter(page, ['Home', 'Products', 'Gallery', 'Add Product']);
    await mainNav(page).getByRole('link', { name: 'Add Product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
  });
});

test.describe('collapsible menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('anonymous: opens, lists the links, navigates and closes', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText([...LINKS.anonymous]);
    await menu.getByRole('link', { name: 'Gallery' }).click();
    await expectPath(page, '/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('USER: same links as the desktop header, and Logout', async ({ page, request }) => {
    await loginAsNewUser(page, request);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText([...LINKS.USER]);
    await expect(menu.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Profile' }).click();
    await expectPath(page, '/profile');
    await expect(menu).toBeHidden();
  });

  test('ADMIN: Add Product, no About or Contact; Escape closes the menu', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText([...LINKS.ADMIN]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});

test.describe('logout dialog', () => {
  test('Cancel keeps the person logged in; Logout ends the session and goes home', async ({ page, request }) => {
    await loginAsNewUser(page, request);
    await page.goto('/gallery');
    await mainNav(page).getByRole('button', { name: 'Logout', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.logoutConfirm, exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveText(['Cancel', 'Logout']);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expectPath(page, '/gallery');
    await expect(mainNav(page).getByRole('link', { name: 'Profile' })).toBeVisible();

    await mainNav(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await dialog.getByRole('button', { name: 'Logout', exact: true }).click();
    await expectToast(page, SUCCESS.logout);
    expect(await page.evaluate(() => window.__toastLog)).toContain(LOADING.logout);
    await expectPath(page, '/');
    await expect(mainNav(page).getByRole('link')).toHaveText([...LINKS.anonymous]);
    // The session is gone on the server too, and a guarded page sends the visitor to /login.
    expect((await page.request.get('/api/v1/user/profile')).status()).toBe(401);
    await page.goto('/profile');
    await expectToast(page, TEXT.loginToContinue);
    await expectPath(page, '/login');
  });
});

test.describe('slow page code', () => {
  test('going Home while the Gallery page is still loading shows Home, then the Gallery when chosen again', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sahyadri Agro Exports' })).toBeVisible();
    // The server's page shows before the app runs; until the app has taken it over, a click on a
    // link is a plain page load (docs/decisions/016), which never shows the route's loading status.
    await appTookOver(page);
    // The gallery page's code is held back, as on a slow phone connection, until release().
    const galleryCode = /\/assets\/gallery-page-[^/]+\.js$/;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(galleryCode, async (route) => {
      await held;
      await route.continue();
    });
    await mainNav(page).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sahyadri Agro Exports' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Premium products' })).toBeVisible();
    // Once the held code has arrived (not after a guessed delay), the app stays on Home.
    const arrived = page.waitForEvent('requestfinished', (request) => galleryCode.test(request.url()));
    release();
    await arrived;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await expectPath(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sahyadri Agro Exports' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Gallery/);
  });
});
