/**
 * The conversation on a deal (issue 40) in Chromium: a buyer asks a question with a PDF attached on
 * their quote, the company answers (the buyer's open page shows it live, without a reload), the
 * buyer asks for changes (a lower price), the company sends revision 2, the buyer accepts, and the
 * order page shows the whole conversation. axe at 1280 and 390 px on the thread's screens in
 * English and Arabic; a failed post keeps what was typed.
 * Texts are written out here (not imported from the app) so a wrong text in the app fails the suite.
 */
import type { Page } from '@playwright/test';
import { expectCleanAtBothWidths } from '../support/axe';
import {
  acceptViaApi,
  expect,
  expectToast,
  findProduct,
  loginAsAdmin,
  loginViaApi,
  offerViaApi,
  offeredQuote,
  openPage,
  settled,
  test,
  uniqueId,
  userWithQuote,
} from '../support/fixtures';

/** A small but real PDF: the server judges a file by its bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const statusOf = (scope: ReturnType<Page['getByRole']>) => scope.getByTestId('quote-status').first();

/** The thread's section on the page (its heading names it). */
const thread = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true });

test('a question with a PDF, a live answer, a request for changes, revision 2, acceptance, and the whole conversation on the order', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const company = `Thread Foods ${uniqueId()}`;
  const {
    quoteId,
    admin: a,
    buyerPage: b,
    close,
  } = await offeredQuote(browser, company, product._id, {
    unitPrice: '14.00',
    currency: 'USD',
    incoterm: 'CIF',
    destination: 'Port of Felixstowe, United Kingdom',
  });
  try {
    // The buyer opens the quote's messages from 'Your Quotes' and asks, with a PDF attached.
    await b.goto('/profile');
    const card = b.getByRole('article').filter({ hasText: company });
    await expect(statusOf(card)).toHaveText(/QUOTED/);
    await card.getByRole('link', { name: `Messages about ${product.productName}` }).click();
    const buyerThread = thread(b, `Messages about ${product.productName}`);
    await expect(buyerThread.getByText('No messages yet.', { exact: false })).toBeVisible();
    await buyerThread
      .getByLabel('Your message', { exact: true })
      .fill('Can you pack in 10 kg cartons? Our lab report: https://example.com/lab');
    await buyerThread.getByLabel('Attach files').setInputFiles({ name: 'lab-report.pdf', mimeType: 'application/pdf', buffer: PDF });
    await buyerThread.getByRole('button', { name: 'Send message' }).click();
    await expect(buyerThread.getByText('Can you pack in 10 kg cartons?', { exact: false })).toBeVisible();
    await expect(buyerThread.getByRole('link', { name: /lab-report\.pdf/ })).toBeVisible();
    await expect(buyerThread.getByRole('link', { name: 'https://example.com/lab' })).toHaveAttribute('href', 'https://example.com/lab');
    await expect(buyerThread.getByLabel('Your message', { exact: true })).toHaveValue('');

    // The company reads it on the quote desk (the mails' link) and answers.
    await a.goto(`/quote/description?id=${quoteId}#messages`);
    const deskThread = thread(a, 'Messages');
    await expect(deskThread.getByText('Can you pack in 10 kg cartons?', { exact: false })).toBeVisible();
    await expect(deskThread.getByRole('link', { name: /lab-report\.pdf/ })).toBeVisible();
    // The buyer's open page shows their question as seen by the company, without a reload.
    await expect(buyerThread.getByText('Seen', { exact: true })).toBeVisible({ timeout: 5_000 });
    // The buyer opened the quote after the offer was sent.
    await expect(a.getByText(/Seen by the buyer \d+ min after sending/)).toBeVisible();
    await deskThread.getByLabel('Your message', { exact: true }).fill('Yes, 10 kg cartons are fine.');
    await deskThread.getByRole('button', { name: 'Send message' }).click();
    await expect(deskThread.getByText('Yes, 10 kg cartons are fine.')).toBeVisible();

    // The buyer's open page shows the answer without a reload.
    await expect(buyerThread.getByText('Yes, 10 kg cartons are fine.')).toBeVisible({ timeout: 5_000 });
    await expect(buyerThread.getByText('Yes, 10 kg cartons are fine.')).toHaveCount(1);

    // The buyer asks for a lower price.
    await b.getByRole('button', { name: 'Ask for changes' }).click();
    await b.getByRole('button', { name: 'Send the proposal' }).click();
    await expect(b.getByText('Say what you would like changed')).toBeVisible();
    await b.getByLabel('What would you like changed?').fill('12.00 a kilo for two containers?');
    await b.getByLabel('Unit price (USD)').fill('12.00');
    await expectCleanAtBothWidths(b, 'the buyer’s quote thread with the request for changes');
    await b.getByRole('button', { name: 'Send the proposal' }).click();
    await expect(statusOf(b.getByRole('article').filter({ hasText: company }))).toHaveText(/CHANGES REQUESTED/);
    const proposal = b.getByRole('region', { name: /Changes asked to offer/ });
    await expect(proposal.getByRole('row', { name: /Unit price/ })).toContainText('USD 14.00');
    await expect(proposal.getByRole('row', { name: /Unit price/ })).toContainText('USD 12.00');

    // The company sees the proposal on the desk and sends revision 2.
    await a.reload();
    const deskProposal = a.getByRole('region', { name: /Changes asked to offer/ });
    await expect(deskProposal.getByRole('row', { name: /Unit price/ })).toContainText('USD 12.00');
    await expect(a.getByTestId('quote-status').first()).toHaveText(/CHANGES REQUESTED/);
    await expectCleanAtBothWidths(a, 'the quote desk with its thread and a proposal');
    await a.getByLabel(/^Unit price/).fill('12.00');
    await a.getByRole('button', { name: /Send (a new )?offer/ }).click();
    await expectToast(a, 'Offer sent successfully');
    await expect(a.getByText(/-R2/).first()).toBeVisible();

    // The buyer accepts revision 2.
    await b.reload();
    const card2 = b.getByRole('article').filter({ hasText: company });
    await expect(statusOf(card2)).toHaveText(/QUOTED/);
    await expect(card2.getByText(/-R2/).first()).toBeVisible();
    await card2.getByRole('button', { name: 'Accept', exact: true }).click();
    await b.getByRole('dialog', { name: 'Do you want to accept this offer?' }).getByRole('button', { name: 'Accept offer' }).click();
    await expectToast(b, 'Offer accepted successfully');

    // The order page shows the whole conversation: the quote's thread, then the order's own.
    const mine = (await (await b.request.get('/api/v1/order/mine')).json()) as { orders: { _id: string; quoteId: string }[] };
    const order = mine.orders.find((o) => o.quoteId === quoteId)!;
    await b.goto(`/orders/${order._id}`);
    const quoteThread = thread(b, 'Messages on the quote request');
    await expect(quoteThread.getByText('Can you pack in 10 kg cartons?', { exact: false })).toBeVisible();
    await expect(quoteThread.getByText('Yes, 10 kg cartons are fine.')).toBeVisible();
    await expect(quoteThread.getByText('12.00 a kilo for two containers?')).toBeVisible();
    await expect(quoteThread.getByRole('link', { name: /lab-report\.pdf/ })).toBeVisible();
    await expect(thread(b, 'Messages').getByLabel('Your message', { exact: true })).toBeVisible();
    await expectCleanAtBothWidths(b, 'the order page with the conversation');
  } finally {
    await close();
  }
});

