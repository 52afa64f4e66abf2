import { expect, test } from './fixtures.ts';
import { apiPage, cardLinks, cardNames, expectCards, filterOption } from './support.ts';

test.describe('browsing the catalogue', () => {
  test('the products page shows the first six products by price, with prices in rupees', async ({ page, request }) => {
    const expected = await apiPage(request, 'page=1');
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    await expectCards(page, expected.products);
    const firstCard = cardLinks(page).first();
    await expect(firstCard).toContainText(`₹${expected.products[0]!.price.toFixed(2)}`);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  });

  for (const [group, option, query] of [
    ['Colour', 'Navy', 'color=navy'],
    ['Colour', 'White', 'color=white'],
    ['Price', '₹50 – ₹100', 'minPrice=50&maxPrice=100'],
    ['Tags', 'Hat', 'tag=Hat'],
    ['Tags', 'T-Shirt', 'tag=T-Shirt'],
    ['Collections', 'Jewelery', 'category=jewelery'],
    ['Collections', "Men's clothing", 'category=mens-clothing'],
  ] as const) {
    test(`filtering by ${group} ${option} shows what the API has for it, and can be undone`, async ({
      page,
      request,
    }) => {
      const expected = await apiPage(request, query);
      expect(expected.products.length).toBeGreaterThan(0);
      await page.goto('/products');
      await expect(cardLinks(page)).toHaveCount(6);
      const filters = page.getByRole('complementary', { name: 'Product filters' });
      const button = filterOption(filters, option);
      // The count beside the option is what choosing it shows.
      await expect(button).toHaveAccessibleName(`${option} (${expected.total})`);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expectCards(page, expected.products);

      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await expectCards(page, (await apiPage(request, 'page=1')).products);
    });
  }

  test('filters combine, live in the URL, and a shared link opens the same page', async ({ page, request }) => {
    await page.goto('/products');
    const filters = page.getByRole('complementary', { name: 'Product filters' });
    await filterOption(filters, 'Black').click();
    await filterOption(filters, '₹0 – ₹50').click();
    await expect(page).toHaveURL(/color=black/);
    await expect(page).toHaveURL(/price=0-50/);
    const expected = await apiPage(request, 'color=black&minPrice=0&maxPrice=50');
    await expectCards(page, expected.products);
    for (const text of await cardLinks(page).allInnerTexts()) {
      const price = Number(/₹([\d,]+\.\d\d)/.exec(text)![1]!.replace(/,/g, ''));
      expect(price).toBeLessThanOrEqual(50);
    }

    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await expectCards(shared, expected.products);
    await expect(filterOption(shared.getByRole('complementary', { name: 'Product filters' }), 'Black')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('searching narrows the grid to the best matches first, and forgives a typo', async ({ page, request }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search products by name' }).fill('shirt');
    await expect(page).toHaveURL(/q=shirt/);
    const expected = await apiPage(request, 'q=shirt');
    expect(expected.total).toBeGreaterThan(0);
    await expectCards(page, expected.products);
    // Products named with the word come first.
    expect((await cardNames(page))[0]!.toLowerCase()).toContain('shirt');

    await page.getByRole('combobox', { name: 'Search products by name' }).fill('oxfrod');
    await expect(page).toHaveURL(/q=oxfrod/);
    await expectCards(page, (await apiPage(request, 'q=oxfrod')).products);
    expect(await cardNames(page)).toContain('Oxford Button-Down Shirt');
  });

  test('"Close search" ends the search, and a search that finds nothing suggests another word', async ({
    page,
    request,
  }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search products by name' }).fill('qqqqzzzz');
    await expect(page).toHaveURL(/q=qqqqzzzz/);
    await expect(page.getByText('Try another search word, or start again with everything.')).toBeVisible();

    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(page.getByRole('combobox', { name: 'Search products by name' })).toHaveCount(0);
    await expect(page).not.toHaveURL(/q=/);
    await expectCards(page, (await apiPage(request, '')).products);
  });

  test('the search box suggests products while typing, and a suggestion opens its product', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search products by name' }).pressSequentially('oxf');
    const suggestion = page.getByRole('option', { name: /Oxford Button-Down Shirt/ });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(page).toHaveURL(/\/product\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Oxford Button-Down Shirt' })).toBeVisible();
  });

  test('pagination moves forwards and back, and the Back button returns to the previous page', async ({
    page,
    request,
  }) => {
    const [one, two, three] = [
      await apiPage(request, 'page=1'),
      await apiPage(request, 'page=2'),
      await apiPage(request, 'page=3'),
    ];
    await page.goto('/products');
    await expectCards(page, one.products);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expectCards(page, two.products);
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expectCards(page, three.products);
    await expect(pagination.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await pagination.getByRole('button', { name: 'Previous page' }).click();
    await expectCards(page, two.products);
    await page.goBack();
    await expectCards(page, three.products);
    await page.goBack();
    await expectCards(page, two.products);

    await page.goto(`/products?page=${one.totalPages}`);
    await expect(pagination.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('a failing catalogue request shows the error in red', async ({ page }) => {
    // The first list comes in the page's HTML; the request that fails is the browser's next one.
    await page.goto('/products');
    await expect(cardLinks(page)).toHaveCount(6);
    await page.route('**/api/product?**', (route) =>
      route.fulfill({
        status: 500,
        json: { success: false, code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
      }),
    );
    await filterOption(page.getByRole('complementary', { name: 'Product filters' }), 'Navy').click();
    const error = page.getByText('Error: Something went wrong. Please try again.');
    await expect(error).toBeVisible();
    const color = await error.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = color.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
  });
});
