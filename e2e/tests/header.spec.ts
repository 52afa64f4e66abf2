import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** How many lines of text an element's box holds (1 when nothing wrapped). */
async function lineCount(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return tops.size;
  });
}

test.describe('the signed-out header', () => {
  for (const width of [1280, 768, 375]) {
    test(`at ${width} px every link and button sits on one line, inside its pill`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/products');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();

      const items = [header.getByRole('link', { name: 'Sign In' }), header.getByRole('link', { name: 'Sign Up' })];
      if (width >= 768) {
        const nav = header.getByRole('navigation', { name: 'Main' });
        for (const label of ['Home', 'Deals', 'New Arrivals', 'Products'])
          items.push(nav.getByRole('link', { name: label }));
      }
      for (const item of items) {
        expect(await lineCount(item), await item.innerText()).toBe(1);
        // The text stays within its pill.
        expect(
          await item.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
        ).toBe(true);
      }
      // The header keeps its one 64 px row.
      const row = header.locator('> div').first();
      expect((await row.boundingBox())!.height).toBe(64);
    });
  }
});
