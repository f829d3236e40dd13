/**
 * No bots (issue 25, item 1): registration and forgot password carry a proof of work that the
 * invisible ALTCHA widget solves while the person types; a script that posts without it is refused.
 */
import type { Page } from '@playwright/test';
import { expect, expectPath, expectToast, newAccount, test } from '../support/fixtures';
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
