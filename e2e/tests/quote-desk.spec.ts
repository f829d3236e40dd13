/**
 * Quote desk in Chromium: an administrator sends an offer, the buyer sees it in
 * 'Your Quotes', downloads the quotation PDF and accepts it, the administrator sees ACCEPTED;
 * the mails are in the outbox; an expired offer cannot be accepted. Screenshots at 390 and 1280 px.
 * Texts are written out here (not imported from the app) so a wrong text in the app fails the suite.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { SCREENSHOT_DIR } from '../support/constants';
import {
  dataDir,
  expect,
  expectPath,
  expectToast,
  findProduct,
  indiaDate,
  loginAsAdmin,
  loginViaUi,
  offerViaApi,
  openPage,
  test,
  uniqueId,
  userWithQuote,
} from '../support/fixtures';
import { readOutbox } from '../support/outbox';

const run = promisify(execFile);

const TEXT = {
  offerSent: 'Offer sent successfully',
  offerAccepted: 'Offer accepted successfully',
  acceptConfirm: 'Do you want to accept this offer?',
  declineConfirm: 'Do you want to decline this offer?',
  expiredNote: 'This offer has expired and can no longer be accepted.',
};

/** The admin's card of a quote on /profile, then its /quote/description page. */
async function openQuoteAsAdmin(page: Page, company: string): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: `View details of the quote from ${company}` }).click();
  await expectPath(page, '/quote/description');
  await expect(page.getByRole('heading', { name: 'Quote desk' })).toBeVisible();
}

const statusOf = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByTestId('quote-status').first();

