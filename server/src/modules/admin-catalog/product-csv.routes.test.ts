import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseCsv,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_COLUMNS,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
  serialiseCsv,
  variantLabel,
} from '@shop/core';
import { signedInAdmin, signedInShopper } from '../../test/accounts.ts';
import { createTestShop, relaxedShopSettings, testDialects, type TestShop } from '../../test/databases.ts';
import { messagesTo } from '../../test/messages.ts';
import { apiShopper } from '../../test/shoppers.ts';
import { applyProductImport } from './product-csv.ts';

const STAFF = 'csv-staff@shop.example';
const header = PRODUCT_CSV_COLUMNS.join(',');
type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
type ExportColumn = (typeof PRODUCT_CSV_EXPORT_COLUMNS)[number];
const exportHeader = PRODUCT_CSV_EXPORT_COLUMNS.join(',');
/** Rows as an export writes them, under the export's header. */
const exportFile = (rows: readonly Record<ExportColumn, string>[]) =>
  exportHeader + '\r\n' + serialiseCsv(rows.map((r) => PRODUCT_CSV_EXPORT_COLUMNS.map((c) => r[c])));

/** One CSV row, a plain T-shirt unless `cells` say otherwise. */
function row(cells: Partial<Record<Column, string>>): string {
  const base: Record<Column, string> = {
    handle: 'csv-tee',
    name: 'Csv Tee',
    category: 'mens-t-shirts',
    colour: 'navy',
    size: 'M',
    sku: '',
    price: '499.00',
    original_price: '',
    stock: '3',
    tags: '',
    description: '',
    generic_name: 'T-shirt',
    net_quantity: '1 N',
    country_of_origin: 'India',
    maker_role: 'manufacturer',
    maker_name: 'Kapas Apparel Private Limited',
    maker_address: 'Mumbai 400013',
    ...cells,
  };
  return serialiseCsv([PRODUCT_CSV_COLUMNS.map((c) => base[c])]);
}

