/**
 * Public pages as a crawler or a link preview gets them (plain HTTP, no JavaScript): head tags,
 * JSON-LD, product addresses with their 301s, the sitemap, robots.txt, real 404s, noindex on
 * private screens. The web app's own render is covered by e2e/tests/seo.spec.ts (it needs the
 * built app); here index.html is a stand-in, so the pages are the shell with their head tags.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API, SITE, type Product } from '@agro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/mappers.js';
import * as repo from '../src/modules/product/repository.js';
import { insertTestProduct } from './fixtures.js';
import { socialProfiles } from '../src/modules/pages/head.js';
import { pageUrl } from '../src/modules/pages/routes.js';
import { buildTestApp, type TestApp } from './helper.js';

/** Shaped like the real one after Prettier: the description's attributes on lines of their own. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="shell"
    />
    <title>Web app</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const ORIGIN = 'http://shop.example';

let t: TestApp;
let webDist: string;
let jaggery: string;
let onions: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: ORIGIN });
  jaggery = await insertTestProduct(t.db, { productName: 'Natural Jaggery Blocks', isPremium: true });
  onions = await insertTestProduct(t.db, {
    productName: 'Crispy Fried Onions',
    productType: 'NONAGRO',
    productDescription: 'Golden onions. '.repeat(30),
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function attr(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}
const meta = (html: string, property: string) =>
  attr(html, new RegExp(`<meta (?:property|name)="${property.replace(/[:]/g, '\\:')}" content="([^"]*)"`));
const canonical = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);

/** Every JSON-LD object of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
const ofType = (html: string, type: string) => jsonLd(html).find((ld) => ld['@type'] === type);

describe('head tags of every public page', () => {
  it.each([
    ['/', `${SITE.companyName} | Natural Jaggery & Fried Onions Exporter`],
    ['/about', `About Us | ${SITE.companyName}`],
    ['/products', `Our Products | ${SITE.companyName}`],
    ['/gallery', `Gallery | ${SITE.companyName}`],
    ['/privacy', `Privacy Policy | ${SITE.companyName}`],
    ['/terms', `Terms & Conditions | ${SITE.companyName}`],
  ])('%s: title, description, canonical, Open Graph, Twitter, Organization', async (url, title) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${title.replace('&', '&amp;')}</title>`);
    expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(meta(html, 'description')).not.toBe('shell');
    expect(canonical(html)).toBe(`${ORIGIN}${url}`);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}${url}`);
    expect(meta(html, 'og:title')).toBe(title.replace('&', '&amp;'));
    expect(meta(html, 'twitter:card')).toMatch(/^summary/);
    expect(html).toContain('<html lang="en">');
    const org = ofType(html, 'Organization')!;
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      name: SITE.companyName,
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/favicon.svg`,
    });
    expect(org.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: SITE.address.city,
      postalCode: SITE.address.postalCode,
      addressCountry: 'IN',
    });
    expect(org.contactPoint).toMatchObject({ '@type': 'ContactPoint', telephone: SITE.phone, email: SITE.email });
    // The site configuration's social links are the networks' home pages: no profile to name.
    expect(org.sameAs).toBeUndefined();
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it("names only real profiles as the company's sameAs", () => {
    expect(
      socialProfiles([
        'https://www.facebook.com/',
        'https://x.com',
        'https://www.linkedin.com/company/sahyadri-agro/',
        'https://x.com/sahyadri',
      ]),
    ).toEqual(['https://www.linkedin.com/company/sahyadri-agro/', 'https://x.com/sahyadri']);
  });
});

describe('product pages', () => {
  let product: Product;
  beforeAll(async () => {
    // Products written without a slug (seed, bulk loads) get one when the pages need it.
    expect((await get('/sitemap.xml')).statusCode).toBe(200);
    product = (await t.app.inject({ method: 'GET', url: API.product(jaggery) })).json<{ product: Product }>().product;
  });

  it("the slug is made from the name; the API's product keeps the spec's shape", async () => {
    const row = await t.db.selectFrom('products').select('slug').where('id', '=', jaggery).executeTakeFirstOrThrow();
    expect(row.slug).toBe('natural-jaggery-blocks');
    expect(product).not.toHaveProperty('slug');
  });

  it('/products/{slug}: title, description, canonical, OG image (absolute), Product and BreadcrumbList JSON-LD', async () => {
    const res = await get('/products/natural-jaggery-blocks');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const url = `${ORIGIN}/products/natural-jaggery-blocks`;
    expect(html).toContain(`<title>Natural Jaggery Blocks | ${SITE.companyName}</title>`);
    expect(meta(html, 'description')).toBe('Jaggery in blocks');
    expect(canonical(html)).toBe(url);
    expect(meta(html, 'og:type')).toBe('product');
    // The thumbnail's JPEG beside its WebP: link previews (LinkedIn's) take no WebP.
    const shareUrl = product.productThumbnail.secure_url.replace(/\.webp$/, '.jpg');
    expect(meta(html, 'og:image')).toBe(shareUrl);
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/shop\.example\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    expect(meta(html, 'twitter:image')).toBe(shareUrl);
    // The preview image's alternative text, for both previews (issue 28, item 8).
    expect(meta(html, 'og:image:alt')).toBe(`Natural Jaggery Blocks | ${SITE.companyName}`);
    expect(meta(html, 'twitter:image:alt')).toBe(`Natural Jaggery Blocks | ${SITE.companyName}`);
    const ld = ofType(html, 'Product')!;
    expect(ld).toMatchObject({
      name: 'Natural Jaggery Blocks',
      description: 'Jaggery in blocks',
      brand: { '@type': 'Brand', name: SITE.companyName },
      category: 'Agricultural products',
      countryOfOrigin: { '@type': 'Country', name: 'India' },
      url,
    });
    expect(ld.image).toEqual([product.productThumbnail.secure_url]);
    const crumbs = ofType(html, 'BreadcrumbList')!;
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Products', item: `${ORIGIN}/products` },
      { '@type': 'ListItem', position: 3, name: 'Natural Jaggery Blocks', item: url },
    ]);
    expect(ofType(html, 'Organization')).toBeDefined();
  });

  it('a long description is cut to a search-result length at a word', async () => {
    const html = (await get('/products/crispy-fried-onions')).body;
    const description = meta(html, 'description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^Golden onions\. Golden onions\..*…$/);
    expect(ofType(html, 'Product')!.category).toBe('Non-agricultural products');
  });

  it('/products/description?id= (SPEC.md) still answers, and declares the slug address canonical', async () => {
    const res = await get(`/products/description?id=${jaggery}`);
    expect(res.statusCode).toBe(200);
    expect(canonical(res.body)).toBe(`${ORIGIN}/products/natural-jaggery-blocks`);
    expect((await get('/products/description')).statusCode).toBe(200);
  });

  it('a product that does not exist answers 404, noindex', async () => {
    for (const url of ['/products/no-such-product', '/products/description?id=000000000000000000000000', '/products/description?id=junk']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('a renamed product gets a new slug; the old one redirects with 301; a taken slug gets a suffix', async () => {
    await repo.updateProduct(t.db, onions, { product_name: 'Golden Fried Onions', updated_at: nowIso() }, undefined);
    const old = await get('/products/crispy-fried-onions');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/products/golden-fried-onions');
    const current = await get('/products/golden-fried-onions');
    expect(current.statusCode).toBe(200);
    // The edit shows at once: the cached page was rendered for the previous content version.
    expect(current.body).toContain('<title>Golden Fried Onions |');

    // The old slug stays the renamed product's: a new product of that name gets another one.
    const another = await insertTestProduct(t.db, { productName: 'Crispy Fried Onions' });
    await repo.ensureSlugs(t.db);
    const row = await t.db.selectFrom('products').select('slug').where('id', '=', another).executeTakeFirstOrThrow();
    expect(row.slug).toBe('crispy-fried-onions-2');
    expect((await get('/products/crispy-fried-onions')).headers.location).toBe('/products/golden-fried-onions');

    // Renamed back: its own old slug again, and the newer one redirects to it.
    await repo.updateProduct(t.db, onions, { product_name: 'Crispy Fried Onions', updated_at: nowIso() }, undefined);
    expect((await get('/products/crispy-fried-onions')).statusCode).toBe(200);
    expect((await get('/products/golden-fried-onions')).headers.location).toBe('/products/crispy-fried-onions');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists every public page and every product address, with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const p of ['/', '/about', '/products', '/gallery', '/privacy', '/terms']) expect(locs).toContain(`${ORIGIN}${p}`);
    const slugs = await repo.listSlugs(t.db);
    expect(slugs.length).toBeGreaterThanOrEqual(3);
    const entries = new Map(
      [...res.body.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)].map((m) => [m[1], m[2]] as const),
    );
    for (const { slug, updatedAt } of slugs) expect(entries.get(`${ORIGIN}/products/${slug}`)).toBe(updatedAt);
    for (const p of ['/login', '/register', '/profile', '/quote', '/contact', '/add-product', '/edit-product', '/products/description']) {
      expect(locs).not.toContain(`${ORIGIN}${p}`);
    }
  });

  it('is regenerated when products change', async () => {
    const id = await insertTestProduct(t.db, { productName: 'Cane Sugar Cubes' });
    expect((await get('/sitemap.xml')).body).toContain(`${ORIGIN}/products/cane-sugar-cubes</loc>`);
    await repo.deleteProduct(t.db, id);
    expect((await get('/sitemap.xml')).body).not.toContain('cane-sugar-cubes');
    expect((await get('/products/cane-sugar-cubes')).statusCode).toBe(404);
  });

  it('robots.txt names the sitemap and keeps private screens out', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /profile');
    expect(res.body).toContain('Disallow: /orders');
    expect(res.body).toContain('Disallow: /api/');
  });
});

describe('status codes', () => {
  it('an unknown path answers 404 with the app, noindex', async () => {
    for (const url of ['/no-such-page', '/products/description/extra', '/about/us']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('every unknown address answers the same page (rendered once), with no address of its own', async () => {
    const pages = await Promise.all(['/no-such-page', '/wp-login.php.bak/x', '/products/no-such-slug?fbclid=1'].map(get));
    for (const res of pages) {
      expect(res.statusCode).toBe(404);
      expect(res.headers.etag).toBe(pages[0]!.headers.etag);
      expect(meta(res.body, 'og:url')).toBeUndefined();
      expect(canonical(res.body)).toBeUndefined();
      expect(res.body.match(/<meta name="robots" content="noindex"/g)).toHaveLength(1);
    }
  });

  it("the spec's private screens still answer the app (200), marked noindex", async () => {
    for (const url of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password/abc',
      '/profile',
      '/quote',
      '/quote/description',
      '/contact',
      '/add-product',
      '/edit-product',
      '/inquiries',
      '/dashboard',
      '/my-orders',
      '/orders',
      '/orders/0123456789abcdef01234567',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('an unknown API path is still JSON 404', async () => {
    const res = await get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('the address a page is rendered and cached at', () => {
  it.each([
    ['/', '/?utm_source=linkedin&utm_medium=social', '/'],
    ['/about', '/about/?fbclid=IwAR0abc', '/about'],
    ['/products', '/products?utm_source=x&type=AGRO&q=jaggery&page=2&gclid=1', '/products?q=jaggery&type=AGRO&page=2'],
    ['/products', '/products?q=', '/products?q='],
    ['/products/description', '/products/description?utm_campaign=x&id=abc', '/products/description?id=abc'],
    ['/products/:slug', '/products/natural-jaggery/?ref=wa', '/products/natural-jaggery'],
    ['*', '/no/such/page?x=1', '/404'],
  ])('%s at %s -> %s', (route, url, expected) => {
    expect(pageUrl(route, url)).toBe(expected);
  });
});
