/**
 * Admin flows (SPEC.md sections 2 and 6): add a product with thumbnail and images (it shows on
 * /products and, when premium, on home), edit it, delete it; All Quotes -> details -> delete.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectImageLoaded,
  expectPath,
  expectToast,
  findProduct,
  loginAsAdmin,
  openPage,
  TEST_PRODUCT_PREFIX,
  test,
  toastLog,
  uniqueId,
  userWithQuote,
} from '../support/fixtures';
import { pngFile, randomColor } from '../support/png';
import { LOADING, SUCCESS, TEXT } from '../support/spec-texts';

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

test.describe('products', () => {
  test('add with thumbnail and images, see it on /products and home, edit it, delete it', async ({ page, browser }) => {
    await loginAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Add Product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();

    const name = `${TEST_PRODUCT_PREFIX}Kolhapuri Jaggery Cubes ${uniqueId()}`;
    await label(page, 'Product Name').fill(name);
    await label(page, 'Product Form').fill('Cubes');
    await expect(label(page, 'Product Type')).toHaveValue('AGRO');
    await expect(label(page, 'Quantity Type')).toHaveValue('NOS');
    await label(page, 'Quantity Type').selectOption('KG');
    await label(page, 'Shelf Life (months)').fill('9');
    await page.getByRole('checkbox', { name: 'Premium' }).check();
    await page.getByRole('checkbox', { name: 'Organic' }).check();
    await label(page, 'Product Description').fill('Bite-sized jaggery cubes made from fresh sugarcane juice, packed for retail.');

    // The remove button is disabled while only one entry remains.
    await expect(page.getByRole('button', { name: 'Remove key feature #1' })).toBeDisabled();
    await label(page, 'Nutrient 1').fill('Iron: about 11 mg per 100 g');
    await label(page, 'Key feature 1').fill('Single-serve cubes');
    await page.getByRole('button', { name: 'Add key feature' }).click();
    await expect(page.getByRole('button', { name: 'Remove key feature #1' })).toBeEnabled();
    await label(page, 'Key feature 2').fill('No chemicals added');
    await page.getByRole('button', { name: 'Add key feature' }).click();
    await label(page, 'Key feature 3').fill('Third feature to remove');
    await page.getByRole('button', { name: 'Remove key feature #3' }).click();
    await expect(label(page, 'Key feature 3')).toHaveCount(0);
    await label(page, 'Application 1').fill('Tea and coffee sweetener');

    await label(page, 'Product Thumbnail').setInputFiles(pngFile('thumb.png', randomColor()));
    await expect(page.getByRole('img', { name: 'New thumbnail thumb.png' })).toBeVisible();
    await label(page, 'Product Images').setInputFiles([pngFile('first.png', randomColor()), pngFile('second.png', randomColor())]);
    await expect(page.getByRole('img', { name: 'New image first.png' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'New image second.png' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expectToast(page, SUCCESS.addProduct);
    expect(await toastLog(page)).toContain(LOADING.addProduct);
    await expectPath(page, '/products');
    const card = page.getByRole('article', { name, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveText(['Single-serve cubes', 'No chemicals added']);
    await expectImageLoaded(card.getByRole('img', { name }));

    // Premium: on the home page, for the admin and for a new visitor.
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('list', { name: 'Premium products' }).getByRole('article', { name, exact: true })).toBeVisible();
    const visitor = await openPage(browser);
    try {
      await visitor.page.goto('/');
      await expect(visitor.page.getByRole('list', { name: 'Premium products' }).getByRole('article', { name, exact: true })).toBeVisible();
      // Detail: thumbnail plus both images.
      await visitor.page.getByRole('article', { name, exact: true }).getByRole('button', { name: 'Learn More' }).click();
      await expect(visitor.page.getByRole('list', { name: 'Product images' }).getByRole('button')).toHaveCount(3);
      await expect(visitor.page.getByRole('tablist').getByRole('tab')).toHaveText(['Description', 'Features', 'Applications', 'Nutrition']);
    } finally {
      await visitor.close();
    }

    // Edit: prefilled, only the description and shelf life change, images are kept.
    await page.goto('/products');
    await page
      .getByRole('article', { name, exact: true })
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await expectPath(page, '/edit-product');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
    await expect(label(page, 'Product Name')).toHaveValue(name);
    await expect(label(page, 'Quantity Type')).toHaveValue('KG');
    await expect(label(page, 'Key feature 2')).toHaveValue('No chemicals added');
    await expect(page.getByRole('img', { name: 'Current thumbnail' })).toBeVisible();
    const description = 'Updated: jaggery cubes in 5 g portions, wrapped individually.';
    await label(page, 'Product Description').fill(description);
    await label(page, 'Shelf Life (months)').fill('10');
    const patch = page.waitForRequest((r) => r.url().includes('/api/v1/product/update/') && r.method() === 'PATCH');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, SUCCESS.updateProduct);
    expect(await toastLog(page)).toContain(LOADING.updateProduct);
    const body = (await patch).postData() ?? '';
    expect(body).toContain('name="_id"');
    expect(body).toContain(description);
    // No new files were chosen, so none are sent.
    expect(body).not.toContain('name="productThumbnail"');
    expect(body).not.toContain('name="productImages"');
    await expectPath(page, '/products');

    await page.getByRole('article', { name, exact: true }).getByRole('button', { name: 'Learn More' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(description);
    await expect(page.getByText('10 months', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Product images' }).getByRole('button')).toHaveCount(3);

    // Delete with confirmation: Cancel keeps it, Delete removes it.
    await page.goto('/products');
    const deleteButton = page.getByRole('article', { name, exact: true }).getByRole('button', { name: `Delete ${name}` });
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: TEXT.deleteProductConfirm, exact: true });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button')).toHaveText(['Cancel', 'Delete']);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, SUCCESS.deleteProduct);
    expect(await toastLog(page)).toContain(LOADING.deleteProduct);
    await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
    const gone = await page.request.get('/api/v1/product/all').then((r) => r.json() as Promise<{ products: { productName: string }[] }>);
    expect(gone.products.map((p) => p.productName)).not.toContain(name);
  });

  test('add product validation keeps the admin on the form', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/add-product');
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page.getByText('Product thumbnail is required', { exact: true })).toBeVisible();
    await expectPath(page, '/add-product');
    // NONAGRO products have no nutrient list.
    await label(page, 'Product Type').selectOption('NONAGRO');
    await expect(label(page, 'Nutrient 1')).toHaveCount(0);
  });
});

test.describe('quotes', () => {
  test('All Quotes -> view details table -> delete with confirmation', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.productType === 'AGRO');
    const company = `Baltic Trade ${uniqueId()}`;
    const buyer = await userWithQuote(company, product._id);

    await loginAsAdmin(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: TEXT.allQuotes, exact: true })).toBeVisible();
    await expectToast(page, SUCCESS.allQuotes);
    const card = page.getByRole('article').filter({ hasText: company });
    await expect(card).toHaveCount(1);
    // Admin cards: contact person, view and delete; no badge.
    await expect(card.getByText('Rahul Mehta', { exact: true })).toBeVisible();
    for (const badge of ['Premium', 'Organic', 'Standard']) await expect(card.getByText(badge, { exact: true })).toHaveCount(0);

    await card.getByRole('button', { name: `View details of the quote from ${company}` }).click();
    await expectPath(page, '/quote/description');
    const table = page.getByRole('table');
    const row = (header: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: header, exact: true }) })
        .getByRole('cell');
    await expect(row('Company Name')).toHaveText(company);
    await expect(row('Contact Person')).toHaveText('Rahul Mehta');
    await expect(row('Product Name')).toHaveText(product.productName);
    await expect(row('Required Quantity')).toHaveText(`1500 ${product.productQuantityType}`);
    await expect(row('Packaging Type')).toHaveText('Corrugated Box');
    await expect(row('Custom Packaging Required')).toHaveText('Yes');
    await expect(row('Delivery Location')).toHaveText('Port of Felixstowe, United Kingdom');
    await expect(row('Heard From')).toHaveText('LinkedIn');
    await expect(row('Quoted By')).toHaveText(buyer.email);

    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await expectPath(page, '/profile');
    const again = page.getByRole('article').filter({ hasText: company });
    await again.getByRole('button', { name: `Delete the quote from ${company}` }).click();
    const confirm = page.getByRole('dialog', { name: TEXT.deleteQuoteConfirm, exact: true });
    await expect(confirm).toBeVisible();
    expect(await confirm.getByRole('heading').evaluate((el) => el.textContent)).toBe(TEXT.deleteQuoteConfirm);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toHaveCount(1);
    await again.getByRole('button', { name: `Delete the quote from ${company}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, SUCCESS.deleteQuote);
    expect(await toastLog(page)).toContain(LOADING.deleteQuote);
    await expect(page.getByRole('article').filter({ hasText: company })).toHaveCount(0);
  });
});
