import { test as base, type Page } from '@playwright/test';

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

/** Playwright's `test`, whose pages wait for the app after every page load they are asked for. */
export const test = base.extend({
  context: async ({ context }, use) => {
    context.on('page', waitForAppOnLoads);
    await use(context);
  },
});
