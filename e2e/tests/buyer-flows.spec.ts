/**
 * A buyer's flows (SPEC.md section 2): browse products -> product detail (tabs, image switcher,
 * brochure for USER only) -> quote (terms gating, validation in spec order, success, reset) ->
 * 'Your Quotes' on the profile; and the contact inquiry.
 */
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  expect,
  expectImageLoaded,
  expectPath,
  expectToast,
  expectToastSeen,
  findProduct,
  listProducts,
  loginAsAdmin,
  loginAsNewUser,
  openPage,
  TEST_PRODUCT_PREFIX,
  test,
  toastLog,
  uniqueId,
  type ApiProduct,
} from '../support/fixtures';
import { HEARD_FROM, LOADING, PACKAGING_LABELS, SUCCESS, TEXT, VALIDATION } from '../support/spec-texts';

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

async function expectAlert(page: Page, text: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: text }).first();
  await expect(alert).toBeVisible();
  expect(await alert.evaluate((el) => el.textContent)).toBe(text);
}

/** From /products, open a product's detail page with its Learn More button. */
async function openFromCatalogue(page: Page, product: ApiProduct): Promise<void> {
  await page.goto('/products');
  const card = page.getByRole('article', { name: product.productName, exact: true });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Learn More' }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.productName, exact: true })).toBeVisible();
  await expectPath(page, '/products/description');
}

