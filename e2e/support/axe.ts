import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every screen is checked at a desktop and a phone width. */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** No serious or critical axe violation on `page` as it stands, and no sideways scroll (`what` names it in the report). */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  // Only the violations are worked out in full (axe skips the selectors of what passed: 15-20% less
  // time). Legacy mode: axe.run() in the page itself, the same rules with the same results on our
  // pages (none has a frame), instead of a run per frame finished in a blank page that is opened and
  // closed for each check: 0.25 s a check instead of 0.6, 4.5 s on /api/docs instead of 10
  // (decision 029).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');
  if (bad.length > 0) console.log(`axe on ${what}:\n${report}`);
  expect(bad, `serious/critical axe violations on ${what}:\n${report}`).toEqual([]);
  // And nothing wider than the screen: the page never scrolls sideways (/api/docs did at 390 px).
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways, `${what} scrolls sideways by ${sideways} px`).toBeLessThanOrEqual(0);
}

/** The page as it stands, at each of VIEWPORTS in turn (resized in place, the size put back after). */
export async function expectCleanAtBothWidths(page: Page, what: string): Promise<void> {
  const size = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousViolations(page, `${what} at ${viewport.width} px`);
  }
  if (size) await page.setViewportSize(size);
}
