/**
 * The reply clock and the leads' owners (issue 41) in Chromium: an administrator works through the
 * late leads. All Quotes filtered 'Overdue', 'Due first', shows how late each quote is; the
 * administrator takes one (Owner: themselves), sends an offer, and the quote leaves the overdue
 * list; the inbox the same with an inquiry and 'Mark handled'. The header's desk menu gathers the
 * administrators' screens with the number of leads due within four hours. axe at 1280 and 390 px on
 * the desk menu open, the filtered lists, the quote desk with its owner controls and the inquiry
 * dialog, in English and Arabic.
 *
 * How the leads become late: the server's clock cannot be moved from here (its test clock is the
 * server suite's), so the leads are made through the API as a buyer makes them, then their arrival
 * and due time (`created_at`, `reply_due_at` = arrival + 24 h) are moved back in the e2e server's
 * SQLite database (E2E_DATA_DIR), as if they had arrived a day or more ago. The lists, filters and
 * the header's count read those columns with the server's real clock.
 * Texts are written out here (not imported from the app) so a wrong text in the app fails the suite.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectCleanAtBothWidths, expectNoSeriousViolations } from '../support/axe';
import { SCREENSHOT_DIR } from '../support/constants';
import {
  dataDir,
  expect,
  expectPath,
  expectToast,
  findProduct,
  loginAsAdmin,
  openPage,
  settled,
  test,
  uniqueId,
  userWithQuote,
} from '../support/fixtures';

const HOUR = 3_600_000;

/** Moves a lead's arrival so that its reply is due `dueInMs` from now (negative: late by that much). */
function setClock(table: 'quotes' | 'contacts', id: string, dueInMs: number): void {
  const db = new Database(path.join(dataDir(), 'agro.sqlite'));
  try {
    const due = Date.now() + dueInMs;
    db.prepare('update ' + table + ' set created_at = ?, reply_due_at = ? where id = ?').run(
      new Date(due - 24 * HOUR).toISOString(),
      new Date(due).toISOString(),
      id,
    );
  } finally {
    db.close();
  }
}

/** The id of the lead (quote or inquiry) from `company`, as the administrator's list finds it. */
async function leadId(api: APIRequestContext, kind: 'quote' | 'contact', company: string): Promise<string> {
  const res = await api.get(`/api/v1/${kind}/all?q=${encodeURIComponent(company)}`);
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as {
    quotes?: { _id: string; companyName: string }[];
    inquiries?: { _id: string; companyName: string }[];
  };
  const found = (body.quotes ?? body.inquiries ?? []).find((l) => l.companyName === company);
  if (!found) throw new Error(`no ${kind} from ${company}`);
  return found._id;
}

/** Late leads (a quote and an inquiry each), and a quote due within the header's four hours. */
async function lateLeads(api: APIRequestContext, request: APIRequestContext, tag: string) {
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const lateA = `Late Spices ${tag} A`;
  const lateB = `Late Spices ${tag} B`;
  const soon = `Soon Spices ${tag}`;
  await userWithQuote(lateA, product._id, { inquiry: true });
  await userWithQuote(lateB, product._id);
  await userWithQuote(soon, product._id);
  const ids = {
    a: await leadId(api, 'quote', lateA),
    b: await leadId(api, 'quote', lateB),
    soon: await leadId(api, 'quote', soon),
    inquiry: await leadId(api, 'contact', lateA),
  };
  // Ten minutes past the whole hour, so the page reads the same whole hours a minute later.
  setClock('quotes', ids.a, -(5 * HOUR + 10 * 60_000));
  setClock('quotes', ids.b, -(30 * HOUR));
  setClock('quotes', ids.soon, 2 * HOUR + 30 * 60_000);
  setClock('contacts', ids.inquiry, -(5 * HOUR + 10 * 60_000));
  return { product, lateA, lateB, soon, ids };
}

