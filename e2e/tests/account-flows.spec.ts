/**
 * Account flows (SPEC.md sections 2, 4, 5, 8): register -> login, server errors shown as the
 * server's message, profile update, password change, forgot/reset password through the outbox.
 */
import type { Page } from '@playwright/test';
import {
  dataDir,
  expect,
  expectPath,
  expectToast,
  expectToastSeen,
  loginAsNewUser,
  loginViaUi,
  newAccount,
  registerViaApi,
  test,
  toastLog,
} from '../support/fixtures';
import { newestResetLink } from '../support/outbox';
import { COUNTRIES, ERROR_DEFAULTS, LOADING, SUCCESS, TEXT, VALIDATION } from '../support/spec-texts';

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

/** Exact alert text (validation messages are compared byte for byte, double spaces included). */
async function expectAlert(page: Page, text: string): Promise<void> {
  const alert = page
    .getByRole('alert')
    .filter({ hasText: text.trim().replace(/\s+/g, ' ') })
    .first();
  await expect(alert).toBeVisible();
  expect(await alert.evaluate((el) => el.textContent)).toBe(text);
}

async function dateInIndia(iso: string, page: Page): Promise<string> {
  // Formatted by the browser, as the app does (day, short month, year in en-IN).
  return page.evaluate((d) => new Date(d).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }), iso);
}

