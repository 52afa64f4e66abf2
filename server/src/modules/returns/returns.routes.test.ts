import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPaise, type Order, type ReturnData, type StaffReturnData, type TaxDocumentSnapshot } from '@shop/core';
import { AppError } from '../../lib/errors.ts';
import { signedInAdmin } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { messagesTo } from '../../test/messages.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';
import { freshSize, stockOf, type SizeRef } from '../../test/stock.ts';
import { taxDocumentOf } from '../../test/tax-documents.ts';
import { createSandboxGateway, type SandboxGateway } from '../payments/payment-gateway.ts';
import { pngUpload } from '../../security/fixtures.ts';

const ROUNDS = 30;
const PHOTO = '/uploads/AbCdEfGhIjKlMnOpQrStUv.jpg';
/** The cash-on-delivery limits this suite's orders need, as a settings body sends them (rupees). */
const LIMITS = { freeShippingThreshold: null, codMaxOrderValue: 10_000_000, codMaxOpenOrders: 100 };

/**
 * A payment provider that keeps its refunds by idempotency key, as Razorpay does, and can be
 * told to fail the next calls: `timeout` makes the refund and then loses the answer (the
 * shop sees an error), `fail` refuses before making it.
 */
function refundingProvider() {
  const sandbox = createSandboxGateway('returns-key', 'returns-webhook');
  const made = new Map<string, { id: string; amount: number; paymentId: string }>();
  const unkeyed: { amount: number }[] = [];
  let next: ('timeout' | 'fail')[] = [];
  const gateway: SandboxGateway = {
    ...sandbox,
    refund: async ({ paymentId, amount, idempotencyKey }) => {
      // As slow as a real call: two staff pressing at once overlap here.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const mode = next.shift();
      if (mode === 'fail') throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'unreachable');
      if (!idempotencyKey) {
        unkeyed.push({ amount });
        return { id: `rfnd_full_${unkeyed.length}` };
      }
      const refund = made.get(idempotencyKey) ?? { id: `rfnd_${made.size + 1}_${idempotencyKey}`, amount, paymentId };
      made.set(idempotencyKey, refund);
      if (mode === 'timeout') throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'timed out');
      return { id: refund.id };
    },
  };
  const refundedOf = (paymentId: string) =>
    [...made.values()].filter((r) => r.paymentId === paymentId).reduce((n, r) => n + r.amount, 0);
  return {
    gateway,
    made,
    unkeyed,
    refundedOf,
    failNext: (...modes: ('timeout' | 'fail')[]) => {
      next = modes;
    },
  };
}

