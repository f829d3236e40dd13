/**
 * The public pages in the buyers' languages (issue 28): a buyer switches an English product page to
 * Arabic and gets it right to left, mirrored, remembered; every public page in Arabic and Spanish
 * is axe-clean at 1280 and 390 px. Texts are written here by hand, as in spec-texts.ts.
 */
import { expectCleanAtBothWidths } from '../support/axe';
import {
  acceptViaApi,
  appTookOver,
  expect,
  findProduct,
  loginAsAdmin,
  loginAsNewUser,
  loginViaUi,
  offerViaApi,
  openPage,
  productPagePath,
  settled,
  test,
  uniqueId,
  userWithQuote,
} from '../support/fixtures';

const COMPANY = 'Sahyadri Agro Exports';

test('a buyer on an English product page switches to Arabic: the same page, right to left, mirrored, remembered', async ({
  browser,
  request,
}) => {
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const path = await productPagePath(request, product._id);
  const { page, close } = await openPage(browser);
  try {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
    const logo = page.getByRole('banner').getByRole('link', { name: COMPANY });
    const englishLogo = (await logo.boundingBox())!;
    expect(englishLogo.x + englishLogo.width / 2, 'the logo at the left of an English page').toBeLessThan(640);

    await page.getByLabel('Language: English').click();
    await Promise.all([page.waitForURL(`**/ar${path}`), page.getByRole('link', { name: 'العربية' }).click()]);

    expect(new URL(page.url()).pathname).toBe(`/ar${path}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The demo catalogue comes translated (issue 43): the product's Arabic name.
    const arabic = (await (await request.get(`/api/v1/product/${product._id}?lang=ar`)).json()) as { product: { productName: string } };
    expect(arabic.product.productName).not.toBe(product.productName);
    await expect(page.getByRole('heading', { level: 1, name: arabic.product.productName })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    for (const name of ['الرئيسية', 'المنتجات', 'معرض الصور', 'من نحن']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'الوصف' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('main').getByRole('link', { name: 'اطلب عرض سعر' })).toBeVisible();

    // Mirrored: the logo at the right, the breadcrumb's chevrons pointing left (toward what comes next).
    const arabicLogo = (await logo.boundingBox())!;
    expect(arabicLogo.x + arabicLogo.width / 2, 'the logo at the right of an Arabic page').toBeGreaterThan(640);
    const crumbs = page.getByRole('navigation', { name: 'مسار التنقل' });
    const home = (await crumbs.getByRole('link', { name: 'الرئيسية' }).boundingBox())!;
    const products = (await crumbs.getByRole('link', { name: 'المنتجات' }).boundingBox())!;
    expect(products.x, 'the breadcrumb runs from right to left').toBeLessThan(home.x);
    const chevronScale = await crumbs
      .locator('svg')
      .first()
      .evaluate((svg) => getComputedStyle(svg).scale);
    expect(chevronScale.startsWith('-1'), `the chevron is mirrored (scale ${chevronScale})`).toBe(true);

    // The phone number and e-mail address read left to right inside the Arabic top bar.
    const phone = page.getByRole('banner').getByRole('link', { name: /\+\d{6,}/ });
    await expect(phone.locator('bdi')).toHaveAttribute('dir', 'ltr');

    // The Arabic text has a font with Arabic glyphs first in line.
    expect(await page.getByRole('tab', { name: 'الوصف' }).evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Noto Sans Arabic/);

    const cookie = (await page.context().cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value, 'the choice is remembered').toBe('ar');
    expect(cookie?.path).toBe('/');
  } finally {
    await close();
  }
});

test('a switch pressed before the app took the page over is remembered too (the link works without scripts)', async ({ browser }) => {
  const { page, close } = await openPage(browser, { locale: 'en-US' });
  try {
    // The English page without its scripts: only the server's HTML, the switcher a plain <details>.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/about');
    await page.unroute('**/assets/*.js');
    await page.locator('header summary').first().click();
    await Promise.all([page.waitForURL('**/ar/about'), page.getByRole('link', { name: 'العربية' }).click()]);
    await appTookOver(page);
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'lang')?.value, { message: 'the choice is remembered' })
      .toBe('ar');
  } finally {
    await close();
  }
});

test('the Arabic products page: Arabic texts, Latin product names isolated, no horizontal scroll at 390 px', async ({ browser }) => {
  const { page, close } = await openPage(browser, { locale: 'ar-AE', viewport: { width: 390, height: 844 } });
  try {
    await page.goto('/ar/products');
    await expect(page.getByRole('heading', { level: 1, name: 'منتجاتنا' })).toBeVisible();
    // The range kept left to right inside the Arabic sentence (Unicode isolates): written "1-5" in
    // the text, and drawn so on the screen, the first number to the left of the last.
    const range = page.getByText(/^عرض \u20661-\d+\u2069 من أصل \d+/);
    await expect(range).toBeVisible();
    const [first, last] = await range.evaluate((el) => {
      const node = el.firstChild!;
      const text = node.textContent!;
      const at = (i: number) => {
        const r = document.createRange();
        r.setStart(node, i);
        r.setEnd(node, i + 1);
        return r.getBoundingClientRect().left;
      };
      const dash = text.indexOf('-', text.indexOf('\u2066'));
      return [at(dash - 1), at(dash + 1)];
    });
    expect(first, 'the range reads 1-N left to right, not N-1').toBeLessThan(last);
    await expect(page.getByRole('heading', { name: 'خيارات التعبئة' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'اعرف المزيد' }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'horizontal scroll on /ar/products at 390 px').toBeLessThanOrEqual(0);
  } finally {
    await close();
  }
});

const LANGUAGES = [
  { prefix: '/ar', lang: 'ar', dir: 'rtl', locale: 'ar-AE' },
  { prefix: '/es', lang: 'es', dir: 'ltr', locale: 'es-ES' },
] as const;
const PUBLIC_PAGES = ['/', '/products', 'product', '/about', '/gallery', '/privacy', '/terms'] as const;

test.describe('axe on every public page in Arabic and Spanish', () => {
  for (const { prefix, lang, dir, locale } of LANGUAGES) {
    for (const which of PUBLIC_PAGES) {
      test(`${prefix}${which === 'product' ? '/products/{slug}' : which} (1280 px and 390 px)`, async ({ browser, request }) => {
        test.setTimeout(120_000);
        const path =
          which === 'product'
            ? `${prefix}${await productPagePath(request, (await findProduct(request, (p) => p.productType === 'AGRO'))._id)}`
            : which === '/'
              ? `${prefix}/`
              : `${prefix}${which}`;
        // The browser speaks the page's language: no suggestion banner over the page.
        const { page, close } = await openPage(browser, { locale });
        try {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.locator('html')).toHaveAttribute('dir', dir);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectCleanAtBothWidths(page, path);
        } finally {
          await close();
        }
      });
    }
  }
});

const PRIVATE_BUYER_SCREENS = ['/profile', '/quote', '/contact', '/my-orders'] as const;

test.describe("axe on the buyer's screens in Arabic and Spanish", () => {
  for (const { prefix, lang, dir, locale } of LANGUAGES) {
    test(`${prefix}: sign-in, reset, invitation and second-factor screens, profile, quote and contact forms (with their messages), my orders (1280 px and 390 px)`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const { page, close } = await openPage(browser, { locale });
      const settle = async (path: string) => {
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        await settled(page);
      };
      try {
        for (const path of [
          '/login',
          '/register',
          '/forgot-password',
          '/reset-password/some-token',
          '/team/accept/some-token',
          '/login/second-factor',
        ]) {
          await page.goto(`${prefix}${path}`);
          await settle(path);
          await expectCleanAtBothWidths(page, `${prefix}${path}`);
        }
        await loginAsNewUser(page, request, `axe-${lang}`);
        for (const path of PRIVATE_BUYER_SCREENS) {
          await page.goto(`${prefix}${path}`);
          await settle(path);
          await expectCleanAtBothWidths(page, `${prefix}${path}`);
          if (path === '/quote' || path === '/contact') {
            // Sent empty (the quote form's Submit waits for the terms): the validation messages,
            // in the page's language, are axe-clean too.
            if (path === '/quote') await page.locator('input[name="agreeToTerms"]').check();
            await page.locator('main form button[type="submit"]').last().click();
            await expect(page.getByRole('alert').first()).toBeVisible();
            await expectCleanAtBothWidths(page, `${prefix}${path} with its messages`);
          }
        }
      } finally {
        await close();
      }
    });
  }
});

test.describe('axe on an order page and the product editor in Arabic and Spanish', () => {
  test('the buyer and the administrator on the order page, the administrator on Edit Product (1280 px and 390 px)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const product = await findProduct(request, (p) => p.productType === 'AGRO');
    const company = `Lang Orders ${uniqueId()}`;
    const buyerAccount = await userWithQuote(company, product._id);
    const admin = await openPage(browser);
    const buyer = await openPage(browser);
    try {
      await loginAsAdmin(admin.page);
      const quoteId = await offerViaApi(admin.page.request, company, {
        unitPrice: '2.40',
        currency: 'USD',
        incoterm: 'FOB',
        destination: 'Jebel Ali',
      });
      await loginViaUi(buyer.page, buyerAccount);
      const { _id: orderId } = await acceptViaApi(buyer.page.request, quoteId);
      for (const { prefix, lang, dir } of LANGUAGES) {
        for (const [who, page, path] of [
          ['buyer', buyer.page, `${prefix}/orders/${orderId}`],
          ['administrator', admin.page, `${prefix}/orders/${orderId}`],
          ['administrator', admin.page, `${prefix}/edit-product?id=${product._id}`],
        ] as const) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.locator('html')).toHaveAttribute('dir', dir);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectCleanAtBothWidths(page, `${path} (${who})`);
        }
      }
    } finally {
      await admin.close();
      await buyer.close();
    }
  });
});
