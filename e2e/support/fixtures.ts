/**
 * The suite's `test`: baseURL of the server global-setup started, a record of every toast text
 * a page showed (loading toasts last milliseconds, so they are logged as they appear), and a
 * failure on any uncaught error in the page. Plus helpers to make people and log them in.
 */
import { randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { ADMIN, ENV_BASE_URL, ENV_DATA_DIR } from './constants';
import { API, SUCCESS } from './spec-texts';

export { expect };

export function serverUrl(): string {
  const url = process.env[ENV_BASE_URL];
  if (!url) throw new Error(`${ENV_BASE_URL} is not set: run the suite through playwright.config.ts (global-setup)`);
  return url;
}

export function dataDir(): string {
  const dir = process.env[ENV_DATA_DIR];
  if (!dir) throw new Error(`${ENV_DATA_DIR} is not set: run the suite through playwright.config.ts (global-setup)`);
  return dir;
}

declare global {
  interface Window {
    __toastLog?: string[];
  }
}

/** Runs in the page before its scripts: logs each toast title text (raw, spaces kept) as it appears or changes. */
function recordToasts(): void {
  window.__toastLog = [];
  const seen = new WeakMap<Element, string>();
  const scan = () => {
    document.querySelectorAll('[data-sonner-toast] [data-title]').forEach((el) => {
      const text = el.textContent ?? '';
      if (seen.get(el) !== text) {
        seen.set(el, text);
        window.__toastLog?.push(text);
      }
    });
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

async function preparePage(page: Page, errors: string[]): Promise<void> {
  await page.addInitScript(recordToasts);
  page.on('pageerror', (err) => errors.push(err.message));
}

export const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL ?? serverUrl());
  },
  page: async ({ page }, use) => {
    const errors: string[] = [];
    await preparePage(page, errors);
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

/** A page in a context of its own (axe needs one from browser.newContext(); roles need separate sessions). */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: 1280, height: 800 },
    locale: 'en-IN',
    reducedMotion: 'reduce',
    ...options,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  await preparePage(page, errors);
  return {
    page,
    close: async () => {
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Toasts and addresses

/** Every toast title the page has shown since it was loaded, in order. */
export async function toastLog(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__toastLog ?? []);
}

/** A toast with exactly `text` (byte for byte, trailing spaces included) was shown. */
export async function expectToastSeen(page: Page, text: string): Promise<void> {
  await expect.poll(() => toastLog(page), { message: `toast ${JSON.stringify(text)}` }).toContain(text);
}

/** The toasts' region by the page's language (SPEC.md's 'Notifications' in English; sonner adds its hotkey). */
const TOAST_REGION: Record<string, string> = {
  en: 'Notifications',
  ar: 'الإشعارات',
  es: 'Notificaciones',
  fr: 'Notifications',
  de: 'Benachrichtigungen',
};

/** A toast with exactly `text` is on screen now (and was logged with its exact spacing). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expectToastSeen(page, text);
  const language = (await page.locator('html').getAttribute('lang'))?.slice(0, 2) ?? 'en';
  const region = page.getByRole('region', { name: new RegExp(`^${TOAST_REGION[language] ?? TOAST_REGION.en}`) });
  await expect(region.getByText(text.trim(), { exact: true }).first()).toBeVisible();
}

/**
 * The image has loaded and is not broken. Waited for: a visible `<img>` may still be loading (a
 * one-shot check failed now and then in CI while the file was on its way, answered 200).
 */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the image loaded' })
    .toBe(true);
}

/** The page's path (and search) reached `expected`. */
export async function expectPath(page: Page, expected: string, timeout = 10_000): Promise<void> {
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return expected.includes('?') ? url.pathname + url.search : url.pathname;
      },
      { timeout, message: `path ${expected}` },
    )
    .toBe(expected);
}

/**
 * Waits until the app has taken the page over (apps/web/src/main.tsx marks 'app:taken-over').
 * Before that a server-rendered page's links are plain page loads (docs/decisions/016 and 017):
 * a test that needs the app's own navigation, or a page that no longer changes, waits for this.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('app:taken-over').length), { message: 'the app took the page over' })
    .toBe(1);
}

// ---------------------------------------------------------------------------------------------
// People

export interface Account {
  fullName: string;
  email: string;
  password: string;
  /** As stored: dial code, hyphen, number. */
  phoneNumber: string;
}

/** Short, unique per call across workers and runs. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function newAccount(tag = 'buyer'): Account {
  const id = uniqueId();
  return {
    fullName: `Priya ${tag.charAt(0).toUpperCase()}${tag.slice(1)} ${id.slice(-4)}`,
    email: `${tag}-${id}@example.com`,
    password: 'Buyer@2025x',
    phoneNumber: '+91-9876543210',
  };
}

/**
 * A solved proof of work for a public form, as an API client makes it (altcha-lib): registration
 * and forgot password take one (issue 25).
 */