test.describe('register and login', () => {
  test('register with a country code, then "Please login to proceed !", then log in', async ({ page }) => {
    const account = newAccount('register');
    await page.goto('/register');
    const country = label(page, 'Country');
    // Every country of section 3, shown with its dial code; values are ISO codes.
    await expect(country.locator('option')).toHaveText(['Select country', ...COUNTRIES.map(([, name, dial]) => `${name} (${dial})`)]);
    expect(await country.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      '',
      ...COUNTRIES.map(([iso]) => iso),
    ]);

    // Empty form: every required message, the form stays.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectAlert(page, VALIDATION.fullNameRequired);
    await expectAlert(page, VALIDATION.emailRequired);
    await expectAlert(page, VALIDATION.phoneRequired);
    await expectAlert(page, VALIDATION.passwordRequired);
    await expectPath(page, '/register');

    // Short name, bad email, short phone, weak password.
    await label(page, 'Full Name').fill('Ann');
    await label(page, 'Email').fill('ann@example');
    await label(page, 'Phone Number').fill('123');
    await label(page, 'Password').fill('weakpass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectAlert(page, VALIDATION.fullNameMin);
    await expectAlert(page, VALIDATION.invalidEmail);
    await expectAlert(page, VALIDATION.invalidPhone);
    await expectAlert(page, VALIDATION.strongPassword);

    await label(page, 'Full Name').fill(account.fullName);
    await label(page, 'Email').fill(account.email);
    await country.selectOption('IN');
    await expect(country).toHaveValue('IN');
    await label(page, 'Phone Number').fill('9876543210');
    await label(page, 'Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expectToastSeen(page, LOADING.register);
    await expectToastSeen(page, SUCCESS.register);
    await expectToast(page, TEXT.loginToProceed);
    await expectPath(page, '/login');

    // The phone number was stored as dial code, hyphen, number.
    await loginViaUi(page, account);
    expect(await toastLog(page)).toContain(LOADING.login);
    await page.goto('/profile');
    await expect(label(page, 'Phone Number')).toHaveValue('+91-9876543210');
    await expect(label(page, 'Email')).toHaveValue(account.email);
  });

  test('a duplicate registration shows the server message, not the default', async ({ page, request }) => {
    const account = await registerViaApi(request, newAccount('dup'));
    await page.goto('/register');
    await label(page, 'Full Name').fill(account.fullName);
    await label(page, 'Email').fill(account.email);
    await label(page, 'Country').selectOption('GB');
    await label(page, 'Phone Number').fill('2079460958');
    await label(page, 'Password').fill(account.password);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/register'));
    await page.getByRole('button', { name: 'Create Account' }).click();
    const res = await response;
    expect(res.status()).toBe(409);
    const { message } = (await res.json()) as { message: string };
    expect(message).toBeTruthy();
    expect(message).not.toBe(ERROR_DEFAULTS.register);
    await expectToast(page, message);
    expect(await toastLog(page)).not.toContain(ERROR_DEFAULTS.register);
    // Nothing typed is lost and the person stays on the form.
    await expectPath(page, '/register');
    await expect(label(page, 'Email')).toHaveValue(account.email);
  });

  test('login: validation, then a wrong password shows the server message', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectAlert(page, VALIDATION.emailRequired);
    await expectAlert(page, VALIDATION.passwordRequired);
    await label(page, 'Email').fill('not-an-email');
    await label(page, 'Password').fill('short');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectAlert(page, VALIDATION.invalidEmail);
    await expectAlert(page, VALIDATION.invalidPassword);

    await label(page, 'Email').fill(account.email);
    await label(page, 'Password').fill('Wrong@Pass1');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/login'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const res = await response;
    expect(res.status()).toBe(401);
    const { message } = (await res.json()) as { message: string };
    expect(message).not.toBe(ERROR_DEFAULTS.login);
    await expectToast(page, message);
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).not.toBe('true');
  });

  test('a full page load right after logging in keeps the login; right after logging out, the logout', async ({ page, request }) => {
    const account = await registerViaApi(request);
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    const logoutButton = mainNav.getByRole('button', { name: 'Logout', exact: true });
    /** The persisted auth (SPEC.md section 3: key root) as it is the moment the app navigates. */
    const recordRootOnNavigation = () =>
      page.evaluate(() => {
        const push = history.pushState.bind(history);
        history.pushState = (...args: Parameters<History['pushState']>) => {
          const root = localStorage.getItem('persist:root');
          const auth = root ? (JSON.parse(JSON.parse(root).auth as string) as { isLoggedIn: boolean }) : null;
          document.documentElement.dataset.authAtNavigation = String(auth?.isLoggedIn ?? 'none');
          push(...args);
        };
      });
    const authAtNavigation = () => page.evaluate(() => document.documentElement.dataset.authAtNavigation);

    await page.goto('/login');
    await recordRootOnNavigation();
    await label(page, 'Email').fill(account.email);
    await label(page, 'Password').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // A reload at any moment from here on finds the login already written: no delayed write to race.
    expect(await authAtNavigation()).toBe('true');
    await page.reload();
    await expect(logoutButton).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${account.fullName.split(' ')[0]}`);
    expect(await toastLog(page)).not.toContain(TEXT.loginToContinue);

    await recordRootOnNavigation();
    await logoutButton.click();
    await page.getByRole('dialog', { name: TEXT.logoutConfirm, exact: true }).getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await authAtNavigation()).not.toBe('true');
    await page.reload();
    await expect(mainNav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(logoutButton).toHaveCount(0);
  });
});

test.describe('profile', () => {
  test('shows the person, updates the profile after confirmation', async ({ page, request }) => {
    const account = await loginAsNewUser(page, request, 'profile');
    await page.goto('/profile');
    await expectToastSeen(page, LOADING.profile);
    const first = account.fullName.split(' ')[0]!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${first}`);
    await expect(label(page, 'Full Name')).toHaveValue(account.fullName);
    await expect(label(page, 'Email')).toHaveValue(account.email);
    await expect(label(page, 'Phone Number')).toHaveValue(account.phoneNumber);
    await expect(label(page, TEXT.customerSince)).toHaveValue(await dateInIndia(account.createdAt, page));
    await expect(label(page, TEXT.customerSince)).toHaveAttribute('readonly', '');
    await expect(page.getByRole('heading', { level: 2, name: TEXT.yourQuotes })).toBeVisible();
    await expect(page.getByText(TEXT.noQuotes, { exact: true })).toBeVisible();

    // Validation uses the registration messages.
    await label(page, 'Full Name').fill('Bo');
    await label(page, 'Phone Number').fill('12');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectAlert(page, VALIDATION.fullNameMin);
    await expectAlert(page, VALIDATION.invalidPhone);

    await label(page, 'Full Name').fill('Meera Kulkarni');
    await label(page, 'Phone Number').fill('+44-2079460958');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    const confirm = page.getByRole('dialog', { name: TEXT.updateProfileConfirm, exact: true });
    await expect(confirm).toBeVisible();
    expect(await confirm.getByRole('heading').evaluate((el) => el.textContent)).toBe(TEXT.updateProfileConfirm);

    // Cancel changes nothing on the server.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, SUCCESS.updateProfile);
    expect(await toastLog(page)).toContain(LOADING.updateProfile);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Meera');

    // Stored on the server: a reload shows the new values.
    await page.reload();
    await expect(label(page, 'Full Name')).toHaveValue('Meera Kulkarni');
    await expect(label(page, 'Phone Number')).toHaveValue('+44-2079460958');
  });

  test('password change: validation, wrong old password, success, then log in with the new one', async ({ page, request }) => {
    const account = await loginAsNewUser(page, request, 'passwd');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Old Password', { exact: true }).fill(account.password);
    await dialog.getByLabel('New Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expectAlert(page, VALIDATION.samePassword);

    await dialog.getByLabel('New Password', { exact: true }).fill('weak');
    await expectAlert(page, 'Enter a strong new password !');

    // A wrong old password: the server's message, not the default.
    const newPassword = 'Changed#2025y';
    await dialog.getByLabel('Old Password', { exact: true }).fill('Wrong@Pass1');
    await dialog.getByLabel('New Password', { exact: true }).fill(newPassword);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/change-password'));
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    const { message } = (await (await response).json()) as { message: string };
    expect(message).not.toBe(ERROR_DEFAULTS.changePassword);
    await expectToast(page, message);
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Old Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, SUCCESS.changePassword);
    expect(await toastLog(page)).toContain(LOADING.changePassword);
    await expect(dialog).toBeHidden();

    // Log out, then the old password fails and the new one works.
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: TEXT.logoutConfirm }).getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, SUCCESS.logout);
    await page.goto('/login');
    await label(page, 'Email').fill(account.email);
    await label(page, 'Password').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => toastLog(page)).toContain(LOADING.login);
    await expectPath(page, '/login');
    await loginViaUi(page, { email: account.email, password: newPassword });
  });
});

