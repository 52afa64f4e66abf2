import { expect, test } from './fixtures.ts';
import { apiPage, cardLinks, expectCards, filterOption, hasHorizontalOverflow } from './support.ts';

test.describe('on a 375 px wide phone', () => {
  test('the products page fits the screen, and filters open from their toggle', async ({ page, request }) => {
    await page.goto('/products');
    await expect(cardLinks(page).first()).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);

    const filters = page.getByRole('complementary', { name: 'Product filters' });
    await expect(filterOption(filters, 'Navy')).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await filterOption(filters, 'Navy').click();
    await expectCards(page, (await apiPage(request, 'color=navy')).products);
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
});
