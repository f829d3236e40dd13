/**
 * The buyer's data rights (issue 44, item 3): a buyer with an order, an open quote and an inquiry
 * downloads their data from the profile (the JSON, then the ZIP), then deletes their account with
 * the keyboard alone: the dialog says what the law keeps, the toast names the order kept and until
 * when, they are signed out and home. The company still has the order; the open quote no longer
 * names them. 'Your data' and its dialog axe-clean at 1280 and 390 px, in English and in Arabic.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expectCleanAtBothWidths } from '../support/axe';
import { SCREENSHOT_DIR } from '../support/constants';
import {
  acceptViaApi,
  addInquiryAs,
  addQuoteAs,
  expect,
  expectPath,
  expectToast,
  findProduct,
  offeredQuote,
  test,
  toastLog,
  uniqueId,
} from '../support/fixtures';

test('a buyer downloads their data and deletes their account; the order stays with the company', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const ordered = `Rights Ordered ${uniqueId()}`;
  const open = `Rights Open ${uniqueId()}`;
  const {
    buyer,
    quoteId,
    admin,
    buyerPage: page,
    close,
  } = await offeredQuote(browser, ordered, product._id, {
    unitPrice: '6.10',
    currency: 'USD',
    incoterm: 'FOB',
    destination: 'Port of Hamburg, Germany',
  });
  try {
    const order = await acceptViaApi(page.request, quoteId);
    await addQuoteAs(page.request, open, product._id);
    await addInquiryAs(page.request, open, product._id);

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section.getByRole('link', { name: 'Download your data', exact: true })).toBeVisible();
    await expectCleanAtBothWidths(page, "the profile's 'Your data'");
    await section.screenshot({ path: path.join(SCREENSHOT_DIR, 'data-rights-section-en-1280.png') });

    // The JSON: the account, both quotes, the order, the inquiry.
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download your data', exact: true }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^agro-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await fs.readFile((await json.path())!, 'utf8')) as {
      account: { email: string };
      quotes: { companyName: string }[];
      orders: { orderNumber: string }[];
      inquiries: unknown[];
    };
    expect(data.account.email).toBe(buyer.email);
    expect(data.quotes.map((q) => q.companyName).sort()).toEqual([open, ordered].sort());
    expect(data.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(data.inquiries).toHaveLength(1);
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download your data with its files (ZIP)' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^agro-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect((await fs.readFile((await zip.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');

    // In Arabic, right to left: the section and its dialog.
    await page.goto('/ar/profile');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arabic = page.getByRole('region', { name: 'بياناتك' });
    await expect(arabic.getByRole('link', { name: 'تنزيل بياناتك', exact: true })).toBeVisible();
    await expectCleanAtBothWidths(page, "the Arabic profile's 'Your data'");
    await arabic.getByRole('button', { name: 'حذف حسابك' }).click();
    const arabicDialog = page.getByRole('dialog', { name: 'هل تريد حذف حسابك؟' });
    await expect(arabicDialog.getByLabel(/كلمة المرور/)).toBeFocused();
    await expectCleanAtBothWidths(page, 'the Arabic delete-account dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'data-rights-dialog-ar-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await expect(arabicDialog).toBeHidden();

    // In English, with the keyboard alone: the button, the password, Enter.
    await page.goto('/profile');
    const remove = section.getByRole('button', { name: 'Delete your account' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('kept as the law requires for 8 years after each order');
    const password = dialog.getByLabel(/Your password/);
    await expect(password).toBeFocused();
    await expectCleanAtBothWidths(page, 'the delete-account dialog');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'data-rights-dialog-en-1280.png') });
    await page.keyboard.type('Wrong!Pass1');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Wrong password: your account was not deleted');
    await expect(dialog).toBeVisible();
    await password.fill('');
    await page.keyboard.type(buyer.password);
    await page.keyboard.press('Enter');
    // The toast names the order kept and until when: eight years from today.
    const kept = `Your account was deleted. Kept as the law requires until ${new Date().getUTCDate()} `;
    const until = `${new Date().getUTCFullYear() + 8}: orders ${order.orderNumber}`;
    await expect.poll(async () => (await toastLog(page)).some((t) => t.startsWith(kept) && t.endsWith(until))).toBe(true);
    await expectPath(page, '/');
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeAttached();
    expect((await page.request.get('/api/v1/user/profile')).status()).toBe(401);

    // The company keeps the order; the open quote and the inquiry no longer name the buyer.
    expect((await admin.request.get(`/api/v1/order/${order._id}`)).status()).toBe(200);
    const search = async (path: string, q: string) =>
      (await (await admin.request.get(`${path}?q=${encodeURIComponent(q)}`)).json()) as Record<string, unknown[]>;
    expect((await search('/api/v1/quote/all', open)).quotes).toEqual([]);
    expect((await search('/api/v1/contact/all', open)).inquiries).toEqual([]);
  } finally {
    await close();
  }
});
