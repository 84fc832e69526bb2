import { defineConfig } from '@playwright/test';

/**
 * Specs that can run beside the flows: the read-only ones (they sign in, look and measure) and the flows of fresh
 * accounts only, which touch no demo account and nothing a flow reads (their own wallets, posts, trips and sandbox
 * bookings). A spec that signs in as a demo account or changes demo listings belongs in the flows lane.
 */
const BESIDE = [
  /a11y-portals\.spec\.ts$/,
  /a11y\.spec\.ts$/,
  /access\.spec\.ts$/,
  /first-paint\.spec\.ts$/,
  /grids\.spec\.ts$/,
  /account\.spec\.ts$/,
  /flights\.spec\.ts$/,
  /money-wallet\.spec\.ts$/,
  /notifications\.spec\.ts$/,
  /realtime\.spec\.ts$/,
  /social\.spec\.ts$/,
  /stays\.spec\.ts$/,
  /travel-journey\.spec\.ts$/,
  /user-onboarding\.spec\.ts$/,
];
const LIGHTHOUSE = /lighthouse\.spec\.ts$/;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: '../../test-results/e2e',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  // Two lanes share the one e2e server: the flows, which change the shared demo accounts and so run one file at a
  // time, and beside them the read-only checks (accessibility walks, access rules, first paint) and the fresh-account
  // flows (BESIDE). Lighthouse measures load speed, so it runs last and alone.
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
    { name: 'flows', testIgnore: [...BESIDE, LIGHTHOUSE], workers: 1 },
    { name: 'beside', testMatch: BESIDE, workers: 1 },
    { name: 'lighthouse', testMatch: LIGHTHOUSE, dependencies: ['flows', 'beside'], workers: 1 },
  ],
});
