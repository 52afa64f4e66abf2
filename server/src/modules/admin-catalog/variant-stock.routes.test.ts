import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { messagesTo } from '../../test/messages.ts';

const STAFF = 'stock-staff@shop.example';

/**
 * The specification's flat writes (a product's sizes with stock, the bulk stock edit without a
 * colour) on a product of several colours: a size's figure is its stock over every colour, as
 * staff read it, so saving what was read changes no colour's stock.
 */
describe.each(testDialects)('flat stock writes on a product of several colours, on %s', (dialect) => {
  let shop: TestShop;
  let auth: Record<string, string>;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { staffOrderEmail: STAFF });
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

  it('a save of sizes as read before a sale (each with its stockWas) keeps the sold pieces sold; a changed figure is set as typed', async () => {
    const id = await twoColourProduct();
    const read = (await call('GET', `/api/admin/products/${id}`)).json().data.product;
    expect(read.sizes).toEqual([
      { size: 'M', stock: 8 },
      { size: 'L', stock: 3 },
    ]);
    // Two pieces of navy M sell after the form was loaded.
    const me = await apiShopper(shop.app);
    expect((await me.add({ productId: id, color: 'navy', size: 'M' }, 2)).statusCode).toBe(200);
    expect((await me.order('cod')).statusCode).toBe(201);
    expect(await stockOf(id)).toEqual(['navy/M:1', 'navy/L:1', 'rust/M:5', 'rust/L:2']);

    const asRead = read.sizes.map((s: { size: string; stock: number }) => ({ ...s, stockWas: s.stock }));
    const stale = await call('PATCH', `/api/product/update/${id}`, { description: 'Stale form.', sizes: asRead });
    expect(stale.statusCode, stale.body).toBe(200);
    expect(await stockOf(id)).toEqual(['navy/M:1', 'navy/L:1', 'rust/M:5', 'rust/L:2']);
    expect(stale.json().data.sizes).toEqual([
      { size: 'M', stock: 6 },
      { size: 'L', stock: 3 },
    ]);
    // The history says what changed: the description, not the sizes.
    const audit = (await call('GET', `/api/admin/products/${id}`)).json().data.audit;
    expect(audit[0]).toMatchObject({ action: 'product.updated', summary: 'Changed description' });

    // L typed from 3 to 10 on the same stale form: set as typed, the 7 more on the first colour.
    const typed = await call('PATCH', `/api/product/update/${id}`, {
      sizes: [
        { size: 'M', stock: 8, stockWas: 8 },
        { size: 'L', stock: 10, stockWas: 3 },
      ],
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await stockOf(id)).toEqual(['navy/M:1', 'navy/L:8', 'rust/M:5', 'rust/L:2']);
  });

  it('a size another save removed since the form was read comes back with the stock the form shows', async () => {
    const id = await twoColourProduct();
    const read = (await call('GET', `/api/admin/products/${id}`)).json().data.product;
    const asRead = read.sizes.map((s: { size: string; stock: number }) => ({ ...s, stockWas: s.stock }));
    // Another member of staff drops size L, then the first saves the form as read.
    const dropped = await call('PATCH', `/api/product/update/${id}`, { sizes: [{ size: 'M', stock: 8, stockWas: 8 }] });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await stockOf(id)).toEqual(['navy/M:3', 'rust/M:5']);

    const saved = await call('PATCH', `/api/product/update/${id}`, { sizes: asRead });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(id)).toEqual(['navy/M:3', 'navy/L:3', 'rust/M:5', 'rust/L:0']);
    expect(saved.json().data.sizes).toEqual([
      { size: 'M', stock: 8 },
      { size: 'L', stock: 3 },
    ]);
  });

  it('a flat save taking a variant down to its low-stock threshold queues one email to staff, in its transaction', async () => {
    const id = await twoColourProduct();
    await shop.handle.db.updateTable('products').set({ low_stock_threshold: 2 }).where('id', '=', id).execute();
    const mailsAbout = async () =>
      (await messagesTo(shop.handle.db, STAFF, 'staff-low-stock')).filter((m) =>
        (m.data.variants as { productId: string }[]).some((v) => v.productId === id),
      );
    // M 8 → 4: taken from navy first (3 → 0: falls to 2), then rust (5 → 4: still above).
    const saved = await call('PATCH', `/api/product/update/${id}`, {
      sizes: [
        { size: 'M', stock: 4 },
        { size: 'L', stock: 3 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(id)).toEqual(['navy/M:0', 'navy/L:1', 'rust/M:4', 'rust/L:2']);
    const mails = await mailsAbout();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.variants).toEqual([
      expect.objectContaining({ variant: 'Navy / M', stock: 0, threshold: 2, sku: expect.any(String) }),
    ]);
    // Saved again as it is: nothing falls, no second email.
    const again = await call('PATCH', `/api/product/update/${id}`, {
      sizes: [
        { size: 'M', stock: 4 },
        { size: 'L', stock: 3 },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await mailsAbout()).toHaveLength(1);
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

  /**
   * A variant that open orders hold pieces of cannot be removed (grid or flat update; the CSV
   * import's case is in its own suite): cancelling such an order gives the pieces back to it, so
   * it must still be there.
   */
  describe('removing variants that open orders hold', () => {
    /** The grid without the L size, every other cell as it is. */
    const dropL = (id: string) =>
      call('PUT', `/api/admin/products/${id}/variants`, { colors: ['navy', 'rust'], sizes: ['M'], cells: [] });

    async function orderRustL(me: ApiShopper, id: string, quantity = 1) {
      await me.call('DELETE', '/api/cart/clear');
      expect((await me.add({ productId: id, color: 'rust', size: 'L' }, quantity)).statusCode).toBe(200);
      const placed = await me.order('cod');
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json().data as { _id: string; orderNumber: string };
    }

    it('the grid refuses to remove a variant an open order holds (409 naming the order), and removes it once the order is cancelled', async () => {
      const id = await twoColourProduct();
      const me = await apiShopper(shop.app);
      const order = await orderRustL(me, id, 2);
      const refused = await dropL(id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'VARIANT_IN_OPEN_ORDERS',
        message: `Rust / L (${order.orderNumber}) cannot be removed: open orders hold pieces of it. Set its stock to 0 to stop selling it, and remove it once those orders are delivered or cancelled.`,
      });
      expect(await stockOf(id)).toEqual(['navy/M:3', 'navy/L:1', 'rust/M:5', 'rust/L:0']);

      // The shopper cancels: the pieces go back to rust L, which is still there.
      expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
      expect(await stockOf(id)).toEqual(['navy/M:3', 'navy/L:1', 'rust/M:5', 'rust/L:2']);
      const removed = await dropL(id);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await stockOf(id)).toEqual(['navy/M:3', 'rust/M:5']);
    });

    it('a flat update dropping a size an open order holds is refused alike; staff cancelling the order lets it go', async () => {
      const id = await twoColourProduct();
      const order = await orderRustL(await apiShopper(shop.app), id);
      const onlyM = { sizes: [{ size: 'M', stock: 8, stockWas: 8 }] };
      const refused = await call('PATCH', `/api/product/update/${id}`, onlyM);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('VARIANT_IN_OPEN_ORDERS');
      expect(refused.json().message).toContain(`Rust / L (${order.orderNumber}) cannot be removed`);
      expect(await stockOf(id)).toEqual(['navy/M:3', 'navy/L:1', 'rust/M:5', 'rust/L:1']);

      const cancelled = await call('PATCH', `/api/order/${order._id}/status`, { status: 'cancelled' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await stockOf(id)).toEqual(['navy/M:3', 'navy/L:1', 'rust/M:5', 'rust/L:2']);
      const saved = await call('PATCH', `/api/product/update/${id}`, onlyM);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await stockOf(id)).toEqual(['navy/M:3', 'rust/M:5']);
    });

    it('a return of a variant removed after delivery cannot go back to stock unseen: restocking it is refused, writing it off is not', async () => {
      const id = await twoColourProduct();
      const me = await apiShopper(shop.app);
      const order = await orderRustL(me, id);
      for (const status of ['confirmed', 'shipped', 'delivered']) {
        const moved = await call('PATCH', `/api/order/${order._id}/status`, { status });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      const asked = await me.call('POST', `/api/order/${order._id}/returns`, {
        lines: [{ position: 0, quantity: 1 }],
        reason: 'defective',
        refundTo: { method: 'upi', upiId: 'asha.rao@okicici' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const ret = asked.json().data as { _id: string };
      expect((await dropL(id)).statusCode).toBe(200);
      for (const [step, body] of [
        ['decision', { decision: 'approve' }],
        ['received', undefined],
      ] as const) {
        const res = await call('POST', `/api/admin/returns/${ret._id}/${step}`, body);
        expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
      }
      const inspect = (outcome: string) =>
        call('POST', `/api/admin/returns/${ret._id}/inspection`, { lines: [{ position: 0, outcome }] });
      const restocked = await inspect('restock');
      expect(restocked.statusCode, restocked.body).toBe(409);
      expect(restocked.json()).toMatchObject({ success: false, code: 'VARIANT_REMOVED' });
      expect(restocked.json().message).toMatch(/in Rust, size L is no longer sold, so it cannot go back to stock/);
      expect(await stockOf(id)).toEqual(['navy/M:3', 'rust/M:5']);
      const writtenOff = await inspect('write_off');
      expect(writtenOff.statusCode, writtenOff.body).toBe(200);
      expect(writtenOff.json().data.status).toBe('inspected');
    });

    it('an order delivered holds nothing back: its variant may go', async () => {
      const id = await twoColourProduct();
      const order = await orderRustL(await apiShopper(shop.app), id);
      for (const status of ['confirmed', 'shipped', 'delivered']) {
        const moved = await call('PATCH', `/api/order/${order._id}/status`, { status });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      expect((await dropL(id)).statusCode).toBe(200);
    });

    it('a removal racing a cancellation and an order never strands pieces (6 rounds)', async () => {
      for (let round = 0; round < 6; round++) {
        const id = await twoColourProduct();
        const holder = await apiShopper(shop.app);
        const order = await orderRustL(holder, id);
        const late = await apiShopper(shop.app);
        expect((await late.add({ productId: id, color: 'rust', size: 'L' })).statusCode).toBe(200);
        const requests = [
          () => holder.call('POST', `/api/order/${order._id}/cancel`),
          () => dropL(id),
          () => late.order('cod'),
        ];
        // Fired together, a different one first each round; answers kept in the requests' order.
        const answers: Awaited<ReturnType<(typeof requests)[number]>>[] = [];
        await Promise.all(
          requests.map(async (_, i) => {
            const k = (i + round) % requests.length;
            answers[k] = await requests[k]!();
          }),
        );
        const [cancel, removal, placed] = answers;
        const where = `round ${round}: cancel ${cancel!.statusCode}, removal ${removal!.statusCode}, order ${placed!.statusCode}`;
        expect(cancel!.statusCode, where).toBe(200);
        const stock = await stockOf(id);
        if (removal!.statusCode === 200) {
          // Removed only once no open order held it: the held one was cancelled first, the late one refused.
          expect(placed!.statusCode, where).toBe(409);
          expect(stock, where).toEqual(['navy/M:3', 'rust/M:5']);
        } else {
          expect(removal!.statusCode, where).toBe(409);
          expect(removal!.json().code, where).toBe('VARIANT_IN_OPEN_ORDERS');
          // Still there: the cancelled piece is back on it, the late order's taken.
          expect(placed!.statusCode, where).toBe(201);
          expect(stock, where).toEqual(['navy/M:3', 'navy/L:1', 'rust/M:5', 'rust/L:1']);
        }
      }
    });
  });
});
