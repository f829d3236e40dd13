/**
 * The administrators' screens in the buyers' languages (issue 28): the inquiry inbox, dashboard,
 * orders, settings, team, audit log, the add-product form, All Quotes with its filter bar and the
 * quote's details page with its desk, in Arabic (right to left) and Spanish, axe-clean at 1280 and
 * 390 px. The filter bar, the CSV button's toast and the offer form's errors speak the page's
 * language; the values sent stay as they are. Texts are written here by hand, as in spec-texts.ts.
 */
import { expectNoSeriousViolations, VIEWPORTS } from '../support/axe';
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

for (const language of LANGUAGES) {
  const { prefix, lang, dir, locale } = language;
  for (const viewport of VIEWPORTS) {
    test(`administrators' screens in ${lang} are axe-clean (${viewport.width} px)`, async ({ browser, request }) => {
      // Eleven screens and as many axe runs: about a minute and a half beside the other worker.
      test.setTimeout(300_000);
      const company = `Axe ${lang} Admin ${uniqueId()}`;
      await userWithQuote(company, (await findProduct(request, (p) => p.productType === 'AGRO'))._id, { inquiry: true });
      // The browser speaks the page's language: no suggestion banner over the page.
      const { page, close } = await openPage(browser, { viewport, locale });
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
          await expectNoSeriousViolations(page, `${path} at ${viewport.width} px`);
          if (lang === 'ar' && viewport.width === 390 && (screen === '/inquiries' || screen === '/settings')) {
            await page.screenshot({ path: test.info().outputPath(`ar-${screen.slice(1)}-390.png`), fullPage: true });
          }
        }

        // All Quotes: the filter bar and the CSV button in the page's language, the values sent unchanged.
        await page.goto(`${prefix}/profile?q=${encodeURIComponent(company)}`);
        const bar = page.getByRole('region', { name: language.filterQuotes });
        await expect(bar.getByLabel(language.search)).toHaveValue(company);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${prefix}/profile (All Quotes) at ${viewport.width} px`);
        await bar.getByRole('button', { name: language.exportQuotes }).click();
        await expectToast(page, language.exported);

        // The quote's details page with its desk; the offer form's errors in the page's language.
        await page.getByRole('button', { name: language.view(company) }).click();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByLabel(language.unitPrice)).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `quote details in ${lang} at ${viewport.width} px`);
        await page.getByRole('button', { name: language.send, exact: true }).click();
        await expect(page.getByRole('alert').filter({ hasText: language.unitPriceRequired })).toBeVisible();
        await expectNoSeriousViolations(page, `offer form with errors in ${lang} at ${viewport.width} px`);
        if (lang === 'ar' && viewport.width === 390) {
          await page.screenshot({ path: test.info().outputPath('ar-quote-details-390.png'), fullPage: true });
        }
      } finally {
        await close();
      }
    });
  }
}