describe.each(testDialects)('returns on %s', (dialect) => {
  let shop: TestShop;
  let photos = '';
  let admin: { auth: { authorization: string } };
  const provider = refundingProvider();

  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      payments: provider.gateway,
      uploadsDir: (photos = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-return-photos-'))),
    });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
    fs.rmSync(photos, { recursive: true, force: true });
  });

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload !== undefined && { payload }) });
  const db = () => shop.handle.db;

  /** A delivered order of `quantity` pieces of a fresh size (price ₹999 each), cash or paid online. */
  async function deliveredOrder(way: 'cod' | 'razorpay' = 'cod', quantity = 1, me?: ApiShopper) {
    const shopper = me ?? (await apiShopper(shop.app));
    const size = await freshSize(db(), 20);
    expect((await shopper.add(size, quantity)).statusCode).toBe(200);
    const placed = await shopper.order(way);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as Order;
    if (way === 'cod') {
      expect((await staff('PATCH', `/api/order/${order._id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    } else {
      const signed = await shopper.sandboxPay(await shopper.initiate(order._id));
      expect((await shopper.call('POST', '/api/payments/success', signed)).statusCode).toBe(200);
    }
    for (const status of ['shipped', 'delivered']) {
      const res = await staff('PATCH', `/api/order/${order._id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { me: shopper, size, order };
  }

  const upi = { method: 'upi', upiId: 'asha.rao@okicici' };

  async function requested(placed: { me: ApiShopper; order: Order }, body: object = {}): Promise<ReturnData> {
    const res = await placed.me.call('POST', `/api/order/${placed.order._id}/returns`, {
      lines: [{ position: 0, quantity: 1 }],
      reason: 'damaged',
      photos: [PHOTO],
      ...(placed.order.paymentMethod === 'cod' && { refundTo: upi }),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  /** Staff take a return to inspected: approved, picked up, received, every line back to stock. */
  async function inspected(ret: ReturnData, outcome: 'restock' | 'write_off' = 'restock'): Promise<StaffReturnData> {
    const steps: [string, object | undefined][] = [
      ['decision', { decision: 'approve' }],
      ['pickup', { courier: 'delhivery', awb: `RV${ret._id.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}` }],
      ['received', undefined],
      ['inspection', { lines: ret.lines.map((l) => ({ position: l.position, outcome })) }],
    ];
    let last: StaffReturnData | undefined;
    for (const [step, body] of steps) {
      const res = await staff('POST', `/api/admin/returns/${ret._id}/${step}`, body);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
      last = res.json().data;
    }
    return last!;
  }

  const creditNotes = (returnId: string) =>
    db().selectFrom('return_credit_notes').selectAll().where('return_id', '=', returnId).execute();
  const returnRow = (id: string) =>
    db().selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentOf = (orderId: string) =>
    db()
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
  const invoiceOf = (orderId: string) => taxDocumentOf(db(), orderId, 'invoice');

  describe('the shopper asks', () => {
    it('returns a damaged item of a cash order with a photo and a UPI ID; every step is in the timeline and emailed', async () => {
      const placed = await deliveredOrder('cod', 2);
      const options = await placed.me.call('GET', `/api/order/${placed.order._id}/return-options`);
      expect(options.json().data).toMatchObject({
        open: true,
        windowDays: 3,
        allowExchanges: false,
        needsRefundDestination: true,
        lines: [{ position: 0, returnable: 2 }],
      });

      const ret = await requested(placed);
      expect(ret).toMatchObject({
        number: `${placed.order.orderNumber}-R1`,
        status: 'requested',
        reason: 'damaged',
        photos: [PHOTO],
        refundTo: { method: 'upi', text: 'UPI asha.rao@okicici' },
        lines: [{ position: 0, quantity: 1, inspection: null }],
      });
      const before = await stockOf(db(), placed.size);
      const done = await inspected(ret);
      expect(done.lines[0]!.inspection).toBe('restock');
      expect(await stockOf(db(), placed.size)).toBe(before + 1);

      const refund = await staff('POST', `/api/admin/returns/${ret._id}/refund`, { reference: 'UTR0042424242' });
      expect(refund.statusCode, refund.body).toBe(200);
      const invoice = await invoiceOf(placed.order._id);
      const line = invoice.lines[0]!;
      // One of two units: half the line's taxable value and taxes, rounded down for the first unit.
      const expected = [line.taxableValue, line.cgst, line.sgst, line.igst].reduce((n, v) => n + Math.floor(v / 2), 0);
      expect(refund.json().data.refund).toMatchObject({ amount: expected / 100, reference: 'UTR0042424242' });

      const [note] = await creditNotes(ret._id);
      const snapshot = JSON.parse(note!.snapshot) as TaxDocumentSnapshot;
      expect(snapshot).toMatchObject({ kind: 'credit_note', against: { number: invoice.number } });
      expect(snapshot.totals.total).toBe(expected);
      expect(snapshot.lines).toHaveLength(1);
      expect(snapshot.lines[0]).toMatchObject({ hsn: line.hsn, quantity: 1 });

      const mine = (await placed.me.call('GET', '/api/order/returns')).json().data.returns as ReturnData[];
      const seen = mine.find((r) => r._id === ret._id)!;
      expect(seen.status).toBe('refunded');
      expect(seen.refund?.creditNote).toBe(note!.number);
      expect(seen.events.map((e) => e.status)).toEqual([
        'requested',
        'approved',
        'pickup_scheduled',
        'received',
        'inspected',
        'refunded',
      ]);
      const steps = (await messagesTo(db(), placed.me.email, 'return-update')).map(
        (m) => (m.data as { step: string }).step,
      );
      expect(steps).toEqual(['requested', 'approved', 'pickup', 'received', 'inspected', 'refunded']);

      const pdf = await placed.me.call('GET', `/api/order/returns/${ret._id}/credit-note`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const other = await apiShopper(shop.app);
      expect((await other.call('GET', `/api/order/returns/${ret._id}/credit-note`)).statusCode).toBe(404);
    });

    it.each<[string, object, number, string]>([
      ['a damaged item without a photo', { photos: [] }, 400, 'PHOTO_REQUIRED'],
      ['a cash order without a refund destination', { refundTo: undefined }, 400, 'REFUND_DESTINATION_REQUIRED'],
      ['a malformed UPI ID', { refundTo: { method: 'upi', upiId: 'asha at okicici' } }, 400, 'VALIDATION_FAILED'],
      [
        'an IFSC without its zero',
        { refundTo: { method: 'bank', accountName: 'Asha Rao', accountNumber: '123456789012', ifsc: 'SBIN1001234' } },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a short account number',
        { refundTo: { method: 'bank', accountName: 'Asha Rao', accountNumber: '1234', ifsc: 'SBIN0001234' } },
        400,
        'VALIDATION_FAILED',
      ],
      ['a reason the policy does not list', { reason: 'changed_mind' }, 400, 'VALIDATION_FAILED'],
      ['more units than ordered', { lines: [{ position: 0, quantity: 2 }] }, 409, 'TOO_MANY_UNITS'],
      ['a line the order has not', { lines: [{ position: 7, quantity: 1 }] }, 400, 'NO_SUCH_LINE'],
      [
        'another size with exchanges off',
        { lines: [{ position: 0, quantity: 1, exchangeSize: 'XL' }] },
        400,
        'EXCHANGES_OFF',
      ],
      ['a photo from elsewhere', { photos: ['https://evil.example/x.jpg'] }, 400, 'VALIDATION_FAILED'],
    ])('refuses %s', async (_name, body, status, code) => {
      const placed = await deliveredOrder('cod');
      const res = await placed.me.call('POST', `/api/order/${placed.order._id}/returns`, {
        lines: [{ position: 0, quantity: 1 }],
        reason: 'damaged',
        photos: [PHOTO],
        refundTo: upi,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    });

    it('takes a bank account with its IFSC (upper-cased) and shows it masked to the shopper, whole to staff', async () => {
      const placed = await deliveredOrder('cod');
      const ret = await requested(placed, {
        reason: 'incorrect_item',
        photos: [],
        refundTo: { method: 'bank', accountName: 'Asha Rao', accountNumber: '123456789012', ifsc: 'sbin0001234' },
      });
      expect(ret.refundTo).toEqual({ method: 'bank', text: 'Bank account XXXXXXXX9012 (SBIN0001234)' });
      const seen = (await staff('GET', `/api/admin/returns/${ret._id}`)).json().data as StaffReturnData;
      expect(seen.refundDestination).toBe('Asha Rao, account 123456789012, IFSC SBIN0001234');
    });

    it("refuses an order not delivered, one past the window, and another shopper's", async () => {
      const me = await apiShopper(shop.app);
      const size = await freshSize(db(), 5);
      await me.add(size);
      const order = (await me.order('cod')).json().data as Order;
      const body = { lines: [{ position: 0, quantity: 1 }], reason: 'defective', refundTo: upi };
      const notYet = await me.call('POST', `/api/order/${order._id}/returns`, body);
      expect(notYet.json().code).toBe('NOT_DELIVERED');

      const placed = await deliveredOrder('cod');
      const old = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
      await db()
        .updateTable('order_events')
        .set({ created_at: old })
        .where('order_id', '=', placed.order._id)
        .where('status', '=', 'delivered')
        .execute();
      const late = await placed.me.call('POST', `/api/order/${placed.order._id}/returns`, body);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('RETURN_WINDOW_CLOSED');
      expect((await placed.me.call('GET', `/api/order/${placed.order._id}/return-options`)).json().data.open).toBe(
        false,
      );
      // The owner widens the window: the same order may be returned again.
      const settings = { ...LIMITS, returnWindowDays: 7 };
      expect((await staff('PUT', '/api/admin/settings', settings)).statusCode).toBe(200);
      try {
        expect((await placed.me.call('POST', `/api/order/${placed.order._id}/returns`, body)).statusCode).toBe(201);
      } finally {
        await staff('PUT', '/api/admin/settings', { ...settings, returnWindowDays: 3 });
      }

      const stranger = await apiShopper(shop.app);
      const res = await stranger.call('POST', `/api/order/${placed.order._id}/returns`, body);
      expect(res.statusCode).toBe(404);
    });

    it("counts the window from the delivery, not from the latest step of a return in the order's history", async () => {
      const placed = await deliveredOrder('cod', 2);
      const ret = await requested(placed);
      const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      const history = () =>
        db().updateTable('order_events').where('order_id', '=', placed.order._id).where('status', '=', 'delivered');
      // Delivered four days ago; the first return asked for two days ago, within the window.
      await history()
        .set({ created_at: at(4) })
        .where('note', 'is', null)
        .execute();
      await history()
        .set({ created_at: at(2) })
        .where('note', 'is not', null)
        .execute();
      expect((await placed.me.call('GET', `/api/order/${placed.order._id}/return-options`)).json().data.open).toBe(
        false,
      );
      const late = await placed.me.call('POST', `/api/order/${placed.order._id}/returns`, {
        lines: [{ position: 0, quantity: 1 }],
        reason: 'defective',
        refundTo: upi,
      });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().code).toBe('RETURN_WINDOW_CLOSED');
      // A step staff take today does not open it again either.
      const rejected = await staff('POST', `/api/admin/returns/${ret._id}/decision`, {
        decision: 'reject',
        reason: 'The photo shows no damage.',
      });
      expect(rejected.statusCode).toBe(200);
      expect((await placed.me.call('GET', `/api/order/${placed.order._id}/return-options`)).json().data.open).toBe(
        false,
      );
    });

    it('asks each unit back once, also when two requests race, in every round', async () => {
      for (let round = 0; round < 5; round++) {
        const placed = await deliveredOrder('cod', 2);
        const body = { lines: [{ position: 0, quantity: 2 }], reason: 'defective', refundTo: upi };
        const answers = await Promise.all([
          placed.me.call('POST', `/api/order/${placed.order._id}/returns`, body),
          placed.me.call('POST', `/api/order/${placed.order._id}/returns`, body),
        ]);
        expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join()).toEqual([201, 409]);
      }
    });
  });

  describe('staff', () => {
    it('rejects only with a reason, which the shopper is told; a rejected return frees its units', async () => {
      const placed = await deliveredOrder('cod');
      const ret = await requested(placed, { reason: 'defective', photos: [] });
      const bare = await staff('POST', `/api/admin/returns/${ret._id}/decision`, { decision: 'reject' });
      expect(bare.json().code).toBe('REASON_REQUIRED');
      const res = await staff('POST', `/api/admin/returns/${ret._id}/decision`, {
        decision: 'reject',
        reason: 'The photos show a wash-worn shirt.',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'rejected',
        decisionReason: 'The photos show a wash-worn shirt.',
      });
      const emails = await messagesTo(db(), placed.me.email, 'return-update');
      expect(emails.at(-1)!.data).toMatchObject({ step: 'rejected', reason: 'The photos show a wash-worn shirt.' });
      const again = await staff('POST', `/api/admin/returns/${ret._id}/decision`, { decision: 'approve' });
      expect(again.statusCode).toBe(409);
      await requested(placed, { reason: 'defective', photos: [] });
    });

    it('keeps written-off items out of stock, and refuses steps out of order', async () => {
      const placed = await deliveredOrder('cod');
      const ret = await requested(placed);
      expect((await staff('POST', `/api/admin/returns/${ret._id}/received`)).statusCode).toBe(409);
      expect((await staff('POST', `/api/admin/returns/${ret._id}/refund`, { reference: 'UTR1234' })).statusCode).toBe(
        409,
      );
      const before = await stockOf(db(), placed.size);
      await inspected(ret, 'write_off');
      expect(await stockOf(db(), placed.size)).toBe(before);
      const noReference = await staff('POST', `/api/admin/returns/${ret._id}/refund`, {});
      expect(noReference.json().code).toBe('REFERENCE_REQUIRED');
    });

    it("takes a return's refund off the dashboard's revenue and counts it with the refunds", async () => {
      const placed = await deliveredOrder('cod', 2);
      const ret = await inspected(await requested(placed));
      const totals = async () => {
        const res = await staff('GET', '/api/order/stats');
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().data as { revenue: number; refunded: number }[];
        return {
          revenue: rows.reduce((sum, row) => sum + toPaise(row.revenue), 0),
          refunded: rows.reduce((sum, row) => sum + toPaise(row.refunded), 0),
        };
      };
      const before = await totals();
      const refund = await staff('POST', `/api/admin/returns/${ret._id}/refund`, { reference: 'UTR0099887766' });
      expect(refund.statusCode, refund.body).toBe(200);
      const amount = (await returnRow(ret._id)).refund_amount!;
      expect(amount).toBeGreaterThan(0);
      expect(await totals()).toEqual({ revenue: before.revenue - amount, refunded: before.refunded + amount });
    });

    it('takes return photos only from a shopper with an order in its window, 30 a day at most', async () => {
      const newcomer = await apiShopper(shop.app);
      const upload = (me: ApiShopper) => me.call('POST', '/api/order/return-photos', pngUpload());
      const refused = await upload(newcomer);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('NO_RETURNABLE_ORDER');

      const { me } = await deliveredOrder('cod');
      for (let photo = 0; photo < 30; photo++) expect((await upload(me)).statusCode, `photo ${photo}`).toBe(201);
      const over = await upload(me);
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('RATE_LIMITED');
    });

    it('lists the open returns oldest first with their age, and counts the return rate by reason', async () => {
      const placed = await deliveredOrder('cod');
      const ret = await requested(placed);
      const queue = (await staff('GET', '/api/admin/returns')).json().data.returns as StaffReturnData[];
      const mine = queue.find((r) => r._id === ret._id)!;
      expect(mine).toMatchObject({
        status: 'requested',
        ageHours: 0,
        paymentMethod: 'cod',
        customerEmail: placed.me.email,
      });
      const created = queue.map((r) => r.createdAt);
      expect(created).toEqual([...created].sort());

      const stats = (await staff('GET', '/api/admin/return-stats?days=30')).json().data;
      expect(stats.delivered).toBeGreaterThan(0);
      const damaged = stats.reasons.find((r: { reason: string }) => r.reason === 'damaged');
      expect(damaged.returns).toBeGreaterThan(0);
      expect(damaged.ratePercent).toBe(Math.round((damaged.returns * 1000) / stats.delivered) / 10);
      expect((await staff('GET', '/api/admin/return-stats?days=0')).statusCode).toBe(400);
    });

    it('exchanges for another size of the same colour when the owner allows it, taking that size from stock', async () => {
      const settings = { ...LIMITS, returnWindowDays: 3 };
      expect((await staff('PUT', '/api/admin/settings', { ...settings, allowSizeExchanges: true })).statusCode).toBe(
        200,
      );
      try {
        const store = (await shop.app.inject({ method: 'GET', url: '/api/store' })).json().data;
        expect(store.texts.returnPolicy).toMatch(/another size of the same colour/);
        const placed = await deliveredOrder('cod');
        const other: SizeRef = { ...placed.size, size: `${placed.size.size}X` };
        await db()
          .insertInto('product_variants')
          .values({
            product_id: other.productId,
            color: other.color,
            size: other.size,
            size_position: 100,
            sku: `TEST-${other.size}`,
            stock: 4,
          })
          .execute();
        const options = (await placed.me.call('GET', `/api/order/${placed.order._id}/return-options`)).json().data;
        expect(options.lines[0].otherSizes).toContain(other.size);
        const ret = await requested(placed, {
          reason: 'incorrect_item',
          photos: [],
          refundTo: undefined,
          lines: [{ position: 0, quantity: 1, exchangeSize: other.size }],
        });
        expect(ret).toMatchObject({ exchange: true, refundTo: { method: 'source' } });
        await inspected(ret);
        expect((await staff('POST', `/api/admin/returns/${ret._id}/refund`, { reference: 'UTR1234' })).statusCode).toBe(
          409,
        );
        const res = await staff('POST', `/api/admin/returns/${ret._id}/exchange`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.status).toBe('exchanged');
        expect(await stockOf(db(), other)).toBe(3);
      } finally {
        await staff('PUT', '/api/admin/settings', { ...settings, allowSizeExchanges: false });
      }
      const store = (await shop.app.inject({ method: 'GET', url: '/api/store' })).json().data;
      expect(store.texts.returnPolicy).toBe(
        'Returns are accepted within 3 days of delivery, only for damaged, defective or incorrect items. We do not offer exchanges.',
      );
    });
  });

  describe('refunds of online orders', () => {
    it('refunds per line through the provider; two returns of one order add up to the line, never more', async () => {
      const placed = await deliveredOrder('razorpay', 3);
      const first = await requested(placed, { lines: [{ position: 0, quantity: 1 }] });
      const second = await requested(placed, { lines: [{ position: 0, quantity: 2 }] });
      await inspected(first);
      await inspected(second);
      const answers = await Promise.all([
        staff('POST', `/api/admin/returns/${second._id}/refund`, {}),
        staff('POST', `/api/admin/returns/${first._id}/refund`, {}),
      ]);
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join(),
      ).toEqual([200, 200]);
      const invoice = await invoiceOf(placed.order._id);
      const line = invoice.lines[0]!;
      const lineTotal = line.taxableValue + line.cgst + line.sgst + line.igst;
      const payment = await paymentOf(placed.order._id);
      expect(provider.refundedOf(payment.provider_payment_id!)).toBe(lineTotal);
      const notes = [...(await creditNotes(first._id)), ...(await creditNotes(second._id))];
      const credited = notes.map((n) => (JSON.parse(n.snapshot) as TaxDocumentSnapshot).totals.total);
      expect(credited.reduce((a, b) => a + b, 0)).toBe(lineTotal);
      // Shipping was not part of the items: less than the order's total is refunded.
      expect(lineTotal).toBeLessThan(payment.amount);
      const whole = await staff('POST', `/api/admin/orders/${placed.order._id}/refund`, {});
      expect(whole.statusCode).toBe(409);
      expect(whole.json().code).toBe('RETURNS_REFUNDED');
    });

    it(`refunds once when two staff press refund at once (${ROUNDS} rounds)`, async () => {
      const me = await apiShopper(shop.app);
      for (let round = 0; round < ROUNDS; round++) {
        const placed = await deliveredOrder('razorpay', 1, me);
        const ret = await requested(placed);
        await inspected(ret);
        const answers = await Promise.all([
          staff('POST', `/api/admin/returns/${ret._id}/refund`, {}),
          staff('POST', `/api/admin/returns/${ret._id}/refund`, {}),
        ]);
        expect(answers.map((a) => a.statusCode).sort(), `round ${round}: ${answers.map((a) => a.body).join()}`).toEqual(
          [200, 409],
        );
        const payment = await paymentOf(placed.order._id);
        const refunds = [...provider.made.values()].filter((r) => r.paymentId === payment.provider_payment_id);
        expect(refunds, `round ${round}`).toHaveLength(1);
        expect(await creditNotes(ret._id), `round ${round}`).toHaveLength(1);
        expect((await returnRow(ret._id)).status).toBe('refunded');
      }
    });

    it(`never refunds twice after a provider timeout and a retry (${ROUNDS} rounds)`, async () => {
      const me = await apiShopper(shop.app);
      for (let round = 0; round < ROUNDS; round++) {
        const placed = await deliveredOrder('razorpay', 1, me);
        const ret = await requested(placed);
        await inspected(ret);
        provider.failNext('timeout');
        const lost = await staff('POST', `/api/admin/returns/${ret._id}/refund`, {});
        expect(lost.statusCode, `round ${round}`).toBe(502);
        expect((await returnRow(ret._id)).status).toBe('inspected');
        expect(await creditNotes(ret._id)).toHaveLength(0);
        const retried = await staff('POST', `/api/admin/returns/${ret._id}/refund`, {});
        expect(retried.statusCode, `round ${round}: ${retried.body}`).toBe(200);
        const payment = await paymentOf(placed.order._id);
        const refunds = [...provider.made.values()].filter((r) => r.paymentId === payment.provider_payment_id);
        expect(refunds, `round ${round}`).toHaveLength(1);
        expect(retried.json().data.refund.reference).toBe(refunds[0]!.id);
        expect(await creditNotes(ret._id)).toHaveLength(1);
      }
    });

    it(`leaves a return refundable, with no credit note, when the provider fails mid-call (${ROUNDS} rounds)`, async () => {
      const me = await apiShopper(shop.app);
      for (let round = 0; round < ROUNDS; round++) {
        const placed = await deliveredOrder('razorpay', 1, me);
        const ret = await requested(placed);
        await inspected(ret);
        provider.failNext('fail');
        const failed = await staff('POST', `/api/admin/returns/${ret._id}/refund`, {});
        expect(failed.statusCode, `round ${round}`).toBe(502);
        expect(failed.json().code).toBe('REFUND_FAILED');
        const row = await returnRow(ret._id);
        expect(row).toMatchObject({ status: 'inspected', refund_claimed_at: null, refunded_at: null });
        expect(await creditNotes(ret._id)).toHaveLength(0);
        const payment = await paymentOf(placed.order._id);
        expect(provider.refundedOf(payment.provider_payment_id!)).toBe(0);
        const retried = await staff('POST', `/api/admin/returns/${ret._id}/refund`, {});
        expect(retried.statusCode, `round ${round}: ${retried.body}`).toBe(200);
        expect(provider.refundedOf(payment.provider_payment_id!)).toBe(row.refund_amount);
      }
    });

    it('refuses to return, or refund again, items of an order refunded in full', async () => {
      const placed = await deliveredOrder('razorpay', 2);
      const ret = await requested(placed);
      await inspected(ret);
      const whole = await staff('POST', `/api/admin/orders/${placed.order._id}/refund`, {});
      expect(whole.statusCode, whole.body).toBe(200);
      // Recorded as made by other means, the return's refund would pay the item a second time.
      const again = await staff('POST', `/api/admin/returns/${ret._id}/refund`, { reference: 'UTR20261128001' });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().code).toBe('ORDER_REFUNDED');
      expect((await returnRow(ret._id)).status).toBe('inspected');
      expect(await creditNotes(ret._id)).toHaveLength(0);
      const other = await placed.me.call('POST', `/api/order/${placed.order._id}/returns`, {
        lines: [{ position: 0, quantity: 1 }],
        reason: 'defective',
      });
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json().code).toBe('ORDER_REFUNDED');
      const options = await placed.me.call('GET', `/api/order/${placed.order._id}/return-options`);
      expect(options.json().data.open).toBe(false);
    });

    it(`refunds once when staff refund a return and the whole order at once (${ROUNDS} rounds)`, async () => {
      const me = await apiShopper(shop.app);
      for (let round = 0; round < ROUNDS; round++) {
        const placed = await deliveredOrder('razorpay', 1, me);
        const ret = await requested(placed);
        await inspected(ret);
        const unkeyedBefore = provider.unkeyed.length;
        // Through the provider, or recorded as made by other means: each pair once or more.
        const ways = [{}, { reference: `UTR${round}RETURN` }];
        const answers = await Promise.all([
          staff('POST', `/api/admin/returns/${ret._id}/refund`, ways[round % 2]),
          staff('POST', `/api/admin/orders/${placed.order._id}/refund`, ways[Math.floor(round / 2) % 2]),
        ]);
        const bodies = `round ${round}: ${answers.map((a) => a.body).join()}`;
        expect(answers.map((a) => a.statusCode).sort(), bodies).toEqual([200, 409]);
        const payment = await db()
          .selectFrom('payments')
          .selectAll()
          .where('order_id', '=', placed.order._id)
          .executeTakeFirstOrThrow();
        const keyed = [...provider.made.values()].filter((r) => r.paymentId === payment.provider_payment_id);
        const recorded = (await returnRow(ret._id)).status === 'refunded' ? 1 : 0;
        expect(recorded + (payment.status === 'refunded' ? 1 : 0), bodies).toBe(1);
        expect(keyed.length + provider.unkeyed.length - unkeyedBefore, bodies).toBeLessThanOrEqual(1);
      }
    });
  });
});

describe('the return window in the policy', () => {
  it('says the default window and no exchanges on a new shop; the returns routes ask for a sign-in', async () => {
    const [dialect] = testDialects;
    const shop = await createTestShop(dialect!);
    try {
      const res = await shop.app.inject({ method: 'GET', url: '/api/order/returns' });
      expect(res.statusCode).toBe(401);
      const store = (await shop.app.inject({ method: 'GET', url: '/api/store' })).json().data;
      expect(store).toMatchObject({ returnWindowDays: 3, allowSizeExchanges: false });
      expect(store.texts.returnPolicy).toMatch(/within 3 days of delivery/);
    } finally {
      await shop.close();
    }
  });
});