/** A screenshot of the page as it stands (e2e/screenshots/, git-ignored), toasts hidden. */
async function snap(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `reply-clock-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage,
    animations: 'disabled',
    style: '[data-sonner-toaster] { display: none !important; }',
  });
}

const cards = (page: Page) => page.getByRole('article');
const card = (page: Page, company: string) =>
  cards(page)
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .filter({ hasText: company });

test('an administrator works through the late leads: All Quotes overdue and due first, an owner, an offer; the inbox with Mark handled; the desk menu', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueId();
  const admin = await openPage(browser);
  try {
    const a = admin.page;
    await loginAsAdmin(a);
    const { lateA, lateB, ids } = await lateLeads(a.request, request, tag);

    // The header's desk: one button gathering the administrators' screens, the leads due soon beside it.
    await a.goto('/about');
    const nav = a.getByRole('navigation', { name: 'Main', exact: true });
    const desk = nav.getByRole('button', { name: 'Desk', exact: true });
    await expect(desk).toHaveAttribute('aria-expanded', 'false');
    const dueSoon = nav.getByRole('link', { name: /^\d+ leads? due within 4 hours$/ });
    await expect(dueSoon).toBeVisible();
    await desk.click();
    await expect(desk).toHaveAttribute('aria-expanded', 'true');
    const deskList = a.locator(`#${await desk.getAttribute('aria-controls')}`);
    await expect(deskList.getByRole('link')).toHaveText([
      'Dashboard',
      'All Quotes',
      'Inquiries',
      'Orders',
      'Team',
      'Audit log',
      'Settings',
    ]);
    // The existing links stay where they were.
    await expect(nav.getByRole('link', { name: 'Inquiries', exact: true }).first()).toBeVisible();
    await settled(a);
    await expectNoSeriousViolations(a, '/about with the desk menu open at 1280 px');
    await snap(a, 'desk-open', false);
    await a.keyboard.press('Escape');
    await expect(desk).toHaveAttribute('aria-expanded', 'false');
    await expect(desk).toBeFocused();
    // By keyboard: the button opens it, Tab reaches its links.
    await a.keyboard.press('Enter');
    await expect(deskList.getByRole('link', { name: 'Orders' })).toBeVisible();
    await a.keyboard.press('Tab');
    await expect(a.locator(':focus')).toHaveAccessibleName(/due within 4 hours|Dashboard/);
    await deskList.getByRole('link', { name: 'Orders' }).click();
    await expectPath(a, '/orders');
    await expect(desk).toHaveAttribute('aria-expanded', 'false');

    // On a phone: the desk is in the menu, its list opens in place; Escape closes the list, not the menu.
    await a.setViewportSize({ width: 390, height: 844 });
    await a.getByRole('button', { name: 'Open menu' }).click();
    const menu = a.getByRole('navigation', { name: 'Main menu', exact: true });
    const phoneDesk = menu.getByRole('button', { name: 'Desk', exact: true });
    await expect(menu.getByRole('link', { name: /^\d+ leads? due within 4 hours$/ })).toBeVisible();
    await phoneDesk.click();
    await expect(menu.getByRole('link', { name: 'Audit log' })).toBeVisible();
    await expectNoSeriousViolations(a, '/orders with the small-screen menu and its desk open at 390 px');
    await snap(a, 'desk-phone-menu', false);
    await a.keyboard.press('Escape');
    await expect(phoneDesk).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeVisible();
    await phoneDesk.click();
    await menu.getByRole('link', { name: 'All Quotes' }).click();
    await expectPath(a, '/profile');
    await expect(a.getByRole('navigation', { name: 'Main menu', exact: true })).toBeHidden();
    await a.setViewportSize({ width: 1280, height: 800 });

    // All Quotes: late ones only, the earliest due first, found by the tag.
    const filters = a.getByRole('region', { name: 'Filter quotes' });
    await filters.getByLabel('Reply', { exact: true }).selectOption({ label: 'Overdue' });
    await a.getByLabel('Sort', { exact: true }).selectOption({ label: 'Due first' });
    await filters.getByLabel('Search company, contact or email').fill(tag);
    await filters.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(a.url()).searchParams.get('reply')).toBe('overdue');
    expect(new URL(a.url()).searchParams.get('sort')).toBe('due');
    await expect(cards(a)).toHaveCount(2);
    await expect(cards(a).nth(0)).toContainText(lateB);
    await expect(cards(a).nth(1)).toContainText(lateA);
    await expect(card(a, lateB)).toContainText('late by 30 h');
    await expect(card(a, lateA)).toContainText('late by 5 h');
    await expect(card(a, lateA)).toContainText('No owner');
    // The soon-due quote is not late: not in this list.
    await expect(a.getByText(`Soon Spices ${tag}`)).toHaveCount(0);
    // The export takes the same filters.
    const exported = a.waitForRequest((r) => r.url().includes('/api/v1/quote/export'));
    await filters.getByRole('button', { name: 'Export CSV of the filtered quotes' }).click();
    const exportUrl = new URL((await exported).url());
    expect(exportUrl.searchParams.get('reply')).toBe('overdue');
    expect(exportUrl.searchParams.get('q')).toBe(tag);
    await settled(a);
    await expectCleanAtBothWidths(a, '/profile (All Quotes) filtered overdue, due first');
    await snap(a, 'all-quotes-overdue');

    // The quote desk: how late it is, in the company's time; the administrator takes it.
    await card(a, lateA)
      .getByRole('button', { name: `View details of the quote from ${lateA}` })
      .click();
    await expectPath(a, '/quote/description');
    await expect(a.getByText('late by 5 h')).toBeVisible();
    await expect(a.getByText(/^Reply due .+ \(IST\)$/)).toBeVisible();
    const owner = a.getByLabel('Owner', { exact: true });
    await expect(owner).toHaveValue('');
    await owner.selectOption({ label: 'Administrator (you)' });
    const followUp = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await a.getByLabel('Follow up on', { exact: true }).fill(followUp);
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(a, 'Quote owner and follow-up saved');
    await expect(owner.locator('option:checked')).toHaveText('Administrator (you)');
    await expect(a.getByLabel('Follow up on', { exact: true })).toHaveValue(followUp);
    await settled(a);
    await expectCleanAtBothWidths(a, '/quote/description with its clock and owner controls');
    await snap(a, 'quote-desk-owner');

    // The offer is the company's first reply: the clock stops.
    await a.getByLabel('Unit price (per KG)').fill('12.50');
    await a.getByLabel('Lead time (days)').fill('21');
    await a.getByLabel('Port of loading').fill('Nhava Sheva, India');
    await a.getByLabel('Payment terms').fill('LC at sight');
    await a.getByRole('button', { name: 'Send offer' }).click();
    await expectToast(a, 'Offer sent successfully');
    await expect(a.getByText(/^answered in \d+ h$/)).toBeVisible();

    // Back to the list as it was filtered: the quote has left the overdue ones.
    await a.getByRole('link', { name: 'Back to Profile' }).click();
    await expect.poll(() => new URL(a.url()).searchParams.get('reply')).toBe('overdue');
    await expect(cards(a)).toHaveCount(1);
    await expect(cards(a).first()).toContainText(lateB);
    // Answered, and theirs.
    await filters.getByLabel('Reply', { exact: true }).selectOption({ label: 'Answered' });
    await filters.getByLabel('Owner', { exact: true }).selectOption({ label: 'Me' });
    await expect(cards(a)).toHaveCount(1);
    await expect(card(a, lateA)).toContainText('Owner: Administrator');
    await expect(card(a, lateA)).toContainText(/answered in \d+ h/);
    expect(new URL(a.url()).searchParams.get('assignee')).toBe('me');

    // The inbox: the late inquiry, taken and marked handled.
    await a.goto(`/inquiries?reply=overdue&sort=due&q=${encodeURIComponent(tag)}`);
    const inbox = a.getByRole('list', { name: 'Inquiries, newest first' });
    const row = inbox.getByRole('listitem').filter({ hasText: lateA });
    await expect(row).toContainText('late by 5 h');
    await expect(row).toContainText('No owner');
    await expect(a.getByRole('region', { name: 'Filter inquiries' }).getByLabel('Reply', { exact: true })).toHaveValue('overdue');
    await expect(a.getByLabel('Sort', { exact: true })).toHaveValue('due');
    await settled(a);
    await expectCleanAtBothWidths(a, '/inquiries filtered overdue, due first');
    await snap(a, 'inbox-overdue');
    await row.getByRole('button', { name: `Open the inquiry from ${lateA}` }).click();
    const dialog = a.getByRole('dialog', { name: `Inquiry from ${lateA}` });
    await expect(dialog.getByText('late by 5 h')).toBeVisible();
    await dialog.getByLabel('Owner', { exact: true }).selectOption({ label: 'Administrator (you)' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(a, 'Inquiry owner and follow-up saved');
    await expect(row).toContainText('Owner: Administrator');
    await settled(a);
    await expectCleanAtBothWidths(a, '/inquiries with the inquiry dialog and its owner controls');
    await snap(a, 'inquiry-dialog', false);
    await dialog.getByRole('button', { name: 'Mark handled', exact: true }).click();
    await expectToast(a, 'Inquiry marked as handled');
    await expect(dialog.getByText(/^answered in \d+ h$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await a.reload();
    await expect(a.getByText('Nothing matches these filters')).toBeVisible();

    // The header's count is asked again on navigation: the quote due soon is still counted.
    await expect(
      a.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: /^\d+ leads? due within 4 hours$/ }),
    ).toBeVisible();
    expect(ids.soon).toBeTruthy();
  } finally {
    await admin.close();
  }
});

