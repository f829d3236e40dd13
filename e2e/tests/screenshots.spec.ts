/**
 * Full-page screenshots of every page at 390 px and 1280 px, written to e2e/screenshots/
 * (git-ignored) for a person to look at. While at it, each page is checked for what a person
 * would notice first: a horizontal scrollbar on a phone and images that fail to load.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR } from '../support/constants';
import {
  addQuoteAs,
  appTookOver,
  expect,
  findProduct,
  loginAsAdmin,
  loginAsNewUser,
  openPage,
  settled,
  test,
  uniqueId,
  userWithQuote,
} from '../support/fixtures';

const WIDTHS = [390, 1280] as const;
const TAKE_PICTURES = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

interface Shot {
  name: string;
  /** Gets the page to the state to photograph (at the first width; the others are set after). */
  open: (page: Page) => Promise<void>;
}

const goto = (name: string, url: string): Shot => ({ name, open: async (page) => void (await page.goto(url)) });

/** Loads every image now (lazy ones included) and waits for all of them to finish. */
async function loadEverything(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The app applies its first answers once it has taken the server's page over, which can come
  // after the network went quiet on a loaded machine: a list changed then shows images that are
  // still loading, not broken ones.
  await appTookOver(page);
  await settled(page);
  await page.evaluate(() => {
    document.querySelectorAll('img[loading="lazy"]').forEach((img) => {
      (img as HTMLImageElement).loading = 'eager';
    });
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 15_000 });
}

async function shoot(page: Page, role: string, shot: Shot): Promise<void> {
  const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 800 });
  // Opened once, at the first width; then each width in turn (the images a width asks for load).
  await page.setViewportSize(viewport(WIDTHS[0]));
  await shot.open(page);
  for (const width of WIDTHS) {
    await test.step(`${role} ${shot.name} at ${width} px`, async () => {
      await page.setViewportSize(viewport(width));
      await loadEverything(page);

      const broken = await page.evaluate(() =>
        Array.from(document.images)
          .filter((img) => img.currentSrc && img.naturalWidth === 0)
          .map((img) => img.currentSrc),
      );
      expect(broken, `images that did not load on ${shot.name} at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal scroll on ${shot.name} at ${width} px`).toBeLessThanOrEqual(0);

      // The pictures are for a person; CI checks what is above and skips drawing them (a quarter
      // of this spec's time), unless E2E_SCREENSHOTS=1 asks for them.
      if (!TAKE_PICTURES) return;
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${role}-${shot.name}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
        // Every call shows a toast; hide them so they do not cover the page in the picture.
        style: '[data-sonner-toaster] { display: none !important; }',
      });
    });
  }
}

test.describe.configure({ mode: 'parallel' });

const ANONYMOUS: Record<string, (productId: string) => Shot[]> = {
  'catalogue pages': (productId) => [
    goto('home', '/'),
    goto('about', '/about'),
    goto('products', '/products'),
    goto('product-detail', `/products/description?id=${productId}`),
    goto('gallery', '/gallery'),
    goto('not-found', '/no-such-page'),
  ],
  'account and legal pages': () => [
    goto('register', '/register'),
    goto('login', '/login'),
    goto('forgot-password', '/forgot-password'),
    goto('reset-password', '/reset-password/sample-token'),
    goto('privacy', '/privacy'),
    goto('terms', '/terms'),
  ],
};

for (const [group, shots] of Object.entries(ANONYMOUS)) {
  test(`anonymous ${group}`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const product = await findProduct(request, (p) => p.productType === 'AGRO' && p.productImages.length > 0);
    const { page, close } = await openPage(browser);
    try {
      for (const shot of shots(product._id)) await shoot(page, 'anonymous', shot);
    } finally {
      await close();
    }
  });
}

test('anonymous pages in Arabic (right to left) and Spanish', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO' && p.productImages.length > 0);
  for (const [prefix, locale] of [
    ['ar', 'ar-AE'],
    ['es', 'es-ES'],
  ] as const) {
    // The browser speaks the page's language: no suggestion banner over the page.
    const { page, close } = await openPage(browser, { locale });
    try {
      for (const shot of [
        goto(`${prefix}-home`, `/${prefix}/`),
        goto(`${prefix}-products`, `/${prefix}/products`),
        goto(`${prefix}-product-detail`, `/${prefix}/products/description?id=${product._id}`),
        ...(prefix === 'ar' ? [goto('ar-about', '/ar/about'), goto('ar-gallery', '/ar/gallery'), goto('ar-terms', '/ar/terms')] : []),
      ])
        await shoot(page, 'anonymous', shot);
    } finally {
      await close();
    }
  }
});

test('USER pages', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const product = await findProduct(request, (p) => p.isPremium);
  const { page, close } = await openPage(browser);
  try {
    await loginAsNewUser(page, request, 'shots');
    await addQuoteAs(page.request, `Screenshot Traders ${uniqueId()}`, product._id);
    const shots: Shot[] = [
      goto('home', '/'),
      goto('product-detail', `/products/description?id=${product._id}`),
      goto('quote', '/quote'),
      goto('contact', '/contact'),
      goto('access-denied', '/add-product'),
      goto('profile-with-quote', '/profile'),
    ];
    for (const shot of shots) await shoot(page, 'user', shot);
  } finally {
    await close();
  }
});

test('ADMIN pages', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  const company = `Admin View Foods ${uniqueId()}`;
  await userWithQuote(company, product._id);
  const { page, close } = await openPage(browser);
  try {
    await loginAsAdmin(page);
    const shots: Shot[] = [
      goto('home', '/'),
      goto('products', '/products'),
      goto('gallery', '/gallery'),
      goto('add-product', '/add-product'),
      goto('edit-product', `/edit-product?id=${product._id}`),
      goto('quote', '/quote'),
      goto('profile', '/profile'),
      goto('access-denied', '/contact'),
      {
        name: 'quote-description',
        open: async (p) => {
          await p.goto('/profile');
          await p.getByRole('button', { name: `View details of the quote from ${company}` }).click();
          await expect(p.getByRole('table')).toBeVisible();
        },
      },
    ];
    for (const shot of shots) await shoot(page, 'admin', shot);
  } finally {
    await close();
  }
});

test('ADMIN trade desk pages: the inbox, filtered lists and the dashboard', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const product = await findProduct(request, (p) => p.productType === 'AGRO');
  await userWithQuote(`Trade Desk Foods ${uniqueId()}`, product._id, { inquiry: true });
  const { page, close } = await openPage(browser);
  try {
    await loginAsAdmin(page);
    const shots: Shot[] = [
      goto('inquiries', '/inquiries'),
      goto('inquiries-filtered', '/inquiries?country=United%20Kingdom'),
      goto('profile-filtered', `/profile?country=United%20Kingdom&productId=${product._id}`),
      goto('dashboard', '/dashboard'),
    ];
    for (const shot of shots) await shoot(page, 'admin', shot);
  } finally {
    await close();
  }
});
