/**
 * Sessions the person controls (issue 44, item 2): a buyer signed in on a laptop and on a phone sees
 * both in the profile, by device and network, this one marked; signs the phone out from the laptop
 * (the phone's next page finds it signed out); in Arabic, right to left, axe-clean at 1280 and
 * 390 px.
 */
import { expectCleanAtBothWidths } from '../support/axe';
import { expect, expectToast, loginViaApi, openPage, registerViaApi, test } from '../support/fixtures';

/** SPEC.md section 7's profile call: 401 once the session is gone. */
const PROFILE = '/api/v1/user/profile';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

test('a buyer sees where they are signed in and signs another device out', async ({ browser, request }) => {
  const buyer = await registerViaApi(request);
  const laptop = await openPage(browser);
  const phone = await openPage(browser, { userAgent: IPHONE, viewport: { width: 390, height: 844 } });
  try {
    await loginViaApi(phone.page, buyer);
    await loginViaApi(laptop.page, buyer);

    await laptop.page.goto('/profile');
    const section = laptop.page.getByRole('region', { name: 'Where you are signed in' });
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(2);
    const here = items.filter({ hasText: 'This device' });
    await expect(here).toHaveCount(1);
    await expect(here.getByRole('button')).toHaveCount(0);
    const phoneItem = items.filter({ hasText: 'Safari 18 on iOS' });
    await expect(phoneItem).toContainText('Network 127.0.0.0/24');
    await expectCleanAtBothWidths(laptop.page, 'the profile with two sessions');

    await phoneItem.getByRole('button', { name: /^Sign out of Safari 18 on iOS, last active / }).click();
    await expectToast(laptop.page, 'Signed out of that device');
    await expect(items).toHaveCount(1);
    await expect(section).toContainText('You are signed in on this device only.');

    // The phone's session is gone: its next call is refused, and the laptop's still works.
    expect((await phone.page.request.get(PROFILE)).status()).toBe(401);
    expect((await laptop.page.request.get(PROFILE)).status()).toBe(200);

    // In Arabic, right to left; the other device signed out everywhere else.
    await loginViaApi(phone.page, buyer);
    await laptop.page.goto('/ar/profile');
    const arabic = laptop.page.getByRole('region', { name: 'أين سجّلت الدخول' });
    await expect(arabic.getByRole('listitem')).toHaveCount(2);
    await expect(laptop.page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.getByText('هذا الجهاز')).toBeVisible();
    await expectCleanAtBothWidths(laptop.page, 'the Arabic profile with two sessions');
    await arabic.getByRole('button', { name: 'تسجيل الخروج من كل مكان آخر' }).click();
    await expectToast(laptop.page, 'تم تسجيل الخروج من كل مكان آخر');
    await expect(arabic).toContainText('أنت مسجّل الدخول على هذا الجهاز فقط.');
    expect((await phone.page.request.get(PROFILE)).status()).toBe(401);
  } finally {
    await phone.close();
    await laptop.close();
  }
});
