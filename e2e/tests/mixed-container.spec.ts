/**
 * One request for a mixed container (issue 45) in Chromium: a visitor puts a product into the quote
 * list, signs in (the list joins the buyer's on the server) and adds two more from their pages; the
 * quote form opens with the three lines and the container estimate, and sends them; an administrator
 * prices each line (one with another quantity) and sends the offer; the buyer accepts it; the order
 * lists three lines. axe at 1280 and 390 px on the quote form with lines (English and Arabic), the
 * offer form and the order page. Texts are written out here, not imported from the app.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectCleanAtBothWidths } from '../support/axe';
import { SCREENSHOT_DIR } from '../support/constants';
import {
  expect,
  expectPath,
  expectToast,
  listProducts,
  loginAsAdmin,
  loginViaApi,
  newAccount,
  openPage,
  productPagePath,
  registerViaApi,
  test,
  uniqueId,
  type ApiProduct,
} from '../support/fixtures';

/** The three weighed products of the demo catalogue and the quantities asked (KG): 21,840 KG in all. */
const LINES = [
  { name: 'Natural Jaggery Blocks', quantity: 10_000, price: '1.25' },
  { name: 'Organic Jaggery Powder', quantity: 7_500, price: '2.40', offered: 8_000 },
  { name: 'Crispy Fried Onions', quantity: 4_340, price: '3.15' },
] as const;

const exact = (page: Page, text: string) => page.getByLabel(text, { exact: true });

