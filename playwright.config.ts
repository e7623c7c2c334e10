import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/support/chromium-args';

/**
 * Debian's headless build of Chromium (`chromium-headless-shell`, the build Playwright itself runs headless
 * tests in) when it is installed: the same engine as the full browser, and about a third less CPU for the
 * suite. The full browser otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). Each worker starts its own app
 * server on its own copy of a seeded database (tests/e2e/fixtures.ts); `npm run test:e2e` runs it.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: '.test-data/e2e/results',
  // A 2-core machine, but a browser test waits more than it computes (transitions, debounces, the
  // network): three workers, each with a browser and its app servers, finish the suite in about two
  // thirds of the time two take, and leave room for a loaded machine (four were faster still, with
  // tests near their timeout).
  workers: 3,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Limits for a test that hangs, not for speed (the bench measures that): on a day the shared machine
  // ran everything 2.5 times slower, the longest flow took 50 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // Recording a trace slows every test on this 2-core machine; ask for one with --trace on.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_ARGS,
    },
  },
});
