/**
 * Passkeys (issue 44, item 1) in a real Chromium with its virtual authenticator (DevTools protocol
 * WebAuthn.addVirtualAuthenticator: a platform authenticator with resident keys that verifies the
 * user): a buyer adds and names a passkey from the profile, signs out, signs in with 'Sign in with
 * a passkey' (no e-mail, no password, no code), renames and removes it; an administrator the site
 * requires two-step sign-in of signs in with a passkey, and after the password uses it as the second
 * step; the screens in Arabic, right to left; axe-clean at 1280 and 390 px.
 */
import type { Page } from '@playwright/test';
import { expectCleanAtBothWidths } from '../support/axe';
import {
  dataDir,
  serverUrl,
  expect,
  expectPath,
  expectToast,
  loginAsAdmin,
  loginViaApi,
  openPage,
  registerViaApi,
  test,
  uniqueId,
} from '../support/fixtures';
import { readOutbox } from '../support/outbox';

const PROFILE = '/api/v1/user/profile';

/**
 * The site as http://localhost:PORT: WebAuthn takes a host name as the relying party, never an
 * address (127.0.0.1), and localhost is a secure context over plain http.
 */
const onLocalhost = () => ({ baseURL: serverUrl().replace('//127.0.0.1:', '//localhost:') });
const SETTINGS = '/api/v1/settings';

/** A passkey-capable device: Chromium's virtual platform authenticator, touch and fingerprint always given. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Conditional mediation (the passkeys among the e-mail field's suggestions) as the browser has it,
 * unless the tab's sessionStorage says `e2e-no-autofill`: Chromium's virtual authenticator answers
 * a conditional request at once (no suggestion to pick), so the login page would sign in before
 * its button or its password could be used.
 */
async function autofillSwitch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const credential = window.PublicKeyCredential as
      (typeof window.PublicKeyCredential & { isConditionalMediationAvailable?: () => Promise<boolean> }) | undefined;
    const available = credential?.isConditionalMediationAvailable?.bind(credential);
    if (!credential || !available) return;
    credential.isConditionalMediationAvailable = async () => !sessionStorage.getItem('e2e-no-autofill') && (await available());
  });
}
const noAutofill = (page: Page) => page.evaluate(() => sessionStorage.setItem('e2e-no-autofill', '1'));

/** Signed out: the session ended and nothing of it left in the page's storage. */
async function signOut(page: Page): Promise<void> {
  await page.request.get('/api/v1/user/logout');
  await page.evaluate(() => localStorage.clear());
  expect((await page.request.get(PROFILE)).status()).toBe(401);
}