test('in Arabic: the header’s unread total; the buyer’s thread, request for changes and inquiries, the quote desk, the inbox’s inquiry thread and the order page are axe-clean at both widths', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const company = `Thread Arabic ${uniqueId()}`;
  const buyer = await userWithQuote(company, product._id, { inquiry: true });
  const admin = await openPage(browser);
  const buyerSide = await openPage(browser);
  try {
    await loginAsAdmin(admin.page);
    const quoteId = await offerViaApi(admin.page.request, company, {
      unitPrice: '11.50',
      currency: 'USD',
      incoterm: 'FOB',
      destination: 'Jebel Ali, UAE',
    });
    const b = buyerSide.page;
    await loginViaApi(b, buyer);
    // A message in each direction, so both sides' lines, read marks and links are there.
    const posted = await b.request.post(`/api/v1/quote/${quoteId}/messages`, { data: { text: 'هل يمكن التعبئة في كراتين 10 كغ؟' } });
    expect(posted.ok(), await posted.text()).toBe(true);
    const answered = await admin.page.request.post(`/api/v1/quote/${quoteId}/messages`, {
      data: { text: 'Yes: https://example.com/cartons' },
    });
    expect(answered.ok(), await answered.text()).toBe(true);

    // The header counts the company's message the buyer has not opened yet.
    await b.goto('/ar/about');
    await expect(b.getByRole('link', { name: 'رسالة واحدة غير مقروءة' })).toBeVisible();

    await b.goto(`/ar/profile?quote=${quoteId}#messages`);
    await expect(b.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(b.getByText('Yes: ', { exact: false })).toBeVisible();
    // The message keeps its own direction.
    await expect(b.getByText('هل يمكن التعبئة', { exact: false })).toHaveAttribute('dir', 'auto');
    await b.getByRole('button', { name: 'طلب تعديلات' }).click();
    await expect(b.getByLabel('ما الذي تريد تغييره؟')).toBeVisible();
    await settled(b);
    await expectCleanAtBothWidths(b, '/ar/profile with the quote thread and the request for changes');
    await b
      .getByRole('region', { name: 'استفساراتك', exact: true })
      .getByRole('button', { name: /^الرسائل حول/ })
      .click();
    await expect(b.getByRole('region', { name: `الرسائل حول ${product.productName}`, exact: true })).toBeVisible();
    await settled(b);
    await expectCleanAtBothWidths(b, '/ar/profile with the inquiry thread');

    await admin.page.goto(`/ar/quote/description?id=${quoteId}#messages`);
    await expect(admin.page.getByText('هل يمكن التعبئة', { exact: false })).toBeVisible();
    await expect(admin.page.getByRole('button', { name: /^إخفاء رسالة/ }).first()).toBeVisible();
    await settled(admin.page);
    await expectCleanAtBothWidths(admin.page, '/ar/quote/description with its thread');

    // The inquiry's conversation in the administrators' inbox (the mails' link opens it).
    const mine = (await (await b.request.get('/api/v1/contact/mine')).json()) as { inquiries: { _id: string }[] };
    await admin.page.goto(`/ar/inquiries?inquiry=${mine.inquiries[0]!._id}#messages`);
    const inquiryDialog = admin.page.getByRole('dialog');
    await expect(inquiryDialog.getByRole('heading', { name: 'الرسائل', exact: true })).toBeVisible();
    await expect(inquiryDialog.getByLabel('رسالتك', { exact: true })).toBeVisible();
    await settled(admin.page);
    await expectCleanAtBothWidths(admin.page, '/ar/inquiries with an inquiry and its thread open');

    const order = await acceptViaApi(b.request, quoteId);
    await b.goto(`/ar/orders/${order._id}`);
    await expect(b.getByRole('heading', { name: 'الرسائل حول طلب عرض السعر' })).toBeVisible();
    await settled(b);
    await expectCleanAtBothWidths(b, '/ar/orders/{id} with the conversation');
  } finally {
    await admin.close();
    await buyerSide.close();
  }
});

test('a failed post keeps the typed text and says so; the next try sends it once', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const company = `Thread Retry ${uniqueId()}`;
  const buyer = await userWithQuote(company, product._id);
  await loginViaApi(page, buyer);
  await page.goto('/profile');
  await page
    .getByRole('article')
    .filter({ hasText: company })
    .getByRole('link', { name: `Messages about ${product.productName}` })
    .click();
  const box = page.getByLabel('Your message', { exact: true });
  await box.fill('Please confirm the shelf life.');
  await page.route('**/api/v1/quote/*/messages', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Service unavailable' }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your message was not sent' })).toBeVisible();
  await expect(box).toHaveValue('Please confirm the shelf life.');
  await page.unroute('**/api/v1/quote/*/messages');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(box).toHaveValue('');
  await expect(page.getByText('Please confirm the shelf life.')).toHaveCount(1);
});
