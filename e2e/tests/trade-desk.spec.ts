/**
 * The trade desk, end to end: a buyer files a quote with trade terms and an inquiry; an administrator
 * finds both through the filters (kept in the URL), exports them as CSV and reads the files
 * back, works the inbox and opens the dashboard.
 */
import fs from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, expectToast, findProduct, loginAsAdmin, loginAsNewUser, openPage, test, uniqueId } from '../support/fixtures';

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

/** The downloaded CSV: its bytes start with the UTF-8 byte-order mark; rows keyed by header. */
async function readCsv(download: Download): Promise<Record<string, string>[]> {
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
}

test('a buyer sends a quote with trade terms and an inquiry; an admin finds both by country, exports them and works the inbox', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  // A country no other test uses, so the filter finds exactly this buyer's leads.
  const country = `Testland ${uniqueId()}`;
  const company = `Trade Desk Foods ${uniqueId()}`;

  // ---- the buyer
  const buyer = await openPage(browser);
  try {
    const page = buyer.page;
    await loginAsNewUser(page, request, 'trade');
    await page.goto('/quote');
    await expect(page.getByRole('heading', { level: 1, name: 'Request a Quote' })).toBeVisible();
    await label(page, 'Company Name').fill(company);
    await label(page, 'Contact Person Name').fill('Amara Okafor');
    await label(page, 'Company Email').fill('amara@tradedesk.example');
    await label(page, 'Mobile Number').fill('+234 801 234 5678');
    await label(page, 'Country').fill(country);
    await label(page, 'Address').fill('12 Marina Road, Lagos Island');
    await label(page, 'Product').selectOption(product._id);
    await label(page, 'Required Quantity').fill('5000');
    await label(page, 'Packaging Type').selectOption('PP_BAG');
    await label(page, 'Delivery Location').fill('Apapa Port, Lagos, Nigeria');
    await label(page, 'How did you hear about us?').selectOption('Google');

    // The fifth section, collapsed until opened.
    const toggle = page.getByRole('button', { name: 'Trade Terms (optional)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(label(page, 'Preferred Incoterm')).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await label(page, 'Preferred Incoterm').selectOption('CIF');
    await label(page, 'Destination port or place').fill('Apapa, Lagos');
    await label(page, 'Container').selectOption({ label: "40' HC FCL" });
    await label(page, 'Target price').fill('0.85');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    // A price without its currency and unit is refused, beside the field.
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(page.getByText('Choose the currency of the target price')).toBeVisible();
    await label(page, 'Currency').selectOption('USD');
    await label(page, 'Per unit').selectOption('KG');
    await page.getByRole('checkbox', { name: 'FSSAI', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Halal', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Send me a sample first' }).check();
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/quote/add'));
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expectToast(page, 'Quote added successfully');
    expect((await sent).postDataJSON()).toMatchObject({
      country,
      tradeTerms: {
        incoterm: 'CIF',
        destinationPort: 'Apapa, Lagos',
        container: 'FCL_40_HC',
        targetPrice: '0.85',
        targetCurrency: 'USD',
        targetPriceUnit: 'KG',
        certifications: ['FSSAI', 'HALAL'],
        sampleFirst: true,
      },
    });

    await page.goto('/contact');
    await label(page, 'Full Name').fill('Amara Okafor');
    await label(page, 'Email').fill('amara@tradedesk.example');
    await label(page, 'Company Name').fill(company);
    await label(page, 'Country').fill(country);
    await label(page, 'Product').selectOption({ label: product.productName });
    await label(page, 'Estimated Quantity').fill('800');
    await label(page, 'Description').fill('=HYPERLINK("http://evil.example") please send a price list.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message sent successfully !');
  } finally {
    await buyer.close();
  }

  // ---- the administrator
  const admin = await openPage(browser);
  try {
    const page = admin.page;
    await loginAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'All Quotes' })).toBeVisible();

    // Two clicks: the country filter, then the country.
    const quoteFilters = page.getByRole('region', { name: 'Filter quotes' });
    await quoteFilters.getByLabel('Country').selectOption(country);
    await expect(page).toHaveURL(new RegExp(`[?&]country=${encodeURIComponent(country).replace(/%20/g, '(\\+|%20)')}`));
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(company);
    // The view is a bookmark: reloading the URL shows the same selection.
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Filter quotes' }).getByLabel('Country')).toHaveValue(country);

    const quoteDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of the filtered quotes' }).click();
    const quoteRows = await readCsv(await quoteDownload);
    expect(quoteRows).toHaveLength(1);
    expect(quoteRows[0]).toMatchObject({
      'Company Name': company,
      Country: country,
      'Product Name': product.productName,
      'Required Quantity': '5000',
      Status: 'NEW',
      'Preferred Incoterm': 'CIF',
      'Destination Port or Place': 'Apapa, Lagos',
      Container: "40' HC FCL",
      'Target Price': '0.85',
      'Target Price Currency': 'USD',
      'Target Price Unit': 'KG',
      'Certifications Required': 'FSSAI; Halal',
      'Sample First': 'Yes',
      'Mobile Number': "'+234 801 234 5678",
    });
    expect(quoteRows[0]!['Created At']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // The detail table shows the trade terms.
    await page.getByRole('button', { name: `View details of the quote from ${company}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quote Details' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Preferred Incoterm\s+CIF/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Target price\s+USD 0\.85 per KG/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Certifications required\s+FSSAI, Halal/ })).toBeVisible();

    // The inbox, beside Add Product in the header.
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Inquiries' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inquiry Inbox' })).toBeVisible();
    const inboxFilters = page.getByRole('region', { name: 'Filter inquiries' });
    await inboxFilters.getByLabel('Country').selectOption(country);
    const items = page.getByRole('list', { name: 'Inquiries, newest first' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(company);
    await expect(items.first()).toContainText(`800 ${product.productQuantityType}`);

    await items
      .first()
      .getByRole('button', { name: `Open the inquiry from ${company}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Inquiry from ${company}` });
    await expect(dialog).toContainText('=HYPERLINK("http://evil.example") please send a price list.');
    await dialog.getByRole('button', { name: 'Mark handled' }).click();
    await expectToast(page, 'Inquiry marked as handled');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(items.first()).toContainText('Handled');

    await inboxFilters.getByLabel('Status').selectOption('HANDLED');
    await expect(page).toHaveURL(/status=HANDLED/);
    await expect(items).toHaveCount(1);
    const inquiryDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of the filtered inquiries' }).click();
    const inquiryRows = await readCsv(await inquiryDownload);
    expect(inquiryRows).toHaveLength(1);
    expect(inquiryRows[0]).toMatchObject({
      'Company Name': company,
      Country: country,
      Status: 'HANDLED',
      'Estimated Quantity': '800',
      Unit: product.productQuantityType,
    });
    // Formula injection neutralised.
    expect(inquiryRows[0]!.Description).toBe('\'=HYPERLINK("http://evil.example") please send a price list.');

    // Delete, with a confirmation.
    await items
      .first()
      .getByRole('button', { name: `Delete the inquiry from ${company}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Inquiry deleted successfully');
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();

    // The dashboard reads this month's figures.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const monthly = page.getByRole('figure', { name: 'Quotes and inquiries per month' });
    await expect(monthly).toContainText(/\d+ quotes? and \d+ inquir(?:y|ies) in the last 12 months/);
    await expect(page.getByRole('figure', { name: 'Requests by country' })).toBeVisible();
    await expect(page.getByText('Offer within 24 hours')).toBeVisible();
    await expect(page.getByText('Acceptance rate')).toBeVisible();
  } finally {
    await admin.close();
  }
});