test('in Arabic: the desk menu, the filtered lists, the quote desk with its owner controls and the inquiry dialog are axe-clean at both widths', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueId();
  const admin = await openPage(browser);
  try {
    const a = admin.page;
    await loginAsAdmin(a);
    const { lateA, ids } = await lateLeads(a.request, request, tag);

    await a.goto('/ar/about');
    await expect(a.locator('html')).toHaveAttribute('dir', 'rtl');
    const nav = a.getByRole('navigation', { name: 'القائمة الرئيسية', exact: true });
    await nav.getByRole('button', { name: 'المكتب', exact: true }).click();
    await expect(nav.getByRole('link', { name: 'سجل التدقيق' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^يحين موعد الرد على \d+ .+ خلال 4 ساعات$/ })).toBeVisible();
    await settled(a);
    await expectNoSeriousViolations(a, '/ar/about with the desk menu open at 1280 px');
    await a.setViewportSize({ width: 390, height: 844 });
    await a.getByRole('button', { name: 'فتح القائمة' }).click();
    const menu = a.getByRole('navigation', { name: 'قائمة التنقل', exact: true });
    await menu.getByRole('button', { name: 'المكتب', exact: true }).click();
    await expect(menu.getByRole('link', { name: 'سجل التدقيق' })).toBeVisible();
    await expectNoSeriousViolations(a, '/ar/about with the small-screen menu and its desk open at 390 px');
    await snap(a, 'ar-desk-phone-menu', false);
    await a.setViewportSize({ width: 1280, height: 800 });

    await a.goto(`/ar/profile?reply=overdue&sort=due&q=${encodeURIComponent(tag)}`);
    await expect(card(a, lateA)).toContainText('متأخر بمقدار 5 ساعات');
    await expect(card(a, lateA)).toContainText('بلا مسؤول');
    await settled(a);
    await expectCleanAtBothWidths(a, '/ar/profile (All Quotes) filtered overdue, due first');
    await snap(a, 'ar-all-quotes-overdue');

    await a.goto(`/ar/quote/description?id=${ids.a}`);
    await expect(a.getByText('متأخر بمقدار 5 ساعات')).toBeVisible();
    await a.getByLabel('المسؤول', { exact: true }).selectOption({ label: 'Administrator (أنت)' });
    await a.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expectToast(a, 'تم حفظ المسؤول عن عرض السعر وموعد المتابعة');
    await settled(a);
    await expectCleanAtBothWidths(a, '/ar/quote/description with its clock and owner controls');
    await snap(a, 'ar-quote-desk-owner');

    await a.goto(`/ar/inquiries?reply=overdue&sort=due&q=${encodeURIComponent(tag)}&inquiry=${ids.inquiry}`);
    const dialog = a.getByRole('dialog', { name: `استفسار من ${lateA}` });
    await expect(dialog.getByText('متأخر بمقدار 5 ساعات')).toBeVisible();
    await expect(dialog.getByLabel('المتابعة في', { exact: true })).toBeVisible();
    await settled(a);
    await expectCleanAtBothWidths(a, '/ar/inquiries with the inquiry dialog and its owner controls');
    await dialog.getByRole('button', { name: 'إغلاق', exact: true }).first().click();
    await settled(a);
    await expectCleanAtBothWidths(a, '/ar/inquiries filtered overdue, due first');
  } finally {
    await admin.close();
  }
});
