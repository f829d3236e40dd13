/**
 * Every route of SPEC.md section 2 for an anonymous visitor, a USER and an ADMIN: what shows,
 * the login guard (toast + /login), 'Access Denied !' for the wrong role and the 404 page.
 */
import type { Page } from '@playwright/test';
import { ADMIN } from '../support/constants';
import { expect, expectPath, expectToast, loginAsAdmin, loginAsNewUser, test } from '../support/fixtures';
import { TEXT } from '../support/spec-texts';

type Role = 'anonymous' | 'USER' | 'ADMIN';

/** What a route shows: a page with this level-1 heading, the login redirect, access denied or 404. */
type Outcome = { heading: string | RegExp } | 'login' | 'denied' | 'notFound';

interface RouteCase {
  path: string;
  anonymous: Outcome;
  USER: Outcome;
  ADMIN: Outcome;
}

const everyone = (heading: string | RegExp): Pick<RouteCase, Role> => ({
  anonymous: { heading },
  USER: { heading },
  ADMIN: { heading },
});

const ROUTES: RouteCase[] = [
  { path: '/', ...everyone('Sahyadri Agro Exports') },
  { path: '/about', ...everyone('The story of Sahyadri Agro Exports') },
  { path: '/products', ...everyone('Our Products') },
  // Without a product in the navigation state (flows cover the product itself).
  { path: '/products/description', ...everyone('No product selected') },
  { path: '/gallery', ...everyone('Our Gallery') },
  { path: '/register', ...everyone('Create your account') },
  { path: '/login', ...everyone('Welcome back') },
  { path: '/forgot-password', ...everyone('Forgot your password?') },
  { path: '/reset-password/some-token', ...everyone('Set a new password') },
  { path: '/privacy', ...everyone('Privacy Policy') },
  { path: '/terms', ...everyone('Terms and Conditions') },
  { path: '/quote', anonymous: 'login', USER: { heading: 'Request a Quote' }, ADMIN: { heading: 'Request a Quote' } },
  { path: '/quote/description', anonymous: 'login', USER: 'denied', ADMIN: { heading: 'No quote selected' } },
  { path: '/profile', anonymous: 'login', USER: { heading: /^Hello, Priya$/ }, ADMIN: { heading: `Hello, ${ADMIN.fullName}` } },
  { path: '/contact', anonymous: 'login', USER: { heading: 'Contact Us' }, ADMIN: 'denied' },
  { path: '/add-product', anonymous: 'login', USER: 'denied', ADMIN: { heading: 'Add Product' } },
  { path: '/edit-product', anonymous: 'login', USER: 'denied', ADMIN: { heading: 'Edit Product' } },
  { path: '/inquiries', anonymous: 'login', USER: 'denied', ADMIN: { heading: 'Inquiry Inbox' } },
  { path: '/dashboard', anonymous: 'login', USER: 'denied', ADMIN: { heading: 'Dashboard' } },
  // Orders (issue 27): the buyer's own, and every order for an administrator.
  { path: '/my-orders', anonymous: 'login', USER: { heading: 'My Orders' }, ADMIN: 'denied' },
  { path: '/orders', anonymous: 'login', USER: 'denied', ADMIN: { heading: 'Orders' } },
  { path: '/no-such-page', anonymous: 'notFound', USER: 'notFound', ADMIN: 'notFound' },
  { path: '/products/unknown/deeper', anonymous: 'notFound', USER: 'notFound', ADMIN: 'notFound' },
];

async function h1Raw(page: Page): Promise<string | null> {
  return page.getByRole('heading', { level: 1 }).evaluate((el) => el.textContent);
}

async function checkRoute(page: Page, path: string, outcome: Outcome): Promise<void> {
  await page.goto(path);
  if (outcome === 'login') {
    await expectToast(page, TEXT.loginToContinue);
    await expectPath(page, '/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    return;
  }
  if (outcome === 'denied' || outcome === 'notFound') {
    const title = outcome === 'denied' ? TEXT.accessDenied : TEXT.notFound;
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    expect(await h1Raw(page)).toBe(title);
    await expect(page.getByRole('button', { name: TEXT.goBack, exact: true })).toBeVisible();
    await expectPath(page, path);
    return;
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(outcome.heading);
  await expectPath(page, path);
  await expect(page.getByRole('heading', { level: 1, name: TEXT.accessDenied })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: TEXT.notFound })).toHaveCount(0);
}

async function checkAll(page: Page, role: Role): Promise<void> {
  for (const route of ROUTES) {
    await test.step(`${role} ${route.path}`, () => checkRoute(page, route.path, route[role]));
  }
}

test.describe('every route of section 2', () => {
  test('anonymous visitor', async ({ page }) => {
    await checkAll(page, 'anonymous');
  });

  test('USER', async ({ page, request }) => {
    await loginAsNewUser(page, request);
    await checkAll(page, 'USER');
  });

  test('ADMIN', async ({ page }) => {
    await loginAsAdmin(page);
    await checkAll(page, 'ADMIN');
  });
});

test.describe('Go Back', () => {
  test('from the 404 page returns to the previous page', async ({ page }) => {
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.notFound, exact: true })).toBeVisible();
    await page.getByRole('button', { name: TEXT.goBack, exact: true }).click();
    await expectPath(page, '/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();
  });

  test('from Access Denied returns to the previous page (USER on /add-product)', async ({ page, request }) => {
    await loginAsNewUser(page, request);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await page.goto('/add-product');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.accessDenied, exact: true })).toBeVisible();
    await page.getByRole('button', { name: TEXT.goBack, exact: true }).click();
    await expectPath(page, '/products');
  });

  test('an ADMIN sees Access Denied on /contact, whatever way they get there', async ({ page }) => {
    await loginAsAdmin(page);
    // Typed address and an in-app link (the footer's quick links hide Contact for an admin too).
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.accessDenied, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Contact' })).toHaveCount(0);
  });
});
