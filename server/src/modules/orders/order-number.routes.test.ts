import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper } from '../../test/shoppers.ts';
import { freshSize, stockOf } from '../../test/stock.ts';

/** The numbers the next orders draw, in turn (the real draw is random). */
const drawn = vi.hoisted(() => ({ numbers: [] as string[] }));
vi.mock('./order-number.ts', () => ({
  newOrderNumber: () => {
    const next = drawn.numbers.shift();
    if (!next) throw new Error('the test drew more order numbers than it set');
    return next;
  },
}));

describe.each(testDialects)('order numbers on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('an order that draws a number already given draws again, instead of failing', async () => {
    const me = await apiShopper(shop.app);
    drawn.numbers = ['KP261124-AAAAA'];
    expect((await me.add(await freshSize(shop.handle.db, 5, 45_00))).statusCode).toBe(200);
    const first = await me.order('cod');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.orderNumber).toBe('KP261124-AAAAA');

    drawn.numbers = ['KP261124-AAAAA', 'KP261124-AAAAA', 'KP261124-BBBBB'];
    expect((await me.add(await freshSize(shop.handle.db, 5, 45_00))).statusCode).toBe(200);
    const second = await me.order('cod');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.orderNumber).toBe('KP261124-BBBBB');
    expect(drawn.numbers).toEqual([]);
  });

  it('two orders drawing the same free number at the same moment: both placed, under different numbers (10 rounds)', async () => {
    const asha = await apiShopper(shop.app);
    const ravi = await apiShopper(shop.app);
    for (let round = 0; round < 10; round++) {
      const size = await freshSize(shop.handle.db, 5, 45_00);
      const same = `KP261124-S${String(round).padStart(4, '0')}`;
      drawn.numbers = [same, same, `KP261124-T${String(round).padStart(4, '0')}`];
      expect((await asha.add(size)).statusCode).toBe(200);
      expect((await ravi.add(size)).statusCode).toBe(200);
      const answers = await Promise.all([asha.order('cod'), ravi.order('cod')]);
      const where = `round ${round}: ${answers.map((a) => `${a.statusCode} ${a.body}`).join(' | ')}`;
      // The second to insert finds the number taken (on PostgreSQL once the first commits) and
      // draws again: both are placed, under different numbers.
      for (const answer of answers) expect(answer.statusCode, where).toBe(201);
      const placed = answers.map((a) => a.json().data.orderNumber as string).sort();
      expect(placed, where).toEqual([same, `KP261124-T${String(round).padStart(4, '0')}`].sort());
      expect(await stockOf(shop.handle.db, size), where).toBe(3);
      await asha.call('DELETE', '/api/cart/clear');
      await ravi.call('DELETE', '/api/cart/clear');
    }
  });
});