async function screenshot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal scroll on ${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `quote-desk-${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
      style: '[data-sonner-toaster] { display: none !important; }',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The mail to `to` whose subject contains `subject` and whose body contains `about` (the company's
 * own address gets the mails of every test running beside this one). Mails are written just after
 * the answer: waited for.
 */
async function expectMail(to: string, subject: string, about = ''): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        const mail = (await readOutbox(dataDir())).find(
          (m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.subject.includes(subject) && m.body.includes(about),
        );
        body = mail?.body ?? '';
        return Boolean(mail);
      },
      { message: `mail to ${to} about ${subject}` },
    )
    .toBe(true);
  return body;
}

test('an offer goes from the admin to the buyer, who downloads the PDF and accepts it; the admin sees ACCEPTED', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const company = `Quote Desk Foods ${uniqueId()}`;
  const buyer = await userWithQuote(company, product._id);

  // The administrator prices the request.
  const admin = await openPage(browser);
  const buyerSide = await openPage(browser);
  try {
    const page = admin.page;
    await loginAsAdmin(page);
    await page.goto('/profile');
    const adminCard = page.getByRole('article').filter({ hasText: company });
    await expect(statusOf(adminCard)).toHaveText(/NEW/);
    await openQuoteAsAdmin(page, company);
    // The spec's table is still there, above the quote desk.
    await expect(page.getByRole('rowheader', { name: 'Company Name', exact: true })).toBeVisible();
    await expect(statusOf(page)).toHaveText(/NEW/);
    await screenshot(page, 'admin-new');

    await page.getByLabel(/^Unit price/).fill('12.35');
    await page.getByLabel('Currency').selectOption('USD');
    await page.getByLabel('Incoterm (Incoterms 2020)').selectOption('CIF');
    await page.getByLabel('Lead time (days)').fill('21');
    await page.getByLabel('Port of loading').fill('Nhava Sheva (JNPT), India');
    // Prefilled from the request's delivery location.
    await expect(page.getByLabel('Destination port or place')).toHaveValue('Port of Felixstowe, United Kingdom');
    await page.getByLabel('Payment terms').fill('30% TT advance / 70% against documents');
    await page.getByRole('button', { name: 'Send offer' }).click();
    await expectToast(page, TEXT.offerSent);
    await expect(statusOf(page)).toHaveText(/QUOTED/);
    // 12.35 x 1500
    await expect(page.getByText('USD 18,525.00').first()).toBeVisible();
    await expectMail(buyer.email, 'USD 18,525.00');
    await screenshot(page, 'admin-quoted');

    // The buyer sees the offer in 'Your Quotes'.
    const b = buyerSide.page;
    await loginViaUi(b, buyer);
    await b.goto('/profile');
    const card = b.getByRole('article').filter({ hasText: product.productName }).filter({ hasText: company });
    await expect(statusOf(card)).toHaveText(/QUOTED/);
    await expect(card.getByText('USD 12.35 per KG')).toBeVisible();
    await expect(card.getByText('USD 18,525.00')).toBeVisible();
    await expect(card.getByText('CIF (Cost, Insurance and Freight)')).toBeVisible();
    await expect(card.getByText('30% TT advance / 70% against documents')).toBeVisible();
    await screenshot(b, 'buyer-quoted');

    // The quotation PDF, read back as text.
    const [download] = await Promise.all([b.waitForEvent('download'), card.getByRole('link', { name: 'Quotation PDF' }).click()]);
    const file = path.join(test.info().outputDir, 'quotation.pdf');
    await download.saveAs(file);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    const text = stdout.replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Sahyadri Agro Exports',
      'QUOTATION',
      company,
      product.productName,
      '1,500 KG',
      'USD 12.35 per KG',
      'USD 18,525.00',
      'CIF Port of Felixstowe',
      'Nhava Sheva (JNPT), India',
      '21 days',
    ]) {
      expect(text, expected).toContain(expected);
    }

    // Accept, behind a confirmation (Cancel first: nothing changes).
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = b.getByRole('dialog', { name: TEXT.acceptConfirm });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/USD 18,525\.00 for 1,500 KG/)).toBeVisible();
    await screenshot(b, 'buyer-accept-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusOf(card)).toHaveText(/QUOTED/);
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.getByLabel('Note to the company (optional)').fill('Please ship in March.');
    await dialog.getByRole('button', { name: 'Accept offer' }).click();
    await expectToast(b, TEXT.offerAccepted);
    await expect(statusOf(card)).toHaveText(/ACCEPTED/);
    await expect(card.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
    const decision = await expectMail('info@sahyadriagroexports.com', `ACCEPTED: quotation`, company);
    expect(decision).toContain('Please ship in March.');

    // The administrator sees ACCEPTED on the card and on the quote's page.
    await page.goto('/profile');
    await expect(statusOf(page.getByRole('article').filter({ hasText: company }))).toHaveText(/ACCEPTED/);
    await openQuoteAsAdmin(page, company);
    await expect(statusOf(page)).toHaveText(/ACCEPTED/);
    await expect(page.getByText('Accepted by the buyer')).toBeVisible();
    // A decided quote offers no more forms.
    await expect(page.getByRole('button', { name: /Send (a new )?offer/ })).toHaveCount(0);
    await screenshot(page, 'admin-accepted');
  } finally {
    await admin.close();
    await buyerSide.close();
  }
});

test('an expired offer shows EXPIRED and cannot be accepted', async ({ browser, request }) => {
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const company = `Expired Offer Traders ${uniqueId()}`;
  const buyer = await userWithQuote(company, product._id);
  const admin = await openPage(browser);
  const buyerSide = await openPage(browser);
  try {
    await loginAsAdmin(admin.page);
    const quoteId = await offerViaApi(admin.page.request, company, {
      unitPrice: '9.80',
      currency: 'EUR',
      incoterm: 'FOB',
      destination: 'Hamburg, Germany',
      validUntil: indiaDate(),
    });

    // The validity date passes (the server's clock cannot be moved: the stored expiry is).
    const db = new Database(path.join(dataDir(), 'agro.sqlite'));
    try {
      const past = new Date(Date.now() - 60_000).toISOString();
      db.prepare('update quotes set offer_expires_at = ? where id = ?').run(past, quoteId);
      db.prepare('update quote_offers set expires_at = ? where quote_id = ?').run(past, quoteId);
    } finally {
      db.close();
    }

    const b = buyerSide.page;
    await loginViaUi(b, buyer);
    await b.goto('/profile');
    const card = b.getByRole('article').filter({ hasText: company });
    await expect(statusOf(card)).toHaveText(/EXPIRED/);
    await expect(card.getByText(TEXT.expiredNote)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
    await screenshot(b, 'buyer-expired');

    // Nor through the API, with a clear message.
    const accept = await b.request.post(`/api/v1/quote/${quoteId}/accept`, { data: {} });
    expect(accept.status()).toBe(409);
    expect(((await accept.json()) as { message: string }).message).toMatch(/^This offer expired: it was valid until \d{4}-\d{2}-\d{2}$/);

    await admin.page.goto('/profile');
    await expect(statusOf(admin.page.getByRole('article').filter({ hasText: company }))).toHaveText(/EXPIRED/);
  } finally {
    await admin.close();
    await buyerSide.close();
  }
});
