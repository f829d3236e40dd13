/**
 * Found by buyers: what a crawler or a link preview gets without running JavaScript (plain HTTP),
 * that the app takes the server's HTML over without an error, a flash or a layout shift, and that
 * the scroll animation never hides content.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  appTookOver,
  expect,
  expectPath,
  listProducts,
  loginAsAdmin,
  loginAsNewUser,
  openPage,
  productPagePath,
  test,
  type ApiProduct,
} from '../support/fixtures';

const COMPANY = 'Sahyadri Agro Exports';

interface Fetched {
  status: number;
  html: string;
  /** The document's text with tags removed (entities decoded for the few the render uses). */
  text: string;
}

async function fetchPage(request: APIRequestContext, path: string): Promise<Fetched> {
  const res = await request.get(path, { maxRedirects: 0 });
  const html = await res.text();
  const body = html.slice(html.indexOf('<body'));
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
  return { status: res.status(), html, text };
}

const headAttr = (html: string, re: RegExp) => re.exec(html)?.[1];

/** A JPEG's size, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}
const h1Of = (html: string) =>
  headAttr(html, /<h1[^>]*>([\s\S]*?)<\/h1>/)
    ?.replace(/<[^>]+>/g, '')
    .trim();
const imgAlts = (html: string) => [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const ldTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => (JSON.parse(m[1]!) as { '@type': string })['@type'],
  );

function expectHead(html: string, path: string, origin: string): void {
  expect(html, path).toMatch(/<title>[^<]+<\/title>/);
  expect(headAttr(html, /<meta name="description" content="([^"]+)"/), path).toBeTruthy();
  expect(headAttr(html, /<link rel="canonical" href="([^"]+)"/), path).toBe(`${origin}${path}`);
  expect(headAttr(html, /<meta property="og:image" content="([^"]+)"/), path).toMatch(new RegExp(`^${origin}/uploads/`));
  expect(ldTypes(html), path).toContain('Organization');
}

test.describe('plain HTTP (no JavaScript)', () => {
  let products: ApiProduct[];
  let origin: string;
  test.beforeAll(async ({ request, baseURL }) => {
    products = (await listProducts(request)).filter((p) => !p.productName.startsWith('E2E '));
    origin = new URL(baseURL!).origin;
  });

  test('home: hero, figures, the premium range with names and images', async ({ request }) => {
    const { status, html, text } = await fetchPage(request, '/');
    expect(status).toBe(200);
    expectHead(html, '/', origin);
    expect(h1Of(html)).toBe(COMPANY);
    for (const t of ['Premium Products', 'Founded 2025', '100% Quality Assured', 'Global Export Reach', 'Our Premium Range'])
      expect(text).toContain(t);
    for (const p of products.filter((x) => x.isPremium).slice(0, 8)) {
      expect(text).toContain(p.productName);
      expect(imgAlts(html)).toContain(p.productName);
    }
  });

  test('products: every product card with its key features, and the packaging options', async ({ request }) => {
    const { status, html, text } = await fetchPage(request, '/products');
    expect(status).toBe(200);
    expectHead(html, '/products', origin);
    expect(h1Of(html)).toBe('Our Products');
    for (const p of products.slice(0, 24)) {
      expect(text).toContain(p.productName);
      expect(imgAlts(html)).toContain(p.productName);
      for (const f of p.keyFeatures.slice(0, 2)) expect(text).toContain(f);
    }
    expect(text).toContain('Bulk 25kg bags');
  });

  test('each product page: name, description, key features, images, Product and BreadcrumbList', async ({ request }) => {
    for (const p of products) {
      const path = await productPagePath(request, p._id);
      const { status, html, text } = await fetchPage(request, path);
      expect(status, path).toBe(200);
      expectHead(html, path, origin);
      // The thumbnail as a JPEG (link previews such as LinkedIn's take no WebP), at the size declared.
      const ogImage = headAttr(html, /<meta property="og:image" content="([^"]+)"/)!;
      expect(ogImage).toBe(p.productThumbnail.secure_url.replace(/\.webp$/, '.jpg'));
      expect(headAttr(html, /<meta property="og:image:type" content="([^"]+)"/)).toBe('image/jpeg');
      const image = await request.get(ogImage);
      expect(image.status(), ogImage).toBe(200);
      expect(image.headers()['content-type']).toBe('image/jpeg');
      const bytes = await image.body();
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(jpegSize(bytes)).toEqual({
        width: Number(headAttr(html, /<meta property="og:image:width" content="(\d+)"/)),
        height: Number(headAttr(html, /<meta property="og:image:height" content="(\d+)"/)),
      });
      expect(headAttr(html, /<meta property="og:title" content="([^"]+)"/)?.replace(/&amp;/g, '&')).toBe(`${p.productName} | ${COMPANY}`);
      expect(h1Of(html)?.replace(/&amp;/g, '&')).toBe(p.productName);
      expect(text).toContain(p.productDescription.replace(/\s+/g, ' ').trim().slice(0, 80));
      for (const f of p.keyFeatures) expect(text).toContain(f);
      expect(imgAlts(html).some((alt) => alt.startsWith(p.productName))).toBe(true);
      expect(ldTypes(html)).toEqual(['Organization', 'Product', 'BreadcrumbList']);
      // The spec's address of the same product names this one canonical.
      const spec = await fetchPage(request, `/products/description?id=${p._id}`);
      expect(spec.status).toBe(200);
      expect(headAttr(spec.html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}${path}`);
      expect(h1Of(spec.html)?.replace(/&amp;/g, '&')).toBe(p.productName);
    }
  });

  test('gallery, about, privacy, terms: their headings and content', async ({ request }) => {
    const gallery = await fetchPage(request, '/gallery');
    expect(gallery.status).toBe(200);
    expectHead(gallery.html, '/gallery', origin);
    expect(h1Of(gallery.html)).toBe('Our Gallery');
    expect(imgAlts(gallery.html)).toContain('Gallery image 1');
    for (const [path, check] of [
      ['/about', ['ISO', 'FSSAI', 'APEDA', 'HACCP']],
      ['/privacy', [COMPANY]],
      ['/terms', [COMPANY]],
    ] as const) {
      const { status, html, text } = await fetchPage(request, path);
      expect(status, path).toBe(200);
      expectHead(html, path, origin);
      expect(h1Of(html), path).toBeTruthy();
      for (const t of check) expect(text, path).toContain(t);
    }
  });

  test('the head as a browser without JavaScript parses it: each tag once, the page its own', async ({ browser, request }) => {
    const productPath = await productPagePath(request, products[0]!._id);
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    try {
      for (const path of ['/', '/about', '/products', productPath, '/gallery', '/privacy', '/terms']) {
        await page.goto(path);
        const head = await page.evaluate(() => {
          const all = (selector: string) => [...document.head.querySelectorAll(selector)];
          const content = (selector: string) => all(selector).map((e) => e.getAttribute('content') ?? e.getAttribute('href'));
          return {
            lang: document.documentElement.lang,
            titles: all('title').map((e) => e.textContent),
            descriptions: content('meta[name="description"]'),
            ogDescription: content('meta[property="og:description"]'),
            canonicals: content('link[rel="canonical"]'),
            ogUrl: content('meta[property="og:url"]'),
            ogImages: content('meta[property="og:image"]'),
            twitterCards: content('meta[name="twitter:card"]'),
            jsonLd: all('script[type="application/ld+json"]').map((e) => (JSON.parse(e.textContent ?? '') as { '@type': string })['@type']),
          };
        });
        expect(head.lang, path).toBe('en');
        expect(head.titles, path).toHaveLength(1);
        expect(head.descriptions, `${path}: one description, the page's own`).toEqual(head.ogDescription);
        expect(head.descriptions, path).toHaveLength(1);
        expect(head.canonicals, path).toEqual([`${origin}${path}`]);
        expect(head.ogUrl, path).toEqual(head.canonicals);
        expect(head.ogImages, path).toHaveLength(1);
        expect(head.twitterCards, path).toEqual(['summary_large_image']);
        expect(head.jsonLd, path).toContain('Organization');
      }
    } finally {
      await close();
    }
  });

  test('a shared link with tracking parameters gets the page already rendered (same bytes)', async ({ request }) => {
    for (const [path, tracked] of [
      ['/products', '/products?utm_source=whatsapp&fbclid=IwAR0xyz'],
      ['/products?type=AGRO', '/products?gclid=1&type=AGRO'],
      ['/no-such-page', '/another/missing/page?x=1'],
    ] as const) {
      const [plain, withTracking] = await Promise.all([request.get(path), request.get(tracked)]);
      expect(withTracking.status(), tracked).toBe(plain.status());
      expect(withTracking.headers().etag, tracked).toBe(plain.headers().etag);
    }
  });

  test("unknown paths and products: 404 with the app's 'Oops! Page not found'", async ({ request }) => {
    for (const path of ['/no-such-page', '/products/no-such-product']) {
      const { status, text } = await fetchPage(request, path);
      expect(status, path).toBe(404);
      expect(text, path).toContain('Oops! Page not found');
    }
  });
});

/** Records, before the app starts, the server's <h1> and every layout shift. */
async function watchHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __ssrH1?: Element | null; __cls?: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') w.__ssrH1 = document.querySelector('h1');
    });
  });
}

