/**
 * npm run seo: what a crawler or a link preview finds on each public page, read with plain HTTP
 * (no JavaScript) from the real server (production mode, temporary DATA_DIR, demo catalogue):
 * in every language (issue 28): status, <html lang>, hreflang alternates, title, canonical address, Open Graph image (and the type it is served as) and JSON-LD types, plus the sitemap's and
 * robots.txt's answers. Exits with 1 when a public page lacks one of them. SEO_PORT (default 3732).
 */
import fsp from 'node:fs/promises';
import { LANGUAGES, LANGUAGE_INFO, localizedPath, splitLanguage } from '@agro/shared';
import { isRecord } from './lib/json.js';
import { buildWebIfStale, startDemoServer, stopOnInterrupt, tempDir, type Server, type Stopper } from './lib/processes.js';

const pick = (html: string, re: RegExp) => re.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';

/** The `@type` of each JSON-LD block (a string, or a list of them). */
function ldTypes(html: string): string {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
    .map((m): unknown => {
      const ld: unknown = JSON.parse(m[1]);
      return isRecord(ld) ? ld['@type'] : undefined;
    })
    .join(', ');
}

/** The Content-Type the image at `url` is served with, or what went wrong. */
async function imageType(url: string): Promise<string> {
  if (!url) return 'none';
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.ok ? (res.headers.get('content-type') ?? 'no type') : String(res.status);
}

/** The products of /api/v1/product/all (only counted here). */
function productsOf(body: unknown): unknown[] {
  if (!isRecord(body) || !Array.isArray(body.products)) throw new Error('/api/v1/product/all: no products list');
  return body.products;
}

async function main(): Promise<void> {
  await buildWebIfStale();
  const dataDir = await tempDir('agro-seo-');
  const stoppers = new Set<Stopper>();
  stopOnInterrupt(stoppers);
  let server: Server | undefined;
  const rows: Array<Record<string, string>> = [];
  let missing = 0;
  try {
    console.log('Starting the server with the demo catalogue...');
    server = await startDemoServer(Number(process.env.SEO_PORT ?? 3732), dataDir, stoppers);
    const products = productsOf(await (await fetch(`${server.url}/api/v1/product/all`)).json());
    // Every page in every language as crawlers find them: the sitemap's addresses.
    const pages = [...(await (await fetch(`${server.url}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]).pathname,
    );
    for (const page of ['/', '/about', '/products', '/gallery', '/privacy', '/terms']) {
      for (const language of LANGUAGES) if (!pages.includes(localizedPath(page, language))) pages.push(localizedPath(page, language));
    }
    for (const pathname of pages) {
      const res = await fetch(`${server.url}${pathname}`, { redirect: 'manual' });
      const html = await res.text();
      const row: Record<string, string> = {
        page: pathname,
        status: String(res.status),
        lang: pick(html, /<html lang="([^"]*)"/),
        // The same page in all five languages and x-default.
        hreflang: String([...html.matchAll(/<link rel="alternate" hreflang="/g)].length),
        title: pick(html, /<title>([^<]*)<\/title>/),
        canonical: pick(html, /<link rel="canonical" href="([^"]*)"/).replace(server.url, ''),
        'og:image': pick(html, /<meta property="og:image" content="([^"]*)"/).replace(server.url, ''),
        // What a link preview fetches: JPEG or PNG (LinkedIn takes no WebP).
        'og:image type': await imageType(pick(html, /<meta property="og:image" content="([^"]*)"/)),
        'JSON-LD': ldTypes(html),
        h1: pick(html, /<h1[^>]*>([\s\S]*?)<\/h1>/)
          .replace(/<[^>]+>/g, '')
          .trim(),
      };
      if (
        res.status !== 200 ||
        row.lang !== LANGUAGE_INFO[splitLanguage(pathname).language].tag ||
        row.hreflang !== String(LANGUAGES.length + 1) ||
        !row.title ||
        !row.canonical ||
        !['image/jpeg', 'image/png'].includes(row['og:image type']) ||
        !row['JSON-LD'].includes('Organization') ||
        !row.h1
      )
        missing += 1;
      rows.push(row);
    }
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    const sitemapXml = await sitemap.text();
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    const unknown = await fetch(`${server.url}/no-such-page`);
    const header = Object.keys(rows[0]);
    const widths = header.map((h) => Math.min(48, Math.max(h.length, ...rows.map((r) => r[h].length))));
    const cell = (text: string, i: number) => (text.length > widths[i] ? `${text.slice(0, widths[i] - 1)}…` : text.padEnd(widths[i]));
    console.log(`\n${header.map(cell).join('  ')}`);
    for (const r of rows) console.log(header.map((h, i) => cell(r[h], i)).join('  '));
    const listed = (sitemapXml.match(/<loc>/g) ?? []).length;
    console.log(
      `\n/sitemap.xml: ${sitemap.status} ${sitemap.headers.get('content-type')}, ${listed} addresses (${products.length} products)`,
    );
    console.log(`/robots.txt: ${robots.split('\n').find((l) => l.startsWith('Sitemap:')) ?? 'no Sitemap line'}`);
    console.log(`/no-such-page: ${unknown.status}`);
    if (listed < pages.length || unknown.status !== 404) missing += 1;
    console.log(
      missing === 0
        ? '\nEvery public page, in every language, has its language, hreflang alternates, title, canonical, OG image (a JPEG or PNG), JSON-LD and heading.'
        : `\n${missing} problem(s) above.`,
    );
  } finally {
    await server?.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
  if (missing > 0) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
