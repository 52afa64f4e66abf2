import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The journeys run against the production build (`npm run build`), served by the real
// server on a throwaway SQLite database, in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `shop-e2e-${port}`);
const root = path.resolve(import.meta.dirname, '..');
// The journeys that act as an operator (the staff account command) work on the same database.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: path.join(import.meta.dirname, 'tests'),
  outputDir: path.join(import.meta.dirname, 'test-results'),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  // `npm test` asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine has no network: keep Chromium from reaching out on its own.
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
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } }, testIgnore: /phone\.spec/ },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true },
      testMatch: /phone\.spec/,
    },
  ],
  webServer: {
    // The runner's own Node (that of .node-version, through the npm scripts), not whichever `node` the shell finds.
    command: `rm -rf "${dataDir}" && "${process.execPath}" server/dist/main.js`,
    cwd: root,
    url: `${baseURL}/api/product?limit=1`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(root, 'web/dist'),
      // The development Google provider sends the browser back here.
      PUBLIC_URL: baseURL,
      // Every journey signs up from this one address: lift the per-address limit.
      AUTH_MAX_ATTEMPTS: '10000',
      // ...and orders from it: what orders hold is bounded per shopper, not for the address.
      HOLDING_LIMITS: 'per-account',
      // The couriers' webhook is on, signed with this secret (e2e/tests/shipments.spec.ts signs its events).
      SHIPMENT_WEBHOOK_SECRET: 'e2e-shipment-webhook-secret',
    },
  },
});