/** The performance marks of a first visit's hydration in parts, in order. */
const hydrationMarks = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .map((m) => m.name)
      .filter((n) => n.startsWith('hydrate:')),
  );

test.describe('the app takes the server HTML over', () => {
  for (const path of ['/', '/about', '/products', 'a product page', '/gallery', '/privacy', '/terms', '/no-such-page']) {
    test(`${path}: the server's elements stay, no console error, no layout shift`, async ({ browser, request }) => {
      const [product] = await listProducts(request);
      const url = path === 'a product page' ? await productPagePath(request, product!._id) : path;
      const { page, close } = await openPage(browser);
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        // A 404 page's own status shows in the console as a failed load of the document.
        if (m.type() === 'error' && !m.text().includes('404')) consoleErrors.push(m.text());
      });
      try {
        await watchHydration(page);
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        // The app has taken the whole page over (its toasts mount before that starts).
        await appTookOver(page);
        // A first visit hydrates in parts, one task each (docs/decisions/016-hydration-in-parts.md).
        const parts = await hydrationMarks(page);
        expect(parts[0], url).toBe('hydrate:shell');
        expect(parts, url).toEqual(expect.arrayContaining(['hydrate:header', 'hydrate:footer']));
        const result = await page.evaluate(() => {
          const w = window as unknown as { __ssrH1?: Element | null; __cls?: number };
          return { server: Boolean(w.__ssrH1), kept: w.__ssrH1?.isConnected ?? false, cls: w.__cls ?? 0 };
        });
        expect(result.server, `${url}: the server's HTML has the page's <h1>`).toBe(true);
        expect(result.kept, `${url}: the app kept the server's <h1> (no render from scratch)`).toBe(true);
        expect(result.cls, `${url}: layout shift`).toBeLessThan(0.01);
        expect(consoleErrors, url).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  test("a first visit's parts work once taken over: a card's Learn More and a footer link navigate in the app", async ({
    page,
    request,
  }) => {
    const [product] = await listProducts(request);
    await page.goto('/products');
    await expect(page.getByText('Products fetched successfully')).toBeVisible();
    // Set on this document: a full page load would lose it.
    await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.goBack();
    await page.getByRole('article', { name: product!.productName }).getByRole('button', { name: 'Learn More' }).click();
    await expect(page).toHaveURL(/\/products\/description\?id=/);
    await expect(page.getByRole('heading', { level: 1, name: product!.productName })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('a returning visitor (products held from the first visit) gets the render over the HTML, not the hydration', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Products fetched successfully')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('persist:root')?.includes('productName') ?? false)).toBe(true);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await appTookOver(page);
    expect(await hydrationMarks(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
  });

  // The server's page shows before the app's code has run: the scripts are held back until the tap
  // is made. A first visit hydrates (in parts), a logged-in one renders over the HTML.
  for (const visitor of ['a first visitor', 'a logged-in buyer'] as const) {
    test(`${visitor}: Learn More tapped before the app takes the page over opens the product once it has`, async ({ page, request }) => {
      const [product] = await listProducts(request);
      if (visitor === 'a logged-in buyer') await loginAsNewUser(page, request, 'early-tap');
      let letScriptsGo: () => void = () => undefined;
      const scriptsHeld = new Promise<void>((resolve) => (letScriptsGo = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      await page.goto('/products', { waitUntil: 'commit' });
      const learnMore = page.getByRole('article', { name: product!.productName }).getByRole('button', { name: 'Learn More' });
      await learnMore.click();
      await expectPath(page, '/products');
      letScriptsGo();
      await expect(page.getByRole('heading', { level: 1, name: product!.productName })).toBeVisible();
      await expectPath(page, '/products/description');
      // Once, and only then: Back goes to the catalogue, not to a second product page.
      await page.goBack();
      await expectPath(page, '/products');
      await page.unroute(/\/assets\/.*\.js$/);
    });
  }

  test("a logged-in visitor's header is corrected over the anonymous HTML", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/add-product');
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });
});

test.describe('scroll animation', () => {
  test('plays once, 800 ms, as content scrolls in; nothing hidden beforehand, in print or with reduced motion', async ({ browser }) => {
    const { page, close } = await openPage(browser, { reducedMotion: 'no-preference' });
    try {
      await page.addInitScript(() => {
        const w = window as unknown as { __revealed?: { duration: string }[]; __playedAgain?: number };
        w.__revealed = [];
        w.__playedAgain = 0;
        const played = new WeakSet<Element>();
        new MutationObserver((records) => {
          for (const r of records) {
            const el = r.target as Element;
            // The moment the element starts playing (not any later change of its classes).
            if (!el.classList.contains('revealing') || (r.oldValue ?? '').split(/\s+/).includes('revealing')) continue;
            if (played.has(el)) w.__playedAgain! += 1;
            played.add(el);
            w.__revealed!.push({ duration: getComputedStyle(el).animationDuration });
          }
        }).observe(document, { attributes: true, attributeFilter: ['class'], attributeOldValue: true, subtree: true });
      });
      await page.goto('/about');
      await page.waitForLoadState('networkidle');
      // The animation is the app's (lib/reveal.ts): what scrolls before the app has taken the
      // server's page over only shows, and what is on screen then is left alone.
      await appTookOver(page);
      const marked = page.locator('[data-reveal]');
      expect(await marked.count()).toBeGreaterThan(3);
      // A full-page screenshot (nothing scrolled) and a print show every marked element.
      const opacities = () => marked.evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity));
      expect(new Set(await opacities())).toEqual(new Set(['1']));
      await page.emulateMedia({ media: 'print' });
      expect(new Set(await opacities())).toEqual(new Set(['1']));
      await page.emulateMedia({ media: 'screen' });

      // Scrolling down plays the animation on what comes into view, at 800 ms.
      for (let y = 0; y < 6000; y += 400) {
        await page.mouse.wheel(0, 400);
        await nextFrames(page);
      }
      await expect.poll(() => page.evaluate(() => (window as unknown as { __revealed: unknown[] }).__revealed.length)).toBeGreaterThan(0);
      const revealed = await page.evaluate(() => (window as unknown as { __revealed: { duration: string }[] }).__revealed);
      expect(new Set(revealed.map((r) => r.duration))).toEqual(new Set(['0.8s']));
      // Once: scrolling back up and down again plays no element a second time (one that had not
      // been on screen in a painted frame yet may play now, for the first time).
      await scrollAllTheWay(page, 'up');
      await scrollAllTheWay(page, 'down');
      await nextFrames(page);
      expect(await page.evaluate(() => (window as unknown as { __playedAgain: number }).__playedAgain)).toBe(0);
      // Every animation ends with the element fully shown.
      await expect(page.locator('[data-reveal].revealing')).toHaveCount(0);
      expect(new Set(await opacities())).toEqual(new Set(['1']));
    } finally {
      await close();
    }

    // Reduced motion: no animation at all.
    const reduced = await openPage(browser, { reducedMotion: 'reduce' });
    try {
      await reduced.page.goto('/about');
      await appTookOver(reduced.page);
      await scrollAllTheWay(reduced.page, 'down');
      await nextFrames(reduced.page);
      expect(await reduced.page.locator('[data-reveal].revealing').count()).toBe(0);
    } finally {
      await reduced.close();
    }
  });
});

/** Two painted frames and a task: what the page's intersection observers had to see, they have seen. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
}

/** Scrolls to the top or the bottom (smoothly: the site's CSS asks for it) and resolves once the page has stopped there. */
async function scrollAllTheWay(page: Page, direction: 'up' | 'down'): Promise<void> {
  await page.evaluate(async (up) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const start = window.scrollY;
    window.scrollTo(0, up ? 0 : document.documentElement.scrollHeight);
    const end = () => (up ? 0 : document.documentElement.scrollHeight - window.innerHeight);
    for (let last = NaN; ;) {
      await frame();
      const y = window.scrollY;
      // There, or moved and then stopped (the page may have grown meanwhile).
      if (Math.abs(y - end()) < 1 || (y !== start && y === last)) return;
      last = y;
    }
  }, direction === 'up');
}
