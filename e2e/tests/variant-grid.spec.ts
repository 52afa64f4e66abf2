import { expect, test } from './fixtures.ts';
import { declared, openAsStaff } from './admin-support.ts';
import { axeOf } from './axe-support.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test.describe('staff variant grid', () => {
  test.slow();

  test('staff set the stock of a colour × size in the grid, save it, and the storefront offers that colour and size', async ({
    page,
    request,
    staff,
  }, testInfo) => {
    const { token } = staff;

    // A product in navy and white, S/M/L: navy holds the stock, white none yet, L none at all.
    const name = `Gridline Oxford Shirt ${Date.now().toString(36)}`;
    const created = await request.post('/api/product/create', {
      headers: bearer(token),
      data: {
        name,
        ...declared,
        categoryId: 'mens-shirts',
        price: 1499,
        colors: ['navy', 'white'],
        sizes: [
          { size: 'S', stock: 3 },
          { size: 'M', stock: 2 },
          { size: 'L', stock: 0 },
        ],
        images: ['/images/products/shirt--white--front.svg'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const productId: string = (await created.json()).data._id;

    // The staff list flags it: white has no stock in any size.
    await openAsStaff(page, staff);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Products' }).click();
    // The filter lives in the URL: the box is ticked once the list's address says so.
    await page.getByRole('checkbox', { name: 'Colours without stock' }).click();
    await expect(page).toHaveURL(/needs=colour-stock/);
    await expect(page.getByRole('checkbox', { name: 'Colours without stock' })).toBeChecked();
    await page.getByRole('searchbox').fill(name);
    await expect(page).toHaveURL(/[?&]q=Gridline/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('No stock: White', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${productId}$`));

    const grid = page.getByRole('form', { name: 'Variants' });
    await expect(grid.getByLabel('Stock of Navy / S')).toHaveValue('3');
    await expect(grid.getByLabel('SKU of Navy / S')).toHaveValue(/^KP-GRI-NAV-S/);
    await expect(grid.getByRole('rowheader', { name: /White/ })).toContainText('No stock yet');
    // The grid reads well with assistive technology: no serious finding.
    const axe = await (await axeOf(page)).include('form[aria-labelledby="variant-grid-title"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    // A size added makes a column of cells; white L gets six pieces, its SKU left to the shop.
    await grid.getByLabel('Size', { exact: true }).fill('xl');
    await grid.getByRole('button', { name: 'Add size' }).click();
    await expect(grid.getByLabel('Stock of White / XL')).toHaveValue('0');
    await grid.getByLabel('Stock of White / L').fill('6');
    await grid.getByLabel('Stock of Navy / XL').fill('1');
    await grid.getByRole('checkbox', { name: 'Prices per variant' }).check();
    await grid.getByLabel('Price of Navy / XL (₹)', { exact: true }).fill('1699');

    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await grid.scrollIntoViewIfNeeded();
      await grid.screenshot({ path: testInfo.outputPath(`variant-grid-${width}.png`) });
      // The page itself never scrolls sideways: a wide grid scrolls inside its box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await grid.getByRole('button', { name: 'Save variants' }).click();
    await expect(page.getByText('Variants saved')).toBeVisible();
    await expect(grid.getByLabel('Stock of White / L')).toHaveValue('6');
    await expect(grid.getByLabel('SKU of White / L')).toHaveValue(/^KP-GRI-WHI-L/);
    await expect(page.getByRole('region', { name: 'History' })).toContainText('White / L: 0 → 6');

    // The storefront: white in L is on sale, and navy XL at its own price.
    const whiteSizes = (await (await request.get(`/api/product/${productId}/sizes?color=white`)).json()).data;
    expect(whiteSizes).toEqual([
      { size: 'S', stock: 0 },
      { size: 'M', stock: 0 },
      { size: 'L', stock: 6 },
      { size: 'XL', stock: 0 },
    ]);
    const shopper = await page.context().browser()!.newPage();
    await shopper.goto(`/product/${productId}?color=white`);
    await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
    const sizes = shopper.getByRole('list', { name: 'Sizes' });
    await expect(sizes.getByRole('button', { name: 'L', exact: true })).toBeEnabled();
    await sizes.getByRole('button', { name: 'L', exact: true }).click();
    await expect(sizes.getByRole('button', { name: 'L', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await shopper.close();
  });
});
