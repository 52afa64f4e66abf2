import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { apiShopper } from '../../test/shoppers.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';

/**
 * The specification's flat writes (a product's sizes with stock, the bulk stock edit without a
 * colour) on a product of several colours: a size's figure is its stock over every colour, as
 * staff read it, so saving what was read changes no colour's stock.
 */
describe.each(testDialects)('flat stock writes on a product of several colours, on %s', (dialect) => {
  let shop: TestShop;
  let auth: Record<string, string>;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    auth = (await signedInAdmin(shop)).auth;
  });
  afterAll(async () => {
    await shop?.close();
  });

  const call = (method: 'POST' | 'PATCH' | 'PUT' | 'GET', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: auth, ...(payload && { payload }) });
  const stockOf = async (id: string) =>
    (
      await shop.handle.db
        .selectFrom('product_variants')
        .select(['color', 'size', 'stock'])
        .where('product_id', '=', id)
        .orderBy('color')
        .orderBy('size_position')
        .execute()
    ).map((v) => `${v.color}/${v.size}:${v.stock}`);

  async function twoColourProduct(): Promise<string> {
    const created = await call('POST', '/api/product/create', {
      name: 'Flat Write Oxford',
      ...declared,
      categoryId: 'mens-shirts',
      price: 999,
      colors: ['navy', 'rust'],
      sizes: [
        { size: 'M', stock: 3 },
        { size: 'L', stock: 1 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    // Rust gets stock of its own, as staff would give it per colour.
    const rust = await call('PATCH', '/api/admin/products/stock', {
      changes: [
        { productId: id, color: 'rust', size: 'M', stock: 5 },
        { productId: id, color: 'rust', size: 'L', stock: 2 },
      ],
    });
    expect(rust.statusCode, rust.body).toBe(200);
    expect(await stockOf(id)).toEqual(['navy/M:3', 'navy/L:1', 'rust/M:5', 'rust/L:2']);
    return id;
  }

  it('saving the sizes as staff read them (totals over colours) changes no stock', async () => {
    const id = await twoColourProduct();
    const read = (await call('GET', `/api/admin/products/${id}`)).json().data.product;
    expect(read.sizes).toEqual([
      { size: 'M', stock: 8 },
      { size: 'L', stock: 3 },
    ]);
    const saved = await call('PATCH', `/api/product/update/${id}`, { description: 'New words.', sizes: read.sizes });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(id)).toEqual(['navy/M:3', 'navy/L:1', 'rust/M:5', 'rust/L:2']);
  });

  it('a lower total takes from the first colour first, a higher one adds to it; none goes below zero', async () => {
    const id = await twoColourProduct();
    const saved = await call('PATCH', `/api/product/update/${id}`, {
      sizes: [
        { size: 'M', stock: 2 },
        { size: 'L', stock: 6 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(id)).toEqual(['navy/M:0', 'navy/L:4', 'rust/M:2', 'rust/L:2']);
  });

  it('the bulk edit without a colour sets the size over every colour, with one history line naming each colour moved', async () => {
    const id = await twoColourProduct();
    const res = await call('PATCH', '/api/admin/products/stock', { changes: [{ productId: id, size: 'M', stock: 7 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 1 });
    expect(await stockOf(id)).toEqual(['navy/M:2', 'navy/L:1', 'rust/M:5', 'rust/L:2']);
    const audit = (await call('GET', `/api/admin/products/${id}`)).json().data.audit;
    expect(audit[0]).toMatchObject({ action: 'stock.changed', summary: 'Stock Navy / M: 3 → 2' });
  });

  it('a size set over every colour and one of its colours set in the same edit is a 400, and nothing is written', async () => {
    const id = await twoColourProduct();
    for (const changes of [
      [
        { productId: id, size: 'M', stock: 7 },
        { productId: id, color: 'rust', size: 'M', stock: 1 },
      ],
      [
        { productId: id, color: 'navy', size: 'L', stock: 4 },
        { productId: id, size: 'l', stock: 0 },
      ],
    ]) {
      const res = await call('PATCH', '/api/admin/products/stock', { changes });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('DUPLICATE_SIZE');
    }
    expect(await stockOf(id)).toEqual(['navy/M:3', 'navy/L:1', 'rust/M:5', 'rust/L:2']);
  });

  it('a staff save racing orders of another colour neither undoes a sale nor deadlocks (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await twoColourProduct();
      const buyers = await Promise.all(Array.from({ length: 4 }, () => apiShopper(shop.app)));
      for (const me of buyers) expect((await me.add({ productId: id, color: 'rust', size: 'M' })).statusCode).toBe(200);
      const read = (await call('GET', `/api/admin/products/${id}`)).json().data.product;
      const answers = await Promise.all([
        call('PATCH', `/api/product/update/${id}`, { description: `Round ${round}.`, sizes: read.sizes }),
        ...buyers.map((me) => me.order('cod')),
      ]);
      const where = `round ${round}: ${answers.map((a) => a.statusCode).join(', ')}`;
      expect(
        answers.map((a) => a.statusCode),
        where,
      ).toEqual([200, 201, 201, 201, 201]);
      // Rust's sales stand, whichever committed first. The save's M total (8, read before the
      // sales) lands on navy for the sales it did not see: 3 plus those committed before it.
      const [navyM, ...rest] = await stockOf(id);
      expect(rest, where).toEqual(['navy/L:1', 'rust/M:1', 'rust/L:2']);
      expect(Number(navyM!.split(':')[1]), where).toBeGreaterThanOrEqual(3);
      expect(Number(navyM!.split(':')[1]), where).toBeLessThanOrEqual(7);
    }
  });
});
