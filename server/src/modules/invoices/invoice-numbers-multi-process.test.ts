import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAddress } from '../../test/addresses.ts';
import { testDialects } from '../../test/databases.ts';
import { processesOn, processShopper } from '../../test/processes.ts';
import { freshSize } from '../../test/stock.ts';

const ROUNDS = 30;
const SHOPPERS = 6;
/** Each dialect's pair of processes on ports of its own (3621–3629 belong to this suite). */
const ports = { sqlite: [3621, 3622], postgres: [3623, 3624] } as const;

/**
 * Tax invoice numbers given by two server processes sharing one database: shoppers place cash
 * orders at once on both, and the numbers run 1, 2, 3… with no gap and no repeat, and every
 * order has its invoice.
 */
describe.each(testDialects)('invoice numbers from two server processes on %s', (dialect) => {
  let shop: Awaited<ReturnType<typeof processesOn>>;

  beforeAll(async () => {
    shop = await processesOn(dialect, [...ports[dialect]]);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  it(`numbers concurrent cash orders 1..N with no gaps or repeats (${ROUNDS} rounds)`, async () => {
    const db = shop.database.handle.db;
    const [a, b] = shop.servers as [(typeof shop.servers)[0], (typeof shop.servers)[0]];
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, (_, i) => processShopper(i % 2 ? b : a, shop.database.handle.db)),
    );
    let placed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const s = await freshSize(db, SHOPPERS);
      await Promise.all(
        shoppers.map((me) =>
          me.call('POST', '/api/cart', { product: s.productId, color: s.color, size: s.size, quantity: 1 }),
        ),
      );
      const answers = await Promise.all(
        shoppers.map((me, i) =>
          me.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' }, i % 2 ? a : b),
        ),
      );
      const where = `round ${round}: ${answers.map((r) => r.status).join(',')}`;
      expect(
        answers.every((r) => r.status === 201),
        where,
      ).toBe(true);
      placed += answers.length;
      const numbers = answers.map((r) => r.body.data.documents[0]?.number as string);
      expect(new Set(numbers).size, where).toBe(SHOPPERS);

      const sequences = (
        await db.selectFrom('tax_documents').select('sequence').where('kind', '=', 'invoice').execute()
      )
        .map((d) => d.sequence)
        .sort((x, y) => x - y);
      expect(sequences, where).toEqual(Array.from({ length: placed }, (_, i) => i + 1));
    }
    const orders = await db.selectFrom('orders').select('id').execute();
    const invoiced = await db.selectFrom('tax_documents').select('order_id').where('kind', '=', 'invoice').execute();
    expect(invoiced).toHaveLength(orders.length);
  }, 240_000);
});
