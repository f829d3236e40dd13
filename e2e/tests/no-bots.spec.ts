/**
 * No bots (issue 25, items 1 and 2): registration and forgot password carry a proof of work that
 * the invisible ALTCHA widget solves while the person types; a script that posts without it is
 * refused. Every form has a hidden honeypot field and a minimum fill time: a program that fills
 * the honeypot is refused at login, and the quote it sends is held as spam for an administrator to
 * release with 'Not spam'.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectPath,
  expectToast,
  findProduct,
  loginAsAdmin,
  loginAsNewUser,
  newAccount,
  openPage,
  registerViaApi,
  test,
  uniqueId,
} from '../support/fixtures';
import { API, SUCCESS } from '../support/spec-texts';

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const PROOF_MISSING = 'Please wait a moment for the automatic check to finish, then submit again';

test('a person registers without seeing any challenge; the form carries the solved proof of work', async ({ page }) => {
  const account = newAccount('human');
  await page.goto('/register');
  await label(page, 'Full Name').fill(account.fullName);
  await label(page, 'Email').fill(account.email);
  await label(page, 'Country').selectOption('IN');
  await label(page, 'Phone Number').fill('9876543210');
  await label(page, 'Password').fill(account.password);
  // Nothing to tick, no puzzle, no dialog: the widget is invisible.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('altcha-widget')).toHaveCount(1);
  const sent = page.waitForRequest((r) => r.url().endsWith(API.register) && r.method() === 'POST');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(typeof body.altcha).toBe('string');
  await expectToast(page, SUCCESS.register);
  await expectPath(page, '/login');
});

test('a person asks for a reset link the same way', async ({ page }) => {
  await page.goto('/forgot-password');
  await label(page, 'Email').fill(newAccount('forgot').email);
  const sent = page.waitForRequest((r) => r.url().endsWith(API.forgotPassword) && r.method() === 'POST');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  expect(typeof ((await sent).postDataJSON() as Record<string, unknown>).altcha).toBe('string');
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toHaveCount(0);
});

test('a script that posts registration or forgot password without solving the challenge gets the message, and nothing is made', async ({
  request,
}) => {
  const account = newAccount('script');
  const registered = await request.post(API.register, {
    data: { fullName: account.fullName, email: account.email, phoneNumber: account.phoneNumber, password: account.password },
  });
  expect(registered.status()).toBe(400);
  expect(await registered.json()).toEqual({ success: false, message: PROOF_MISSING, errors: { altcha: PROOF_MISSING } });
  const login = await request.post(API.login, { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(401);
  const forgot = await request.post(API.forgotPassword, { data: { email: account.email } });
  expect(forgot.status()).toBe(400);
  expect(((await forgot.json()) as { message: string }).message).toBe(PROOF_MISSING);
});

const AUTOMATED = 'This form was sent the way a program sends it, so nothing was done: please fill it in again';

/** What a form-filling program does: it fills in every field, the one people never see too. */
async function fillHoneypot(page: Page): Promise<void> {
  await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => {
    el.value = 'https://cheap-seo.example';
  });
}

test('the honeypot is out of sight and out of reach; a login that fills it is refused and keeps what was typed', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, newAccount('honeypot'));
  await page.goto('/login');
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveCount(1);
  // Not in the accessibility tree, not in the tab order, not on the screen.
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
  await expect(trap).toHaveAttribute('tabindex', '-1');
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);

  await label(page, 'Email').fill(account.email);
  await label(page, 'Password').fill(account.password);
  await fillHoneypot(page);
  const sent = page.waitForRequest((r) => r.url().endsWith(API.login) && r.method() === 'POST');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  // The page waits for the form's minimum fill time, so its own submissions never trip it.
  expect(body.fillMs).toBeGreaterThanOrEqual(800);
  await expectToast(page, AUTOMATED);
  await expect(page).toHaveURL(/\/login$/);
  await expect(label(page, 'Email')).toHaveValue(account.email);
});

test("a quote a program sends is held as spam, not mailed; the admin finds it under 'Spam' and releases it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await findProduct(request, () => true);
  await loginAsNewUser(page, request, 'spammer');
  await page.goto('/quote');
  const company = `Held Spam ${uniqueId()}`;
  await label(page, 'Company Name').fill(company);
  await label(page, 'Contact Person Name').fill('Bot Person');
  await label(page, 'Company Email').fill('bot@spam.example');
  await label(page, 'Mobile Number').fill('+1 202 555 0100');
  await label(page, 'Country').fill('USA');
  await label(page, 'Address').fill('1 Spam Street, Nowhere');
  await label(page, 'Product').selectOption({ label: product.productName });
  await label(page, 'Required Quantity').fill('100');
  await label(page, 'Packaging Type').selectOption({ label: 'PP Bag' });
  await label(page, 'Delivery Location').fill('Port of Nowhere');
  await label(page, 'How did you hear about us?').selectOption('Google');
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await fillHoneypot(page);
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  // The sender notices nothing.
  await expectToast(page, SUCCESS.addQuote);

  const admin = await openPage(browser);
  try {
    await loginAsAdmin(admin.page);
    const q = encodeURIComponent(company);
    await admin.page.goto(`/profile?q=${q}`);
    await expect(admin.page.getByText('Nothing matches these filters')).toBeVisible();
    await admin.page.getByLabel('Spam', { exact: true }).selectOption({ label: 'Spam only' });
    await expect(admin.page).toHaveURL(/spam=true/);
    const card = admin.page.getByRole('article').filter({ hasText: company });
    await expect(card).toBeVisible();
    await expect(card.getByText('Held as spam')).toBeVisible();
    await expect(card.getByText('A hidden field only programs fill in was filled in')).toBeVisible();
    await card.getByRole('button', { name: `Not spam: the quote from ${company}` }).click();
    await expectToast(admin.page, 'Quote released from spam: its mails are on their way');
    await expect(card).toHaveCount(0);
    await admin.page.goto(`/profile?q=${q}`);
    await expect(admin.page.getByRole('article').filter({ hasText: company })).toBeVisible();
    await expect(admin.page.getByRole('article').filter({ hasText: company }).getByText('Held as spam')).toHaveCount(0);
  } finally {
    await admin.close();
  }
});
