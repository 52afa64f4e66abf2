import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { root, shopDataDir, shopServerEnv } from './shop-server.ts';

// The journeys run against the production build (`npm run build`), served by the real
// server on a throwaway SQLite database, in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = shopDataDir(port);
// Debian's headless shell (package chromium-headless-shell; its binary, as /usr/bin's wrapper
// does not exec it) where it is installed: the same Chromium and Blink without the browser around
// them, as Playwright's own headless runs use. The journeys took 146 s in it and 230 s in the full
// browser, on two cores where Chromium's fresh windows are most of the run's CPU. The full browser
// serves where the shell is missing.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';
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
    // A failed journey keeps its trace: every action with the page's DOM as it was. Without the
    // screencast's frames, which cost a quarter of the run on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
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
    env: shopServerEnv(port),
  },
});