describe.each(testDialects)('product CSV export and import on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let shopper: Awaited<ReturnType<typeof signedInShopper>>;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { staffOrderEmail: STAFF });
    admin = await signedInAdmin(shop);
    shopper = await signedInShopper(shop.app);
    await relaxedShopSettings(shop.handle.db);
  });
  afterAll(() => shop?.close());

  const db = () => shop.handle.db;
  const exportCsv = async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const post = (path: 'preview' | 'apply', csv: string, who = admin.auth) =>
    shop.app.inject({
      method: 'POST',
      url: path === 'preview' ? '/api/admin/products/import/preview' : '/api/admin/products/import',
      headers: who,
      payload: { csv },
    });
  /** The rows of an export whose handle is `handle`, as cells by column. */
  const rowsOf = (csv: string, handle: string) =>
    parseCsv(csv)
      .records.slice(1)
      .map(
        (r) =>
          Object.fromEntries(PRODUCT_CSV_EXPORT_COLUMNS.map((c, i) => [c, r.cells[i]!])) as Record<
            ExportColumn,
            string
          >,
      )
      .filter((r) => r.handle === handle);
  const variantsOf = (slug: string) =>
    db()
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.color', 'v.size', 'v.sku', 'v.stock', 'v.price', 'v.size_position'])
      .where('p.slug', '=', slug)
      .orderBy('v.color')
      .orderBy('v.size_position')
      .execute();
  const productCount = async () =>
    Number(
      (
        await db()
          .selectFrom('products')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is for staff only', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/products/export.csv' })).statusCode).toBe(401);
    expect((await post('preview', header, shopper.auth)).statusCode).toBe(403);
    expect((await post('apply', header, shopper.auth)).statusCode).toBe(403);
  });

  it('exports every product as a row per variant, with a byte order mark and each variant’s price', async () => {
    const product = await db()
      .selectFrom('products')
      .select(['id', 'slug', 'price'])
      .orderBy('slug')
      .executeTakeFirstOrThrow();
    const first = await db()
      .selectFrom('product_variants')
      .select(['color', 'size'])
      .where('product_id', '=', product.id)
      .orderBy('size_position')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('product_variants')
      .set({ price: product.price + 10_000 })
      .where('product_id', '=', product.id)
      .where('color', '=', first.color)
      .where('size', '=', first.size)
      .execute();

    const res = await shop.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith(`\uFEFF${exportHeader}\r\n`)).toBe(true);
    const variantCount = Number(
      (
        await db()
          .selectFrom('product_variants')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(parseCsv(res.body).records.length).toBe(variantCount + 1);
    const rows = rowsOf(res.body, product.slug);
    const own = rows.find((r) => r.colour === first.color && r.size === first.size)!;
    expect(own.price).toBe(((product.price + 10_000) / 100).toFixed(2));
    expect(rows.filter((r) => r !== own).every((r) => r.price === (product.price / 100).toFixed(2))).toBe(true);
  });

  it('imports its own export back without changing anything', async () => {
    const before = await exportCsv();
    const preview = await post('preview', before);
    expect(preview.statusCode, preview.body).toBe(200);
    const count = await productCount();
    expect(preview.json().data).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: count,
      errorCount: 0,
      products: [],
    });

    const applied = await post('apply', before);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ created: 0, updated: 0, unchanged: count });
    expect(await exportCsv()).toBe(before);
  });

  describe('the declarations', () => {
    /** The header and rows of a file with the columns of before the declarations. */
    const older = PRODUCT_CSV_COLUMNS.filter((c) => !/^(generic_name|net_quantity|country_of|maker_)/.test(c));
    const olderRow = (cells: Partial<Record<Column, string>>) => {
      const whole = parseCsv(mine(cells)).records[0]!.cells;
      return serialiseCsv([older.map((c) => whole[PRODUCT_CSV_COLUMNS.indexOf(c)]!)]);
    };
    /** A row of its own name (and so SKUs), apart from the other tests' products. */
    const mine = (cells: Partial<Record<Column, string>>) => row({ name: 'Origin Tee', ...cells });
    const declared = (slug: string) =>
      db()
        .selectFrom('products')
        .select(['generic_name', 'country_of_origin', 'maker_role', 'is_active'])
        .where('slug', '=', slug)
        .executeTakeFirst();

    it('are exported, and refused missing for a product that would be on sale', async () => {
      const exported = rowsOf(await exportCsv(), 'oxford-button-down-shirt')[0]!;
      expect(exported).toMatchObject({ generic_name: 'Shirt', net_quantity: '1 N', country_of_origin: 'India' });
      expect(exported.maker_role).toBe('manufacturer');

      const res = await post(
        'preview',
        `${header}\n${mine({ handle: 'csv-undeclared', net_quantity: '', maker_role: '' })}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.errors).toEqual([
        {
          line: 2,
          message:
            "csv-undeclared: Add the product's net quantity and manufacturer, packer or importer before putting it on sale (Legal Metrology declarations).",
        },
      ]);
      // A file from before the columns creates nothing undeclared either.
      const old = await post('preview', `${older.join(',')}\n${olderRow({ handle: 'csv-undeclared' })}`);
      expect(old.json().data.errorCount).toBe(1);
      expect(await declared('csv-undeclared')).toBeUndefined();
    });

    it('are kept when a file has no columns for them, and changed when it has', async () => {
      const created = await post('apply', `${header}\n${mine({ handle: 'csv-origin', country_of_origin: 'Nepal' })}`);
      expect(created.statusCode, created.body).toBe(200);
      expect(await declared('csv-origin')).toMatchObject({ country_of_origin: 'Nepal', is_active: 1 });

      const older1 = await post('apply', `${older.join(',')}\n${olderRow({ handle: 'csv-origin', stock: '9' })}`);
      expect(older1.statusCode, older1.body).toBe(200);
      expect(older1.json().data.products[0].changes).toEqual(['stock of 1 variant']);
      expect(await declared('csv-origin')).toMatchObject({ country_of_origin: 'Nepal', generic_name: 'T-shirt' });

      const moved = await post(
        'apply',
        `${header}\n${mine({ handle: 'csv-origin', stock: '9', country_of_origin: 'Sri Lanka', maker_role: 'Importer' })}`,
      );
      expect(moved.json().data.products[0].changes).toEqual(['declarations']);
      expect(await declared('csv-origin')).toMatchObject({ country_of_origin: 'Sri Lanka', maker_role: 'importer' });
      const listed = await shop.app.inject({ method: 'GET', url: '/api/product?origin=sri%20lanka&limit=50' });
      expect(listed.json().data.products.map((p: { name: string }) => p.name)).toContain('Origin Tee');
    });
  });

  it('previews a file with problems: every one with its line, nothing written', async () => {
    const sku = (await db().selectFrom('product_variants').select('sku').executeTakeFirstOrThrow()).sku;
    const csv =
      header +
      '\n' +
      row({ handle: 'csv-bad' }) +
      row({ handle: 'csv-bad', size: 'L', stock: 'lots' }) +
      row({ handle: 'csv-bad', size: 'XL', sku }) +
      row({ handle: 'csv-bad-2', category: 'no-such-category' }) +
      row({ handle: 'csv-bad-3', sku: 'CSV-DUP' }) +
      row({ handle: 'csv-bad-3', size: 'L', sku: 'csv-dup' });
    const count = await productCount();
    const res = await post('preview', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ errorCount: 3, created: 0, updated: 0, products: [] });
    expect(res.json().data.errors).toEqual([
      { line: 3, message: 'Stock “lots” must be a whole number from 0 to 1000000.' },
      { line: 5, message: 'Unknown category “no-such-category”.' },
      { line: 7, message: 'SKU CSV-DUP is also on line 6.' },
    ]);

    const applied = await post('apply', csv);
    expect(applied.statusCode).toBe(400);
    expect(applied.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      message: 'The file has 3 problems: nothing was imported.',
      data: { errorCount: 3 },
    });
    expect(await productCount()).toBe(count);

    // A SKU another product holds is named once the file is otherwise sound.
    const taken = await post('preview', header + '\n' + row({ handle: 'csv-bad', sku }));
    expect(taken.json().data.errors).toEqual([
      {
        line: 2,
        message: expect.stringMatching(
          new RegExp(`^SKU ${sku} belongs to the product [a-z0-9-]+, not in this file\\.$`),
        ),
      },
    ]);
  });

  it('applies a changed file in one go: creates, updates and reconciles variants', async () => {
    const before = await exportCsv();
    // A T-shirt of the demo catalogue: several colours, several sizes each.
    const product = await db()
      .selectFrom('products')
      .select(['id', 'slug', 'name'])
      .where('slug', '=', 'classic-crew-neck-cotton-tee')
      .executeTakeFirst();
    const rows = rowsOf(before, product!.slug);
    const cells = (r: Record<Column, string>) => serialiseCsv([PRODUCT_CSV_COLUMNS.map((c) => r[c])]);
    // Its first variant's stock to 42, its last variant dropped, its name changed.
    const changed = [
      { ...rows[0]!, stock: '42', name: `${rows[0]!.name} Renamed` },
      ...rows.slice(1, -1).map((r) => ({ ...r, name: '' })),
    ];
    const csv =
      header +
      '\r\n' +
      changed.map(cells).join('') +
      row({
        handle: 'csv-new-kurta',
        name: 'Csv Linen Kurta, "Festive"',
        description: 'Line one\nLine two',
        tags: 'linen, festive',
      }) +
      row({ handle: 'csv-new-kurta', name: '', size: 'L', stock: '0', price: '549.00', original_price: '699.00' }) +
      row({ handle: 'csv-new-kurta', name: '', colour: 'white', size: 'M', stock: '2' });

    const preview = await post('preview', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ created: 1, updated: 1, errorCount: 0 });
    expect(preview.json().data.products).toEqual([
      {
        handle: product!.slug,
        name: `${product!.name} Renamed`,
        action: 'update',
        line: 2,
        variants: rows.length - 1,
        changes: ['name', '1 variant removed', 'stock of 1 variant'],
        stock: [
          {
            line: 2,
            variant: variantLabel({ color: rows[0]!.colour, size: rows[0]!.size }),
            from: Number(rows[0]!.stock),
            to: 42,
          },
        ],
      },
      {
        handle: 'csv-new-kurta',
        name: 'Csv Linen Kurta, "Festive"',
        action: 'create',
        line: rows.length + 1,
        variants: 3,
        changes: [],
        stock: [],
      },
    ]);
    expect(await exportCsv()).toBe(before);

    const applied = await post('apply', csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().message).toMatch(/^Imported: 1 created, 1 updated, \d+ unchanged$/);

    const kurta = await db()
      .selectFrom('products')
      .select(['id', 'name', 'description', 'price', 'original_price', 'category_id'])
      .where('slug', '=', 'csv-new-kurta')
      .executeTakeFirstOrThrow();
    expect(kurta).toMatchObject({
      name: 'Csv Linen Kurta, "Festive"',
      description: 'Line one\nLine two',
      price: 49_900,
      original_price: null,
      category_id: 'mens-t-shirts',
    });
    expect(await variantsOf('csv-new-kurta')).toEqual([
      { color: 'navy', size: 'M', sku: 'KP-CSV-NAV-M', stock: 3, price: null, size_position: 0 },
      { color: 'navy', size: 'L', sku: 'KP-CSV-NAV-L', stock: 0, price: 54_900, size_position: 1 },
      { color: 'white', size: 'M', sku: 'KP-CSV-WHI-M', stock: 2, price: null, size_position: 0 },
    ]);
    const colors = await db()
      .selectFrom('product_colors')
      .select(['color', 'position'])
      .where('product_id', '=', kurta.id)
      .orderBy('position')
      .execute();
    expect(colors).toEqual([
      { color: 'navy', position: 0 },
      { color: 'white', position: 1 },
    ]);
    const tags = await db()
      .selectFrom('product_tags')
      .select('tag')
      .where('product_id', '=', kurta.id)
      .orderBy('tag')
      .execute();
    expect(tags.map((t) => t.tag)).toEqual(['festive', 'linen']);

    const updated = await variantsOf(product!.slug);
    expect(updated.length).toBe(rows.length - 1);
    expect(updated.find((v) => v.color === rows[0]!.colour && v.size === rows[0]!.size)!.stock).toBe(42);
    const history = await db()
      .selectFrom('audit_events')
      .select(['action', 'summary'])
      .where('entity_id', 'in', [product!.id, kurta.id])
      .orderBy('action')
      .execute();
    expect(history).toEqual([
      { action: 'product.created', summary: 'Created “Csv Linen Kurta, "Festive"” from a CSV import' },
      { action: 'product.imported', summary: 'CSV import changed name, 1 variant removed, stock of 1 variant' },
    ]);

    // The shop's own product answer shows the new product's variants.
    const answer = await shop.app.inject({ method: 'GET', url: `/api/product/${kurta.id}` });
    expect(answer.json().data.variants).toHaveLength(3);

    // And the whole catalogue goes out and back unchanged again.
    const after = await exportCsv();
    expect((await post('preview', after)).json().data).toMatchObject({ created: 0, updated: 0 });
  });

  /** A product of the test's own, made by an import: navy M, L and XL with the pieces given. */
  async function importedTee(handle: string, [m, l, xl]: [number, number, number]) {
    const made = await post(
      'apply',
      header +
        '\r\n' +
        row({ handle, name: `Stockcheck Tee ${handle}`, stock: String(m) }) +
        row({ handle, name: '', size: 'L', stock: String(l) }) +
        row({ handle, name: '', size: 'XL', stock: String(xl) }),
    );
    expect(made.statusCode, made.body).toBe(200);
    const { id } = await db().selectFrom('products').select('id').where('slug', '=', handle).executeTakeFirstOrThrow();
    return id;
  }
  const stockOf = async (slug: string) =>
    Object.fromEntries((await variantsOf(slug)).map((v) => [v.size, v.stock])) as Record<string, number>;

  it('keeps the pieces sold between the export and the import: only a changed figure is set', async () => {
    const handle = `csv-sold-${dialect}`;
    const id = await importedTee(handle, [10, 4, 6]);
    const exported = rowsOf(await exportCsv(), handle);
    expect(exported.map((r) => [r.size, r.stock, r.exported_stock])).toEqual([
      ['M', '10', '10'],
      ['L', '4', '4'],
      ['XL', '6', '6'],
    ]);

    // A shopper buys 3 of M after the export.
    const buyer = await apiShopper(shop.app);
    expect((await buyer.add({ productId: id, color: 'navy', size: 'M' }, 3)).statusCode).toBe(200);
    const order = await buyer.order('cod');
    expect(order.statusCode, order.body).toBe(201);
    expect(await stockOf(handle)).toEqual({ M: 7, L: 4, XL: 6 });

    // Staff restock L to 9 and leave XL's cell empty; M is as exported.
    const file = exportFile([exported[0]!, { ...exported[1]!, stock: '9' }, { ...exported[2]!, stock: '' }]);
    const preview = await post('preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.products).toEqual([
      expect.objectContaining({
        handle,
        action: 'update',
        changes: ['stock of 1 variant'],
        stock: [{ line: 3, variant: 'Navy / L', from: 4, to: 9 }],
      }),
    ]);
    const applied = await post('apply', file);
    expect(applied.statusCode, applied.body).toBe(200);
    // M keeps the 7 the sale left: the import puts no sold piece back.
    expect(await stockOf(handle)).toEqual({ M: 7, L: 9, XL: 6 });

    // The same file again changes nothing; an export imported back changes nothing either.
    expect((await post('preview', file)).json().data).toMatchObject({ updated: 0, products: [] });
    const again = rowsOf(await exportCsv(), handle);
    expect((await post('preview', exportFile(again))).json().data).toMatchObject({ updated: 0 });
    // A file without the exported column sets every figure it shows, as before.
    const plain =
      header +
      '\r\n' +
      serialiseCsv(again.map((r) => PRODUCT_CSV_COLUMNS.map((c) => (c === 'stock' && r.size === 'M' ? '20' : r[c]))));
    expect((await post('apply', plain)).statusCode).toBe(200);
    expect(await stockOf(handle)).toEqual({ M: 20, L: 9, XL: 6 });
  });

  it('an import taking a variant down to its low-stock threshold queues one email to staff', async () => {
    const handle = `csv-low-${dialect}`;
    const id = await importedTee(handle, [10, 1, 6]);
    await db().updateTable('products').set({ low_stock_threshold: 3 }).where('id', '=', id).execute();
    const mails = async () =>
      (await messagesTo(db(), STAFF, 'staff-low-stock')).filter((m) =>
        (m.data.variants as { productId: string }[]).some((v) => v.productId === id),
      );
    const exported = rowsOf(await exportCsv(), handle);
    // M 10 → 3 falls to the threshold; L 1 → 0 was low already; XL stays.
    const file = exportFile([{ ...exported[0]!, stock: '3' }, { ...exported[1]!, stock: '0' }, exported[2]!]);
    const applied = await post('apply', file);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await stockOf(handle)).toEqual({ M: 3, L: 0, XL: 6 });
    const queued = await mails();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.data.variants).toEqual([
      expect.objectContaining({ variant: 'Navy / M', sku: exported[0]!.sku, stock: 3, threshold: 3 }),
    ]);
    // The same file again sets nothing that falls: no second email.
    expect((await post('apply', exportFile(rowsOf(await exportCsv(), handle)))).statusCode).toBe(200);
    expect(await mails()).toHaveLength(1);
  });

  it('refuses to drop a variant that open orders hold, naming them, until they are cancelled', async () => {
    const handle = `csv-held-${dialect}`;
    const id = await importedTee(handle, [5, 5, 5]);
    const buyer = await apiShopper(shop.app);
    expect((await buyer.add({ productId: id, color: 'navy', size: 'XL' }, 2)).statusCode).toBe(200);
    const placed = await buyer.order('cod');
    expect(placed.statusCode, placed.body).toBe(201);
    const { _id: orderId, orderNumber } = placed.json().data;
    const exported = rowsOf(await exportCsv(), handle);
    const withoutXl = exportFile(exported.filter((r) => r.size !== 'XL'));

    const preview = await post('preview', withoutXl);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      errorCount: 1,
      products: [],
      errors: [
        {
          line: 2,
          message: `${handle}: Navy / XL (${orderNumber}) cannot be removed: open orders hold pieces of it. Set its stock to 0 to stop selling it, and remove it once those orders are delivered or cancelled.`,
        },
      ],
    });
    const refused = await post('apply', withoutXl);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe('IMPORT_INVALID');
    expect(await stockOf(handle)).toEqual({ M: 5, L: 5, XL: 3 });

    // Cancelled, the order gives its pieces back to the variant; then it may go.
    expect((await buyer.call('POST', `/api/order/${orderId}/cancel`)).statusCode).toBe(200);
    expect(await stockOf(handle)).toEqual({ M: 5, L: 5, XL: 5 });
    expect((await post('apply', withoutXl)).statusCode).toBe(200);
    expect(await stockOf(handle)).toEqual({ M: 5, L: 5 });
  });

  it('never puts back pieces orders take while an import of the product is applied', async () => {
    const handle = `csv-race-${dialect}`;
    const id = await importedTee(handle, [100, 0, 5]);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => apiShopper(shop.app)));
    let sold = 0;
    for (let round = 0; round < 5; round++) {
      const exported = rowsOf(await exportCsv(), handle);
      for (const me of shoppers) {
        await me.call('DELETE', '/api/cart/clear');
        expect((await me.add({ productId: id, color: 'navy', size: 'M' })).statusCode).toBe(200);
      }
      // Every import sets L (so the product's variants are written) and leaves M as exported.
      const file = exportFile(exported.map((r) => (r.size === 'L' ? { ...r, stock: String(50 + round) } : r)));
      const requests = [...shoppers.map((me) => () => me.order('cod')), () => post('apply', file)];
      const answers = await Promise.all(requests.map((_, i) => requests[(i + round) % requests.length]!()));
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(300);
      sold += answers.filter((a) => a.statusCode === 201).length;
      expect(await stockOf(handle), `round ${round}`).toEqual({ M: 100 - sold, L: 50 + round, XL: 5 });
    }
    expect(sold).toBe(30);
  });

  it('lets SKUs move between the products of one file', async () => {
    await post(
      'apply',
      header +
        '\n' +
        row({ handle: 'csv-swap-a', sku: 'CSV-SWAP-1' }) +
        row({ handle: 'csv-swap-b', sku: 'CSV-SWAP-2' }),
    );
    const res = await post(
      'apply',
      header +
        '\n' +
        row({ handle: 'csv-swap-a', sku: 'CSV-SWAP-2' }) +
        row({ handle: 'csv-swap-b', sku: 'CSV-SWAP-1' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await variantsOf('csv-swap-a'))[0]!.sku).toBe('CSV-SWAP-2');
    expect((await variantsOf('csv-swap-b'))[0]!.sku).toBe('CSV-SWAP-1');
  });

  it.each(['products', 'lists', 'variants', 'history'] as const)(
    'writes nothing when the apply fails after its %s',
    async (step) => {
      const before = await exportCsv();
      const [product] = await db().selectFrom('products').select(['slug']).orderBy('slug').offset(2).limit(1).execute();
      const rows = rowsOf(before, product!.slug).map((r) => ({
        ...r,
        stock: String(Number(r.stock) + 5),
        tags: 'changed',
      }));
      const csv =
        header +
        '\n' +
        rows.map((r) => serialiseCsv([PRODUCT_CSV_COLUMNS.map((c) => r[c])])).join('') +
        row({ handle: `csv-fails-${step}` });
      const { id } = await db().selectFrom('users').select('id').executeTakeFirstOrThrow();
      await expect(
        applyProductImport(db(), csv, id, {
          afterStep: (at) => {
            if (at === step) throw new Error(`stopped after ${at}`);
          },
        }),
      ).rejects.toThrow(`stopped after ${step}`);
      expect(await exportCsv()).toBe(before);
    },
  );

  it('refuses a file over the size limit with a 413, and too many rows by line 1', async () => {
    const big = header + '\n' + 'x'.repeat(PRODUCT_CSV_MAX_BYTES);
    const res = await post('preview', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'CSV_TOO_LARGE',
      message: 'The file is larger than 5 MB: split it into several imports.',
    });
    // Multi-byte text counts in bytes: 2 million rupee signs are 6 MB.
    expect((await post('apply', '₹'.repeat(2_000_000))).statusCode).toBe(413);

    const many =
      header +
      '\n' +
      Array.from({ length: PRODUCT_CSV_MAX_ROWS + 1 }, (_, i) => `csv-many-${i},Many,mens-t-shirts,,M,,1,,1,,\n`).join(
        '',
      );
    const preview = await post('preview', many);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.errors).toEqual([
      {
        line: 1,
        message: `The file has ${PRODUCT_CSV_MAX_ROWS + 1} rows; an import takes at most ${PRODUCT_CSV_MAX_ROWS}.`,
      },
    ]);
    expect((await post('apply', many)).statusCode).toBe(400);
    expect(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/admin/products/import',
          headers: admin.auth,
          payload: { csv: 5 },
        })
      ).statusCode,
    ).toBe(400);
  });
});