/** The invitation link of the newest mail to `email` (waits for the mail worker). */
async function inviteLink(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await readOutbox(dataDir())).find((m) => m.to.toLowerCase().includes(email));
    const link = mail?.body.match(/https?:\/\/[^\s"'<>]+\/team\/accept\/([A-Za-z0-9_-]+)/)?.[1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation mail for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a buyer adds a passkey, signs in with it alone, renames and removes it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const buyer = await registerViaApi(request);
  const { page, close } = await openPage(browser, onLocalhost());
  try {
    await virtualAuthenticator(page);
    await autofillSwitch(page);
    await loginViaApi(page, buyer);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section).toContainText('No passkeys yet.');
    await section.getByLabel('Passkey name', { exact: true }).fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey Work laptop added');
    const item = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
    await expect(item).toContainText('not used yet');
    await expectCleanAtBothWidths(page, 'the profile with a passkey');

    // Signed out, the passkey alone signs in: no e-mail, no password, no code. Where the browser
    // has conditional mediation, from the login page's e-mail field (the virtual authenticator picks at once)...
    await signOut(page);
    await page.goto('/login');
    await expectToast(page, 'Signed in with your passkey');
    await expectPath(page, '/');
    expect((await page.request.get(PROFILE)).status()).toBe(200);
    // ... and with the button.
    await signOut(page);
    await noAutofill(page);
    await page.goto('/login');
    await expectCleanAtBothWidths(page, 'the login page with its passkey button');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectToast(page, 'Signed in with your passkey');
    await expectPath(page, '/');
    const me = await page.request.get(PROFILE);
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(buyer.email);

    await page.goto('/profile');
    await expect(item).toContainText('last used');
    await section.getByRole('button', { name: 'Rename passkey Work laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Passkey name', { exact: true }).fill('Home laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Passkey renamed');
    await expect(section.getByRole('listitem').filter({ hasText: 'Home laptop' })).toBeVisible();

    // In Arabic, right to left.
    await page.goto('/ar/profile');
    const arabic = page.getByRole('region', { name: 'مفاتيح المرور' });
    await expect(arabic.getByRole('listitem')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.getByRole('button', { name: 'إضافة مفتاح مرور' })).toBeVisible();
    await expectCleanAtBothWidths(page, 'the Arabic profile with a passkey');

    // Removed with the keyboard: it signs in no more.
    await page.goto('/profile');
    await section.getByRole('button', { name: 'Remove passkey Home laptop' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Remove the passkey Home laptop?');
    await confirm.getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Passkey removed');
    await expect(section).toContainText('No passkeys yet.');
    await signOut(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectToast(page, 'Signing in with a passkey did not work. Please try again.');
    expect((await page.request.get(PROFILE)).status()).toBe(401);

    await page.goto('/ar/login');
    await expect(page.getByRole('button', { name: 'تسجيل الدخول بمفتاح مرور' })).toBeVisible();
    await expectCleanAtBothWidths(page, 'the Arabic login page');
  } finally {
    await close();
  }
});

// Tagged: it alone turns the site-wide requirement on, so it alone runs in the project after every other spec.
test(
  'an administrator the site requires two-step sign-in of uses a passkey for it',
  { tag: '@site-wide-two-step' },
  async ({ browser }) => {
    test.setTimeout(120_000);
    const email = `passkey-admin-${uniqueId()}@example.com`.toLowerCase();
    const password = 'Passkey@2026';
    const owner = await openPage(browser);
    const colleague = await openPage(browser, onLocalhost());
    // A session of the new administrator's of its own, that turns the requirement on and back off whatever happens on `page`.
    const keeper = await openPage(browser);
    const page = colleague.page;
    let required = false;
    try {
      // A new administrator (invited by the suite's), so the suite's own stays as it is.
      await loginAsAdmin(owner.page);
      const invited = await owner.page.request.post('/api/v1/team/invite', { data: { email } });
      expect(invited.ok(), await invited.text()).toBe(true);
      const token = await inviteLink(email);
      const accepted = await page.request.post(`/api/v1/team/accept/${token}`, {
        data: { fullName: 'Meera Kulkarni', phoneNumber: '9822012345', password },
      });
      expect(accepted.ok(), await accepted.text()).toBe(true);
      await virtualAuthenticator(page);
      await autofillSwitch(page);
      await loginViaApi(page, { email, password });
      await noAutofill(page);
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Passkeys' });
      await section.getByLabel('Passkey name', { exact: true }).fill('Office PC');
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      await expectToast(page, 'Passkey Office PC added');

      // Two-step sign-in required of every administrator (put back in `finally`: the other specs share this server).
      await loginViaApi(keeper.page, { email, password });
      const on = await keeper.page.request.patch(SETTINGS, { data: { requireTwoFactorForAdmins: true } });
      expect(on.ok(), await on.text()).toBe(true);
      required = true;

      // The password is not enough: the passkey is the second step (this account has no authenticator code).
      await signOut(page);
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectPath(page, '/login/second-factor');
      const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
      await expect(usePasskey).toBeVisible();
      await expect(page.getByLabel('Code', { exact: true })).toHaveCount(0);
      await expectCleanAtBothWidths(page, 'the second step with a passkey');
      await usePasskey.click();
      await expectToast(page, 'Signed in with your passkey');
      await expectPath(page, '/');
      await page.goto('/team');
      await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

      // A passkey sign-in alone meets the requirement.
      await signOut(page);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expectToast(page, 'Signed in with your passkey');
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
      await expect(page.getByText('Require two-step sign-in (an authenticator code or a passkey) for every administrator')).toBeVisible();
    } finally {
      if (required) {
        const off = await keeper.page.request.patch(SETTINGS, { data: { requireTwoFactorForAdmins: false } });
        expect(off.ok(), await off.text()).toBe(true);
      }
      await keeper.close();
      await colleague.close();
      await owner.close();
    }
  },
);

test('a buyer deletes their account with a passkey instead of the password, and it signs in no more', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const buyer = await registerViaApi(request);
  const { page, close } = await openPage(browser, onLocalhost());
  try {
    await virtualAuthenticator(page);
    await autofillSwitch(page);
    await loginViaApi(page, buyer);
    await noAutofill(page);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Passkey name', { exact: true }).fill('Phone');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey Phone added');

    // The export lists it (name, added, last used).
    const exported = (await (await page.request.get('/api/v1/user/export')).json()) as { passkeys: { name: string }[] };
    expect(exported.passkeys.map((p) => p.name)).toEqual(['Phone']);

    await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete your account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('its two-step sign-in and its passkeys are removed');
    const withPasskey = dialog.getByRole('button', { name: 'Delete my account with a passkey' });
    await expect(withPasskey).toBeVisible();
    await expectCleanAtBothWidths(page, 'the delete-account dialog with a passkey');
    await withPasskey.click();
    await expect
      .poll(async () => (await page.evaluate(() => window.__toastLog ?? [])).some((t) => t.startsWith('Your account was deleted')))
      .toBe(true);
    await expectPath(page, '/');
    expect((await page.request.get(PROFILE)).status()).toBe(401);

    // Its passkey went with it.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectToast(page, 'Signing in with a passkey did not work. Please try again.');
  } finally {
    await close();
  }
});
