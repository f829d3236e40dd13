/**
 * npm run check:budgets: the size budgets of docs/performance.md, checked on the built web app.
 * Sizes, never times, so it gives the same answer on a busy CI machine. Exit code 1, with a
 * table saying which budget broke, when one is broken.
 *
 * 1. JS of the first page, gzip -9 as the server serves it, counted twice:
 *    a. index.html's entry script and everything it imports statically (what the browser must
 *       fetch before the page runs: the modulepreload list);
 *    b. every script the browser actually fetches until the network is idle, including what is
 *       imported after the first render (toasts, scroll animations), for EVERY public page (home,
 *       about, products, a product, gallery, privacy, terms) in EVERY language, each the first page
 *       of a new visitor.
 * 2. Admin screens and the forms' heavy parts (react-hook-form, zod, @hookform/resolvers) are
 *    not in set (a), and do exist in the build (so a rename cannot make the check vacuous);
 *    React's own runtime (react-dom) is in no chunk: the site ships preact/compat
 *    (docs/decisions/004-preact-compat.md).
 * 3. Total first-page weight with images at a phone width: Debian's Chromium (playwright-core)
 *    at 390 x 844 CSS px opens `/` and `/ar/` on the real server (production mode, temporary DATA_DIR,
 *    demo catalogue) and sums the response bodies transferred until the network is idle
 *    after load. Lazy images below the fold are (rightly) not fetched.
 *
 * Builds the web app first when dist/ is missing or older than its sources. BUDGET_PORT
 * (default 3721) is where the server listens; CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Request } from 'playwright-core';
import { LANGUAGES, LANGUAGE_INFO, localizedPath } from '@agro/shared';
import { isRecord, isStringArray } from './lib/json.js';
import {
  CHUNK_REPORT,
  WEB_DIST,
  buildWebIfStale,
  startDemoServer,
  stopOnInterrupt,
  tempDir,
  type Server,
  type Stopper,
} from './lib/processes.js';

const KB = 1000;
const BUDGETS = {
  firstPageJs: 95 * KB,
  firstPageTotal: 500 * KB,
};
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 };
const HEAVY_PACKAGES = ['react-hook-form', 'zod', '@hookform/resolvers'];
/** In no chunk at all: the React runtime the build swaps for preact/compat, which must be there. */
const NOT_SHIPPED = ['react-dom', 'react', 'scheduler'];
const SHIPPED_INSTEAD = 'preact';
const ADMIN_SCREENS = [
  'apps/web/src/features/products/add-product-page.tsx',
  'apps/web/src/features/products/edit-product-page.tsx',
  'apps/web/src/features/products/product-form.tsx',
  'apps/web/src/features/quotes/quote-description-page.tsx',
  'apps/web/src/features/gallery/add-images-dialog.tsx',
];

/** The build's chunk report (apps/web/vite.config.ts), per chunk file: the fields read here. */
interface ChunkReport {
  chunks: Record<string, { imports: string[]; modules: string[] }>;
}

function isChunkReport(value: unknown): value is ChunkReport {
  return (
    isRecord(value) &&
    isRecord(value.chunks) &&
    Object.values(value.chunks).every((c) => isRecord(c) && isStringArray(c.imports) && isStringArray(c.modules))
  );
}

/** One response the browser received for the page. */
interface Transfer {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

interface Check {
  budget: string;
  limit: string;
  actual: string;
  ok: boolean;
}

/** index.html's entry module, modulepreloads and stylesheets (paths inside dist/; undefined where a tag lacks the attribute). */
function readIndexHtml(): { entry: string; preloads: Array<string | undefined>; styles: Array<string | undefined> } {
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="/?([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const entry = tags.filter((t) => t.startsWith('<script') && /type="module"/.test(t)).map((t) => attr(t, 'src'));
  const preloads = tags.filter((t) => /rel="modulepreload"/.test(t)).map((t) => attr(t, 'href'));
  const styles = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, 'href'));
  if (entry.length !== 1 || !entry[0]) throw new Error('index.html: expected exactly one module script');
  return { entry: entry[0], preloads, styles };
}

/** The entry and every chunk it imports statically, transitively. */
function staticClosure(report: ChunkReport, entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop();
    if (file === undefined || seen.has(file)) continue;
    const chunk = report.chunks[file];
    if (!chunk) throw new Error(`chunk report has no ${file}: rebuild the web app`);
    seen.add(file);
    todo.push(...chunk.imports);
  }
  return seen;
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length;

