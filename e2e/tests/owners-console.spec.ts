/**
 * The owner's console (issue 26) in the browser: an administrator changes the phone number and an
 * FAQ answer on /settings, and the server-rendered home page (its HTML and JSON-LD, fetched
 * without JavaScript) and a buyer's contact page show both at once, with no restart. The settings
 * are put back afterwards: the other specs share this server. Every new screen is axe-clean.
 */
import { expectNoSeriousViolations, VIEWPORTS } from '../support/axe';
import {
  appTookOver,
  dataDir,
  expect,
  expectPath,
  expectToast,
  findProduct,
  loginAsAdmin,
  loginAsNewUser,
  openPage,
  serverUrl,
  test,
  uniqueId,
} from '../support/fixtures';
import * as OTPAuth from 'otpauth';
import { readOutbox } from '../support/outbox';

const totp = (secret: string, ms = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: ms });

/** The invitation link of the newest mail to `email` (waits for the mail worker). */
async function inviteLink(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await readOutbox(dataDir())).find((m) => m.to.toLowerCase().includes(email));
    const link = mail?.body.match(/https?:\/\/[^\s"'<>]+\/team\/accept\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation mail for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const SETTINGS = '/api/v1/settings';

function organization(html: string): Record<string, unknown> | undefined {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((b) => b['@type'] === 'Organization');
}

test('an admin changes the phone and an FAQ answer; the rendered pages, the JSON-LD and the contact page show them at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await openPage(browser);
  const before = await (await request.get(SETTINGS)).json();
  const phone = `+9180${String(Date.now()).slice(-8)}`;
  const answer = `Samples ship within two days (${uniqueId()}).`;
  try {
    const page = admin.page;
    await loginAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
    await page.getByLabel('Public phone', { exact: true }).fill(phone);
    await page.getByLabel('Answer 2', { exact: true }).fill(answer);

    // A bad value is refused with its message, and the form keeps what was typed.
    await page.getByLabel('Facebook', { exact: true }).fill('http://facebook.com/sahyadri');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Facebook: the profile address must be a full https address' })).toBeVisible();
    await expect(page.getByLabel('Public phone', { exact: true })).toHaveValue(phone);
    await page.getByLabel('Facebook', { exact: true }).fill('');

    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Settings saved successfully');
    // The header's top bar follows at once.
    await expect(page.getByRole('banner').getByRole('link', { name: phone })).toBeVisible();

    // What a crawler gets: the server-rendered home page, its JSON-LD Organization.
    const html = await (await request.get('/')).text();
    expect(organization(html)?.telephone).toBe(phone);
    expect(html).toContain(`>${phone}<`);

    // Who changed what: the audit log has the change, and its CSV export.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('settings');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The filtered list (other specs' administrators write audit rows at the same time: the first row
    // of the list before the filter applies may be theirs).
    await expect(page).toHaveURL(/[?&]type=settings/);
    const row = page.getByRole('row').filter({ hasText: 'e2e-admin@example.com' }).filter({ hasText: 'settings' }).first();
    await expect(row).toContainText('settings');
    await row.getByText(/fields?$/).click();
    await expect(row).toContainText(phone);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of the filtered audit log' }).click();
    expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

    // A buyer's contact page: the phone and the new answer.
    const buyer = await openPage(browser);
    try {
      await loginAsNewUser(buyer.page, request, 'settings');
      await buyer.page.goto('/contact');
      await expect(buyer.page.getByRole('region', { name: 'Contact details' }).getByRole('link', { name: phone })).toBeVisible();
      await buyer.page.getByText(before.settings.faq[1].question, { exact: true }).click();
      await expect(buyer.page.getByText(answer)).toBeVisible();
      // WhatsApp click-to-chat with the number of the settings.
      const whatsapp = String(before.settings.whatsapp).replace(/\D/g, '');
      await expect(buyer.page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
        'href',
        new RegExp(`^https://wa\\.me/${whatsapp}\\?text=`),
      );
      // On a product page: the product's name and its canonical address, absolute, in the message.
      // The server's HTML already has it (before any script runs), and the page keeps that very
      // link once the app has taken over: no relative address at any moment.
      const product = await findProduct(request, () => true);
      const served = await (await request.get(`/products/description?id=${product._id}`)).text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(served)?.[1];
      expect(canonical).toMatch(new RegExp(`^${serverUrl().replace(/[.]/g, '\\.')}/products/[a-z0-9-]+$`));
      const servedHref = /href="(https:\/\/wa\.me\/\d+\?text=[^"]+)"/.exec(served)?.[1]?.replace(/&amp;/g, '&');
      expect(servedHref).toMatch(new RegExp(`^https://wa\\.me/${whatsapp}\\?text=`));
      const text = new URL(servedHref!).searchParams.get('text')!;
      expect(text).toContain(`${product.productName}: ${canonical}`);
      expect(text.endsWith(` ${canonical}`)).toBe(true);
      await buyer.page.goto(`/products/description?id=${product._id}`);
      await expect(buyer.page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
      await appTookOver(buyer.page);
      await expect(buyer.page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute('href', servedHref!);
      // A fresh load of the home page (server-rendered) shows the phone in the top bar and footer.
      await buyer.page.goto('/');
      await expect(buyer.page.getByRole('contentinfo').getByRole('link', { name: phone })).toBeVisible();
    } finally {
      await buyer.close();
    }
  } finally {
    // Back as they were, for the other specs on this server.
    const { phone: oldPhone, faq } = before.settings as { phone: string; faq: unknown };
    const restored = await admin.page.request.patch(SETTINGS, { data: { phone: oldPhone, faq } });
    expect(restored.status()).toBe(200);
    await admin.close();
  }
});

test('an admin invites a colleague by e-mail; the colleague accepts, turns on two-step sign-in and signs in with a code', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `colleague-${uniqueId()}@example.com`.toLowerCase();
  const admin = await openPage(browser);
  const colleague = await openPage(browser);
  try {
    await loginAsAdmin(admin.page);
    await admin.page.goto('/settings');
    await admin.page.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await admin.page.getByLabel("Colleague's email", { exact: true }).fill(email);
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(admin.page, 'Invitation sent successfully');
    await expect(admin.page.getByRole('region', { name: 'Pending invitations' }).getByText(email)).toBeVisible();

    const link = new URL(await inviteLink(email));
    const page = colleague.page;
    await page.goto(link.pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
    await page.getByLabel('Full Name', { exact: true }).fill('Priya Deshmukh');
    await page.getByLabel('Phone Number', { exact: true }).fill('9822012345');
    await page.getByLabel('Password', { exact: true }).fill('Colleague@2026');
    await page.getByRole('button', { name: 'Join as administrator' }).click();
    await expectToast(page, 'Welcome to the team: you are now an administrator');
    await expectPath(page, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();

    // The same link again is refused, the form keeping what was typed.
    await page.goto(link.pathname);
    await page.getByLabel('Full Name', { exact: true }).fill('Someone Else');
    await page.getByLabel('Phone Number', { exact: true }).fill('9822012345');
    await page.getByLabel('Password', { exact: true }).fill('Another@2026');
    await page.getByRole('button', { name: 'Join as administrator' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This invitation link is invalid, already used or has expired' })).toBeVisible();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Someone Else');

    await admin.page.reload();
    await expect(admin.page.getByRole('region', { name: 'Administrators' }).getByText(email)).toBeVisible();

    // The colleague turns on two-step sign-in from the profile: QR code, first code, recovery codes.
    await page.goto('/profile');
    const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
    await twoStep.getByRole('button', { name: 'Manage two-step sign-in' }).click();
    await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(twoStep.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const secret = (await twoStep.locator('code').textContent())!.trim();
    await twoStep.getByLabel('Code from the app', { exact: true }).fill(totp(secret));
    await twoStep.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expectToast(page, 'Two-step sign-in is on: keep your recovery codes safe');
    await expect(twoStep.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await twoStep.getByRole('button', { name: 'I have saved them' }).click();

    // Log out, then the password alone is not enough: the code of the app signs in.
    await page.evaluate(() => fetch('/api/v1/user/logout', { credentials: 'include' }));
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Colleague@2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectPath(page, '/login/second-factor');
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    // A code not used before: the next step's (the one that turned it on may still be current).
    await page.getByLabel('Code', { exact: true }).fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, 'Logged in successfully');
    await expectPath(page, '/');
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  } finally {
    await colleague.close();
    await admin.close();
  }
});

test.describe('new screens are axe-clean at 1280 px and 390 px', () => {
  for (const viewport of VIEWPORTS) {
    test(`/settings, /audit, /team, /team/accept, /login/second-factor and the profile two-step setup (${viewport.width} px)`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const { page, close } = await openPage(browser, { viewport });
      try {
        await loginAsAdmin(page);
        await page.goto('/settings');
        await expect(page.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
        await expect(page.getByLabel('Public phone', { exact: true })).toBeVisible();
        await expectNoSeriousViolations(page, `/settings at ${viewport.width} px`);
        await page.goto('/audit');
        await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
        await expect(page.getByText(/\d+ changes?$/)).toBeVisible();
        await expectNoSeriousViolations(page, `/audit at ${viewport.width} px`);
        await page.goto('/team');
        await expect(page.getByRole('heading', { level: 2, name: 'Administrators' })).toBeVisible();
        await expectNoSeriousViolations(page, `/team at ${viewport.width} px`);
        await page.goto('/team/accept/some-token');
        await expect(page.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
        await expectNoSeriousViolations(page, `/team/accept at ${viewport.width} px`);
        await page.goto('/login/second-factor');
        await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
        await expectNoSeriousViolations(page, `/login/second-factor at ${viewport.width} px`);
        await page.goto('/profile');
        await page.getByRole('button', { name: 'Manage two-step sign-in' }).click();
        await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
        await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
        await expectNoSeriousViolations(page, `/profile two-step setup at ${viewport.width} px`);
      } finally {
        await close();
      }
    });
  }
});
