/**
 * npm run lighthouse: Lighthouse 12.8.2 (run through npx, kept out of the lockfile: DESIGN.md)
 * in Debian's Chromium, at its default mobile settings (emulated phone, simulated slow 4G and
 * 4x CPU slowdown), on every public page (home, about, products, a product's page, gallery,
 * privacy, terms) in English, Arabic and Spanish, against
 * the real server (production mode, temporary DATA_DIR, demo catalogue).
 *
 * Each page is measured LIGHTHOUSE_RUNS times (default 3) and the median run (by performance
 * score) is reported, as Lighthouse's documentation advises against run-to-run variance. Prints
 * the four category scores per page and, for anything under its goal, the audits that cost points. Reports go to bench/results/lighthouse-<time>/. A measurement: the exit code only
 * says whether the run worked. LIGHTHOUSE_PORT (default 3731), CHROMIUM_PATH.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isLanguage, localizedPath } from '@agro/shared';
import { isRecord } from './lib/json.js';
import { REPO_ROOT, buildWebIfStale, run, startDemoServer, stopOnInterrupt, tempDir, type Server, type Stopper } from './lib/processes.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOALS: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const METRICS: ReadonlyArray<readonly [string, string]> = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/** A Lighthouse JSON report (LHR): the fields read here. */
interface Report {
  categories: Record<string, Category>;
  /** Per audit id; narrowed with isAudit where read. */
  audits: Record<string, unknown>;
  configSettings: { formFactor: string; throttlingMethod: string };
}

interface Category {
  /** 0 to 1; null when Lighthouse could not score it. */
  score: number | null;
  auditRefs: Array<{ id: string; weight: number }>;
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}

const isScore = (value: unknown): value is number | null => value === null || typeof value === 'number';

function isCategory(value: unknown): value is Category {
  return (
    isRecord(value) &&
    isScore(value.score) &&
    Array.isArray(value.auditRefs) &&
    value.auditRefs.every((ref) => isRecord(ref) && typeof ref.id === 'string' && typeof ref.weight === 'number')
  );
}

function isAudit(value: unknown): value is Audit {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    isScore(value.score) &&
    typeof value.scoreDisplayMode === 'string' &&
    (value.displayValue === undefined || typeof value.displayValue === 'string')
  );
}

/** A report with every category asked for, its audits (each checked where it is read) and its settings. */
function isReport(value: unknown): value is Report {
  return (
    isRecord(value) &&
    isRecord(value.categories) &&
    CATEGORIES.every((c) => isRecord(value.categories) && isCategory(value.categories[c])) &&
    isRecord(value.audits) &&
    isRecord(value.configSettings) &&
    typeof value.configSettings.formFactor === 'string' &&
    typeof value.configSettings.throttlingMethod === 'string'
  );
}

/** The products of /api/v1/product/all, as far as they are used here (their ids). */
function productsOf(body: unknown): Array<{ _id: string }> | undefined {
  if (!isRecord(body) || !Array.isArray(body.products)) return undefined;
  const products: unknown[] = body.products;
  return products.every((p): p is { _id: string } => isRecord(p) && typeof p._id === 'string') ? products : undefined;
}

