/**
 * SPEC.md section 8: "Each failure shows the server's response message when present, otherwise
 * the default." The server always sends a message, so its absence is simulated here by answering
 * the call in the browser with an empty 500.
 */
import { expect, expectPath, expectToast, expectToastSeen, newAccount, test, toastLog } from '../support/fixtures';
import { LOADING } from '../support/spec-texts';

const emptyFailure = { status: 500, body: '' };

test('product list: loading text, then the default error with its trailing space', async ({ page }) => {
  await page.route('**/api/v1/product/all', (route) => route.fulfill(emptyFailure));
  await page.goto('/products');
  await expectToastSeen(page, LOADING.products);
  await expectToast(page, 'Error in Loading Products ');
  await expect(page.getByText('No products available', { exact: true })).toBeVisible();
});

test('login: the default error when the server sends no message', async ({ page }) => {
  await page.route('**/api/v1/user/login', (route) => route.fulfill(emptyFailure));
  const account = newAccount('nomsg');
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Error in logging in');
  expect(await toastLog(page)).toContain(LOADING.login);
  await expectPath(page, '/login');
});

test('single product: the default names the id', async ({ page }) => {
  await page.route('**/api/v1/product/abc123', (route) => route.fulfill(emptyFailure));
  await page.goto('/products/description?id=abc123');
  await expectToast(page, 'Error in Loading Product with ID: abc123');
});