/** Full-page screenshots at 390 and 1280 px in e2e/screenshots/ (git-ignored), to look at. */
async function screenshot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `mixed-container-${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
      style: '[data-sonner-toaster] { display: none !important; }',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function addFromProductPage(page: Page, path: string, signedIn: boolean): Promise<void> {
  await page.goto(path);
  const add = page.getByRole('button', { name: 'Add to quote list' });
  await expect(add).toBeVisible();
  // A signed-in buyer's list is saved on the server: wait for it before the next page.
  const saved = signedIn
    ? page.waitForResponse((r) => r.url().includes('/api/v1/quote-list') && r.request().method() === 'PUT')
    : Promise.resolve(null);
  await add.click();
  await expect(page.getByRole('link', { name: 'In quote list' })).toBeVisible();
  await saved;
}

test('a buyer fills a quote list from three product pages, sends it, and accepts a line-by-line offer into a three-line order', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const catalogue = await listProducts(request);
  const products = LINES.map((line) => catalogue.find((p) => p.productName === line.name)) as ApiProduct[];
  expect(products.every(Boolean), 'the demo catalogue has the three products').toBe(true);
  const paths = await Promise.all(products.map((p) => productPagePath(request, p._id)));
  const company = `Mixed Container Foods ${uniqueId()}`;

  const buyerSide = await openPage(browser);
  const adminSide = await openPage(browser);
  try {
    const page = buyerSide.page;
    // Before sign-in the list lives in the browser.
    await addFromProductPage(page, paths[0]!, false);
    await expect(page.getByRole('link', { name: 'Quote list, 1 item' })).toBeVisible();
    // A product page's 'Request Quote' still goes to /quote as SPEC.md says.
    await expect(page.getByRole('link', { name: 'Request Quote' })).toHaveAttribute('href', '/quote');

    const buyer = await registerViaApi(request, newAccount('mixed'));
    await loginViaApi(page, buyer);
    // Merged at sign-in: the line added before is the account's now.
    await expect(page.getByRole('link', { name: 'Quote list, 1 item' })).toBeVisible();
    await addFromProductPage(page, paths[1]!, true);
    await addFromProductPage(page, paths[2]!, true);
    await expect(page.getByRole('link', { name: 'Quote list, 3 items' })).toBeVisible();

    // The Arabic quote form opens with the lines too (a fresh page: the list comes from the server).
    await page.goto('/ar/quote');
    await expect(page.getByRole('group', { name: 'المنتج 3' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectCleanAtBothWidths(page, '/ar/quote with three lines');
    await screenshot(page, 'ar-quote-form');

    await page.goto('/quote');
    const second = page.getByRole('group', { name: 'Product 2' });
    const third = page.getByRole('group', { name: 'Product 3' });
    await expect(third).toBeVisible();
    // Line 1 is SPEC.md's own fields, labels unchanged.
    await expect(exact(page, 'Product').first()).toHaveValue(products[0]!._id);
    await expect(second.getByLabel('Product', { exact: true })).toHaveValue(products[1]!._id);
    await expect(third.getByLabel('Product', { exact: true })).toHaveValue(products[2]!._id);
    await exact(page, 'Required Quantity').first().fill(String(LINES[0].quantity));
    await second.getByLabel('Required Quantity', { exact: true }).fill(String(LINES[1].quantity));
    await third.getByLabel('Required Quantity', { exact: true }).fill(String(LINES[2].quantity));
    await exact(page, 'Packaging Type').first().selectOption({ label: 'PP Bag' });
    await second.getByLabel('Packaging Type', { exact: true }).selectOption({ label: 'Corrugated Box' });
    await third.getByLabel('Packaging Type', { exact: true }).selectOption({ label: 'Plastic Bag' });
    // 21,840 KG against the 20' container's 28,000 and the 40' container's 26,500.
    const estimate = page.getByRole('region', { name: 'Container estimate' });
    await expect(estimate).toContainText('Net weight of the products: 21,840 KG');
    await expect(estimate).toContainText("about 78% of a 20' container (28,000 KG)");
    await expect(estimate).toContainText("about 82% of a 40' container (26,500 KG)");

    await exact(page, 'Company Name').fill(company);
    await exact(page, 'Contact Person Name').fill('Amira Haddad');
    await exact(page, 'Company Email').fill(buyer.email);
    await exact(page, 'Mobile Number').fill('+971 50 765 4321');
    await exact(page, 'Country').fill('UAE');
    await exact(page, 'Address').fill('Warehouse 12, Jebel Ali Free Zone, Dubai');
    await exact(page, 'Delivery Location').fill('Jebel Ali Port, Dubai, UAE');
    await exact(page, 'How did you hear about us?').selectOption('LinkedIn');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await expectCleanAtBothWidths(page, '/quote with three lines');
    await screenshot(page, 'quote-form');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expectToast(page, 'Quote added successfully');
    // Sent: the list is empty, the form back to one product.
    await expect(page.getByRole('link', { name: /^Quote list,/ })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Product 2' })).toHaveCount(0);

    // The buyer's card: the first product and '+2 more'.
    await page.goto('/profile');
    const card = page.getByRole('article').filter({ hasText: company });
    await expect(card.getByRole('heading', { name: `${LINES[0].name} +2 more` })).toBeVisible();
    // Every line, one click (or Enter) away.
    await card.getByText('Products', { exact: true }).click();
    await expect(card.locator('details li')).toHaveText([/^Natural Jaggery Blocks/, /^Organic Jaggery Powder/, /^Crispy Fried Onions/]);

    // The administrator prices each line.
    const admin = adminSide.page;
    await loginAsAdmin(admin);
    await admin.goto('/profile');
    const adminCard = admin.getByRole('article').filter({ hasText: company });
    await expect(adminCard.getByText('+2 more')).toBeVisible();
    await admin.getByRole('button', { name: `View details of the quote from ${company}` }).click();
    await expectPath(admin, '/quote/description');
    await expect(admin.getByRole('rowheader', { name: 'Product 3', exact: true })).toBeVisible();
    for (const [i, line] of LINES.entries()) {
      const group = admin.getByRole('group', { name: line.name });
      await group.getByLabel(/^Unit price/).fill(line.price);
      if ('offered' in line) await group.getByLabel('Other quantity (KG)').fill(String(line.offered));
      const total = ['USD 12,500.00', 'USD 19,200.00', 'USD 13,671.00'][i]!;
      await expect(group.getByText(`Line total: ${total}`)).toBeVisible();
    }
    await expect(admin.getByRole('group', { name: LINES[1].name }).getByText('Quantity changed')).toBeVisible();
    await expect(admin.getByText('Offer total: USD 45,371.00')).toBeVisible();
    await admin.getByLabel('Currency').selectOption('USD');
    await admin.getByLabel('Incoterm (Incoterms 2020)').selectOption('CIF');
    await admin.getByLabel('Lead time (days)').fill('25');
    await admin.getByLabel('Port of loading').fill('Nhava Sheva (JNPT), India');
    await admin.getByLabel('Payment terms').fill('30% TT advance / 70% against documents');
    await expectCleanAtBothWidths(admin, 'offer form with three lines');
    await screenshot(admin, 'offer-form');
    await admin.getByRole('button', { name: 'Send offer' }).click();
    await expectToast(admin, 'Offer sent successfully');

    // The buyer sees the lines with their totals and accepts the whole offer.
    await page.goto('/profile');
    await expect(card.getByText('10,000 KG at USD 1.25 = USD 12,500.00')).toBeVisible();
    await expect(card.getByText('8,000 KG at USD 2.40 = USD 19,200.00 (changed from 7,500 KG)')).toBeVisible();
    await expect(card.getByText('USD 45,371.00')).toBeVisible();
    await screenshot(page, 'buyer-offer');
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByRole('dialog', { name: 'Do you want to accept this offer?' }).getByRole('button', { name: 'Accept offer' }).click();
    await expectToast(page, 'Offer accepted successfully');

    const mine = (await (await page.request.get('/api/v1/order/mine')).json()) as { orders: { _id: string; orderNumber: string }[] };
    const order = mine.orders[0]!;
    await page.goto(`/orders/${order._id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}`, level: 1 })).toBeVisible();
    const items = page.getByRole('heading', { name: 'Items' }).locator('xpath=..').getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(1)).toContainText('8,000 KG at USD 2.40 = USD 19,200.00');
    await expectCleanAtBothWidths(page, 'order page with three lines');
    await screenshot(page, 'order');
  } finally {
    await buyerSide.close();
    await adminSide.close();
  }
});

test('keyboard only: a product goes into the quote list with Enter; on the form a line is removed and one added, the focus never lost', async ({
  browser,
  request,
}) => {
  const catalogue = await listProducts(request);
  const [first, second] = LINES.map((line) => catalogue.find((p) => p.productName === line.name)) as ApiProduct[];
  const { page, close } = await openPage(browser);
  try {
    const buyer = await registerViaApi(request, newAccount('keys'));
    await loginViaApi(page, buyer);
    for (const product of [first!, second!]) {
      await page.goto(await productPagePath(request, product._id));
      const add = page.getByRole('button', { name: 'Add to quote list' });
      const saved = page.waitForResponse((r) => r.url().includes('/api/v1/quote-list') && r.request().method() === 'PUT');
      await add.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('link', { name: 'In quote list' })).toBeVisible();
      await saved;
    }
    await expect(page.getByRole('link', { name: 'Quote list, 2 items' })).toBeVisible();

    await page.goto('/quote');
    const secondLine = page.getByRole('group', { name: 'Product 2' });
    await expect(secondLine.getByLabel('Product', { exact: true })).toHaveValue(second!._id);
    await secondLine.getByRole('button', { name: 'Remove product 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: 'Product 2' })).toHaveCount(0);
    const addLine = page.getByRole('button', { name: 'Add another product' });
    await expect(addLine, 'the focus goes on from the add button').toBeFocused();
    await page.keyboard.press('Enter');
    const added = page.getByRole('group', { name: 'Product 2' });
    await expect(added).toBeVisible();
    await expect(added.getByLabel('Product', { exact: true }), "the new line's first field has the focus").toBeFocused();
  } finally {
    await close();
  }
});