/** One Lighthouse run; retried twice when Lighthouse itself fails (e.g. NO_NAVSTART on a busy machine). */
async function lighthouse(url: string, outputPath: string): Promise<Report> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, outputPath);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  Lighthouse failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); again...`);
    }
  }
}

async function lighthouseOnce(url: string, outputPath: string): Promise<Report> {
  await run(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outputPath}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless --no-sandbox',
    ],
    { env: { CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
  );
  const report: unknown = JSON.parse(await fsp.readFile(outputPath, 'utf8'));
  if (!isReport(report)) throw new Error(`${outputPath}: not a Lighthouse report with the categories ${CATEGORIES.join(', ')}`);
  return report;
}

/** The audits of a category that lost points (weighted ones first), as short lines. */
function lostPoints(report: Report, categoryId: string): string[] {
  const category = report.categories[categoryId];
  const lost: Array<{ ref: Category['auditRefs'][number]; audit: Audit }> = [];
  for (const ref of category.auditRefs) {
    const audit = report.audits[ref.id];
    if (!isAudit(audit)) continue;
    if (
      audit.score !== null &&
      audit.score < 1 &&
      audit.scoreDisplayMode !== 'informative' &&
      audit.scoreDisplayMode !== 'notApplicable' &&
      audit.scoreDisplayMode !== 'manual'
    )
      lost.push({ ref, audit });
  }
  return lost
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(
      ({ ref, audit }) =>
        `${audit.id} (score ${audit.score}, weight ${ref.weight}): ${audit.title}${audit.displayValue ? ` - ${audit.displayValue}` : ''}`,
    );
}

/** An audit's display value (e.g. "1.2 s"), if it has one. */
function displayValueOf(audit: unknown): string | undefined {
  return isRecord(audit) && typeof audit.displayValue === 'string' ? audit.displayValue : undefined;
}

async function main(): Promise<void> {
  await buildWebIfStale();
  const dataDir = await tempDir('agro-lighthouse-');
  const started = new Date();
  const outDir = path.join(REPO_ROOT, 'bench/results', `lighthouse-${started.toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(outDir, { recursive: true });
  const stoppers = new Set<Stopper>();
  stopOnInterrupt(stoppers);
  let server: Server | undefined;
  const results: Array<{ name: string; pathname: string; report: Report; performanceScores: number[] }> = [];
  try {
    console.log('Starting the server with the demo catalogue (first start draws its images)...');
    server = await startDemoServer(Number(process.env.LIGHTHOUSE_PORT ?? 3731), dataDir, stoppers);
    const products = productsOf(await (await fetch(`${server.url}/api/v1/product/all`)).json());
    if (!products?.length) throw new Error('the demo catalogue is empty');
    const productHtml = await (await fetch(`${server.url}/products/description?id=${products[0]._id}`)).text();
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(productHtml)?.[1];
    if (canonical === undefined) throw new Error(`/products/description?id=${products[0]._id} has no canonical link`);
    // Every public page (the SPEC's /products/description answers the same page as /products/{slug}).
    const english: Array<[string, string]> = [
      ['home', '/'],
      ['about', '/about'],
      ['products', '/products'],
      ['product page', new URL(canonical).pathname],
      ['gallery', '/gallery'],
      ['privacy', '/privacy'],
      ['terms', '/terms'],
    ];
    // And the same pages in Arabic (right to left, the longest catalogue) and Spanish (issue 28);
    // LIGHTHOUSE_LANGUAGES=en measures the English ones only.
    const languages = (process.env.LIGHTHOUSE_LANGUAGES ?? 'en,ar,es').split(',').filter(isLanguage);
    const pages: Array<[string, string]> = languages.flatMap((language) =>
      english.map(([name, pathname]): [string, string] => [
        language === 'en' ? name : `${name} (${language})`,
        localizedPath(pathname, language),
      ]),
    );
    for (const [name, pathname] of pages) {
      const runs: Report[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        console.log(`Lighthouse: ${name} (${pathname}), run ${run} of ${RUNS}...`);
        runs.push(await lighthouse(`${server.url}${pathname}`, path.join(outDir, `${name.replace(/\W+/g, '-')}-${run}.json`)));
      }
      // Lighthouse's own advice against run-to-run variance: report the median run.
      // (A score Lighthouse could not give, null, counts as 0, as it always did in this arithmetic.)
      runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      results.push({
        name,
        pathname,
        report: runs[Math.floor(runs.length / 2)],
        performanceScores: runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)),
      });
    }
  } finally {
    await server?.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }

  const header = ['page', ...CATEGORIES, ...METRICS.map(([, short]) => short), 'performance, every run'];
  const rows = results.map(({ name, report, performanceScores }) => [
    name,
    ...CATEGORIES.map((c) => String(Math.round((report.categories[c].score ?? 0) * 100))),
    ...METRICS.map(([id]) => displayValueOf(report.audits[id]) ?? '-'),
    performanceScores.join(' '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(
    `\nLighthouse ${LIGHTHOUSE.split('@')[1]}, ${results[0]?.report.configSettings.formFactor} (${results[0]?.report.configSettings.throttlingMethod} throttling), median of ${RUNS} runs by performance score`,
  );
  console.log(line(header));
  for (const r of rows) console.log(line(r));

  console.log('\nGoals: performance >= 95; accessibility, best practices and SEO 100');
  let allMet = true;
  for (const { name, report } of results) {
    for (const c of CATEGORIES) {
      const score = Math.round((report.categories[c].score ?? 0) * 100);
      if (score >= GOALS[c]) continue;
      allMet = false;
      console.log(`  NOT MET  ${name}: ${c} ${score}`);
      for (const l of lostPoints(report, c)) console.log(`           ${l}`);
    }
  }
  if (allMet) console.log('  all met');
  console.log(`\nReports: ${path.relative(REPO_ROOT, outDir)}/`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
