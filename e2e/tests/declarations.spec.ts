import { expect, test } from './fixtures.ts';

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
  });
});
