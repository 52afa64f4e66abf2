import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ShipmentData } from '@shop/core';
import { buildApp } from '../../app.ts';
import { signedInAdmin } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { messagesTo } from '../../test/messages.ts';
import { orderAddress } from '../../test/addresses.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';
import { freshSize, stockOf } from '../../test/stock.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';
import { shipmentSignature } from './shipments.routes.ts';

const SECRET = 'shipments-test-webhook-secret';
const ROUNDS = 5;
const DEFAULT_SETTINGS = { maxDeliveryAttempts: 3, rtoCodThresholdPercent: null, rtoCodMinOrders: 10 };

let awbCounter = 0;
/** An AWB number no other test uses. */
const freshAwb = (prefix = 'DL') => `${prefix}${Date.now().toString(36).toUpperCase()}${(awbCounter += 1)}`;

describe.each(testDialects)('shipments on %s', (dialect) => {
  let shop: TestShop;
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      payments: createSandboxGateway('shipments-key', 'shipments-webhook'),
      shipmentWebhookSecret: SECRET,
    });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
  afterEach(async () => {
    await staff('PUT', '/api/admin/shipment-settings', DEFAULT_SETTINGS);
  });

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object | string) =>
    shop.app.inject({
      method,
      url,
      headers: { ...admin.auth, ...(typeof payload === 'string' && { 'content-type': 'text/csv' }) },
      ...(payload !== undefined && { payload }),
    });

  /** A signed webhook delivery; `signature` overrides the right one. */
  const hook = (body: object, signature?: string, app = shop.app) => {
    const raw = JSON.stringify(body);
    return app.inject({
      method: 'POST',
      url: '/api/shipments/events',
      headers: {
        'content-type': 'application/json',
        'x-shipment-signature': signature ?? shipmentSignature(SECRET, raw),
      },
      payload: raw,
    });
  };
  let eventCounter = 0;
  const event = (awb: string, kind: string, extra: object = {}) => ({
    eventId: `ev-${dialect}-${(eventCounter += 1)}`,
    awb,
    kind,
    occurredAt: new Date().toISOString(),
    ...extra,
  });

  /** A shopper's confirmed order of one piece of a fresh size: cash on delivery, or paid online. */
  async function confirmedOrder(way: 'cod' | 'razorpay' = 'cod', stock = 5) {
    const me = await apiShopper(shop.app);
    const size = await freshSize(shop.handle.db, stock);
    expect((await me.add(size)).statusCode).toBe(200);
    const placed = await me.order(way);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as Order;
    if (way === 'cod') {
      const res = await staff('PATCH', `/api/order/${order._id}/status`, { status: 'confirmed' });
      expect(res.statusCode, res.body).toBe(200);
    } else {
      const signed = await me.sandboxPay(await me.initiate(order._id));
      expect((await me.call('POST', '/api/payments/success', signed)).statusCode).toBe(200);
    }
    return { me, size, order };
  }

  async function shippedOrder(way: 'cod' | 'razorpay' = 'cod', stock = 5) {
    const placed = await confirmedOrder(way, stock);
    const awb = freshAwb();
    const res = await staff('POST', `/api/admin/orders/${placed.order._id}/shipment`, { courier: 'delhivery', awb });
    expect(res.statusCode, res.body).toBe(200);
    return { ...placed, awb, shipment: res.json().data as ShipmentData };
  }

  const orderOf = async (me: ApiShopper, id: string) => (await me.orders()).find((o) => o._id === id)!;
  const myShipment = async (me: ApiShopper, orderId: string): Promise<ShipmentData> => {
    const res = await me.call('GET', '/api/order/shipments');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.shipments.find((s: ShipmentData) => s.orderId === orderId);
  };
  const eventCount = async (shipmentId: string) =>
    (await shop.handle.db.selectFrom('shipment_events').select('id').where('shipment_id', '=', shipmentId).execute())
      .length;

  describe('mark shipped', () => {
    it('records the courier and AWB, moves the order to shipped and emails the tracking link', async () => {
      const { me, order } = await confirmedOrder();
      const res = await staff('POST', `/api/admin/orders/${order._id}/shipment`, {
        courier: 'delhivery',
        awb: ' DL123456789 ',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        orderId: order._id,
        courier: 'delhivery',
        courierName: 'Delhivery',
        awb: 'DL123456789',
        trackingUrl: 'https://www.delhivery.com/track/package/DL123456789',
        status: 'shipped',
        failedAttempts: 0,
        events: [],
      });
      expect((await orderOf(me, order._id)).status).toBe('shipped');
      const [mail] = await messagesTo(shop.handle.db, me.email, 'order-shipped');
      expect(mail!.data).toEqual({
        firstName: expect.any(String),
        orderNumber: order.orderNumber,
        parcel: {
          courierName: 'Delhivery',
          awb: 'DL123456789',
          trackingUrl: 'https://www.delhivery.com/track/package/DL123456789',
        },
      });
      // The shopper sees the AWB and the link in My Orders.
      expect(await myShipment(me, order._id)).toMatchObject({ awb: 'DL123456789', trackingUrl: expect.any(String) });
      // Staff see the parcel on the order.
      const staffView = await staff('GET', `/api/admin/orders/${order._id}/shipment`);
      expect(staffView.json().data).toMatchObject({ awb: 'DL123456789', status: 'shipped' });
    });

    it('refuses an AWB already on another order, an unconfirmed order, a second shipment and bad input', async () => {
      const first = await shippedOrder();
      const second = await confirmedOrder();
      const reused = await staff('POST', `/api/admin/orders/${second.order._id}/shipment`, {
        courier: 'dtdc',
        awb: first.awb,
      });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('AWB_IN_USE');
      const again = await staff('POST', `/api/admin/orders/${first.order._id}/shipment`, {
        courier: 'dtdc',
        awb: freshAwb(),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CANNOT_SHIP');

      const me = await apiShopper(shop.app);
      await me.add(await freshSize(shop.handle.db, 2));
      const pending = (await me.order('cod')).json().data as Order;
      const early = await staff('POST', `/api/admin/orders/${pending._id}/shipment`, {
        courier: 'dtdc',
        awb: 'DT0001',
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Confirm this order (or wait for its payment) before shipping it.');

      for (const body of [{ courier: 'fedex', awb: 'X12345' }, { courier: 'dtdc', awb: 'a b' }, { courier: 'dtdc' }]) {
        const res = await staff('POST', `/api/admin/orders/${second.order._id}/shipment`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const missing = await staff('POST', '/api/admin/orders/no-such-order/shipment', {
        courier: 'dtdc',
        awb: 'DT0002',
      });
      expect(missing.statusCode).toBe(404);
      // Only staff ship orders.
      const byShopper = await me.call('POST', `/api/admin/orders/${second.order._id}/shipment`, {
        courier: 'dtdc',
        awb: 'DT0003',
      });
      expect(byShopper.statusCode).toBe(403);
      // Nothing was written by the refusals: the second order is still confirmed, with no parcel.
      expect((await staff('GET', `/api/admin/orders/${second.order._id}/shipment`)).json().data).toBeNull();
    });

    it("staff edit a courier's tracking link; only an https address with {awb} is taken", async () => {
      const saved = await staff('PUT', '/api/admin/couriers/other', {
        trackingUrlTemplate: 'https://track.example/?n={awb}',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { order } = await confirmedOrder();
      const res = await staff('POST', `/api/admin/orders/${order._id}/shipment`, { courier: 'other', awb: 'OT-99' });
      expect(res.json().data.trackingUrl).toBe('https://track.example/?n=OT-99');
      for (const trackingUrlTemplate of ['http://track.example/{awb}', 'https://track.example/', 'javascript:{awb}']) {
        const refused = await staff('PUT', '/api/admin/couriers/other', { trackingUrlTemplate });
        expect(refused.statusCode, trackingUrlTemplate).toBe(400);
      }
      expect((await staff('PUT', '/api/admin/couriers/other', { trackingUrlTemplate: '' })).statusCode).toBe(200);
      const list = (await staff('GET', '/api/admin/couriers')).json().data.couriers;
      expect(list).toHaveLength(8);
      expect(list.find((c: { courier: string }) => c.courier === 'other').trackingUrlTemplate).toBe('');
    });
  });

  describe('the webhook', () => {
    it('applies a signed event once: the replay is a duplicate, and the shopper sees the timeline', async () => {
      const { me, order, awb, shipment } = await shippedOrder();
      const body = event(awb, 'in_transit', { location: 'Bhiwandi hub' });
      const first = await hook(body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ outcome: 'applied', status: 'in_transit' });
      const replay = await hook(body);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data).toEqual({ outcome: 'duplicate', status: 'in_transit' });
      expect(await eventCount(shipment._id)).toBe(1);

      expect((await hook(event(awb, 'out_for_delivery'))).json().data.outcome).toBe('applied');
      const delivered = await hook(event(awb, 'delivered'));
      expect(delivered.json().data).toEqual({ outcome: 'applied', status: 'delivered' });

      const timeline = await myShipment(me, order._id);
      expect(timeline.status).toBe('delivered');
      expect(timeline.events.map((e) => [e.kind, e.source, e.location])).toEqual([
        ['in_transit', 'webhook', 'Bhiwandi hub'],
        ['out_for_delivery', 'webhook', null],
        ['delivered', 'webhook', null],
      ]);
      const placed = await orderOf(me, order._id);
      expect(placed.status).toBe('delivered');
      expect(await messagesTo(shop.handle.db, me.email, 'order-delivered')).toHaveLength(1);
      // Past delivery, a late event changes nothing.
      expect((await hook(event(awb, 'in_transit'))).json().data).toEqual({ outcome: 'ignored', status: 'delivered' });
    });

    it('refuses a missing, wrong or stale signature and a tampered body, recording nothing', async () => {
      const { awb, shipment } = await shippedOrder();
      const body = event(awb, 'in_transit');
      const raw = JSON.stringify(body);
      const tampered = JSON.stringify({ ...body, kind: 'delivered' });
      const attempts = [
        shop.app.inject({
          method: 'POST',
          url: '/api/shipments/events',
          headers: { 'content-type': 'application/json' },
          payload: raw,
        }),
        hook(body, 'not-a-signature'),
        hook(body, shipmentSignature('another-secret-entirely', raw)),
        shop.app.inject({
          method: 'POST',
          url: '/api/shipments/events',
          headers: { 'content-type': 'application/json', 'x-shipment-signature': shipmentSignature(SECRET, raw) },
          payload: tampered,
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe('INVALID_SIGNATURE');
      }
      expect(await eventCount(shipment._id)).toBe(0);
    });

    it('answers a signed body of the wrong shape 400, and an unknown AWB as ignored', async () => {
      const bad = await hook({ eventId: 'x', awb: 'DL1', kind: 'teleported', occurredAt: 'soon' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
      const unknown = await hook(event('NOSUCHAWB1', 'in_transit'));
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json().data).toEqual({ outcome: 'ignored', status: null });
    });

    it('is off (503) without a secret', async () => {
      const app = await buildApp({ database: shop.handle, catalogCacheMs: 0 });
      try {
        const res = await hook(event('DL0000', 'in_transit'), undefined, app);
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe('SHIPMENT_WEBHOOK_OFF');
      } finally {
        await app.close();
      }
    });
  });

  describe('failed deliveries and returns to origin', () => {
    it("emails each failed attempt, queues it for staff, and sends the parcel back after the owner's number", async () => {
      const { me, order, size, awb, shipment } = await shippedOrder('cod', 3);
      expect(await stockOf(shop.handle.db, size)).toBe(2);
      const failed = await hook(event(awb, 'delivery_failed', { reason: 'Customer not reachable' }));
      expect(failed.json().data).toEqual({ outcome: 'applied', status: 'delivery_failed' });

      const mails = await messagesTo(shop.handle.db, me.email, 'delivery-failed');
      expect(mails.map((m) => [m.data.attempt, m.data.maxAttempts, m.data.returning, m.data.reason])).toEqual([
        [1, 3, false, 'Customer not reachable'],
      ]);
      const queue = (await staff('GET', '/api/admin/delivery-problems')).json().data.problems;
      expect(queue.find((p: { orderNumber: string }) => p.orderNumber === order.orderNumber)).toMatchObject({
        reason: 'Customer not reachable',
        pinCode: order.shippingAddress.pinCode,
        ageHours: 0,
        shipment: { _id: shipment._id, failedAttempts: 1 },
      });

      // The shopper asks for another attempt with a new phone number; staff see it.
      const asked = await me.call('POST', `/api/order/${order._id}/shipment/reattempt`, { phone: '98765 43210' });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().data.reattempt).toEqual({ phone: '9876543210', requestedAt: expect.any(String) });
      const stranger = await apiShopper(shop.app);
      expect((await stranger.call('POST', `/api/order/${order._id}/shipment/reattempt`, {})).statusCode).toBe(404);

      await hook(event(awb, 'out_for_delivery'));
      await hook(event(awb, 'delivery_failed', { reason: 'Address not found' }));
      const third = await hook(event(awb, 'delivery_failed', { reason: 'Refused' }));
      expect(third.json().data).toEqual({ outcome: 'applied', status: 'rto_in_transit' });
      expect((await messagesTo(shop.handle.db, me.email, 'delivery-failed')).map((m) => m.data.returning)).toEqual([
        false,
        false,
        true,
      ]);
      // On its way back: the stock is not back yet, the order still shipped.
      expect(await stockOf(shop.handle.db, size)).toBe(2);
      expect((await orderOf(me, order._id)).status).toBe('shipped');
      expect((await hook(event(awb, 'delivered'))).json().data).toEqual({
        outcome: 'ignored',
        status: 'rto_in_transit',
      });

      const back = await hook(event(awb, 'rto_delivered'));
      expect(back.json().data).toEqual({ outcome: 'applied', status: 'rto_delivered' });
      expect(await stockOf(shop.handle.db, size)).toBe(3);
      const closed = await orderOf(me, order._id);
      expect(closed).toMatchObject({ status: 'cancelled', paymentStatus: 'cod' });
      expect(closed.history.at(-1)).toMatchObject({ status: 'cancelled', note: 'Returned to origin' });
      expect((await myShipment(me, order._id)).events.map((e) => e.kind)).toEqual([
        'delivery_failed',
        'out_for_delivery',
        'delivery_failed',
        'delivery_failed',
        'rto_initiated',
        'rto_delivered',
      ]);
      // No money moved for cash on delivery: the cancellation email refunds nothing.
      const [cancelled] = await messagesTo(shop.handle.db, me.email, 'order-cancelled');
      expect(cancelled!.data.refundAmount).toBeNull();
    });

    it('refunds a paid order that comes back', async () => {
      const { me, order, size, awb } = await shippedOrder('razorpay', 4);
      expect(
        (await staff('PUT', '/api/admin/shipment-settings', { ...DEFAULT_SETTINGS, maxDeliveryAttempts: 1 }))
          .statusCode,
      ).toBe(200);
      expect((await hook(event(awb, 'delivery_failed'))).json().data.status).toBe('rto_in_transit');
      expect((await hook(event(awb, 'rto_delivered'))).json().data.status).toBe('rto_delivered');
      expect(await stockOf(shop.handle.db, size)).toBe(4);
      expect(await orderOf(me, order._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    });

    it('staff record events too; a move the parcel cannot make is refused 409', async () => {
      const { me, order, shipment } = await shippedOrder();
      const res = await staff('POST', `/api/admin/shipments/${shipment._id}/events`, { kind: 'delivered' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.events).toMatchObject([{ kind: 'delivered', source: 'staff' }]);
      expect((await orderOf(me, order._id)).status).toBe('delivered');
      const late = await staff('POST', `/api/admin/shipments/${shipment._id}/events`, { kind: 'delivery_failed' });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('SHIPMENT_FINISHED');
      expect((await staff('POST', '/api/admin/shipments/nope/events', { kind: 'delivered' })).statusCode).toBe(404);
    });

    it('the spec\'s PATCH status "delivered" delivers the parcel too, and is refused while it comes back', async () => {
      const { me, order } = await shippedOrder();
      const res = await staff('PATCH', `/api/order/${order._id}/status`, { status: 'delivered' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('delivered');
      const parcel = await myShipment(me, order._id);
      expect(parcel.status).toBe('delivered');
      expect(parcel.events).toMatchObject([{ kind: 'delivered', source: 'staff' }]);
      // One delivery, one email, one history line.
      expect(await messagesTo(shop.handle.db, me.email, 'order-delivered')).toHaveLength(1);
      expect((await orderOf(me, order._id)).history.filter((h) => h.status === 'delivered')).toHaveLength(1);

      const returning = await shippedOrder();
      expect(
        (await staff('PUT', '/api/admin/shipment-settings', { ...DEFAULT_SETTINGS, maxDeliveryAttempts: 1 }))
          .statusCode,
      ).toBe(200);
      expect((await hook(event(returning.awb, 'delivery_failed'))).json().data.status).toBe('rto_in_transit');
      const refused = await staff('PATCH', `/api/order/${returning.order._id}/status`, { status: 'delivered' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('SHIPMENT_RETURNING');
      expect((await orderOf(returning.me, returning.order._id)).status).toBe('shipped');
    });

    it(`restocks exactly once when the parcel's return is reported many times at once (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { me, order, size, awb, shipment } = await shippedOrder('cod', 2);
        expect(await stockOf(shop.handle.db, size)).toBe(1);
        const reports = [
          ...Array.from({ length: 4 }, () => hook(event(awb, 'rto_delivered'))),
          hook(event(awb, 'rto_delivered', { eventId: 'same-event' + round + dialect })),
          hook(event(awb, 'rto_delivered', { eventId: 'same-event' + round + dialect })),
          staff('POST', `/api/admin/shipments/${shipment._id}/events`, { kind: 'rto_delivered' }),
          staff('POST', '/api/admin/shipments/import', `awb,status,time\n${awb},RTO Delivered,2026-11-28 10:00\n`),
        ];
        const answers = await Promise.all(reports);
        for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
        expect(await stockOf(shop.handle.db, size)).toBe(2);
        expect((await orderOf(me, order._id)).status).toBe('cancelled');
        expect(await eventCount(shipment._id)).toBe(1);
        expect(await messagesTo(shop.handle.db, me.email, 'order-cancelled')).toHaveLength(1);
      }
    });
  });

  describe('cash on delivery by returns to origin', () => {
    it("turns cash on delivery off for a PIN code whose return rate passes the owner's threshold", async () => {
      const pin = '560099';
      const elsewhere = { ...orderAddress, pinCode: pin };
      // Two finished parcels to this PIN code: one delivered, one back at the shop (50%).
      for (const kind of ['delivered', 'rto_delivered'] as const) {
        const { shipment, awb } = await shippedOrder();
        await shop.handle.db.updateTable('shipments').set({ pin_code: pin }).where('id', '=', shipment._id).execute();
        expect((await hook(event(awb, kind))).json().data.outcome).toBe('applied');
      }
      const codAt = async () => (await shop.app.inject({ method: 'GET', url: `/api/delivery/${pin}` })).json().data;
      expect((await codAt()).cod).toBe(true);

      const rule = { maxDeliveryAttempts: 3, rtoCodThresholdPercent: 50, rtoCodMinOrders: 2 };
      expect((await staff('PUT', '/api/admin/shipment-settings', rule)).statusCode).toBe(200);
      // At the threshold exactly, cash on delivery stays.
      expect((await codAt()).cod).toBe(true);
      expect(
        (await staff('PUT', '/api/admin/shipment-settings', { ...rule, rtoCodThresholdPercent: 40 })).statusCode,
      ).toBe(200);
      expect(await codAt()).toMatchObject({
        serviceable: true,
        cod: false,
        message: `Delivers to ${pin} · Cash on delivery isn't available for ${pin}`,
      });

      const me = await apiShopper(shop.app);
      await me.add(await freshSize(shop.handle.db, 2));
      const refused = await me.order('cod', { shippingAddress: elsewhere, billingAddress: elsewhere });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('COD_NOT_AVAILABLE');
      // Other PIN codes keep it; paying online still works here.
      expect((await shop.app.inject({ method: 'GET', url: '/api/delivery/560002' })).json().data.cod).toBe(true);
      expect((await me.order('razorpay', { shippingAddress: elsewhere, billingAddress: elsewhere })).statusCode).toBe(
        201,
      );

      const pins = (await staff('GET', '/api/admin/returns-by-pin')).json().data.pins;
      expect(pins.find((p: { pinCode: string }) => p.pinCode === pin)).toEqual({
        pinCode: pin,
        finished: 2,
        returned: 1,
        ratePercent: 50,
        codOff: true,
      });
      // Too few parcels to judge: cash on delivery again.
      expect(
        (
          await staff('PUT', '/api/admin/shipment-settings', {
            ...rule,
            rtoCodThresholdPercent: 40,
            rtoCodMinOrders: 3,
          })
        ).statusCode,
      ).toBe(200);
      expect((await codAt()).cod).toBe(true);
    });
  });

  describe('the CSV of AWB statuses', () => {
    it('applies good lines, reports bad ones by number, and takes nothing twice when uploaded again', async () => {
      const a = await shippedOrder();
      const b = await shippedOrder();
      const csv = [
        'AWB,Status,Remarks,Time',
        `${a.awb},In Transit,,2026-11-28 09:00`,
        `${a.awb},Out for delivery,,2026-11-28 10:00`,
        `${b.awb},Undelivered,"Door locked, no answer",2026-11-28 11:00`,
        `NOSUCH999,Delivered,,2026-11-28 11:00`,
        `${a.awb},Teleported,,2026-11-28 12:00`,
        `${a.awb},Delivered,,2026-11-28 13:00`,
        `${a.awb},Undelivered,,2026-11-28 14:00`,
      ].join('\n');
      const res = await staff('POST', '/api/admin/shipments/import', csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        applied: 4,
        duplicates: 0,
        errors: [
          { line: 5, message: 'No shipment has AWB number NOSUCH999.' },
          { line: 6, message: 'Unknown status "Teleported".' },
          { line: 8, message: `${a.awb}: This parcel has already been delivered or returned.` },
        ],
      });
      const shipmentB = await myShipment(b.me, b.order._id);
      expect(shipmentB).toMatchObject({ status: 'delivery_failed', failedAttempts: 1 });
      expect(shipmentB.events[0]).toMatchObject({
        kind: 'delivery_failed',
        reason: 'Door locked, no answer',
        source: 'csv',
        at: '2026-11-28T05:30:00.000Z',
      });

      const again = await staff('POST', '/api/admin/shipments/import', { csv });
      expect(again.json().data).toMatchObject({ applied: 0, duplicates: 4 });
      expect(await eventCount(a.shipment._id)).toBe(3);

      const noHeader = await staff('POST', '/api/admin/shipments/import', 'awb\nDL1\n');
      expect(noHeader.json().data.errors[0]).toMatchObject({ line: 1 });
    });
  });
});
