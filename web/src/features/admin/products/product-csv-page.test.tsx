import { PRODUCT_CSV_MAX_BYTES, type ProductImportSummary } from '@shop/core';
import { screen, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import type { FakeHandler } from '../../../test/fake-api.ts';
import { renderAppAsAdmin } from '../test-fixtures.ts';

const csv =
  'handle,name,category,colour,size,sku,price,original_price,stock,tags,description\r\nlinen-kurta,Linen Kurta,mens-shirts,white,M,,1299.00,,4,,\r\n';

const clean: ProductImportSummary = {
  rows: 3,
  created: 1,
  updated: 1,
  unchanged: 5,
  products: [
    { handle: 'linen-kurta', name: 'Linen Kurta', action: 'create', line: 2, variants: 1, changes: [], stock: [] },
    {
      handle: 'oxford-shirt',
      name: 'Oxford Shirt',
      action: 'update',
      line: 3,
      variants: 2,
      changes: ['name', 'stock of 1 variant'],
      stock: [{ line: 4, variant: 'Navy / M', from: 7, to: 12 }],
    },
  ],
  errors: [],
  errorCount: 0,
};

function renderPage(overrides: Record<string, FakeHandler> = {}) {
  return renderAppAsAdmin('/admin/products/csv', {
    'POST /admin/products/import/preview': () => clean,
    'POST /admin/products/import': () => clean,
    ...overrides,
  });
}

const file = (text: string, name = 'products.csv') => new File([text], name, { type: 'text/csv' });

describe('Products CSV', () => {
  it('previews a chosen file, then applies the same text', async () => {
    const { api, user } = renderPage();
    const input = await screen.findByLabelText('CSV file', {}, { timeout: 5000 });
    await user.upload(input, file(csv));

    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(
      within(preview).getByText('3 rows: 1 product to create, 1 product to update, 5 products unchanged.'),
    ).toBeInTheDocument();
    const rows = within(preview).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ProductActionVariantsChanges',
      'Linen Kurtalinen-kurta · line 2New1—',
      'Oxford Shirtoxford-shirt · line 3Update2name, stock of 1 variantLine 4, Navy / M: 7 → 12',
    ]);
    expect(
      within(within(preview).getByRole('list', { name: 'Stock set for Oxford Shirt' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(api.callsTo('POST /admin/products/import/preview')[0]!.body).toEqual({ csv });
    expect(api.callsTo('POST /admin/products/import')).toHaveLength(0);

    await user.click(within(preview).getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('Imported products.csv: 1 product created, 1 product updated.')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/products/import')[0]!.body).toEqual({ csv });
    expect(screen.queryByRole('region', { name: 'Import preview' })).not.toBeInTheDocument();
  });

  it('lists every problem with its line and offers nothing to apply', async () => {
    const { user } = renderPage({
      'POST /admin/products/import/preview': () => ({
        ...clean,
        created: 0,
        updated: 0,
        products: [],
        errors: [
          { line: 2, message: 'Price “cheap” is not an amount in rupees.' },
          { line: 4, message: 'SKU KP-OXF-NAV-M is also on line 3.' },
        ],
        errorCount: 2,
      }),
    });
    await user.upload(await screen.findByLabelText('CSV file', {}, { timeout: 5000 }), file(csv));
    const problems = await screen.findByRole('table', { name: 'Problems in the file' });
    expect(
      within(problems)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LineProblem', '2Price “cheap” is not an amount in rupees.', '4SKU KP-OXF-NAV-M is also on line 3.']);
    expect(
      screen.getByText('2 problems found: nothing will be imported. Fix the file and choose it again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('refuses a file over the limit before sending it', async () => {
    const { api, user } = renderPage();
    await user.upload(
      await screen.findByLabelText('CSV file', {}, { timeout: 5000 }),
      file('x'.repeat(PRODUCT_CSV_MAX_BYTES + 1)),
    );
    expect(await screen.findByText('The file is larger than 5 MB: split it into several imports.')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/products/import/preview')).toHaveLength(0);
  });

  it('shows why an apply was refused', async () => {
    const { user } = renderPage({
      'POST /admin/products/import': () => {
        throw new ApiError('The file has 1 problem: nothing was imported.', { status: 400, code: 'IMPORT_INVALID' });
      },
    });
    await user.upload(await screen.findByLabelText('CSV file', {}, { timeout: 5000 }), file(csv));
    await user.click(await screen.findByRole('button', { name: 'Apply import' }));
    expect(
      await screen.findByText('The file has 1 problem: nothing was imported.', { selector: 'p' }),
    ).toBeInTheDocument();
  });
});
