import { describe, expect, it } from 'vitest';
import {
  codOffForReturns,
  isTrackingTemplate,
  nextShipmentState,
  rtoRatePercent,
  shipmentEventFromText,
  trackingUrl,
  type ShipmentEventKind,
  type ShipmentMove,
  type ShipmentState,
} from './shipment-status.ts';

const at = (status: ShipmentState['status'], failedAttempts = 0): ShipmentState => ({ status, failedAttempts });
const moved = (
  status: ShipmentState['status'],
  failedAttempts = 0,
  extra: Partial<{ returning: boolean; finished: 'delivered' | 'returned' | null }> = {},
): ShipmentMove => ({ ok: true, status, failedAttempts, returning: false, finished: null, ...extra });

describe('nextShipmentState (three attempts allowed)', () => {
  it.each<[string, ShipmentState, ShipmentEventKind, ShipmentMove]>([
    ['shipped, then in transit', at('shipped'), 'in_transit', moved('in_transit')],
    ['in transit again (another hub)', at('in_transit'), 'in_transit', moved('in_transit')],
    ['out for delivery', at('in_transit'), 'out_for_delivery', moved('out_for_delivery')],
    ['delivered', at('out_for_delivery'), 'delivered', moved('delivered', 0, { finished: 'delivered' })],
    ['delivered with steps skipped', at('shipped'), 'delivered', moved('delivered', 0, { finished: 'delivered' })],
    ['a first failed attempt', at('out_for_delivery'), 'delivery_failed', moved('delivery_failed', 1)],
    ['a second failed attempt', at('out_for_delivery', 1), 'delivery_failed', moved('delivery_failed', 2)],
    [
      'the third failed attempt sends it back',
      at('out_for_delivery', 2),
      'delivery_failed',
      moved('rto_in_transit', 3, { returning: true }),
    ],
    ['out again after a failed attempt', at('delivery_failed', 1), 'out_for_delivery', moved('out_for_delivery', 1)],
    [
      'delivered after a failed attempt',
      at('delivery_failed', 2),
      'delivered',
      moved('delivered', 2, { finished: 'delivered' }),
    ],
    [
      'the courier sends it back (refused at the door)',
      at('out_for_delivery'),
      'rto_initiated',
      moved('rto_in_transit', 0, { returning: true }),
    ],
    ['on its way back, reported in transit', at('rto_in_transit', 3), 'in_transit', moved('rto_in_transit', 3)],
    ['on its way back, reported returning again', at('rto_in_transit'), 'rto_initiated', moved('rto_in_transit')],
    ['back at the shop', at('rto_in_transit', 3), 'rto_delivered', moved('rto_delivered', 3, { finished: 'returned' })],
    [
      'back at the shop with no return reported first',
      at('in_transit'),
      'rto_delivered',
      moved('rto_delivered', 0, { returning: true, finished: 'returned' }),
    ],
    ['delivered while returning', at('rto_in_transit'), 'delivered', { ok: false, reason: 'RETURNING' }],
    ['a failed attempt while returning', at('rto_in_transit'), 'delivery_failed', { ok: false, reason: 'RETURNING' }],
    ['out for delivery while returning', at('rto_in_transit'), 'out_for_delivery', { ok: false, reason: 'RETURNING' }],
    ['anything after delivery', at('delivered'), 'in_transit', { ok: false, reason: 'FINISHED' }],
    ['delivered twice', at('delivered'), 'delivered', { ok: false, reason: 'FINISHED' }],
    ['returned after delivery', at('delivered'), 'rto_delivered', { ok: false, reason: 'FINISHED' }],
    ['back twice', at('rto_delivered', 3), 'rto_delivered', { ok: false, reason: 'FINISHED' }],
    ['a failed attempt once back', at('rto_delivered'), 'delivery_failed', { ok: false, reason: 'FINISHED' }],
  ])('%s', (_case, state, event, expected) => {
    expect(nextShipmentState(state, event, 3)).toEqual(expected);
  });

  it('one attempt allowed: the first failure sends the parcel back', () => {
    expect(nextShipmentState(at('out_for_delivery'), 'delivery_failed', 1)).toEqual(
      moved('rto_in_transit', 1, { returning: true }),
    );
  });
});

describe('tracking links', () => {
  it.each([
    ['https://www.delhivery.com/track/package/{awb}', 'DL123', 'https://www.delhivery.com/track/package/DL123'],
    ['https://t.example/?a={awb}&b={awb}', 'A B', 'https://t.example/?a=A%20B&b=A%20B'],
    ['', 'DL123', null],
    ['https://courier.example/track', 'DL123', null],
  ])('%s with %s', (template, awb, expected) => {
    expect(trackingUrl(template, awb)).toBe(expected);
  });

  it.each([
    ['https://www.bluedart.com/?{awb}', true],
    ['', true],
    ['http://insecure.example/{awb}', false],
    ['https://no-placeholder.example/', false],
    ['javascript:alert(1)//{awb}', false],
    ['not a url {awb}', false],
  ])('template %s is acceptable: %s', (template, ok) => {
    expect(isTrackingTemplate(template)).toBe(ok);
  });
});

describe('shipmentEventFromText (aggregator exports)', () => {
  it.each<[string, ShipmentEventKind | null]>([
    ['In Transit', 'in_transit'],
    ['in_transit', 'in_transit'],
    ['Out For Delivery', 'out_for_delivery'],
    ['OFD', 'out_for_delivery'],
    ['Undelivered', 'delivery_failed'],
    ['NDR', 'delivery_failed'],
    ['delivery-failed', 'delivery_failed'],
    ['DELIVERED', 'delivered'],
    ['RTO Initiated', 'rto_initiated'],
    ['RTO In Transit', 'rto_initiated'],
    ['RTO Delivered', 'rto_delivered'],
    ['Returned to origin', 'rto_delivered'],
    ['Lost', null],
    ['', null],
  ])('%s', (text, kind) => {
    expect(shipmentEventFromText(text)).toBe(kind);
  });
});

describe('cash on delivery by returns to origin', () => {
  const rule = { thresholdPercent: 30, minOrders: 10 };
  it.each([
    ['off when no threshold is set', { thresholdPercent: null, minOrders: 10 }, { finished: 50, returned: 50 }, false],
    ['too few parcels to judge', rule, { finished: 9, returned: 9 }, false],
    ['at the threshold exactly', rule, { finished: 10, returned: 3 }, false],
    ['past the threshold', rule, { finished: 10, returned: 4 }, true],
    ['past it over many parcels', rule, { finished: 1000, returned: 301 }, true],
    ['a zero threshold: any return counts', { thresholdPercent: 0, minOrders: 1 }, { finished: 5, returned: 1 }, true],
    ['a zero threshold, no returns', { thresholdPercent: 0, minOrders: 1 }, { finished: 5, returned: 0 }, false],
  ])('%s', (_case, r, returns, off) => {
    expect(codOffForReturns(r, returns)).toBe(off);
  });

  it('the rate in percent, or null with nothing finished', () => {
    expect(rtoRatePercent({ finished: 8, returned: 2 })).toBe(25);
    expect(rtoRatePercent({ finished: 0, returned: 0 })).toBeNull();
  });
});
