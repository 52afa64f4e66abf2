import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export interface Card {
  _id: string;
  name: string;
  price: number;
}

/** What the API answers for a products-page query: the truth the page must show. */
export async function apiPage(
  request: APIRequestContext,
  query: string,
): Promise<{ products: Card[]; total: number; totalPages: number }> {
  // The page sorts by price, or a search by relevance.
  const sort = /(^|&)q=/.test(query) ? 'relevance' : 'price';
  const res = await request.get(`/api/product?limit=6&sort=${sort}&${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** A filter option by its label, whatever count the server shows beside it ("Navy (12)"). */
export function filterOption(filters: Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return filters.getByRole('button', { name: new RegExp(`^${escaped}( \\([\\d,]+\\))?$`) });
}

/** The product cards of the grid, by name, in order. */
export function cardLinks(page: Page) {
  // The card's own link (with its name), not the colour swatches beside it.
  return page.locator('main a[href^="/product/"]:has(h3)');
}

export async function cardNames(page: Page): Promise<string[]> {
  return cardLinks(page).locator('h3').allInnerTexts();
}

/** Waits until the grid shows exactly these product names. */
export async function expectCards(page: Page, products: Card[]) {
  await expect(cardLinks(page).locator('h3')).toHaveText(products.map((p) => p.name));
}

/** True when nothing on the page is wider than the viewport (no sideways scrolling). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * Waits until no toast is on the page. The specification puts toasts at the top right, where at
 * 1280 px they stand over the page header's actions and the cart's order summary for their 3 s: a
 * click as one slides in or away lands on the toast. A person waits for it to go; so do journeys.
 */
export async function untilToastsGone(page: Page): Promise<void> {
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}
