import { defineConfig, devices } from '@playwright/test';

const CI = Boolean(process.env.CI);

/**
 * Real-browser suite: Debian's Chromium (never a browser download) against the real server,
 * started by global-setup on a temporary DATA_DIR. See e2e/README.md.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // Under CI a failed test runs once more, for its trace and to tell a flaky test from a broken one,
  // and a test that passed only on its retry still fails the run: a flaky test is a bug of the test
  // or the code, never retried until green.
  retries: CI ? 1 : 0,
  failOnFlakyTests: CI,
  forbidOnly: CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'en-IN',
    // No scroll animation (lib/reveal.ts): what the tests and axe see is the final page.
    reducedMotion: 'reduce',
    // A trace of a failed test's retry (CI) only: recording one for every test and keeping the failed
    // ones ('retain-on-failure') cost every test its snapshots. Locally, `--trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /gallery-admin\.spec\.ts/, grepInvert: /@site-wide-two-step/ },
    // Deletes every gallery image: runs after everything that looks at the gallery.
    { name: 'chromium-destructive', testMatch: /gallery-admin\.spec\.ts/, dependencies: ['chromium'] },
    // The test tagged @site-wide-two-step turns 'two-step sign-in required for administrators' on for
    // a while: every other spec's administrator would be sent to set it up meanwhile, so it runs
    // after all of them (the rest of its spec runs with the others).
    {
      name: 'chromium-two-step',
      testMatch: /passkeys\.spec\.ts/,
      grep: /@site-wide-two-step/,
      dependencies: ['chromium-destructive'],
    },
  ],
});
