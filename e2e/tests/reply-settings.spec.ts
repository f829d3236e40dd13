/**
 * Issue 41 in Chromium, the owner's side: /settings says who owns a new lead (nobody, in turn, or
 * by rule) and when reminders go out, and the dashboard shows the first-reply figures; both
 * axe-clean at 1280 and 390 px in English and Arabic. The rule set here matches no buyer the other
 * tests make (Liechtenstein), and the settings are put back at the end: the suite runs in parallel.
 * Texts are written out here (not imported from the app) so a wrong text in the app fails the suite.
 */
import { expectCleanAtBothWidths } from '../support/axe';
import { expect, expectToast, loginAsAdmin, settled, test } from '../support/fixtures';

const SETTINGS = '/api/v1/settings';

test('the assignment rule and the reminders are set on /settings and kept; the dashboard shows the first replies', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const before = (await (await page.request.get(SETTINGS)).json()) as { settings: { assignment: unknown; reminders: unknown } };
  try {
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Replies and reminders' });
    await expect(section).toBeVisible();
    await section
      .getByLabel('Owner of a new lead', { exact: true })
      .selectOption({ label: "By the buyer's country or the product (the first rule that matches)" });
    await expect(section.getByText('No rules yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Add a rule' }).click();
    await section.getByLabel("Rule 1: buyer's country", { exact: true }).fill('Liechtenstein');
    await expect(section.getByLabel('Rule 1: owner', { exact: true })).not.toHaveValue('');
    await section.getByLabel("Remind a lead's owner this many hours before it is due", { exact: true }).fill('6');
    await settled(page);
    await expectCleanAtBothWidths(page, '/settings with an assignment rule');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Settings saved successfully');

    await page.reload();
    const again = page.getByRole('region', { name: 'Replies and reminders' });
    await expect(again.getByLabel("Rule 1: buyer's country", { exact: true })).toHaveValue('Liechtenstein');
    await expect(again.getByLabel("Remind a lead's owner this many hours before it is due", { exact: true })).toHaveValue('6');
    const saved = (await (await page.request.get(SETTINGS)).json()) as {
      settings: { assignment: { mode: string; rules: { country?: string }[] }; reminders: { leadDueHoursBefore: number } };
    };
    expect(saved.settings.assignment).toMatchObject({ mode: 'RULES', rules: [{ country: 'Liechtenstein' }] });
    expect(saved.settings.reminders.leadDueHoursBefore).toBe(6);

    // A digest hour out of range is refused with its message, and the form keeps what was typed.
    const digestHour = again.getByLabel("Administrators' daily digest at (hour, 0-23)", { exact: true });
    await digestHour.fill('25');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Reminders: the digest hour must be a whole number from 0 to 23 (business hours time zone)' }),
    ).toBeVisible();
    await expect(digestHour).toHaveValue('25');
    await expect(again.getByLabel("Rule 1: buyer's country", { exact: true })).toHaveValue('Liechtenstein');

    await page.goto('/ar/settings');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('region', { name: 'الردود والتذكيرات' })).toBeVisible();
    await settled(page);
    await expectCleanAtBothWidths(page, '/ar/settings with an assignment rule');

    await page.goto('/dashboard');
    const figures = page.getByRole('region', { name: 'First reply to quotes and inquiries' });
    await expect(figures.getByText('Answered within 24 hours')).toBeVisible();
    await expect(figures.getByRole('table', { name: 'First reply per month of arrival' })).toBeAttached();
    await settled(page);
    await expectCleanAtBothWidths(page, '/dashboard with the first replies');
    await page.goto('/ar/dashboard');
    await expect(page.getByRole('region', { name: 'أول رد على طلبات التسعير والاستفسارات' })).toBeVisible();
    await settled(page);
    await expectCleanAtBothWidths(page, '/ar/dashboard with the first replies');
  } finally {
    const restored = await page.request.patch(SETTINGS, {
      data: { assignment: before.settings.assignment, reminders: before.settings.reminders },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
