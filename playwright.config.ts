import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/fixtures/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const BASE = `http://127.0.0.1:${PORT}`;
// A shop of its own for the suite: fresh data and site folders under test-results/.
const DATA_DIR = 'test-results/e2e-data';
const SITE_DIR = 'test-results/e2e-site';
const SHOP_CHANGING = /(delivery-(area|slots|timeline|groups)|staff-board|packing|refunds)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // One retry: a journey that times out on a loaded machine is tried once more (reported as flaky).
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Generous: the suite also runs on shared, loaded 2-core machines.
  timeout: 60_000,
  use: {
    baseURL: BASE,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  // Specs that change the shop for everyone (a store's delivery area, stores of their own with
  // delivery slots, the orders board's slot groups: issue 31) run after the rest, which compare the API's stores with the built
  // pages and place orders to PIN codes of their own.
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: SHOP_CHANGING },
    {
      name: 'shop-changing',
      use: { ...devices['Desktop Chrome'] },
      testMatch: SHOP_CHANGING,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    // The operator's path: a demo catalogue, then `npm start` (migrate, build when missing, serve).
    command: `rm -rf ${DATA_DIR} ${SITE_DIR} && node scripts/db-seed.ts --items 300 --seed 7 && node scripts/start.ts`,
    url: `${BASE}/api/Category/ReadAll`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Shards of 100 pages: the suite's 300 items make a search index in several shards.
    env: {
      DATA_DIR,
      SITE_DIR,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: BASE,
      AISLE_SEARCH_SHARD_PAGES: '100',
    },
  },
});
