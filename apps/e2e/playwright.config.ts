import { defineConfig } from '@playwright/test';

/** Specs that change nothing a flow reads (they sign in, look and measure), so they can run beside the flows. */
const READ_ONLY = [/a11y-portals\.spec\.ts$/, /a11y\.spec\.ts$/, /access\.spec\.ts$/, /first-paint\.spec\.ts$/, /grids\.spec\.ts$/];
const LIGHTHOUSE = /lighthouse\.spec\.ts$/;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: '../../test-results/e2e',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  // Two lanes share the one e2e server: the flows, which change the shared demo accounts and so run one file at a
  // time, and the read-only checks (accessibility walks, access rules, first paint), which run beside them. Lighthouse
  // measures load speed, so it runs last and alone.
  workers: 2,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'flows', testIgnore: [...READ_ONLY, LIGHTHOUSE], workers: 1 },
    { name: 'read-only', testMatch: READ_ONLY, workers: 1 },
    { name: 'lighthouse', testMatch: LIGHTHOUSE, dependencies: ['flows', 'read-only'], workers: 1 },
  ],
});
