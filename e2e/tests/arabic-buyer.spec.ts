/**
 * A buyer from Dubai in Arabic (issue 28): a buyer on an English product page switches to
 * Arabic, sees the page right to left, registers, logs in and requests a quote there, and receives
 * the acknowledgement in Arabic. Fields are found by their names: the texts around them are the
 * page's language's.
 */
import type { Page } from '@playwright/test';
import { dataDir, expect, expectPath, findProduct, newAccount, productPagePath, test, uniqueId } from '../support/fixtures';
import { readOutbox } from '../support/outbox';

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test('a buyer switches to Arabic on a product page, registers, requests a quote and receives the Arabic mail', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const englishPath = await productPagePath(request, product._id);
  await page.goto(englishPath);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The header's switcher: the same page in Arabic, rendered by the server right to left.
  await page.getByRole('banner').locator('summary').click();
  await page.getByRole('link', { name: 'العربية' }).click();
  await expectPath(page, `/ar${englishPath}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // Remembered by the link's click, or, when it was pressed before the app took the page over, by
  // the Arabic page at its start: wait for it either way.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('ar');
  const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
  await expect(nav.getByRole('link', { name: 'المنتجات' })).toBeVisible();
  // Mirrored: the company's name and mark stand at the right end of the header.
  const logo = await page.getByRole('banner').getByRole('link').filter({ hasText: 'Sahyadri Agro Exports' }).boundingBox();
  expect(logo!.x).toBeGreaterThan(640);

  // Registration under /ar/: the account takes the page's language.
  const account = newAccount('arabic');
  await nav.getByRole('link', { name: 'التسجيل' }).click();
  await expectPath(page, '/ar/register');
  await field(page, 'fullName').fill(account.fullName);
  await field(page, 'email').fill(account.email);
  await field(page, 'countryCode').selectOption('AE');
  await field(page, 'phoneNumber').fill('501234567');
  await field(page, 'password').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  await expectPath(page, '/ar/login', 30_000);
  await field(page, 'email').fill(account.email);
  await field(page, 'password').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  // The app's own links name the Arabic home /ar (the router's basename); the server answers it as /ar/.
  await expectPath(page, '/ar');

  // The quote request, still under /ar/.
  await page.goto(`/ar/quote`);
  // Before a product is chosen the quantity's unit box says so in Arabic too.
  await expect(field(page, 'requiredQty').locator('xpath=..')).toContainText('الوحدة');
  const company = `Gulf Dates Trading ${uniqueId()}`;
  await field(page, 'companyName').fill(company);
  await field(page, 'contactPersonName').fill('Omar Al Farsi');
  await field(page, 'companyEmail').fill('omar@gulfdates.ae');
  await field(page, 'mobileNumber').fill('+971 50 765 4321');
  await field(page, 'country').fill('United Arab Emirates');
  await field(page, 'address').fill('Warehouse 12, Al Quoz, Dubai');
  await field(page, 'productId').selectOption(product._id);
  await field(page, 'requiredQty').fill('1500');
  await field(page, 'packagingType').selectOption({ index: 1 });
  await field(page, 'deliveryLocation').fill('Jebel Ali Port, Dubai');
  await field(page, 'heardFrom').selectOption({ index: 1 });
  await field(page, 'agreeToTerms').check();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/quote/add') && r.request().method() === 'POST');
  await page.locator('form button[type="submit"]').click();
  expect((await sent).status()).toBe(200);
  // The toasts speak Arabic to a screen reader as well: their region and close button.
  await expect(page.getByRole('region', { name: /^الإشعارات/ })).toBeAttached();
  await expect(page.getByRole('button', { name: 'إغلاق الإشعار' }).first()).toBeAttached();

  // The profile: the buyer's quote counted and the way to the orders, in Arabic.
  await page.goto('/ar/profile');
  await expect(page.getByText('1 عرض سعر', { exact: true })).toBeVisible();
  await expect(page.getByText('تابع كل عرض سعر مقبول من الفاتورة المبدئية حتى التسليم', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'طلبياتي' })).toBeVisible();

  // The welcome mail at registration and the acknowledgement, both in Arabic.
  const mailsTo = async () =>
    (await readOutbox(dataDir()))
      .filter((m) => m.to.includes(account.email))
      .map((m) => m.body)
      .join('\n---\n');
  await expect.poll(mailsTo, { message: `the acknowledgement to ${account.email}` }).toContain('شكرًا لطلبك عرض سعر');
  expect(await mailsTo(), 'the welcome mail').toContain('حساب المشتري الخاص بكم');
});
