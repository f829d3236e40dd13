/**
 * Signed webhooks from the owner's console (issue 44, item 5): an administrator adds an endpoint in
 * /settings (a receiver this test runs on loopback), copies its secret shown once, a buyer's quote
 * reaches the receiver signed within seconds, the delivery is listed with the receiver's answer,
 * one that failed is sent again; the endpoint deleted. In English and Arabic, axe-clean at 1280
 * and 390 px.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectCleanAtBothWidths } from '../support/axe';
import { expect, expectToast, findProduct, loginAsAdmin, openPage, test, uniqueId, userWithQuote } from '../support/fixtures';

/** Standard Webhooks' signature, checked by hand (the suite checks the site, not with its own library). */
function signatureHolds(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = crypto
    .createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

test('an administrator connects a CRM: a quote arrives signed, its delivery is listed and sent again', async ({ browser, request }) => {
  let status = 500;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status).end(status === 500 ? 'CRM down for maintenance' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${uniqueId()}`;
  const { page, close } = await openPage(browser);
  try {
    await loginAsAdmin(page);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByLabel('Webhook address', { exact: true }).fill('not an address');
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await expect(section.getByText('Webhook address must be a full web address (https, with a host name)')).toBeVisible();
    await expect(section.getByLabel('Webhook address', { exact: true })).toHaveValue('not an address');

    await section.getByLabel('Webhook address', { exact: true }).fill(url);
    await expect(section.getByRole('checkbox', { name: 'New quote request' })).toBeChecked();
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const secretBox = section.getByRole('status').filter({ hasText: 'Signing secret of' });
    await expect(secretBox).toBeVisible();
    const secret = (await secretBox.locator('.font-mono').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await expectCleanAtBothWidths(page, 'the settings with a webhook and its secret');
    await secretBox.getByRole('button', { name: 'Done' }).click();
    await expect(secretBox).toHaveCount(0);

    // A buyer asks for a quote: the CRM (down) hears of it, signed, within seconds.
    const product = await findProduct(request, () => true);
    await userWithQuote(`Hook Traders ${uniqueId()}`, product._id);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(signatureHolds(secret, received[0]!.headers, received[0]!.body)).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'quote.created' });

    await section.getByRole('button', { name: `Deliveries to ${url}` }).click();
    const table = section.getByRole('table', { name: `Latest deliveries to ${url}` });
    await expect(table.getByRole('row').nth(1)).toContainText('New quote request');
    await expect(table.getByRole('row').nth(1)).toContainText('500');
    await expect(table.getByRole('row').nth(1)).toContainText('CRM down for maintenance');

    // The CRM is back: sent again at once, taken.
    status = 204;
    await table.getByRole('button', { name: /^Send the New quote request delivery of .* again$/ }).click();
    await expectToast(page, 'Delivery queued to be sent again');
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);

    // In Arabic, right to left.
    await page.goto('/ar/settings');
    const arabic = page.getByRole('region', { name: 'خطافات الويب' });
    await expect(arabic.getByText(url)).toBeVisible();
    await expectCleanAtBothWidths(page, 'the Arabic settings with a webhook');

    await page.goto('/settings');
    await section.getByRole('button', { name: `Delete the webhook to ${url}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Webhook deleted');
    await expect(section.getByText(url)).toHaveCount(0);
  } finally {
    await close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