/** The public pages (the sitemap's), each measured in every language; `{product}` is a demo product's address. */
const PUBLIC_PAGES = ['/', '/about', '/products', '{product}', '/gallery', '/privacy', '/terms'];
/** The pages whose whole weight (images too) is also held to its budget: English and Arabic home. */
const WEIGHED_PAGES = new Set(['/', '/ar/']);

interface MeasuredPage {
  path: string;
  transfers: Transfer[];
}

async function measurePages(): Promise<MeasuredPage[]> {
  const dataDir = await tempDir('agro-budgets-');
  const port = Number(process.env.BUDGET_PORT ?? 3721);
  const stoppers = new Set<Stopper>();
  stopOnInterrupt(stoppers);
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    console.log('Starting the server with the demo catalogue (first start draws its images)...');
    server = await startDemoServer(port, dataDir, stoppers);
    // A product's page as the sitemap names it (the first product's English address).
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const productPath = /<loc>[^<]*?(\/products\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
    if (!productPath) throw new Error('the sitemap names no product page to measure');
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const pages = LANGUAGES.flatMap((language) =>
      PUBLIC_PAGES.map((page) => ({ language, pathname: localizedPath(page === '{product}' ? productPath : page, language) })),
    );
    const measured = new Map<string, Transfer[]>();
    const measure = async ({ language, pathname }: (typeof pages)[number]): Promise<void> => {
      // A new context each: nothing cached from the page before; the browser speaks the page's language.
      const context = await browser!.newContext({
        viewport: { width: PHONE.width, height: PHONE.height },
        deviceScaleFactor: PHONE.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        locale: LANGUAGE_INFO[language].tag,
      });
      try {
        const tab = await context.newPage();
        const responses: Request[] = [];
        tab.on('requestfinished', (request) => responses.push(request));
        const answer = await tab.goto(`${server!.url}${pathname}`, { waitUntil: 'load' });
        if (answer?.status() !== 200) throw new Error(`${pathname} answered ${answer?.status()}`);
        await tab.waitForLoadState('networkidle');
        const transfers: Transfer[] = [];
        for (const request of responses) {
          const response = await request.response();
          const sizes = await request.sizes();
          transfers.push({
            url: new URL(request.url()).pathname,
            type: request.resourceType(),
            encoding: response ? ((await response.allHeaders())['content-encoding'] ?? '') : '',
            bytes: sizes.responseBodySize,
          });
        }
        measured.set(pathname, transfers);
      } finally {
        await context.close();
      }
    };
    // Three pages at a time, each in its own context: what is counted is bytes, not time.
    const queue = [...pages];
    await Promise.all(
      [1, 2, 3].map(async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await measure(next);
      }),
    );
    return pages.map(({ pathname }) => ({ path: pathname, transfers: measured.get(pathname) ?? [] }));
  } finally {
    await browser?.close();
    await server?.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

async function main(): Promise<void> {
  await buildWebIfStale();
  const report: unknown = JSON.parse(fs.readFileSync(CHUNK_REPORT, 'utf8'));
  if (!isChunkReport(report))
    throw new Error(`${CHUNK_REPORT}: not a chunk report ({ chunks: { [file]: { imports, modules } } }): rebuild the web app`);
  const html = readIndexHtml();
  const firstPage = staticClosure(report, html.entry);
  const checks: Check[] = [];

  // 1. First-page JS.
  const jsFiles = [...firstPage].map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const js = jsFiles.reduce((sum, f) => sum + f.gzip, 0);
  console.log('\nJS of the first page (entry + static imports), gzip -9:');
  printTable(
    ['file', 'gzip'],
    jsFiles.map((f) => [f.file, kb(f.gzip)]),
  );
  const preloadOutside = html.preloads.filter((p) => p === undefined || !firstPage.has(p));
  checks.push({
    budget: 'first-page JS: entry + static imports (gzip)',
    limit: `<= ${kb(BUDGETS.firstPageJs)}`,
    actual: kb(js),
    ok: js <= BUDGETS.firstPageJs,
  });
  checks.push({
    budget: 'index.html preloads only first-page JS',
    limit: 'none outside',
    actual: preloadOutside.length === 0 ? 'none outside' : preloadOutside.join(', '),
    ok: preloadOutside.length === 0,
  });

  // 2. What must stay off the first page, and must exist somewhere.
  const modulesOf = (files: Iterable<string>) => new Set([...files].flatMap((f) => report.chunks[f].modules));
  const onFirstPage = modulesOf(firstPage);
  const anywhere = modulesOf(Object.keys(report.chunks));
  for (const name of [...HEAVY_PACKAGES, ...ADMIN_SCREENS]) {
    const exists = anywhere.has(name);
    const loaded = onFirstPage.has(name);
    checks.push({
      budget: `not on the first page: ${name}`,
      limit: 'own chunk',
      actual: !exists ? 'NOT IN THE BUILD (update the list)' : loaded ? 'on the first page' : 'own chunk',
      ok: exists && !loaded,
    });
  }
  const reactShipped = NOT_SHIPPED.filter((name) => anywhere.has(name));
  checks.push({
    budget: `React runtime replaced by ${SHIPPED_INSTEAD}/compat`,
    limit: `no ${NOT_SHIPPED.join('/')}`,
    actual:
      reactShipped.length > 0
        ? `${reactShipped.join(', ')} in the build`
        : !anywhere.has(SHIPPED_INSTEAD)
          ? `no ${SHIPPED_INSTEAD} in the build`
          : 'replaced',
    ok: reactShipped.length === 0 && anywhere.has(SHIPPED_INSTEAD),
  });

  // 1b and 3: every script each public page fetched; the whole weight of the home pages.
  const measured = await measurePages();
  const scriptRows: string[][] = [];
  for (const { path: pathname, transfers } of measured) {
    const fetchedJs = transfers
      .filter((r) => r.type === 'script')
      .map((r) => ({ file: r.url.replace(/^\//, ''), gzip: gzipSize(r.url.replace(/^\//, '')) }))
      .sort((a, b) => b.gzip - a.gzip);
    const fetchedJsTotal = fetchedJs.reduce((sum, f) => sum + f.gzip, 0);
    scriptRows.push([
      pathname,
      String(fetchedJs.length),
      kb(fetchedJsTotal),
      fetchedJs
        .slice(0, Number(process.env.BUDGET_TOP ?? 3))
        .map((f) => `${f.file.replace('assets/', '')} ${kb(f.gzip)}`)
        .join(', '),
    ]);
    checks.push({
      budget: `first-page JS: every script fetched for ${pathname} (gzip)`,
      limit: `<= ${kb(BUDGETS.firstPageJs)}`,
      actual: kb(fetchedJsTotal),
      ok: fetchedJsTotal <= BUDGETS.firstPageJs && fetchedJs.length > 0,
    });
    if (!WEIGHED_PAGES.has(pathname)) continue;
    const total = transfers.reduce((sum, r) => sum + r.bytes, 0);
    console.log(
      `\nTransferred for ${pathname} at ${PHONE.width} x ${PHONE.height} CSS px (DPR ${PHONE.deviceScaleFactor}), until network idle after load:`,
    );
    printTable(
      ['url', 'type', 'encoding', 'bytes'],
      transfers
        .sort((a, b) => b.bytes - a.bytes)
        .map((r) => [r.url.length > 60 ? `${r.url.slice(0, 57)}...` : r.url, r.type, r.encoding, kb(r.bytes)]),
    );
    const byType = (types: string[]) => transfers.filter((r) => types.includes(r.type)).reduce((sum, r) => sum + r.bytes, 0);
    console.log(
      `JS ${kb(byType(['script']))}, CSS ${kb(byType(['stylesheet']))}, images ${kb(byType(['image']))}, API ${kb(byType(['fetch', 'xhr']))}, HTML ${kb(byType(['document']))}`,
    );
    checks.push({
      budget: `first-page weight of ${pathname} at ${PHONE.width} px, images included`,
      limit: `<= ${kb(BUDGETS.firstPageTotal)}`,
      actual: kb(total),
      ok: total <= BUDGETS.firstPageTotal,
    });
  }
  console.log('\nEvery script each public page fetched until the network was idle, gzip -9 (the three largest named):');
  printTable(['page', 'scripts', 'gzip', 'largest'], scriptRows);
  console.log('\nBudgets');
  printTable(
    ['budget', 'limit', 'actual', 'status'],
    checks.map((c) => [c.budget, c.limit, c.actual, c.ok ? 'ok' : 'BROKEN']),
  );
  const broken = checks.filter((c) => !c.ok);
  if (broken.length > 0) {
    console.error(`\n${broken.length} budget(s) broken: ${broken.map((c) => c.budget).join('; ')}`);
    process.exit(1);
  }
  console.log('\nAll budgets hold.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