test.describe('catalogue and product detail', () => {
  test('home: premium count, premium products only, the static figures', async ({ page }) => {
    await page.goto('/');
    const figures = page.getByRole('region', { name: 'Key figures' });
    const premiumFigure = figures.getByRole('listitem').filter({ hasText: TEXT.premiumProducts });
    await expect(premiumFigure).toHaveText(/^\d+Premium Products$/);
    const cards = page.getByRole('list', { name: 'Premium products' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    // Counted from the same list the page shows (an admin test may add a premium product meanwhile).
    const shown = await cards.count();
    await expect(premiumFigure).toHaveText(`${shown}${TEXT.premiumProducts}`);
    const premiumNames = new Set((await listProducts(page.request)).filter((p) => p.isPremium).map((p) => p.productName));
    for (const name of await cards.getByRole('heading').allTextContents()) {
      // Products other tests create may come and go while this test runs.
      if (!name.startsWith(TEST_PRODUCT_PREFIX)) expect(premiumNames.has(name), `${name} is premium`).toBe(true);
    }
    for (const figure of ['Founded 2025', '100% Quality Assured', 'Global Export Reach']) {
      await expect(figures.getByText(figure, { exact: true })).toBeVisible();
    }
  });

  test('the products page lists every product with its card', async ({ page, request }) => {
    const all = (await request.get('/api/v1/product/all').then((r) => r.json())) as { products: ApiProduct[] };
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await expectToastSeen(page, LOADING.products);
    // Every product of the catalogue has a card (products other tests create may come and go
    // meanwhile, so they are left out of the comparison).
    for (const p of all.products.filter((x) => !x.productName.startsWith(TEST_PRODUCT_PREFIX))) {
      await expect(page.getByRole('article', { name: p.productName, exact: true })).toBeVisible();
    }
    const shown = await page.getByRole('list', { name: 'Products', exact: true }).getByRole('article').count();
    await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(new RegExp(`^Showing 1-${shown} of \\d+ products$`));
    const first = all.products.find((p) => p.keyFeatures.length > 2) ?? all.products[0]!;
    const card = page.getByRole('article', { name: first.productName, exact: true });
    // Thumbnail, name, first two key features only, Learn More; no admin icons for a visitor.
    await expect(card.getByRole('img', { name: first.productName })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Key features' }).getByRole('listitem')).toHaveText(first.keyFeatures.slice(0, 2));
    await expect(card.getByRole('button', { name: 'Learn More' })).toBeVisible();
    await expect(card.getByRole('button', { name: `Edit ${first.productName}` })).toHaveCount(0);
    const box = await card.boundingBox();
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([300, 500]);
    // Packaging options of section 1.
    for (const option of [
      'Bulk 25kg bags',
      'Bulk 50kg bags',
      'Retail 500g packs',
      'Retail 1kg packs',
      'Retail 2kg packs',
      'Custom / private label',
      'Export packaging',
    ]) {
      await expect(page.getByText(option, { exact: true })).toBeVisible();
    }
  });

  test('AGRO detail: breadcrumb, badges, tabs with Nutrition, image switcher; no brochure for a visitor', async ({ page, request }) => {
    const product = await findProduct(
      request,
      (p) => p.productType === 'AGRO' && p.productImages.length >= 2 && p.nutrientContent.length > 0,
    );
    await openFromCatalogue(page, product);

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Products', product.productName]);
    await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Products']);
    const badges = page.getByRole('list', { name: 'Product badges' }).getByRole('listitem');
    await expect(badges.first()).toHaveText('AGRO');
    if (product.isPremium) await expect(badges.filter({ hasText: 'Premium' })).toHaveCount(1);
    if (product.isOrganic) await expect(badges.filter({ hasText: 'Organic' })).toHaveCount(1);
    await expect(page.getByText('Kolhapur, Maharashtra, India', { exact: true })).toBeVisible();

    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveText(['Description', 'Features', 'Applications', 'Nutrition']);
    await expect(page.getByRole('tabpanel')).toContainText(product.productDescription.slice(0, 40));
    await tabs.getByRole('tab', { name: 'Features' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(product.keyFeatures[0]!);
    await tabs.getByRole('tab', { name: 'Applications' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(product.applications[0]!);
    await tabs.getByRole('tab', { name: 'Nutrition' }).click();
    await expect(page.getByRole('tab', { name: 'Nutrition' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(product.nutrientContent[0]!);

    // Thumbnail first, then every product image.
    const count = 1 + product.productImages.length;
    const switcher = page.getByRole('list', { name: 'Product images' }).getByRole('button');
    await expect(switcher).toHaveCount(count);
    await expect(page.getByRole('img', { name: `${product.productName}, image 1 of ${count}` })).toBeVisible();
    await page.getByRole('button', { name: 'Show image 2' }).click();
    await expect(page.getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Show image 1' })).toHaveAttribute('aria-pressed', 'false');
    const main = page.getByRole('img', { name: `${product.productName}, image 2 of ${count}` });
    await expect(main).toBeVisible();
    await expectImageLoaded(main);

    await expect(page.getByRole('button', { name: 'Download Brochure' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request Quote' }).click();
    await expectToast(page, TEXT.loginToContinue);
    await expectPath(page, '/login');
  });

  test('NONAGRO detail has no Nutrition tab', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.productType === 'NONAGRO');
    await openFromCatalogue(page, product);
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Description', 'Features', 'Applications']);
    await expect(page.getByRole('list', { name: 'Product badges' }).getByRole('listitem').first()).toHaveText('NONAGRO');
  });

  test('Download Brochure: a PDF for a USER, absent for an ADMIN', async ({ page, request, browser }) => {
    const product = await findProduct(request, (p) => p.productType === 'AGRO');
    await loginAsNewUser(page, request, 'brochure');
    await openFromCatalogue(page, product);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Brochure' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    const head = (await fs.readFile(file)).subarray(0, 5).toString('latin1');
    expect(head).toBe('%PDF-');

    const admin = await openPage(browser);
    try {
      await loginAsAdmin(admin.page);
      await openFromCatalogue(admin.page, product);
      await expect(admin.page.getByRole('link', { name: 'Request Quote' })).toBeVisible();
      await expect(admin.page.getByRole('button', { name: 'Download Brochure' })).toHaveCount(0);
    } finally {
      await admin.close();
    }
  });
});

test.describe('quote request', () => {
  test('terms gating, validation in spec order, success, reset, then Your Quotes with its badge', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.isPremium);
    await loginAsNewUser(page, request, 'quote');
    await openFromCatalogue(page, product);
    await page.getByRole('link', { name: 'Request Quote' }).click();
    await expectPath(page, '/quote');
    await expect(page.getByRole('heading', { level: 1, name: 'Request a Quote' })).toBeVisible();

    for (const section of [
      'Company Information',
      'Product Requirements',
      'Shipping & Delivery',
      'Additional Information',
      TEXT.whatHappensNext,
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
    }
    const steps = page.getByRole('region', { name: TEXT.whatHappensNext }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(label(page, 'Packaging Type').locator('option')).toHaveText(['Select packaging', ...PACKAGING_LABELS]);
    await expect(label(page, 'How did you hear about us?').locator('option')).toHaveText(['Select an option', ...HEARD_FROM]);

    // Submit is disabled until the terms are agreed.
    const submit = page.getByRole('button', { name: 'Submit Quote Request' });
    const terms = page.getByRole('checkbox', { name: 'I agree to the terms and conditions' });
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();
    await terms.uncheck();
    await expect(submit).toBeDisabled();
    await terms.check();

    // Coming from the product page, its product is chosen already; clear it to see every rule.
    await expect(label(page, 'Product')).toHaveValue(product._id);
    await label(page, 'Product').selectOption('');

    // Everything empty: each field's '<Field> is required', focus on the first in spec order.
    await submit.click();
    const required = VALIDATION.quoteRequired;
    for (const message of Object.values(required)) await expectAlert(page, message);
    await expect(label(page, 'Company Name')).toBeFocused();

    // Then the length and format rules, in spec order.
    const company = `Gulf Foods ${uniqueId()}`;
    await label(page, 'Company Name').fill('Gulf');
    await expectAlert(page, VALIDATION.quoteCompanyNameMin);
    await label(page, 'Company Name').fill(company);
    await label(page, 'Contact Person Name').fill('Ali');
    await expectAlert(page, VALIDATION.quoteContactPersonMin);
    await label(page, 'Contact Person Name').fill('Ali Hassan');
    await label(page, 'Company Email').fill('buying@gulffoods');
    await expectAlert(page, VALIDATION.invalidEmail);
    await label(page, 'Company Email').fill('buying@gulffoods.ae');
    await label(page, 'Mobile Number').fill('+971 50 123 4567');
    await label(page, 'Country').fill('UAE');
    await label(page, 'Address').fill('Dubai');
    await expectAlert(page, VALIDATION.quoteAddressMin);
    await label(page, 'Address').fill('Warehouse 7, Al Quoz, Dubai');
    await label(page, 'Product').selectOption({ label: product.productName });
    await expect(page.getByText(`Quantity in ${product.productQuantityType}`, { exact: true })).toBeVisible();
    await label(page, 'Required Quantity').fill('0');
    await expectAlert(page, VALIDATION.quoteRequiredQtyMin);
    await label(page, 'Required Quantity').fill('2500');
    await label(page, 'Packaging Type').selectOption({ label: 'PP Bag' });
    await page.getByRole('checkbox', { name: 'Custom packaging required' }).check();
    await label(page, 'Delivery Location').fill('Jebel Ali');
    await expectAlert(page, VALIDATION.quoteDeliveryLocationMin);
    await label(page, 'Delivery Location').fill('Jebel Ali Port, Dubai, UAE');
    await page.getByRole('checkbox', { name: 'Urgent requirement' }).check();
    await label(page, 'Additional Details').fill('Halal certificate needed.');
    await label(page, 'How did you hear about us?').selectOption('LinkedIn');
    await expect(page.getByRole('alert')).toHaveCount(0);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/quote/add') && r.method() === 'POST');
    await submit.click();
    await expectToast(page, SUCCESS.addQuote);
    expect(await toastLog(page)).toContain(LOADING.addQuote);
    // Section 3: the payload leaves out product, productQuantityType, agreeToTerms and productName.
    const payload = (await sent).postDataJSON() as Record<string, unknown>;
    for (const key of ['product', 'productQuantityType', 'agreeToTerms', 'productName']) expect(payload).not.toHaveProperty(key);
    expect(payload).toMatchObject({
      companyName: company,
      productId: product._id,
      packagingType: 'PP_BAG',
      isUrgent: true,
      isCustomPackagingRequired: true,
    });

    // The form is reset: empty fields, unticked terms, submit disabled again.
    for (const field of [
      'Company Name',
      'Contact Person Name',
      'Company Email',
      'Mobile Number',
      'Country',
      'Address',
      'Delivery Location',
    ]) {
      await expect(label(page, field)).toHaveValue('');
    }
    await expect(label(page, 'Product')).toHaveValue('');
    await expect(terms).not.toBeChecked();
    await expect(submit).toBeDisabled();

    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 2, name: TEXT.yourQuotes, exact: true })).toBeVisible();
    await expectToast(page, SUCCESS.userQuotes);
    expect(await toastLog(page)).toContain(LOADING.fetchQuotes);
    const card = page.getByRole('article').filter({ hasText: company });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: product.productName })).toBeVisible();
    await expect(card.getByText(product.isPremium ? 'Premium' : product.isOrganic ? 'Organic' : 'Standard', { exact: true })).toBeVisible();
    // A USER's card of a quote without an offer has no buttons (no view, no delete); a link opens its conversation (issue 40).
    await expect(card.getByRole('button')).toHaveCount(0);
    await expect(card.getByRole('link', { name: `Messages about ${product.productName}`, exact: true })).toBeVisible();
  });

  test('a Standard badge for a product neither premium nor organic', async ({ page, request }) => {
    const product = await findProduct(request, (p) => !p.isPremium && !p.isOrganic);
    await loginAsNewUser(page, request, 'standard');
    await page.goto('/quote');
    const company = `Nordic Home ${uniqueId()}`;
    await label(page, 'Company Name').fill(company);
    await label(page, 'Contact Person Name').fill('Sven Larsen');
    await label(page, 'Company Email').fill('sven@nordichome.se');
    await label(page, 'Mobile Number').fill('+46 8 123 456');
    await label(page, 'Country').fill('Sweden');
    await label(page, 'Address').fill('Sveavagen 1, Stockholm');
    await label(page, 'Product').selectOption({ label: product.productName });
    await label(page, 'Required Quantity').fill('300');
    await label(page, 'Packaging Type').selectOption({ label: 'Corrugated Box' });
    await label(page, 'Delivery Location').fill('Port of Gothenburg, Sweden');
    await label(page, 'How did you hear about us?').selectOption('Google');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expectToast(page, SUCCESS.addQuote);
    await page.goto('/profile');
    const card = page.getByRole('article').filter({ hasText: company });
    await expect(card.getByText('Standard', { exact: true })).toBeVisible();
  });
});

test.describe('contact inquiry', () => {
  test('validation, success toast, form reset', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.productType === 'AGRO');
    await loginAsNewUser(page, request, 'contact');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    // Business hours and the four-question FAQ.
    await expect(page.getByText('Monday - Friday', { exact: false }).first()).toBeVisible();
    // The four FAQ answers of section 2, each opened by its question.
    const faq: [string, RegExp][] = [
      ['What is your minimum order quantity?', /1000 kg.*jaggery.*500 kg.*fried onions/i],
      ['Do you provide free samples?', /500 ?g.*shipping.*customer/i],
      ['What payment methods do you accept?', /LC.*TT.*international/],
      ['How long does delivery take?', /15-30 days/],
    ];
    for (const [question, answer] of faq) {
      const item = page.getByRole('group').filter({ hasText: question });
      await item.getByText(question, { exact: true }).click();
      await expect(item).toContainText(answer);
    }

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectAlert(page, VALIDATION.contactRequired);

    await label(page, 'Full Name').fill('Hans Weber');
    await label(page, 'Email').fill('hans@weber');
    await label(page, 'Company Name').fill('Weber Lebensmittel GmbH');
    await label(page, 'Country').fill('Germany');
    await label(page, 'Product').selectOption({ label: product.productName });
    await label(page, 'Estimated Quantity').fill('1200');
    await label(page, 'Description').fill('Please send prices for 1200 kg, delivered to Hamburg.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectAlert(page, VALIDATION.invalidEmail);

    await label(page, 'Email').fill('hans@weber-lebensmittel.de');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/contact/addNewContact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, SUCCESS.contact);
    expect(await toastLog(page)).toContain(LOADING.contact);
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ productId: product._id, productName: product.productName, estimatedQuantity: 1200 });
    expect(body).not.toHaveProperty('productQuantityType');

    for (const field of ['Full Name', 'Email', 'Company Name', 'Country', 'Estimated Quantity', 'Description']) {
      await expect(label(page, field)).toHaveValue('');
    }
    await expect(label(page, 'Product')).toHaveValue('');
  });
});
