import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { openAsStaff } from './admin-support.ts';
import { untilToastsGone } from './support.ts';

/** CSV cells of one line (the export's own rows quote only what needs it). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') cell += line[++i];
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
const lineOf = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');
/** A line of the file in the header's order of columns: the cells named, the others empty. */
const rowOf = (header: string, cells: Record<string, string>) =>
  lineOf(cellsOf(header).map((column) => cells[column] ?? ''));
/** What a product on sale declares (Legal Metrology): on its first row. */
const declared = {
  generic_name: 'Kurta',
  net_quantity: '1 N',
  country_of_origin: 'India',
  maker_role: 'manufacturer',
  maker_name: 'Kapas Apparel Private Limited',
  maker_address: 'Unit 4, Lower Parel, Mumbai 400013',
};

test.describe('staff CSV import and export', () => {
  test.slow();

  test('staff export the catalogue, import a changed file after its preview, and see the change', async ({
    page,
    staff,
  }) => {
    await openAsStaff(page, staff);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'Import / export CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = fs.readFileSync((await download.path())!, 'utf8');
    expect(
      exported.startsWith(
        '\uFEFFhandle,name,category,colour,size,sku,price,original_price,stock,tags,description,' +
          'generic_name,net_quantity,country_of_origin,maker_role,maker_name,maker_address,exported_stock\r\n',
      ),
    ).toBe(true);

    // The last product of the export (one line per row: the demo catalogue's text has no line
    // breaks): five pieces more of its first variant (its exported_stock left as read). And a new
    // product of two colours, without an exported stock: its figures are set.
    const [header, ...rows] = exported
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const last = cellsOf(rows[rows.length - 1]!)[0]!;
    const productRows = rows.map(cellsOf).filter((cells) => cells[0] === last);
    const first = productRows[0]!;
    const stock = Number(first[8]);
    first[8] = String(stock + 5);
    const suffix = Date.now().toString(36);
    const handle = `csv-festive-kurta-${suffix}`;
    const name = `Festive Kurta ${suffix}`;
    const changed = [
      header,
      ...productRows.map(lineOf),
      rowOf(header!, {
        handle,
        name,
        category: 'mens-shirts',
        colour: 'maroon',
        size: 'M',
        price: '1499.00',
        original_price: '1999.00',
        stock: '6',
        tags: 'festive, cotton',
        description: 'Hand-block printed, with a mandarin collar.',
        ...declared,
      }),
      rowOf(header!, { handle, colour: 'maroon', size: 'L', price: '1499.00', original_price: '1999.00', stock: '4' }),
      rowOf(header!, { handle, colour: 'white', size: 'M', price: '1499.00', original_price: '1999.00', stock: '2' }),
    ].join('\n');

    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'changed.csv', mimeType: 'text/csv', buffer: Buffer.from(changed) });
    const preview = page.getByRole('region', { name: 'Import preview' });
    await expect(
      preview.getByText(/: 1 product to create, 1 product to update, 0 products unchanged\.$/),
    ).toBeVisible();
    const created = preview.getByRole('row').filter({ hasText: name });
    await expect(created.getByRole('cell').nth(1)).toHaveText('New');
    await expect(created.getByRole('cell').nth(2)).toHaveText('3');
    const updated = preview.getByRole('row').filter({ hasText: last });
    await expect(updated.getByRole('cell').nth(1)).toHaveText('Update');
    await expect(updated.getByRole('cell').nth(3)).toContainText('stock of 1 variant');
    await expect(updated.getByRole('listitem')).toHaveText(new RegExp(`^Line 2, .+: ${stock} → ${stock + 5}$`));

    await page.getByRole('button', { name: 'Apply import' }).click();
    await expect(page.getByText('Imported changed.csv: 1 product created, 1 product updated.')).toBeVisible();
    await expect(preview).toBeHidden();
    // Its toast comes a moment later (react-toastify loads with the first one).
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'Products imported' })).toBeVisible();
    await untilToastsGone(page);

    // The new product is in the staff list with its stock, and its variants are the shop's.
    await page.getByRole('link', { name: 'Back to products' }).click();
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByRole('link', { name: `Edit ${name}` })).toBeVisible();

    // The same file again changes nothing: its preview says so and offers no import.
    await page.goto('/admin/products/csv');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'changed.csv', mimeType: 'text/csv', buffer: Buffer.from(changed) });
    await expect(page.getByText(/: 0 products to create, 0 products to update, 2 products unchanged\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);

    // A broken file: every problem by line, and nothing to apply.
    const broken = [
      header,
      rowOf(header!, {
        handle,
        name,
        category: 'mens-shirts',
        colour: 'maroon',
        size: 'XL',
        price: 'cheap',
        stock: '1',
        ...declared,
      }),
      rowOf(header!, {
        handle: `${handle}-2`,
        name: 'Other',
        category: 'no-such-category',
        colour: 'navy',
        size: 'M',
        price: '10',
        stock: '1',
        ...declared,
      }),
    ].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
    await expect(
      page.getByText('2 problems found: nothing will be imported. Fix the file and choose it again.'),
    ).toBeVisible();
    const problems = page.getByRole('table', { name: 'Problems in the file' });
    await expect(problems.getByRole('row').nth(1)).toHaveText('2Price “cheap” is not an amount in rupees.');
    await expect(problems.getByRole('row').nth(2)).toHaveText('3Unknown category “no-such-category”.');
    await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);
  });
});
