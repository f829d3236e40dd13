/**
 * Trade data on a product (issue 43, item 1): an administrator sets a product's minimum order,
 * packing, lead time, specification and certifications in the product form; a buyer reads them in
 * the 'Trade details' block of the product's page in English and in Arabic (the server's HTML, kept
 * as it is), and the quote form refuses a quantity under the minimum order. Axe-clean at 1280 and 390 px.
 */
import { expectCleanAtBothWidths } from '../support/axe';
import { SCREENSHOT_DIR } from '../support/constants';
import {
  appTookOver,
  expect,
  expectToast,
  loginAsAdmin,
  loginAsNewUser,
  openPage,
  productPagePath,
  test,
  TEST_PRODUCT_PREFIX,
  uniqueId,
} from '../support/fixtures';
import { makePng, randomColor } from '../support/png';

test('an admin sets trade data; a buyer reads it in English and Arabic and the quote form refuses a quantity under the minimum order', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `${TEST_PRODUCT_PREFIX}Trade Jaggery ${uniqueId()}`;

  // ---- the administrator: a product (by the API), then its trade details in the product form
  const admin = await openPage(browser);
  let id = '';
  try {
    const page = admin.page;
    await loginAsAdmin(page);
    const added = await page.request.post('/api/v1/product/add', {
      multipart: {
        productName: name,
        productType: 'AGRO',
        productQuantityType: 'KG',
        productForm: 'Blocks',
        productDescription: 'Jaggery blocks for the trade data test.',
        isOrganic: 'true',
        productShelfLife: '12',
        nutrientContent: 'Iron',
        keyFeatures: 'Chemical free',
        applications: 'Sweets',
        productThumbnail: { name: 'thumb.png', mimeType: 'image/png', buffer: makePng(randomColor()) },
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    id = ((await added.json()) as { product: { _id: string } }).product._id;

    await page.goto(`/edit-product?id=${id}`);
    const trade = page.getByRole('region', { name: 'Trade details' });
    await expect(trade).toBeVisible();
    await trade.getByLabel('Minimum order quantity', { exact: true }).fill('1');
    await trade.getByLabel('Minimum order unit', { exact: true }).selectOption('TONS');
    await trade.getByLabel('Lead time (days)', { exact: true }).fill('21');
    await trade.getByLabel('Supply per month', { exact: true }).fill('200');
    await trade.getByLabel('Supply unit', { exact: true }).selectOption('TONS');
    await trade.getByRole('button', { name: 'Add packing option' }).click();
    await trade.getByLabel('Packaging type 1', { exact: true }).selectOption('PP_BAG');
    await trade.getByLabel('Net quantity 1', { exact: true }).fill('25');
    await trade.getByLabel('Net quantity unit 1', { exact: true }).selectOption('KG');
    await trade.getByRole('button', { name: 'Add specification' }).click();
    await trade.getByLabel('Specification name 1', { exact: true }).fill('Moisture');
    await trade.getByLabel('Specification value 1', { exact: true }).fill('Below 6%');
    await trade.getByRole('checkbox', { name: 'FSSAI', exact: true }).check();
    await trade.getByRole('checkbox', { name: 'APEDA', exact: true }).check();
    await expectCleanAtBothWidths(page, 'the product form with trade details');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Product Updated Successfully!');
    // The specification in Arabic, in the form's Arabic tab.
    await page.goto(`/edit-product?id=${id}`);
    await page.getByRole('tab', { name: 'العربية' }).click();
    await page.getByLabel('Name of specification 1 (العربية)').fill('الرطوبة');
    await page.getByLabel('Value of specification 1 (العربية)').fill('أقل من 6%');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Product Updated Successfully!');
  } finally {
    await admin.close();
  }

  // ---- a buyer: the product's page in English, then in Arabic
  const path = await productPagePath(request, id);
  const buyer = await openPage(browser);
  try {
    const page = buyer.page;
    await page.goto(path);
    const block = page.getByRole('region', { name: 'Trade details' });
    await expect(block).toBeVisible();
    await expect(block.getByText('Minimum order', { exact: true })).toBeVisible();
    await expect(block.getByText('1 TONS')).toBeVisible();
    await expect(block.getByText('21 days')).toBeVisible();
    await expect(block.getByText('PP Bag of 25 KG net')).toBeVisible();
    await expect(block.getByRole('rowheader', { name: 'Moisture' })).toBeVisible();
    await expect(block.getByText('FSSAI')).toBeVisible();
    // The app took the page over and kept the server's block.
    await appTookOver(page);
    await expect(block.getByText('Below 6%')).toBeVisible();
    await expectCleanAtBothWidths(page, 'a product page with trade details');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await block.screenshot({ path: `${SCREENSHOT_DIR}/trade-details-en-${width}.png` });
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/ar${path}`);
    const arabic = page.getByRole('region', { name: 'تفاصيل التجارة' });
    await expect(arabic).toBeVisible();
    await expect(arabic.getByText('الحد الأدنى للطلب', { exact: true })).toBeVisible();
    await expect(arabic.getByRole('rowheader', { name: 'الرطوبة' })).toBeVisible();
    await expect(arabic.getByText('أقل من 6%')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectCleanAtBothWidths(page, 'a product page with trade details in Arabic');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/trade-details-ar-${width}.png` });
    }
  } finally {
    await buyer.close();
  }

  // ---- the buyer's quote: under the minimum order, refused in the browser
  const quoting = await openPage(browser);
  try {
    const page = quoting.page;
    await loginAsNewUser(page, request, 'trade-moq');
    await page.goto(`/quote?productId=${id}`);
    await expect(page.getByText('Minimum order for this product: 1,000 KG')).toBeVisible();
    await expect(page.getByText('Packing options: PP Bag 25 KG')).toBeVisible();
    const label = (text: string) => page.getByLabel(text, { exact: true });
    await label('Company Name').fill('Minimum Order Foods');
    await label('Contact Person Name').fill('Layla Haddad');
    await label('Company Email').fill('layla@minimum.example');
    await label('Mobile Number').fill('+971 50 123 4567');
    await label('Country').fill('UAE');
    await label('Address').fill('Warehouse 4, Jebel Ali Free Zone');
    await label('Required Quantity').fill('500');
    await label('Packaging Type').selectOption('PP_BAG');
    await label('Delivery Location').fill('Jebel Ali Port, Dubai');
    await label('How did you hear about us?').selectOption('Google');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/quote/add')) sent = true;
    });
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(page.getByText('Required Quantity must be at least 1000 KG for this product')).toBeVisible();
    expect(sent).toBe(false);
    await expectCleanAtBothWidths(page, 'the quote form refusing a quantity under the minimum order');
  } finally {
    await quoting.close();
  }

  // Tidy up: the product this test made.
  const cleanup = await openPage(browser);
  try {
    await loginAsAdmin(cleanup.page);
    await cleanup.page.request.delete(`/api/v1/product/delete/${id}`);
  } finally {
    await cleanup.close();
  }
});