export async function proofOfWork(request: APIRequestContext, form: 'register' | 'forgot-password'): Promise<string> {
  const challenge = (await (await request.get(`/api/v1/altcha/challenge?form=${form}`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof of work could not be solved');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

/** Registers a new USER through the API (the register screen has its own test). */
export async function registerViaApi(
  request: APIRequestContext,
  account: Account = newAccount(),
): Promise<Account & { createdAt: string }> {
  const res = await request.post(API.register, {
    data: {
      fullName: account.fullName,
      email: account.email,
      phoneNumber: account.phoneNumber,
      password: account.password,
      altcha: await proofOfWork(request, 'register'),
    },
  });
  expect(res.ok(), `register ${account.email}: ${res.status()} ${await res.text()}`).toBe(true);
  const body = (await res.json()) as { user?: { createdAt?: string } };
  return { ...account, createdAt: body.user?.createdAt ?? '' };
}

/** Logs in through the login screen and waits for the home page. */
export async function loginViaUi(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, SUCCESS.login);
  await expectPath(page, '/');
  // SPEC.md section 3: auth is also stored under isLoggedIn (works whichever header the width shows).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
}

/**
 * Signs in on `page` through the API, as the login screen would leave it: the session cookie in the
 * page's context, the person in localStorage (SPEC.md section 3), then the home page. For the tests
 * that only need someone signed in; the login screen itself is tested with loginViaUi (account-flows,
 * the language sweeps).
 */
export async function loginViaApi(page: Page, who: { email: string; password: string }): Promise<void> {
  const res = await page.request.post(API.login, { data: { email: who.email, password: who.password } });
  expect(res.ok(), `login ${who.email}: ${res.status()} ${await res.text()}`).toBe(true);
  const { user } = (await res.json()) as { user?: { role: string } };
  expect(user, `login ${who.email}: no user in the answer (a second step?)`).toBeTruthy();
  // Any document of the site's origin can write its localStorage: the robots file is the smallest.
  await page.goto('/robots.txt');
  await page.evaluate((signedIn) => {
    // What an earlier page of this context persisted (its signed-out auth among it) would win over
    // the keys below when the app rehydrates: the app starts from the keys alone, as on a first visit.
    localStorage.removeItem('persist:root');
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('role', signedIn.role);
    localStorage.setItem('data', JSON.stringify(signedIn));
  }, user!);
  await page.goto('/');
}

export async function loginAsAdmin(page: Page): Promise<void> {
  await loginViaApi(page, ADMIN);
}

/** A new USER, registered by API and signed in on `page`. */
export async function loginAsNewUser(page: Page, request: APIRequestContext, tag = 'buyer'): Promise<Account & { createdAt: string }> {
  const account = await registerViaApi(request, newAccount(tag));
  await loginViaApi(page, account);
  return account;
}

// ---------------------------------------------------------------------------------------------
// Data through the API

export interface ApiProduct {
  _id: string;
  productName: string;
  productType: 'AGRO' | 'NONAGRO';
  productQuantityType: string;
  productDescription: string;
  keyFeatures: string[];
  applications: string[];
  nutrientContent: string[];
  isPremium: boolean;
  isOrganic: boolean;
  productThumbnail: { secure_url: string };
  productImages: { secure_url: string }[];
}

/** Each product's page address (/products/{slug}), by product id, as its canonical link names it. */
export async function productPagePath(request: APIRequestContext, id: string): Promise<string> {
  const html = await (await request.get(`/products/description?id=${encodeURIComponent(id)}`)).text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  expect(canonical, `canonical address of product ${id}`).toMatch(/\/products\/[a-z0-9-]+$/);
  return new URL(canonical!).pathname;
}

export async function listProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const res = await request.get(API.productList);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: ApiProduct[] }).products;
}

/** Names of products tests create start with this, so other tests can tell them from the seeded ones. */
export const TEST_PRODUCT_PREFIX = 'E2E ';

/**
 * A seeded product matching `pick` (the demo catalogue has AGRO, premium and NONAGRO ones);
 * never one another test made, which may be deleted at any moment.
 */
export async function findProduct(request: APIRequestContext, pick: (p: ApiProduct) => boolean): Promise<ApiProduct> {
  const product = (await listProducts(request)).find((p) => !p.productName.startsWith(TEST_PRODUCT_PREFIX) && pick(p));
  if (!product) throw new Error('the demo catalogue lacks a product this test needs (SEED_DEMO=true?)');
  return product;
}