test.describe('forgot and reset password', () => {
  test('flag screen, Resend Email, link from the outbox, reset, redirect, login with the new password', async ({ page, request }) => {
    const account = await registerViaApi(request, newAccount('reset'));
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');

    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectAlert(page, VALIDATION.forgotEmailRequired);
    await label(page, 'Email').fill('someone@nowhere');
    await expectAlert(page, VALIDATION.forgotInvalidEmail);

    // First request, then Resend Email shows the form again, then a second request.
    await label(page, 'Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, SUCCESS.forgotPassword);
    expect(await toastLog(page)).toContain(LOADING.forgotPassword);
    const sent = page.getByText(TEXT.resetLinkSent, { exact: true });
    await expect(sent).toBeVisible();
    expect(await sent.evaluate((el) => el.textContent)).toBe(TEXT.resetLinkSent);

    // The flag lives in browser storage: the screen survives a reload.
    await page.reload();
    await expect(sent).toBeVisible();
    await page.getByRole('button', { name: TEXT.resendEmail, exact: true }).click();
    await expect(sent).toBeHidden();
    await label(page, 'Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(sent).toBeVisible();

    // The newest mail to this person holds the link that works (a new mail replaces older links).
    const link = await newestResetLink(dataDir(), account.email, 2);
    const url = new URL(link);
    await page.goto(url.pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();

    const newPassword = 'Reset&2025z';
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectAlert(page, 'New Password is a required field !');
    await expectAlert(page, 'Confirm New Password is a required field !');
    await label(page, 'New Password').fill(newPassword);
    await label(page, 'Confirm New Password').fill('Other&2025z');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectAlert(page, VALIDATION.passwordMismatch);
    await label(page, 'New Password').fill('weakweak');
    await label(page, 'Confirm New Password').fill('weakweak');
    await expectAlert(page, VALIDATION.strongPassword);

    await label(page, 'New Password').fill(newPassword);
    await label(page, 'Confirm New Password').fill(newPassword);
    // When the page itself goes to /login, timed by the page's own navigation (the test, slowed by a
    // loaded machine, may look later than the 2 s the page waits: it once found /login already).
    let loginAt = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login' && loginAt === 0) loginAt = Date.now();
    });
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, SUCCESS.resetPassword);
    await expectToast(page, TEXT.redirectingToLogin);
    expect(await toastLog(page)).toContain(LOADING.resetPassword);
    // On /login about 2 s after the success, not at once.
    await expectPath(page, '/login', 6000);
    expect(loginAt - clickedAt).toBeGreaterThanOrEqual(2000);

    // The old password no longer works; the new one does.
    await label(page, 'Email').fill(account.email);
    await label(page, 'Password').fill(account.password);
    const failed = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/login'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect((await failed).status()).toBe(401);
    await loginViaUi(page, { email: account.email, password: newPassword });

    // The link is single-use.
    await page.goto(url.pathname);
    await label(page, 'New Password').fill('Again&2025q');
    await label(page, 'Confirm New Password').fill('Again&2025q');
    const reused = page.waitForResponse((r) => r.url().includes('/api/v1/user/reset-password/'));
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const res = await reused;
    expect(res.ok()).toBe(false);
    await expectToast(page, ((await res.json()) as { message: string }).message);
  });
});
