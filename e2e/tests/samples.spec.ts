/**
 * Sample requests in Chromium (issue 43, item 2): a buyer follows 'Request a sample' from a
 * product page, asks for it with their courier account, an administrator approves and dispatches
 * it (the admin list and the request's screen), the buyer follows the tracking link to the
 * courier's site (intercepted: nothing leaves the machine), says the samples arrived, rates them and
 * requests a quote from them, which remembers the sample. The screens are axe-clean at 1280 and
 * 390 px, the form works by keyboard, and the Arabic screen reads right to left.
 * Texts are written out here (not imported from the app) so a wrong text in the app fails the suite.
 */
import type { Page } from '@playwright/test';
import { expectCleanAtBothWidths } from '../support/axe';
import {
  expect,
  expectToast,
  findProduct,
  loginAsAdmin,
  loginAsNewUser,
  openPage,
  productPagePath,
  settled,
  test,
  uniqueId,
} from '../support/fixtures';

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

interface SampleAnswer {
  sample: { _id: string; number: string; status: string; quoteIds: string[]; dispatch: { trackingUrl: string } | null };
}

test('a buyer asks for a sample, follows its tracking link and requests a quote from it', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  await loginAsNewUser(page, request, 'sample');

  // The product page's plain link opens the samples page with the product chosen.
  await page.goto(await productPagePath(request, product._id));
  await page.getByRole('link', { name: 'Request a sample' }).click();
  await expect(page.getByRole('heading', { name: 'Samples', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/samples\\?product=${product._id}$`));
  await expect(page.getByRole('form', { name: 'Ask for samples' })).toBeVisible();
  await expect(label(page, 'Product 1')).toHaveValue(product._id);
  await settled(page);
  await expectCleanAtBothWidths(page, '/profile/samples (buyer, empty)');

  // By keyboard: the grams, the company, the country and the address, then the courier account.
  await label(page, 'Quantity of product 1 (g)').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('300');
  // Past 'Add another product' to the company's name.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add another product' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type(`Sample Foods ${uniqueId()}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Netherlands');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12 Harbour Road, 3011 Rotterdam');
  await expect(page.getByRole('radio', { name: 'Use my courier account' })).toBeChecked();
  await label(page, 'Courier').selectOption('DHL');
  await label(page, 'Courier account number').fill('960123456');
  await label(page, 'Courier account number').press('Enter');
  await expectToast(page, 'Sample request sent');
  const card = page.getByRole('list', { name: 'Your sample requests' }).getByRole('listitem').first();
  await expect(card.getByText('Requested', { exact: true })).toBeVisible();
  await expect(card.getByText('Courier account: DHL 960123456')).toBeVisible();
  const mine = (await (await page.request.get('/api/v1/sample/mine')).json()) as { samples: SampleAnswer['sample'][] };
  const sample = mine.samples[0]!;
  expect(sample.number).toMatch(/^SMP-\d{4}-\d{6}$/);

  // The administrator finds it in the list, opens it, approves it and dispatches it.
  const admin = await openPage(browser);
  try {
    await loginAsAdmin(admin.page);
    const desk = admin.page;
    await desk.goto('/profile/samples?status=REQUESTED');
    await expect(desk.getByRole('heading', { name: 'Sample requests', level: 1 })).toBeVisible();
    await desk.getByRole('link', { name: `Open request ${sample.number}` }).click();
    await expect(desk.getByRole('heading', { name: sample.number, level: 2 })).toBeVisible();
    await settled(desk);
    await expectCleanAtBothWidths(desk, '/profile/samples?id= (administrator)');
    await desk.getByRole('button', { name: 'Approve' }).click();
    await expectToast(desk, 'Saved');
    await label(desk, 'Courier').selectOption('FEDEX');
    await label(desk, 'Tracking number').fill('771234567890');
    await desk.getByRole('button', { name: 'Dispatch' }).click();
    await expect(desk.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    await desk.goto('/profile/samples');
    await settled(desk);
    await expectCleanAtBothWidths(desk, '/profile/samples (administrator list)');
  } finally {
    await admin.close();
  }

  // The buyer follows the tracking link to FedEx's page (intercepted: no request leaves the machine).
  const courierHits: string[] = [];
  await page.context().route('https://www.fedex.com/**', async (route) => {
    courierHits.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>FedEx tracking</title><h1>Tracking 771234567890</h1>' });
  });
  await page.reload();
  await expect(card.getByText('Dispatched', { exact: true })).toBeVisible();
  const [courierPage] = await Promise.all([
    page.context().waitForEvent('page'),
    card.getByRole('link', { name: 'Track the parcel on the FedEx site (opens in a new tab)' }).click(),
  ]);
  await courierPage.waitForLoadState();
  expect(courierPage.url()).toBe('https://www.fedex.com/fedextrack/?trknbr=771234567890');
  await expect(courierPage.getByRole('heading', { name: 'Tracking 771234567890' })).toBeVisible();
  expect(courierHits).toEqual(['https://www.fedex.com/fedextrack/?trknbr=771234567890']);
  await courierPage.close();

  // Arrived: the buyer says so and rates them.
  await card.getByRole('button', { name: 'The samples arrived' }).click();
  await expectToast(page, 'Samples marked delivered');
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
  const feedback = card.getByRole('form', { name: 'How were the samples?' });
  await feedback.getByLabel('Rating').selectOption('4');
  await feedback.getByLabel('Comments (optional)').fill('Good colour, fine grind');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expectToast(page, 'Thank you for your feedback');
  await expect(card.getByText('Your rating: 4 of 5')).toBeVisible();
  await settled(page);
  await expectCleanAtBothWidths(page, '/profile/samples (buyer, delivered)');

  // 'Request a quote': the quote form with the product chosen; the quote remembers its sample.
  await card.getByRole('link', { name: `Request a quote for ${product.productName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/quote\\?productId=${product._id}&sample=${sample._id}$`));
  await expect(page.getByText('This quote request follows your delivered samples.')).toBeVisible();
  await expect(label(page, 'Product')).toHaveValue(product._id);
  await label(page, 'Company Name').fill('Sample Foods Rotterdam');
  await label(page, 'Contact Person Name').fill('Anna de Vries');
  await label(page, 'Company Email').fill('buying@samplefoods.nl');
  await label(page, 'Mobile Number').fill('+31 10 123 4567');
  await label(page, 'Country').fill('Netherlands');
  await label(page, 'Address').fill('12 Harbour Road, 3011 Rotterdam');
  await label(page, 'Required Quantity').fill('2000');
  await label(page, 'Packaging Type').selectOption({ label: 'PP Bag' });
  await label(page, 'Delivery Location').fill('Port of Rotterdam, Netherlands');
  await label(page, 'How did you hear about us?').selectOption('LinkedIn');
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expectToast(page, 'Quote added successfully');
  const after = (await (await page.request.get(`/api/v1/sample/${sample._id}`)).json()) as SampleAnswer;
  expect(after.sample.quoteIds).toHaveLength(1);
  await page.goto('/profile/samples');
  await expect(card.getByText('You asked for a quote from these samples.')).toBeVisible();
});

test('the samples screen in Arabic reads right to left and is axe-clean', async ({ page, request }) => {
  await loginAsNewUser(page, request, 'sample-ar');
  await page.goto('/ar/profile/samples');
  await expect(page.getByRole('heading', { name: 'العينات', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'أرسل الطلب' })).toBeVisible();
  await settled(page);
  await expectCleanAtBothWidths(page, '/ar/profile/samples');
  // A refusal in the page's language: the server says it in Arabic.
  await page.getByRole('button', { name: 'أرسل الطلب' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'اختر منتجًا من القائمة' })).toBeVisible();
});

test("a sample request's conversation: the buyer asks, the company answers with the unread count shown, in English and Arabic", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  await loginAsNewUser(page, request, 'sample-talk');
  const added = await page.request.post('/api/v1/sample/add', {
    data: {
      items: [{ productId: product._id, grams: 200 }],
      address: '4 Quay Street, Hamburg 20457',
      country: 'Germany',
      companyName: `Talk Foods ${uniqueId()}`,
      shipping: 'ON_DELIVERY',
      note: '',
      fillMs: 9000,
    },
  });
  expect(added.status()).toBe(200);
  const sample = ((await added.json()) as SampleAnswer).sample;

  // The buyer opens the request's messages ('Messages' on its card) and writes.
  await page.goto('/profile/samples');
  const card = page.getByRole('list', { name: 'Your sample requests' }).getByRole('listitem').first();
  await card.getByRole('button', { name: `Messages about ${sample.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/samples\\?sample=${sample._id}$`));
  await page.getByLabel('Your message', { exact: true }).fill('Could the 200 g come in two bags of 100 g?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(card.getByText('Could the 200 g come in two bags of 100 g?')).toBeVisible();
  await settled(page);
  await expectCleanAtBothWidths(page, '/profile/samples?sample= (buyer, conversation)');
  // Away from it (an open conversation reads what arrives live).
  await page.goto('/profile');

  // The administrator sees '1 unread' in the list, opens the request by the mails' link and answers.
  const admin = await openPage(browser);
  try {
    await loginAsAdmin(admin.page);
    const desk = admin.page;
    await desk.goto('/profile/samples');
    const row = desk.getByRole('list', { name: 'Sample requests' }).getByRole('listitem').filter({ hasText: sample.number });
    await expect(row.getByText('1 unread')).toBeVisible();
    await desk.goto(`/profile/samples?sample=${sample._id}#messages`);
    await expect(desk.getByRole('heading', { name: sample.number, level: 2 })).toBeVisible();
    await expect(desk.getByText('Could the 200 g come in two bags of 100 g?')).toBeVisible();
    await desk.getByLabel('Your message', { exact: true }).fill('Yes, two bags of 100 g each.');
    await desk.getByRole('button', { name: 'Send message' }).click();
    await expect(desk.getByText('Yes, two bags of 100 g each.')).toBeVisible();
    await settled(desk);
    await expectCleanAtBothWidths(desk, '/profile/samples?sample= (administrator, conversation)');
  } finally {
    await admin.close();
  }

  // The buyer's card counts the answer as unread until the conversation is opened; in Arabic.
  await page.goto('/ar/profile/samples');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicCard = page.getByRole('listitem').filter({ hasText: sample.number });
  await expect(arabicCard.getByText('رسالة غير مقروءة')).toBeVisible();
  await arabicCard.getByRole('button', { name: `الرسائل حول ${sample.number}` }).click();
  await expect(arabicCard.getByText('Yes, two bags of 100 g each.')).toBeVisible();
  await settled(page);
  await expectCleanAtBothWidths(page, '/ar/profile/samples?sample= (buyer, conversation)');
});
