/**
 * No doubles (issue 25, item 3): a double-click on 'Submit', or submitting again after the answer
 * was lost on the network, makes one quote, with its Idempotency-Key (apps/web/src/lib/api.ts).
 */
import type { Page } from '@playwright/test';
import { expect, expectToast, findProduct, loginAsNewUser, test, uniqueId } from '../support/fixtures';
import { SUCCESS } from '../support/spec-texts';

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

async function fillQuote(page: Page, company: string, productName: string): Promise<void> {
  await label(page, 'Company Name').fill(company);
  await label(page, 'Contact Person Name').fill('Ali Hassan');
  await label(page, 'Company Email').fill('buying@gulffoods.ae');
  await label(page, 'Mobile Number').fill('+971 50 123 4567');
  await label(page, 'Country').fill('UAE');
  await label(page, 'Address').fill('Warehouse 7, Al Quoz, Dubai');
  await label(page, 'Product').selectOption({ label: productName });
  await label(page, 'Required Quantity').fill('2500');
  await label(page, 'Packaging Type').selectOption({ label: 'PP Bag' });
  await label(page, 'Delivery Location').fill('Jebel Ali Port, Dubai, UAE');
  await label(page, 'How did you hear about us?').selectOption('LinkedIn');
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
}

/** The buyer's quotes of `company`, read through the API with the page's session. */
async function quotesOf(page: Page, company: string): Promise<number> {
  const res = await page.request.get('/api/v1/quote/getQuoteByUser');
  const { quotes } = (await res.json()) as { quotes: Array<{ companyName: string }> };
  return quotes.filter((q) => q.companyName === company).length;
}

test('a double-click on Submit makes one quote', async ({ page, request }) => {
  const product = await findProduct(request, () => true);
  await loginAsNewUser(page, request, 'double');
  await page.goto('/quote');
  const company = `Double Click ${uniqueId()}`;
  await fillQuote(page, company, product.productName);
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/quote/add')) keys.push(r.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'Submit Quote Request' }).dblclick();
  await expectToast(page, SUCCESS.addQuote);
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  expect(await quotesOf(page, company)).toBe(1);
});

test('a quote whose answer was lost on the network, sent again, is stored once', async ({ page, request }) => {
  const product = await findProduct(request, () => true);
  await loginAsNewUser(page, request, 'flaky');
  await page.goto('/quote');
  const company = `Flaky Network ${uniqueId()}`;
  await fillQuote(page, company, product.productName);
  // The first request reaches the server, which stores the quote; its answer never comes back.
  const keys: string[] = [];
  let lost = false;
  await page.route('**/api/v1/quote/add', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    return route.abort('connectionreset');
  });
  const submit = page.getByRole('button', { name: 'Submit Quote Request' });
  await submit.click();
  await expect.poll(() => quotesOf(page, company)).toBe(1);
  // What was typed is still there: the buyer sends it again.
  await expect(label(page, 'Company Name')).toHaveValue(company);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expectToast(page, SUCCESS.addQuote);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await quotesOf(page, company)).toBe(1);
});
