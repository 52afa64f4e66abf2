import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from './lib/ids.ts';
import { hmacHex } from './modules/payments/payment-gateway.ts';
import { derivedSecret } from './secrets.ts';
import { addTestCoupon } from './test/coupons.ts';
import { testDialects, type TestDatabase } from './test/databases.ts';
import { call, processesOnPostgres, processShopper, type ServerProcess } from './test/processes.ts';
import { orderAddress } from './test/addresses.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two server processes on one PostgreSQL database (and one Redis), shoppers spread over
 * both: what must hold when the shop is scaled out.
 */
describe.runIf(testDialects.includes('postgres'))('two server processes on one PostgreSQL database', () => {
  let shop: Awaited<ReturnType<typeof processesOnPostgres>>;
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  let jwtSecret: string;

  beforeAll(async () => {
    shop = await processesOnPostgres([3361, 3362], {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `shop-test:${process.pid}:${Date.now()}:`,
      CATALOG_CACHE_MS: '0',
    });
    ({ database, servers, jwtSecret } = shop);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  const shopper = (server: ServerProcess) => processShopper(server, database.handle.db);

  async function freshSize(stock: number) {
    const product = await database.handle.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const size = `M${newId().slice(0, 5).toUpperCase()}`;
    await database.handle.db
      .insertInto('product_variants')
      .values({ product_id: product.id, color: 'test', size, size_position: 50, sku: `TEST-${size}`, stock })
      .execute();
    return { product: product.id, color: 'test', size };
  }

  it('sells a low-stock size to exactly as many shoppers as there are pieces', async () => {
    const line = await freshSize(20);
    const shoppers = await Promise.all(Array.from({ length: 12 }, (_, i) => shopper(servers[i % 2]!)));
    for (const s of shoppers) expect((await s.call('POST', '/api/cart', { ...line, quantity: 1 })).status).toBe(200);
    await database.handle.db.updateTable('product_variants').set({ stock: 4 }).where('size', '=', line.size).execute();

    // Each shopper orders on the process they did not shop on.
    const results = await Promise.all(
      shoppers.map((s, i) =>
        s.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' }, servers[(i + 1) % 2]),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status === 409)).toHaveLength(8);
    const left = await database.handle.db
      .selectFrom('product_variants')
      .select('stock')
      .where('size', '=', line.size)
      .executeTakeFirstOrThrow();
    expect(left.stock).toBe(0);
  });

  it('redeems a single-use coupon once', async () => {
    const code = `MULTI${Date.now().toString(36).toUpperCase()}`;
    await addTestCoupon(database.handle.db, code, { value: 25, usageLimit: 1 });
    const line = await freshSize(50);
    const shoppers = await Promise.all(Array.from({ length: 6 }, (_, i) => shopper(servers[i % 2]!)));
    for (const s of shoppers) {
      await s.call('POST', '/api/cart', { ...line, quantity: 1 });
      expect((await s.call('POST', '/api/cart/apply-discount', { code })).status).toBe(200);
    }
    const results = await Promise.all(
      shoppers.map((s) => s.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const redemptions = await database.handle.db
      .selectFrom('coupon_redemptions as r')
      .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
      .select('r.id')
      .where('c.code', '=', code)
      .execute();
    expect(redemptions).toHaveLength(1);
  });

  it('captures a payment once when its webhook reaches both processes at the same moment', async () => {
    const s = await shopper(servers[0]!);
    const line = await freshSize(5);
    await s.call('POST', '/api/cart', { ...line, quantity: 1 });
    const order = (await s.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'razorpay' }))
      .body.data;
    const providerOrderId = (await s.call('POST', '/api/payments/initiate', { orderId: order.orderId })).body.data.order
      .id;

    const webhookSecret = derivedSecret(new TextEncoder().encode(jwtSecret), 'sandbox-webhook-secret');
    const deliver = (server: ServerProcess, eventId: string) => {
      const raw = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_multi1', order_id: providerOrderId } } },
      });
      return call(server.url, 'POST', '/api/payments/webhook', raw, {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(webhookSecret, raw),
        'x-razorpay-event-id': eventId,
      });
    };
    // The same delivery to both, and a second delivery (new event id) of the same capture.
    const results = await Promise.all([
      deliver(servers[0]!, 'evt_a'),
      deliver(servers[1]!, 'evt_a'),
      deliver(servers[1]!, 'evt_b'),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const events = await database.handle.db
      .selectFrom('order_events')
      .select('status')
      .where('order_id', '=', order.orderId)
      .where('status', '=', 'confirmed')
      .execute();
    expect(events).toHaveLength(1);
    const [mine] = (await s.call('GET', '/api/order/orders')).body.data.orders;
    expect(mine).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('holds sign-in limits across processes through Redis, and remembers the owner’s address there', async () => {
    const s = await shopper(servers[0]!);
    const stranger = { 'x-forwarded-for': '198.51.100.77' };
    const signIn = (server: ServerProcess, password: string, from: Record<string, string>) =>
      call(server.url, 'POST', '/api/auth/login', { email: s.email, password }, from);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(servers[i % 2]!, `wrong-${i}-password`, stranger)).status).toBe(401);
    }
    for (const server of servers) {
      expect((await signIn(server, s.password, stranger)).status).toBe(429);
      // The address the owner signed in from (on the first process) still lets them in.
      expect((await signIn(server, s.password, s.from)).status).toBe(200);
    }
  });

  it('checks at most 10 of 200 simultaneous guesses at one account, spread over both processes (30 rounds)', async () => {
    for (let round = 0; round < 30; round++) {
      const s = await shopper(servers[round % 2]!);
      const from = { 'x-forwarded-for': `198.51.101.${round}` };
      const right = Math.floor(Math.random() * 200);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call(
            servers[i % 2]!.url,
            'POST',
            '/api/auth/login',
            { email: s.email, password: i === right ? s.password : `guess-${round}-${i}` },
            from,
          ),
        ),
      );
      const count = (status: number) => answers.filter((a) => a.status === status).length;
      const where = `round ${round}: ${[200, 401, 429].map((st) => `${st}×${count(st)}`).join(' ')}`;
      // A 401 is a password checked and wrong, a 200 the right one; a 429 checked nothing.
      expect(count(401) + count(200) + count(429), where).toBe(200);
      expect(count(401), where).toBeLessThanOrEqual(10);
      expect(count(200), where).toBeLessThanOrEqual(1);
      if (count(200) === 1) expect(answers[right]!.status, where).toBe(200);
    }
  }, 120_000);

  it('counts the viewers of a product across both processes through Redis', async () => {
    const product = await database.handle.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Each visitor from an address of their own, through the proxy the processes trust: a shop
    // reachable through one counts its own address (the proxy's) as one visitor, whatever the tab.
    const addresses = new Map<string, string>();
    const addressOf = (visitor: string) => {
      if (!addresses.has(visitor)) addresses.set(visitor, `10.91.${addresses.size % 250}.${addresses.size + 1}`);
      return addresses.get(visitor)!;
    };
    const beat = (server: ServerProcess, visitor: string) =>
      call(
        server.url,
        'POST',
        `/api/product/${product.id}/viewers`,
        { visitor },
        { 'x-forwarded-for': addressOf(visitor) },
      );
    // Each process reaches Redis on its own after start; until then it counts its own visitors.
    const warmUp = `warm-up-visitor-${Date.now()}`;
    for (let tries = 0; tries < 50; tries++) {
      await beat(servers[0]!, `${warmUp}-a`);
      if ((await beat(servers[1]!, `${warmUp}-b`)).body.data.viewers === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const base = (await beat(servers[0]!, `${warmUp}-a`)).body.data.viewers as number;
    expect(base).toBe(2);

    // Six more visitors, each on one process, alternately: both processes answer every visitor.
    const visitors = Array.from({ length: 6 }, (_, i) => `multi-visitor-${Date.now()}-${i}`);
    const answers = await Promise.all(visitors.map((visitor, i) => beat(servers[i % 2]!, visitor)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await beat(servers[0]!, visitors[1]!)).body.data.viewers).toBe(base + 6);
    expect((await beat(servers[1]!, visitors[0]!)).body.data.viewers).toBe(base + 6);
  });

  it('accepts a token issued by one process on the other (no sticky sessions)', async () => {
    const s = await shopper(servers[0]!);
    expect((await s.call('GET', '/api/auth/profile', undefined, servers[1])).status).toBe(200);
    await s.call('POST', '/api/auth/logout', undefined, servers[1]);
    expect((await s.call('GET', '/api/auth/profile', undefined, servers[0])).status).toBe(401);
  });
});
