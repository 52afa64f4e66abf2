import { test as base, type Page } from '@playwright/test';
import { signedInStaff, type StaffSession } from './admin-support.ts';

export { expect } from '@playwright/test';

/**
 * True once React has taken #root over (rendered, or begun hydrating a server-rendered page), or
 * when the page is not the app at all. A click on server-rendered HTML before that is lost, as it
 * would be for a shopper; from then on React replays clicks made while it hydrates.
 */
function appStarted(): boolean {
  const root = document.getElementById('root');
  // React marks the element it renders into with an expando of its own (`__reactContainer$…`).
  return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
}

/** Navigations that load a new document wait for the app to start, as a shopper waits to see it work. */
function waitForAppOnLoads(page: Page) {
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await page.waitForFunction(appStarted);
        return response;
      },
    });
  }
}

/**
 * Playwright's `test`, whose pages wait for the app after every page load they are asked for;
 * with `staff`, the worker's staff account.
 */
export const test = base.extend<object, { staff: StaffSession }>({
  // Every context's pages: the test's own, and those of the contexts a journey opens for a second
  // person (browser.newContext, browser.newPage), which would otherwise click before the app runs.
  // Not with JavaScript off: no app starts there.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on('page', waitForAppOnLoads);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // One staff account per worker, made as an operator makes one and signed in through the API:
  // staff journeys are about what staff do, and an account made and signed in through the form
  // for each of them took longer than most of what they check.
  staff: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const staff = await signedInStaff(request);
      await request.dispose();
      await use(staff);
    },
    { scope: 'worker' },
  ],
});
