import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium.js';

// tools/e2e.mjs starts the built standalone stack on free ports and passes its URL here.
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the suite with `npm run test:e2e`');

export default defineConfig({
  testDir: './tests',
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
});