/** Sends a quote in the session of `api` (a page's `page.request` shares the page's cookies). */
export async function addQuoteAs(
  api: APIRequestContext,
  companyName: string,
  productId: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const res = await api.post(API.addQuote, {
    data: {
      ...extra,
      companyName,
      contactPersonName: 'Rahul Mehta',
      companyEmail: `purchasing-${uniqueId()}@example.com`,
      mobileNumber: '+44 20 7946 0958',
      country: 'United Kingdom',
      address: '221B Baker Street, London',
      productId,
      requiredQty: 1500,
      packagingType: 'CORRUGATED_BOX',
      isCustomPackagingRequired: true,
      deliveryLocation: 'Port of Felixstowe, United Kingdom',
      isUrgent: false,
      additionalInfo: 'Need FSSAI certificate copies.',
      heardFrom: 'LinkedIn',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Sends an inquiry (the contact form's call) in the session of `api`. */
export async function addInquiryAs(
  api: APIRequestContext,
  companyName: string,
  productId: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const res = await api.post(API.addContact, {
    data: {
      ...extra,
      fullName: 'Rahul Mehta',
      email: `purchasing-${uniqueId()}@example.com`,
      companyName,
      country: 'United Kingdom',
      productId,
      estimatedQuantity: 800,
      description: 'Please send your price list and the lead time for a 20 ft container.',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A new USER who has sent one quote, and an inquiry too when asked (through the API, in a session
 * of their own); `spam`: with the honeypot filled in, so both are held as spam.
 */
export async function userWithQuote(
  companyName: string,
  productId: string,
  options: { inquiry?: boolean; spam?: boolean } = {},
): Promise<Account> {
  const api = await playwrightRequest.newContext({ baseURL: serverUrl() });
  try {
    const account = await registerViaApi(api, newAccount('quoter'));
    const login = await api.post(API.login, { data: { email: account.email, password: account.password } });
    expect(login.ok(), await login.text()).toBe(true);
    const extra = options.spam ? { website: 'https://bot.example' } : {};
    await addQuoteAs(api, companyName, productId, extra);
    if (options.inquiry) await addInquiryAs(api, companyName, productId, extra);
    return account;
  } finally {
    await api.dispose();
  }
}

/** Today's date in India (IST, UTC+5:30), plus `days`: what an offer's validity date is measured in. */
export function indiaDate(days = 0): string {
  return new Date(Date.now() + 19_800_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * An administrator's offer on the quote of `company`, through the API in the admin session of
 * `api` (a logged-in admin page's `page.request`). Returns the quote's id.
 */
export async function offerViaApi(api: APIRequestContext, company: string, offer: Record<string, unknown>): Promise<string> {
  const all = await api.get('/api/v1/quote/all');
  expect(all.ok(), await all.text()).toBe(true);
  const quote = ((await all.json()) as { quotes: { _id: string; companyName: string }[] }).quotes.find((q) => q.companyName === company);
  if (!quote) throw new Error(`no quote from ${company}`);
  const res = await api.post(`/api/v1/quote/${quote._id}/offer`, {
    data: { portOfLoading: 'Mundra, India', paymentTerms: 'LC at sight', leadTimeDays: 30, validUntil: indiaDate(10), ...offer },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return quote._id;
}

/**
 * A new buyer whose quote for `company` has an administrator's offer (`offer` over offerViaApi's
 * defaults): the administrator signed in on one page, the buyer on another. `close` closes both.
 */
export async function offeredQuote(
  browser: Browser,
  company: string,
  productId: string,
  offer: Record<string, unknown>,
): Promise<{ buyer: Account; quoteId: string; admin: Page; buyerPage: Page; close: () => Promise<void> }> {
  const buyer = await userWithQuote(company, productId);
  const admin = await openPage(browser);
  const buyerSide = await openPage(browser);
  const close = async () => {
    await admin.close();
    await buyerSide.close();
  };
  try {
    await loginAsAdmin(admin.page);
    const quoteId = await offerViaApi(admin.page.request, company, offer);
    await loginViaApi(buyerSide.page, buyer);
    return { buyer, quoteId, admin: admin.page, buyerPage: buyerSide.page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The buyer accepts the offer on `quoteId` through the API in the buyer session of `api` (a
 * logged-in buyer page's `page.request`). Returns the order it became, the buyer's newest.
 */
export async function acceptViaApi(api: APIRequestContext, quoteId: string): Promise<{ _id: string; orderNumber: string }> {
  const accepted = await api.post(`/api/v1/quote/${quoteId}/accept`, { data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const mine = (await (await api.get('/api/v1/order/mine')).json()) as { orders: { _id: string; orderNumber: string }[] };
  return mine.orders[0]!;
}

/** The screens whose form carries a proof of work (ALTCHA, solved in Web Workers), in any language. */
const PROOF_OF_WORK_SCREEN = /^(?:\/(?:ar|es|fr|de))?\/(?:register|forgot-password)$/;

/**
 * Waits until the page has fetched what it fetches by itself (lazy chunks, first data) before axe
 * looks. Playwright's 'networkidle' is the signal, but for the proof-of-work screens: ALTCHA ends
 * its spare workers once one has found the answer, and a worker ended while its script was still
 * loading leaves that request pending in Playwright's view for good, so 'networkidle' never came
 * (a 180 s timeout in CI on /es/register; 10 of 120 loads of it under load here, with the
 * worker's script the request left pending each time). There the widget's
 * verified state is the signal: its chunks and its challenge were fetched and a worker solved it.
 */
export async function settled(page: Page): Promise<void> {
  if (!PROOF_OF_WORK_SCREEN.test(new URL(page.url()).pathname)) {
    await page.waitForLoadState('networkidle');
    return;
  }
  await page.waitForFunction(() => {
    const widget = document.querySelector('altcha-widget') as (Element & { getState?: () => string }) | null;
    return widget?.getState?.() === 'verified';
  });
}
