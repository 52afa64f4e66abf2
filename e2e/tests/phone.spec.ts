import { expect, test } from './fixtures.ts';
import { apiPage, cardLinks, expectCards, filterOption, hasHorizontalOverflow } from './support.ts';

test.describe('on a 375 px wide phone', () => {
  test('the products page fits the screen, and filters open in a panel that shows the live count', async ({
    page,
    request,
  }) => {
    await page.goto('/products');
    await expect(cardLinks(page).first()).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);

    const toggle = page.getByRole('button', { name: /^Filters/ });
    await toggle.click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await expect(filters).toBeVisible();
    // Focus is inside the panel, and Tab keeps it there.
    await expect(filters.locator(':focus')).toHaveCount(1);
    await filterOption(filters, 'Navy').click();
    const navy = await apiPage(request, 'color=navy');
    await expect(filters.getByRole('button', { name: `Show ${navy.total} results` })).toBeVisible();
    await filters.getByRole('button', { name: `Show ${navy.total} results` }).click();
    await expect(filters).toBeHidden();
    await expect(toggle).toBeFocused();
    await expectCards(page, navy.products);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  test('the menu opens from the hamburger and leads to the products', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: /menu/i });
    await menu.click();
    await page.getByRole('link', { name: 'Products' }).last().click();
    await expect(page).toHaveURL(/\/products$/);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  test('the product page fits the screen', async ({ page }) => {
    await page.goto('/products');
    await cardLinks(page).first().click();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  test('the seller page, privacy notice and complaint form fit the screen', async ({ page }) => {
    for (const [path, heading] of [
      ['/seller', 'Seller details'],
      ['/privacy', 'Privacy notice'],
      ['/complaints', 'File a complaint'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      expect(await hasHorizontalOverflow(page), path).toBe(false);
    }
  });
});
