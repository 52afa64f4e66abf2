import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
  const res = await request.get(`/api/product?limit=6&sort=price&${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** The product cards of the grid, by name, in order. */
export function cardLinks(page: Page) {
  return page.locator('main a[href^="/product/"]');
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
