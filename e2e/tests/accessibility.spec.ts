/**
 * axe-core on every public page and on the forms: no 'serious' or 'critical' violation
 * (each one is printed when the test fails).
 */
import { expectCleanAtBothWidths, expectNoSeriousViolations, VIEWPORTS } from '../support/axe';
import type { Page } from '@playwright/test';
import {
  expect,
  findProduct,
  productPagePath,
  loginAsAdmin,
  loginAsNewUser,
  loginViaUi,
  offerViaApi,
  openPage,
  settled,
  test,
  uniqueId,
  userWithQuote,
} from '../support/fixtures';

/** Waits for the page's own content (lazy route chunk and first data) before axe looks. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
}

test.describe('public pages', () => {
  const PUBLIC = [
    '/',
    '/about',
    '/products',
    '/gallery',
    '/register',
    '/login',
    '/forgot-password',
    '/reset-password/some-token',
    '/privacy',
    '/terms',
    '/no-such-page',
    '/api/docs',
  ];

  for (const path of PUBLIC) {
    test(`${path} (1280 px and 390 px)`, async ({ browser }) => {
      // Two axe runs; /api/docs (the whole API reference) alone takes 20-50 s with two workers on a
      // 2-core machine.
      test.setTimeout(120_000);
      const { page, close } = await openPage(browser);
      try {
        await page.goto(path);
        await settle(page);
        await expectCleanAtBothWidths(page, path);
      } finally {
        await close();
      }
    });
  }

  test('product page at its own address (1280 px and 390 px)', async ({ browser, request }) => {
    const product = await findProduct(request, (p) => p.productType === 'AGRO');
    const path = await productPagePath(request, product._id);
    const { page, close } = await openPage(browser);
    try {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectCleanAtBothWidths(page, path);
    } finally {
      await close();
    }
  });

  test('product detail', async ({ browser, request }) => {
    const product = await findProduct(request, (p) => p.productType === 'AGRO');
    const { page, close } = await openPage(browser);
    try {
      await page.goto(`/products/description?id=${product._id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, 'product detail');
      await page.getByRole('tab', { name: 'Nutrition' }).click();
      await expectNoSeriousViolations(page, 'product detail, Nutrition tab');
    } finally {
      await close();
    }
  });

  test('forms with their validation messages showing', async ({ browser }) => {
    const { page, close } = await openPage(browser);
    try {
      await page.goto('/login');
      await settle(page);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'login with errors');

      await page.goto('/register');
      await settle(page);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'register with errors');
    } finally {
      await close();
    }
  });
});

test.describe('forms behind the login', () => {
  test('USER: quote, contact, profile and its dialogs', async ({ browser, request }) => {
    // Nine axe runs: about 40 s alone, close to the default 60 s when the suite runs two workers.
    test.setTimeout(120_000);
    const { page, close } = await openPage(browser);
    try {
      await loginAsNewUser(page, request, 'axe');
      await page.goto('/quote');
      await settle(page);
      await expectNoSeriousViolations(page, 'quote form');
      // The trade desk's part of the form, open, at both widths.
      await page.getByRole('button', { name: 'Trade Terms (optional)' }).click();
      await expect(page.getByLabel('Preferred Incoterm', { exact: true })).toBeVisible();
      await expectCleanAtBothWidths(page, 'quote form with trade terms');
      await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
      await page.getByRole('button', { name: 'Submit Quote Request' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'quote form with errors');

      await page.goto('/contact');
      await settle(page);
      await expectNoSeriousViolations(page, 'contact form');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'contact form with errors');

      await page.goto('/profile');
      await settle(page);
      await expectNoSeriousViolations(page, 'profile (USER)');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
      await expectNoSeriousViolations(page, 'change password dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, 'update profile confirmation');
    } finally {
      await close();
    }
  });

  test('ADMIN: add product, profile with All Quotes, gallery controls', async ({ browser }) => {
    const { page, close } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      await page.goto('/add-product');
      await settle(page);
      await expectNoSeriousViolations(page, 'add product form');
      await page.getByRole('button', { name: 'Add Product', exact: true }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'add product form with errors');

      await page.goto('/profile');
      await settle(page);
      await expectNoSeriousViolations(page, 'profile (ADMIN)');

      await page.goto('/gallery');
      await settle(page);
      await expectNoSeriousViolations(page, 'gallery (ADMIN)');
      await page.getByRole('button', { name: '+ Add Images', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Images' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousViolations(page, 'add images dialog');
      // A file that is not an image: the dialog lists what it refused.
      await dialog.locator('input[type=file]').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }]);
      await expect(dialog.getByRole('alert')).toHaveText('"notes.txt" is not an image.');
      await expectNoSeriousViolations(page, 'add images dialog with a refused file');
    } finally {
      await close();
    }
  });
});

test.describe('trade desk, at 1280 px and 390 px', () => {
  test('All Quotes with filters, inbox, dashboard (1280 px and 390 px)', async ({ browser, request }) => {
    test.setTimeout(180_000);
    // Something held as spam, so its views show their cards with the mark and 'Not spam'.
    await userWithQuote(`Axe Spam ${uniqueId()}`, (await findProduct(request, () => true))._id, { inquiry: true, spam: true });
    const { page, close } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      for (const path of ['/profile?country=India', '/inquiries?status=OPEN', '/inquiries?spam=true', '/profile?spam=true', '/dashboard']) {
        await page.goto(path);
        await settle(page);
        await expectCleanAtBothWidths(page, path);
      }
      await page.getByText('Show the numbers as a table').first().click();
      await expectCleanAtBothWidths(page, 'dashboard with a data table open');
    } finally {
      await close();
    }
  });
});

test.describe('quote desk', () => {
  test('admin: status, offers, history, offer and reject forms; buyer: offer card and accept dialog (1280 px and 390 px)', async ({
    browser,
    request,
  }) => {
    // Two widths of admin and buyer screens: 1.5-1.6 min alone on this machine, past 2 min beside
    // CI's other worker (a fresh clone's .ci/run, 25 Nov).
    test.setTimeout(240_000);
    const product = await findProduct(request, (p) => p.productType === 'AGRO');
    const company = `Axe Quote Desk ${uniqueId()}`;
    const buyer = await userWithQuote(company, product._id);
    const admin = await openPage(browser);
    const buyerSide = await openPage(browser);
    try {
      const page = admin.page;
      await loginAsAdmin(page);
      await offerViaApi(page.request, company, {
        unitPrice: '7.25',
        currency: 'GBP',
        incoterm: 'CFR',
        destination: 'Port of Felixstowe, United Kingdom',
      });

      await loginViaUi(buyerSide.page, buyer);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto('/profile');
        await page.getByRole('button', { name: `View details of the quote from ${company}` }).click();
        await expect(page.getByRole('heading', { name: 'Send a new offer' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `quote desk (ADMIN) at ${viewport.width} px`);
        // A new offer starts from the current one: clear two fields to see the form's errors.
        await page.getByLabel(/^Unit price/).fill('');
        await page.getByLabel('Payment terms').fill('');
        await page.getByRole('button', { name: 'Send offer' }).click();
        await expect(page.getByRole('alert').first()).toBeVisible();
        await expectNoSeriousViolations(page, `offer form with errors at ${viewport.width} px`);

        const b = buyerSide.page;
        await b.setViewportSize(viewport);
        await b.goto('/profile');
        await settle(b);
        const card = b.getByRole('article').filter({ hasText: company });
        await expect(card.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
        await expectNoSeriousViolations(b, `Your Quotes with an offer at ${viewport.width} px`);
        await card.getByRole('button', { name: 'Decline', exact: true }).click();
        await expect(b.getByRole('dialog', { name: 'Do you want to decline this offer?' })).toBeVisible();
        await expectNoSeriousViolations(b, `decline dialog at ${viewport.width} px`);
        await b.keyboard.press('Escape');
      }
    } finally {
      await admin.close();
      await buyerSide.close();
    }
  });
});
