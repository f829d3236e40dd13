/**
 * The pages the owner writes (issue 43, item 3): an administrator rewrites the About story in
 * English and the privacy policy in Arabic from /settings, without a developer; a visitor reads
 * them in the server's pages (a tag written in the text shows as text) and in pages the app draws
 * itself; the original comes back when restored. Axe-clean at 1280 and 390 px.
 */
import { expectCleanAtBothWidths } from '../support/axe';
import { expect, expectToast, loginAsAdmin, openPage, test, uniqueId } from '../support/fixtures';

test('the owner rewrites the About story and the Arabic privacy policy; visitors read them; restored', async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Our story, by the owner ${uniqueId()}`;
  const admin = await openPage(browser);
  const visitor = await openPage(browser);
  try {
    const { page } = admin;
    await loginAsAdmin(page);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Pages' });
    await expect(section.getByLabel('Page', { exact: true })).toHaveValue('about');
    await expect(section.getByText('Shows the original texts: nothing is saved in this language yet.')).toBeVisible();
    // The form opens with the texts the page shows.
    await expect(section.getByLabel('Title', { exact: true })).toHaveValue('The story of Sahyadri Agro Exports');
    // Too long: refused, with the field named, and what was typed stays.
    await section.getByLabel('Title', { exact: true }).fill('x'.repeat(130));
    await section.getByRole('button', { name: 'Save page' }).click();
    await expect(section.getByRole('alert')).toHaveText('Title: at most 120 characters on one line');
    await expect(section.getByLabel('Title', { exact: true })).toHaveValue('x'.repeat(130));

    await section.getByLabel('Title', { exact: true }).fill(title);
    await section
      .getByLabel('Story', { exact: true })
      .fill('We began in **2025** with one boiling pan.\n\nA tag stays text: <script>alert(1)</script>');
    await section.getByLabel("Founder's name").fill('Asha Patil');
    await section.getByRole('button', { name: 'Save page' }).click();
    await expectToast(page, 'Page saved');
    await expect(section.getByText(/^Last saved /)).toBeVisible();
    await expectCleanAtBothWidths(page, 'the settings: the About page saved');

    // The privacy policy in Arabic.
    await section.getByLabel('Page', { exact: true }).selectOption('privacy');
    await section.getByLabel('Language', { exact: true }).selectOption('ar');
    const body = section.getByLabel('Text', { exact: true });
    await expect(body).toHaveValue(/^.+\n\n## 1\. /s);
    await body.fill('## سياستنا المختصرة\n\nلا نبيع بياناتك **أبدًا**.\n\n- بريدك للرد فقط\n- [اتصل بنا](/contact)');
    await section.getByRole('button', { name: 'Save page' }).click();
    await expectToast(page, 'Page saved');

    // A visitor: the server's About page.
    const v = visitor.page;
    await v.goto('/about');
    await expect(v.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(v.getByText('We began in 2025 with one boiling pan.')).toBeVisible();
    await expect(v.locator('strong', { hasText: '2025' })).toBeVisible();
    await expect(v.getByText('A tag stays text: <script>alert(1)</script>')).toBeVisible();
    await expect(v.getByRole('heading', { name: 'Asha Patil' })).toBeVisible();
    await expectCleanAtBothWidths(v, 'the About page the owner wrote');
    // The app draws the English privacy page itself (a link followed): the original, untouched.
    await v.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(v.getByRole('heading', { level: 2, name: '1. Information we collect' })).toBeVisible();

    // The Arabic privacy page, from the server and as the app draws it.
    await v.goto('/ar/privacy');
    await expect(v.getByRole('heading', { level: 2, name: 'سياستنا المختصرة' })).toBeVisible();
    await expect(v.getByText(/^آخر تحديث: /)).toBeVisible();
    await expect(v.getByRole('listitem').filter({ hasText: 'بريدك للرد فقط' })).toBeVisible();
    // A page of the site the owner links to opens in the page's language.
    await expect(v.locator('#main').getByRole('link', { name: 'اتصل بنا' })).toHaveAttribute('href', '/ar/contact');
    await expectCleanAtBothWidths(v, 'the Arabic privacy page the owner wrote');
    await v.goto('/ar/about');
    // The offer to read the page in the visitor's own language (English) covers the footer: dismissed.
    await v.getByRole('button', { name: 'Dismiss' }).click();
    await v.getByRole('contentinfo').getByRole('link', { name: 'سياسة الخصوصية' }).click();
    await expect(v.getByRole('heading', { level: 2, name: 'سياستنا المختصرة' })).toBeVisible();

    // Restored: the original story again.
    await section.getByLabel('Page', { exact: true }).selectOption('about');
    await section.getByLabel('Language', { exact: true }).selectOption('en');
    await expect(section.getByLabel('Title', { exact: true })).toHaveValue(title);
    await section.getByRole('button', { name: 'Restore the original' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore the original' }).click();
    await expectToast(page, 'Original texts restored');
    await expect(section.getByLabel('Title', { exact: true })).toHaveValue('The story of Sahyadri Agro Exports');
    await v.goto('/about');
    await expect(v.getByRole('heading', { level: 1, name: 'The story of Sahyadri Agro Exports' })).toBeVisible();
  } finally {
    await admin.close();
    await visitor.close();
  }
});
