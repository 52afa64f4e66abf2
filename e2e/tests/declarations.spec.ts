import { expect, test } from './fixtures.ts';
import { declared, openAsStaff } from './admin-support.ts';

// Listing declarations (Legal Metrology) as a shopper sees them: under "Product details" on the
// product page, and as the catalogue's country-of-origin filter.
test.describe('listing declarations', () => {
  test('the product page declares the maker, origin and MRP; the catalogue filters by country', async ({
    page,
    request,
  }, testInfo) => {
    const found = (await (await request.get('/api/product?q=sunglasses&limit=5')).json()).data.products as {
      _id: string;
      name: string;
    }[];
    const glasses = found.find((p) => p.name.includes('Sunglasses'))!;
    await page.goto(`/product/${glasses._id}`);
    const details = page.getByRole('region', { name: 'Product details' });
    await expect(details).toContainText('Country of origin');
    await expect(details).toContainText('China');
    await expect(details).toContainText('Imported by');
    await expect(details).toContainText('(incl. of all taxes)');
    await expect(details).toContainText('Consumer care');
    await details.scrollIntoViewIfNeeded();
    await details.screenshot({ path: testInfo.outputPath('product-details-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await details.scrollIntoViewIfNeeded();
    await details.screenshot({ path: testInfo.outputPath('product-details-375.png') });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/products');
    const origins = page.getByRole('group', { name: 'Country of origin' });
    await origins.getByRole('button', { name: /^Japan/ }).click();
    await expect(page).toHaveURL(/origin=Japan/);
    await expect(page.getByRole('link', { name: /Watch/ }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('origin-filter-1280.png') });

    // The list sorted by country, from its sort choice: A to Z, back on page 1.
    await page.goto('/products?page=2');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Country of origin');
    await expect(page).toHaveURL(/\/products\?sort=origin$/);
    // Bangladesh comes first among the demo's countries: its hoodie leads the list.
    const cards = page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 3 });
    await expect(cards.first()).toHaveText('Fleece Pullover Hoodie');
    await page.screenshot({ path: testInfo.outputPath('sort-by-origin-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('sort-by-origin-375.png') });
  });

  test('staff find the products still lacking declarations in their list', async ({
    page,
    request,
    staff,
  }, testInfo) => {
    test.slow();
    const headers = { Authorization: `Bearer ${staff.token}` };
    const name = `Undeclared Linen Kurta ${Date.now().toString(36)}`;
    const created = await request.post('/api/product/create', {
      headers,
      data: { name, ...declared, categoryId: 'mens-shirts', price: 1299, sizes: [{ size: 'M', stock: 2 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id: string = (await created.json()).data._id;
    // Hidden, a product may be saved half-declared.
    const hidden = await request.patch(`/api/admin/products/${id}/visibility`, { headers, data: { isActive: false } });
    expect(hidden.status(), await hidden.text()).toBe(200);
    const half = await request.patch(`/api/product/update/${id}`, { headers, data: { netQuantity: '' } });
    expect(half.status(), await half.text()).toBe(200);

    // Ticked by hand as the list opens: the box stays ticked and the address keeps it.
    await openAsStaff(page, staff, '/admin/products');
    await page.getByRole('checkbox', { name: 'Declarations missing' }).check();
    await expect(page).toHaveURL(/needs=declarations/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Declarations missing')).toBeVisible();
    // The demo declares every product: none of it is listed.
    await expect(page.getByRole('row').filter({ hasText: 'Oxford' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('declarations-missing-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('declarations-missing-375.png'), fullPage: true });
  });
});
