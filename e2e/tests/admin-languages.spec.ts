/**
 * The administrators' screens in the buyers' languages (issue 28): the inquiry inbox, dashboard,
 * orders, settings, team, audit log, the add-product form, All Quotes with its filter bar and the
 * quote's details page with its desk, in Arabic (right to left) and Spanish, axe-clean at 1280 and
 * 390 px. The filter bar, the CSV button's toast and the offer form's errors speak the page's
 * language; the values sent stay as they are. Texts are written here by hand, as in spec-texts.ts.
 */
import type { Page } from '@playwright/test';
import { expectCleanAtBothWidths, VIEWPORTS } from '../support/axe';
import { expect, expectToast, findProduct, loginAsAdmin, openPage, test, uniqueId, userWithQuote } from '../support/fixtures';

/** What each language's screens say where the test looks (by hand, from the catalogues' meaning). */
const LANGUAGES = [
  {
    prefix: '/ar',
    lang: 'ar',
    dir: 'rtl',
    locale: 'ar-AE',
    search: 'ابحث بالشركة أو جهة الاتصال أو البريد الإلكتروني',
    filterQuotes: 'تصفية طلبات التسعير',
    exportQuotes: 'تصدير طلبات التسعير المُصفّاة بصيغة CSV',
    exported: 'تم تنزيل ملف CSV',
    view: (company: string) => `عرض تفاصيل طلب التسعير من ${company}`,
    unitPrice: /^سعر الوحدة/,
    send: 'إرسال العرض',
    unitPriceRequired: 'سعر الوحدة مطلوب',
  },
  {
    prefix: '/es',
    lang: 'es',
    dir: 'ltr',
    locale: 'es-ES',
    search: 'Buscar por empresa, contacto o correo electrónico',
    filterQuotes: 'Filtrar cotizaciones',
    exportQuotes: 'Exportar en CSV las cotizaciones filtradas',
    exported: 'CSV descargado',
    view: (company: string) => `Ver los detalles de la cotización de ${company}`,
    unitPrice: /^Precio unitario/,
    send: 'Enviar oferta',
    unitPriceRequired: 'El precio unitario es obligatorio',
  },
] as const;

const SCREENS = ['/inquiries', '/inquiries?spam=true', '/dashboard', '/orders', '/settings', '/team', '/audit', '/add-product'] as const;

/** A screenshot of the page as a phone shows it, for a person to look at (the test's output folder). */
async function screenshotAtPhoneWidth(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(VIEWPORTS[1]!);
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  if (size) await page.setViewportSize(size);
}

for (const language of LANGUAGES) {
  const { prefix, lang, dir, locale } = language;
  test(`administrators' screens in ${lang} are axe-clean (1280 px and 390 px)`, async ({ browser, request }) => {
    // Eleven screens and twice as many axe runs: about two minutes beside the other worker.
    test.setTimeout(360_000);
    const company = `Axe ${lang} Admin ${uniqueId()}`;
    await userWithQuote(company, (await findProduct(request, (p) => p.productType === 'AGRO'))._id, { inquiry: true });
    // The browser speaks the page's language: no suggestion banner over the page.
    const { page, close } = await openPage(browser, { locale });
    try {
      await loginAsAdmin(page);
      for (const screen of SCREENS) {
        const path = `${prefix}${screen}`;
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        if (screen.startsWith('/inquiries')) await expect(page.getByLabel(language.search)).toBeVisible();
        await expectCleanAtBothWidths(page, path);
        if (lang === 'ar' && (screen === '/inquiries' || screen === '/settings'))
          await screenshotAtPhoneWidth(page, `ar-${screen.slice(1)}-390.png`);
      }

      // All Quotes: the filter bar and the CSV button in the page's language, the values sent unchanged.
      await page.goto(`${prefix}/profile?q=${encodeURIComponent(company)}`);
      const bar = page.getByRole('region', { name: language.filterQuotes });
      await expect(bar.getByLabel(language.search)).toHaveValue(company);
      await page.waitForLoadState('networkidle');
      await expectCleanAtBothWidths(page, `${prefix}/profile (All Quotes)`);
      await bar.getByRole('button', { name: language.exportQuotes }).click();
      await expectToast(page, language.exported);

      // The quote's details page with its desk; the offer form's errors in the page's language.
      await page.getByRole('button', { name: language.view(company) }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByLabel(language.unitPrice)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectCleanAtBothWidths(page, `quote details in ${lang}`);
      await page.getByRole('button', { name: language.send, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: language.unitPriceRequired })).toBeVisible();
      await expectCleanAtBothWidths(page, `offer form with errors in ${lang}`);
      if (lang === 'ar') await screenshotAtPhoneWidth(page, 'ar-quote-details-390.png');
    } finally {
      await close();
    }
  });
}
