import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';

/**
 * A live shop moving to variants: stock per size, for all colours together, becomes stock per
 * colour and size without a piece lost or invented; carts keep their lines.
 */
describe.each(testDialects)('the variants migration of a live shop on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function shopBeforeVariants(): Promise<Kysely<any>> {
    database = await createTestDatabase(dialect);
    const { error } = await (await createMigrator(database.handle)).migrateTo('2026-11-26-015-order-holders');
    expect(error).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = database.handle.db as unknown as Kysely<any>;
    const now = '2026-11-01T00:00:00.000Z';
    await db.insertInto('categories').values({ id: 'shirts', name: 'Shirts', parent_id: null, position: 0 }).execute();
    const product = (id: string, name: string) => ({
      id,
      slug: id,
      name,
      search_text: name.toLowerCase(),
      description: '',
      category_id: 'shirts',
      price: 999_00,
      original_price: null,
      is_active: 1,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('products')
      .values([product('one', 'Oxford Shirt'), product('two', 'Oxford Tee'), product('none', 'Plain Belt')])
      .execute();
    await db
      .insertInto('product_colors')
      .values([
        { product_id: 'one', color: 'navy' },
        { product_id: 'two', color: 'white' },
        { product_id: 'two', color: 'black' },
      ])
      .execute();
    await db
      .insertInto('product_sizes')
      .values([
        { product_id: 'one', size: 'S', position: 0, stock: 4 },
        { product_id: 'one', size: 'M', position: 1, stock: 0 },
        { product_id: 'two', size: 'M', position: 0, stock: 7 },
        { product_id: 'two', size: 'L', position: 1, stock: 2 },
        { product_id: 'none', size: '34', position: 0, stock: 9 },
      ])
      .execute();
    await db.insertInto('users').values(userRow('u1', now)).execute();
    await db.insertInto('carts').values({ id: 'c1', user_id: 'u1', coupon_id: null, updated_at: now }).execute();
    await db
      .insertInto('cart_items')
      .values([
        { id: 'l1', cart_id: 'c1', product_id: 'two', size: 'M', quantity: 2, created_at: now },
        { id: 'l2', cart_id: 'c1', product_id: 'none', size: '34', quantity: 1, created_at: now },
      ])
      .execute();
    return db;
  }

  it('keeps every piece: on the only colour, on the first colour by name (the others at zero), or on the unnamed colour', async () => {
    const db = await shopBeforeVariants();
    await migrateToLatest(database!.handle);

    const variants = await db
      .selectFrom('product_variants')
      .select(['product_id', 'color', 'size', 'size_position', 'sku', 'stock', 'price'])
      .orderBy('product_id')
      .orderBy('color')
      .orderBy('size_position')
      .execute();
    expect(variants.map((v) => [v.product_id, v.color, v.size, v.stock, v.price])).toEqual([
      ['none', '', '34', 9, null],
      ['one', 'navy', 'S', 4, null],
      ['one', 'navy', 'M', 0, null],
      ['two', 'black', 'M', 7, null],
      ['two', 'black', 'L', 2, null],
      ['two', 'white', 'M', 0, null],
      ['two', 'white', 'L', 0, null],
    ]);
    // Total stock per product unchanged.
    const total = (id: string) => variants.filter((v) => v.product_id === id).reduce((n, v) => n + v.stock, 0);
    expect([total('one'), total('two'), total('none')]).toEqual([4, 9, 9]);
    // Every variant has its own SKU; two products named alike get distinct ones.
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    expect(variants.find((v) => v.product_id === 'one' && v.size === 'S')!.sku).toBe('KP-OXF-NAV-S');
    expect(variants.find((v) => v.product_id === 'two' && v.color === 'black' && v.size === 'M')!.sku).toBe(
      'KP-OXF-BLA-M',
    );

    // The colours are ordered by name, so the first colour is the one the stock went to.
    const colors = await db
      .selectFrom('product_colors')
      .select(['product_id', 'color', 'position'])
      .where('product_id', '=', 'two')
      .orderBy('position')
      .execute();
    expect(colors.map((c) => [c.color, c.position])).toEqual([
      ['black', 0],
      ['white', 1],
    ]);

    // Cart lines take the product's first colour; the old table is gone.
    const lines = await db.selectFrom('cart_items').select(['id', 'color']).orderBy('id').execute();
    expect(lines).toEqual([
      { id: 'l1', color: 'black' },
      { id: 'l2', color: '' },
    ]);
    await expect(sql`select count(*) from product_sizes`.execute(db)).rejects.toThrow();
  });

  it('keeps one cart line per colour and size', async () => {
    const db = await shopBeforeVariants();
    await migrateToLatest(database!.handle);
    const now = new Date().toISOString();
    await db
      .insertInto('cart_items')
      .values({ id: 'l3', cart_id: 'c1', product_id: 'two', color: 'white', size: 'M', quantity: 1, created_at: now })
      .execute();
    await expect(
      db
        .insertInto('cart_items')
        .values({ id: 'l4', cart_id: 'c1', product_id: 'two', color: 'white', size: 'M', quantity: 1, created_at: now })
        .execute(),
    ).rejects.toThrow();
  });
});

function userRow(id: string, now: string) {
  return {
    id,
    first_name: 'Asha',
    last_name: 'Rao',
    email: `${id}@example.com`,
    phone: '9876543210',
    password_hash: 'x',
    role: 'customer',
    created_at: now,
    updated_at: now,
  };
}
