import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiPage, cardLinks, expectCards, filterOption } from './support.ts';
import { productInStock, signInByApi } from './storefront-support.ts';

/** Every console error or warning a page raises while it loads and hydrates. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('server-rendered pages', () => {
  test('a product and the list can be read with JavaScript off', async ({ browser, request }) => {
    const { id } = await productInStock(request);
    const product = (await (await request.get(`/api/product/${id}`)).json()).data;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`/product/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(`₹${product.price.toFixed(2)}`).first()).toBeVisible();
    await expect(page.getByRole('img', { name: product.name }).first()).toBeVisible();

    const expected = await apiPage(request, 'page=1');
    await page.goto('/products');
    await expectCards(page, expected.products);
    await page.goto('/');
    await expect(page.getByText('ULTIMATE SALE')).toBeVisible();
    await context.close();
  });

  for (const path of ['/', '/products', '/products?color=navy&page=1', '/collaboration', '/policies']) {
    test(`${path} hydrates without a console warning and stays interactive`, async ({ page }) => {
      const problems = consoleProblems(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('link', { name: 'KAPAS home' })).toBeVisible();
      // A client-side navigation works after hydration (no full load: the marker survives).
      await page.evaluate(() => ((window as unknown as { hydrated: boolean }).hydrated = true));
      await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }).click();
      await expect(page).toHaveURL(/\/policies#shipping-policy$/);
      expect(await page.evaluate(() => (window as unknown as { hydrated?: boolean }).hydrated)).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  test('a product page hydrates and takes a size choice; the list filters after hydration', async ({
    page,
    request,
  }) => {
    const problems = consoleProblems(page);
    const { id, color, size } = await productInStock(request);
    await page.goto(`/product/${id}?color=${encodeURIComponent(color)}`);
    await page.waitForLoadState('networkidle');
    const sizeButton = page.getByRole('button', { name: size, exact: true });
    await sizeButton.click();
    await expect(sizeButton).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/products');
    await page.waitForLoadState('networkidle');
    const expected = await apiPage(request, 'color=navy');
    await filterOption(page.getByRole('complementary', { name: 'Product filters' }), 'Navy').click();
    await expectCards(page, expected.products);
    await expect(cardLinks(page).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("an unknown product's 404 is taken as the server answered it: nothing is asked again", async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/product/nope')) asked.push(pathname);
    });
    const response = await page.goto('/product/nope');
    expect(response?.status()).toBe(404);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found.' })).toBeVisible();
    // Hydrated: a client-side navigation works (no full load: the marker survives).
    await page.evaluate(() => ((window as unknown as { hydrated: boolean }).hydrated = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }).click();
    await expect(page).toHaveURL(/\/policies#shipping-policy$/);
    expect(await page.evaluate(() => (window as unknown as { hydrated?: boolean }).hydrated)).toBe(true);
    expect(asked).toEqual([]);
  });

  test('a signed-in shopper sees their session on a server-rendered page once it hydrates', async ({
    page,
    request,
  }) => {
    await signInByApi(page, request);
    await page.goto('/products');
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });
});
