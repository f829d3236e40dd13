/**
 * The buyers' languages on the server (issue 28): the public pages under /{lang}/ in their
 * language, hreflang alternates (all five and x-default, absolute, reciprocal), Open Graph locales,
 * JSON-LD inLanguage, the sitemap's alternates, the private screens' shell, and the English site
 * as it was.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES, LANGUAGE_INFO, localizedPath, type Language } from '@agro/shared';
import { CATALOGUES } from '@agro/shared/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProduct } from './fixtures.js';
import { buildTestApp, type TestApp } from './helper.js';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Web app</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const ORIGIN = 'https://shop.example';
const PAGES = ['/', '/about', '/products', '/gallery', '/privacy', '/terms'];

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'agro-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: ORIGIN });
  await insertTestProduct(t.db, { productName: 'Natural Jaggery Blocks', isPremium: true });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
const alternatesOf = (html: string) =>
  new Map([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1]!, decode(m[2]!)]));
const metaAll = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)"`, 'g'))].map((m) => decode(m[1]!));
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe('the public pages in every language', () => {
  for (const language of LANGUAGES) {
    for (const page of PAGES) {
      const address = localizedPath(page, language);
      it(`${address}: in ${language}, with its alternates`, async () => {
        const res = await get(address);
        expect(res.statusCode).toBe(200);
        const html = res.body;
        const { tag, dir, ogLocale } = LANGUAGE_INFO[language];
        expect(html).toContain(language === 'en' ? '<html lang="en">' : `<html lang="${tag}" dir="${dir}">`);
        const title = decode(/<title>([^<]*)<\/title>/.exec(html)![1]!);
        const head = CATALOGUES[language].head;
        if (page === '/') expect(title).toBe(head.defaultTitle);
        if (page === '/about') expect(title).toContain(head.aboutName);
        if (page === '/products') expect(title).toContain(head.productsName);
        if (language !== 'en') expect(title).not.toBe(decode(/<title>([^<]*)<\/title>/.exec((await get(page)).body)![1]!));
        expect(decode(/<link rel="canonical" href="([^"]*)"/.exec(html)![1]!)).toBe(`${ORIGIN}${address}`);

        // hreflang: every language and x-default, absolute; the set is the same on each of them (reciprocal).
        const alternates = alternatesOf(html);
        expect([...alternates.keys()].sort()).toEqual([...LANGUAGES.map((l) => LANGUAGE_INFO[l].tag), 'x-default'].sort());
        for (const l of LANGUAGES) expect(alternates.get(LANGUAGE_INFO[l].tag)).toBe(`${ORIGIN}${localizedPath(page, l)}`);
        expect(alternates.get('x-default')).toBe(`${ORIGIN}${page}`);
        for (const href of alternates.values()) {
          const other = await get(new URL(href).pathname);
          expect(other.statusCode, href).toBe(200);
          expect(alternatesOf(other.body), href).toEqual(alternates);
        }

        expect(metaAll(html, 'og:locale')).toEqual([ogLocale]);
        expect(metaAll(html, 'og:locale:alternate').sort()).toEqual(
          LANGUAGES.filter((l) => l !== language)
            .map((l) => LANGUAGE_INFO[l].ogLocale)
            .sort(),
        );
        expect(metaAll(html, 'og:url')).toEqual([`${ORIGIN}${address}`]);
        const webPage = jsonLd(html).find((ld) => ld['@type'] === 'WebPage');
        // English's JSON-LD is as it was; the other languages declare theirs.
        if (language === 'en') expect(webPage).toBeUndefined();
        else expect(webPage).toMatchObject({ inLanguage: tag, url: `${ORIGIN}${address}`, name: title });
      });
    }
  }

  it('a product page in Arabic: its address, breadcrumb and alternates under /ar/', async () => {
    const res = await get('/ar/products/natural-jaggery-blocks');
    expect(res.statusCode).toBe(200);
    expect(decode(/<link rel="canonical" href="([^"]*)"/.exec(res.body)![1]!)).toBe(`${ORIGIN}/ar/products/natural-jaggery-blocks`);
    const crumbs = jsonLd(res.body).find((ld) => ld['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((i) => i.item)).toEqual([
      `${ORIGIN}/ar/`,
      `${ORIGIN}/ar/products`,
      `${ORIGIN}/ar/products/natural-jaggery-blocks`,
    ]);
    expect(crumbs.itemListElement[0]!.name).toBe(CATALOGUES.ar.head.breadcrumbHome);
    expect(alternatesOf(res.body).get('es')).toBe(`${ORIGIN}/es/products/natural-jaggery-blocks`);
  });

  it('an unknown address under a language is its page-not-found (404, noindex); an unknown prefix is no language', async () => {
    const res = await get('/de/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="de" dir="ltr">');
    expect(res.body).toContain(CATALOGUES.de.head.pageNotFound);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const unknown = await get('/zz/products');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="en">');
  });

  it("the private screens answer the app shell in the address's language, noindex", async () => {
    for (const [address, language] of [
      ['/ar/profile', 'ar'],
      ['/es/quote', 'es'],
      ['/fr/login', 'fr'],
      ['/de/orders/abc', 'de'],
    ] as [string, Language][]) {
      const res = await get(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toContain(`<html lang="${language}" dir="${LANGUAGE_INFO[language].dir}">`);
      expect(res.headers['x-robots-tag'], address).toBe('noindex');
    }
  });
});

describe('the sitemap and robots.txt in every language', () => {
  it('lists every page in every language, each with all its alternates, every alternate itself listed', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const blocks = [...res.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const entries = new Map(
      blocks.map((b) => [
        decode(/<loc>([^<]*)<\/loc>/.exec(b)![1]!),
        new Map([...b.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1]!, decode(m[2]!)])),
      ]),
    );
    for (const page of [...PAGES, '/products/natural-jaggery-blocks']) {
      for (const language of LANGUAGES) {
        const links = entries.get(`${ORIGIN}${localizedPath(page, language)}`);
        expect(links, `${language} ${page}`).toBeDefined();
        expect(links!.size).toBe(LANGUAGES.length + 1);
        expect(links!.get('x-default')).toBe(`${ORIGIN}${page}`);
      }
    }
    for (const links of entries.values()) {
      for (const [tag, href] of links) if (tag !== 'x-default') expect(entries.get(href), href).toEqual(links);
    }
  });

  it('robots.txt keeps the private screens out in every language', async () => {
    const body = (await get('/robots.txt')).body;
    for (const prefix of ['', '/ar', '/es', '/fr', '/de']) expect(body).toContain(`Disallow: ${prefix}/profile`);
  });
});
