/**
 * Orders in Chromium (issue 27): an administrator takes an accepted quote from PROFORMA_ISSUED to
 * SHIPPED with a bill of lading, the buyer sees the timeline in My Orders and downloads it, another
 * buyer cannot; the new screens are axe-clean at 1280 and 390 px.
 * Texts are written out here (not imported from the app) so a wrong text in the app fails the suite.
 */
import { expectCleanAtBothWidths } from '../support/axe';
import type { Page } from '@playwright/test';
import {
  acceptViaApi,
  expect,
  expectToast,
  findProduct,
  indiaDate,
  loginAsAdmin,
  loginAsNewUser,
  loginViaUi,
  offerViaApi,
  openPage,
  test,
  uniqueId,
  userWithQuote,
} from '../support/fixtures';

const TEXT = { recorded: 'Order step recorded', attached: 'Document attached' };

/** Record the step the form offers first (the next one), filling `fields` by their labels. */
async function recordNext(page: Page, step: string, fields: Record<string, string> = {}): Promise<void> {
  const form = page.getByRole('form', { name: 'Record the next step' });
  await expect(form.getByLabel('Step')).toHaveValue(step);
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: /^Record / }).click();
  await expectToast(page, TEXT.recorded);
  // The step is recorded once the form offers the next one (the toast may be an earlier step's).
  await expect(form.getByLabel('Step')).not.toHaveValue(step);
}

test('an administrator takes an accepted quote to SHIPPED with a bill of lading; the buyer follows it and downloads it, another buyer cannot', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const company = `Order Foods ${uniqueId()}`;
  const buyerAccount = await userWithQuote(company, product._id);
  const admin = await openPage(browser);
  const buyer = await openPage(browser);
  const other = await openPage(browser);
  try {
    await loginAsAdmin(admin.page);
    const quoteId = await offerViaApi(admin.page.request, company, {
      unitPrice: '2.40',
      currency: 'USD',
      incoterm: 'FOB',
      destination: 'Felixstowe',
    });
    await loginViaUi(buyer.page, buyerAccount);
    const { _id: orderId, orderNumber } = await acceptViaApi(buyer.page.request, quoteId);
    expect(orderNumber).toMatch(/^ORD-\d{4}-\d{4}$/);

    // The administrator finds it in Orders and opens it.
    const page = admin.page;
    await page.goto('/orders?step=PROFORMA_ISSUED');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: orderNumber })).toBeVisible();
    await expectCleanAtBothWidths(page, '/orders');
    await page.getByRole('link', { name: `Open order ${orderNumber}` }).click();
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();

    await recordNext(page, 'ADVANCE_RECEIVED', { 'Amount received (USD)': '1080.00' });
    await recordNext(page, 'IN_PRODUCTION');
    await recordNext(page, 'QUALITY_CHECKED', { 'Note (optional)': 'Moisture 2.1%, colour A grade' });
    await recordNext(page, 'PACKED', { 'Container number': 'MSCU1234567', 'Seal number': 'SL-998877' });
    await recordNext(page, 'SHIPPED', {
      Vessel: 'MSC Aurora',
      Voyage: 'AU123W',
      'Bill of lading': 'MEDU12345678',
      ETD: indiaDate(0),
      ETA: indiaDate(24),
      'Tracking link': 'https://www.msc.com/track?b=MEDU12345678',
    });
    const uploadForm = page.getByRole('form', { name: 'Attach document' });
    await uploadForm.getByLabel('Document type').selectOption('BILL_OF_LADING');
    await uploadForm.getByLabel(/^File/).setInputFiles({
      name: 'MEDU12345678.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% bill of lading MEDU12345678\n'),
    });
    await uploadForm.getByRole('button', { name: 'Attach document' }).click();
    await expectToast(page, TEXT.attached);
    await expect(page.getByRole('link', { name: 'Bill of lading: MEDU12345678.pdf' })).toBeVisible();
    await expect(page.getByText('Shipped', { exact: false }).first()).toBeVisible();
    await expectCleanAtBothWidths(page, '/orders/{id} (admin)');

    // The buyer follows it from the profile.
    await buyer.page.goto('/profile');
    await buyer.page.getByRole('link', { name: 'My Orders' }).click();
    await expect(buyer.page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
    const card = buyer.page.getByRole('article').filter({ hasText: orderNumber });
    const timeline = card.getByRole('region', { name: `Timeline of order ${orderNumber}` });
    await expect(timeline.locator('[aria-current="step"]')).toContainText('Shipped');
    await expect(timeline).toContainText('Container number: MSCU1234567');
    await expect(card.getByRole('link', { name: 'Track shipment (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.msc.com/track?b=MEDU12345678',
    );
    await expect(card).toContainText('ETA:');
    const [download] = await Promise.all([
      buyer.page.waitForEvent('download'),
      card.getByRole('link', { name: 'Bill of lading: MEDU12345678.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('MEDU12345678.pdf');
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
    await expectCleanAtBothWidths(buyer.page, '/my-orders');
    await buyer.page.goto(`/orders/${orderId}`);
    await expect(buyer.page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
    await expectCleanAtBothWidths(buyer.page, '/orders/{id} (buyer)');

    // Another buyer can neither open the order nor download its document.
    await loginAsNewUser(other.page, request, 'stranger');
    const docs = (await (await buyer.page.request.get(`/api/v1/order/${orderId}`)).json()) as { order: { documents: { _id: string }[] } };
    const docUrl = `/api/v1/order/${orderId}/document/${docs.order.documents[0]!._id}`;
    expect((await other.page.request.get(docUrl)).status()).toBe(403);
    expect((await other.page.request.get(`/api/v1/order/${orderId}/proforma`)).status()).toBe(403);
    await other.page.goto(`/orders/${orderId}`);
    await expect(other.page.getByText('This order could not be loaded.')).toBeVisible();
    await other.page.goto('/my-orders');
    await expect(other.page.getByText('No orders yet')).toBeVisible();
  } finally {
    await Promise.all([admin.close(), buyer.close(), other.close()]);
  }
});
