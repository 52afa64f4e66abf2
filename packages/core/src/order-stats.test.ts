import { describe, expect, it } from 'vitest';
import { orderStatuses } from './order-status.ts';
import {
  netRevenue,
  rtoRatesByPin,
  summariseOrderStats,
  type OrderStatsInput,
  type StatsPeriod,
} from './order-stats.ts';

// 21 Nov 2026, 22:30 in India: still the 21st there.
const now = new Date('2026-11-21T17:00:00Z');

const row = (
  date: string,
  status: OrderStatsInput['status'],
  orders: number,
  taken: number,
  extra: Partial<OrderStatsInput> = {},
): OrderStatsInput => ({ date, status, orders, taken, refunded: 0, returnedToOrigin: false, ...extra });

type Expected = { orders: number; revenue: number };

describe('summariseOrderStats', () => {
  it.each<[string, OrderStatsInput[], Expected, Expected, Expected]>([
    ['no rows', [], { orders: 0, revenue: 0 }, { orders: 0, revenue: 0 }, { orders: 0, revenue: 0 }],
    [
      'one order today',
      [row('2026-11-21', 'pending', 1, 284200)],
      { orders: 1, revenue: 284200 },
      { orders: 1, revenue: 284200 },
      { orders: 1, revenue: 284200 },
    ],
    [
      'cancelled orders count as orders but not as revenue',
      [row('2026-11-21', 'delivered', 2, 100000), row('2026-11-21', 'cancelled', 1, 50000)],
      { orders: 3, revenue: 100000 },
      { orders: 3, revenue: 100000 },
      { orders: 3, revenue: 100000 },
    ],
    [
      'the 7-day window holds today and the 6 days before',
      [row('2026-11-15', 'shipped', 1, 1000), row('2026-11-14', 'shipped', 1, 2000)],
      { orders: 0, revenue: 0 },
      { orders: 1, revenue: 1000 },
      { orders: 2, revenue: 3000 },
    ],
    [
      'the 30-day window holds today and the 29 days before',
      [row('2026-10-23', 'confirmed', 4, 4000), row('2026-10-22', 'confirmed', 8, 8000)],
      { orders: 0, revenue: 0 },
      { orders: 0, revenue: 0 },
      { orders: 4, revenue: 4000 },
    ],
    [
      'a day after today (a server clock running ahead) counts as today',
      [row('2026-11-22', 'pending', 1, 500)],
      { orders: 1, revenue: 500 },
      { orders: 1, revenue: 500 },
      { orders: 1, revenue: 500 },
    ],
    [
      'an unreadable date is ignored',
      [row('not a day', 'pending', 1, 500), row('2026-11-20', 'pending', 1, 700)],
      { orders: 0, revenue: 0 },
      { orders: 1, revenue: 700 },
      { orders: 1, revenue: 700 },
    ],
    [
      'several statuses on several days',
      [
        row('2026-11-21', 'pending', 2, 2000),
        row('2026-11-19', 'delivered', 3, 9000),
        row('2026-11-19', 'cancelled', 1, 4000),
        row('2026-11-01', 'shipped', 5, 25000),
      ],
      { orders: 2, revenue: 2000 },
      { orders: 6, revenue: 11000 },
      { orders: 11, revenue: 36000 },
    ],
  ])('%s', (_case, rows, today, last7Days, last30Days) => {
    const summary = summariseOrderStats(rows, now);
    expect({ orders: summary.today.orders, revenue: summary.today.revenue }).toEqual(today);
    expect({ orders: summary.last7Days.orders, revenue: summary.last7Days.revenue }).toEqual(last7Days);
    expect({ orders: summary.last30Days.orders, revenue: summary.last30Days.revenue }).toEqual(last30Days);

    // Invariants: each period's statuses add up to it, and a shorter period never exceeds a longer one.
    for (const period of [summary.today, summary.last7Days, summary.last30Days]) expectStatusesAddUp(period);
    for (const status of orderStatuses) {
      expect(summary.today.byStatus[status].orders).toBeLessThanOrEqual(summary.last7Days.byStatus[status].orders);
      expect(summary.last7Days.byStatus[status].orders).toBeLessThanOrEqual(summary.last30Days.byStatus[status].orders);
    }
    // The chart's days are the 30-day period, day by day.
    expect(summary.days).toHaveLength(30);
    expect(summary.days.reduce((sum, day) => sum + day.orders, 0)).toBe(summary.last30Days.orders);
    expect(summary.days.reduce((sum, day) => sum + day.revenue, 0)).toBe(summary.last30Days.revenue);
    expect(summary.days.at(-1)!.orders).toBe(summary.today.orders);
  });

  it('lists the 30 days ending today, oldest first, across a month end', () => {
    const { days } = summariseOrderStats([row('2026-11-01', 'pending', 1, 100)], now);
    expect(days[0]!.date).toBe('2026-10-23');
    expect(days.at(-1)!.date).toBe('2026-11-21');
    expect(days.find((day) => day.date === '2026-11-01')).toEqual({ date: '2026-11-01', orders: 1, revenue: 100 });
    expect(new Set(days.map((day) => day.date)).size).toBe(30);
  });

  it('keeps each status with the money it kept: cancelled orders none, even with a refund still owed', () => {
    const { today } = summariseOrderStats(
      [row('2026-11-21', 'cancelled', 1, 4000, { refunded: 4000 }), row('2026-11-21', 'cancelled', 2, 6000)],
      now,
    );
    expect(today.byStatus.cancelled).toEqual({ orders: 3, revenue: 0 });
    expect(today.byStatus.pending).toEqual({ orders: 0, revenue: 0 });
    expect(today.revenue).toBe(0);
    expect(today.refunds).toBe(4000);
  });

  it('nets refunds and returned parcels out of the revenue, and counts them for the period', () => {
    const summary = summariseOrderStats(
      [
        row('2026-11-21', 'delivered', 2, 200000, { refunded: 30000 }), // a partial refund after delivery
        row('2026-11-21', 'shipped', 1, 50000, { returnedToOrigin: true }), // paid, on its way back
        row('2026-11-20', 'cancelled', 1, 80000, { refunded: 80000, returnedToOrigin: true }), // back, refunded
        row('2026-11-20', 'cancelled', 2, 0, { returnedToOrigin: true }), // cash parcels back: nothing moved
        row('2026-11-01', 'confirmed', 1, 10000, { refunded: 10000 }), // refunded by staff, still confirmed
      ],
      now,
    );
    expect(summary.today).toMatchObject({ orders: 3, revenue: 170000, refunds: 30000, returnedToOrigin: 1 });
    expect(summary.last7Days).toMatchObject({ orders: 6, revenue: 170000, refunds: 110000, returnedToOrigin: 4 });
    expect(summary.last30Days).toMatchObject({ orders: 7, revenue: 170000, refunds: 120000, returnedToOrigin: 4 });
    expect(summary.last30Days.byStatus.shipped).toEqual({ orders: 1, revenue: 0 });
    expectStatusesAddUp(summary.last30Days);
  });

  it.each([
    // Before Indian midnight the 22nd's row is a day ahead (a clock running fast): counted as today.
    ['22:30 in India, 17:00 UTC', '2026-11-21T17:00:00Z', '2026-11-21', 3],
    ['the last instant of the 21st in India', '2026-11-21T18:29:59.999Z', '2026-11-21', 3],
    ['Indian midnight, 18:30 UTC on the 21st', '2026-11-21T18:30:00Z', '2026-11-22', 2],
    ['01:30 on the 22nd in India, 20:00 UTC on the 21st', '2026-11-21T20:00:00Z', '2026-11-22', 2],
  ])('counts today in India: at %s', (_case, at, today, ordersToday) => {
    const rows = [row('2026-11-21', 'pending', 1, 100), row('2026-11-22', 'pending', 2, 200)];
    const summary = summariseOrderStats(rows, new Date(at));
    expect(summary.days.at(-1)!.date).toBe(today);
    expect(summary.today.orders).toBe(ordersToday);
    expect(summary.last7Days.orders).toBe(3);
  });
});

describe("netRevenue: what the shop keeps of some orders' money", () => {
  it.each<[string, Parameters<typeof netRevenue>[0], number]>([
    ['delivered cash', { status: 'delivered', returnedToOrigin: false, taken: 1000, refunded: 0 }, 1000],
    ['a partial refund', { status: 'delivered', returnedToOrigin: false, taken: 1000, refunded: 250 }, 750],
    ['refunded in full', { status: 'confirmed', returnedToOrigin: false, taken: 1000, refunded: 1000 }, 0],
    [
      'refunds above the takings never go below zero',
      { status: 'delivered', returnedToOrigin: false, taken: 1000, refunded: 1200 },
      0,
    ],
    ['cancelled, refund still owed', { status: 'cancelled', returnedToOrigin: false, taken: 1000, refunded: 0 }, 0],
    [
      'paid, parcel on its way back, not yet refunded',
      { status: 'shipped', returnedToOrigin: true, taken: 1000, refunded: 0 },
      0,
    ],
    ['nothing taken', { status: 'pending', returnedToOrigin: false, taken: 0, refunded: 0 }, 0],
  ])('%s', (_case, input, kept) => {
    expect(netRevenue(input)).toBe(kept);
  });
});

describe('rtoRatesByPin', () => {
  it.each<[string, Parameters<typeof rtoRatesByPin>[0], [string, number, number, number][]]>([
    ['none', [], []],
    ['a PIN code shipped to none is left out', [{ pinCode: '560001', shipped: 0, returned: 0 }], []],
    [
      'the highest rate first, to one decimal',
      [
        { pinCode: '110001', shipped: 3, returned: 1 },
        { pinCode: '560001', shipped: 4, returned: 2 },
        { pinCode: '400001', shipped: 5, returned: 0 },
      ],
      [
        ['560001', 4, 2, 50],
        ['110001', 3, 1, 33.3],
        ['400001', 5, 0, 0],
      ],
    ],
    [
      'equal rates: the PIN code shipped to most first, then by PIN code',
      [
        { pinCode: '600002', shipped: 2, returned: 1 },
        { pinCode: '600001', shipped: 2, returned: 1 },
        { pinCode: '700001', shipped: 10, returned: 5 },
      ],
      [
        ['700001', 10, 5, 50],
        ['600001', 2, 1, 50],
        ['600002', 2, 1, 50],
      ],
    ],
    ['returns never exceed shipments', [{ pinCode: '110001', shipped: 2, returned: 3 }], [['110001', 2, 2, 100]]],
    ['two in three', [{ pinCode: '110001', shipped: 3, returned: 2 }], [['110001', 3, 2, 66.7]]],
  ])('%s', (_case, rows, expected) => {
    expect(rtoRatesByPin(rows).map((r) => [r.pinCode, r.shipped, r.returned, r.ratePercent])).toEqual(expected);
  });
});

function expectStatusesAddUp(period: StatsPeriod) {
  const tallies = orderStatuses.map((status) => period.byStatus[status]);
  expect(tallies.reduce((sum, t) => sum + t.orders, 0)).toBe(period.orders);
  const kept = orderStatuses.map((s) => period.byStatus[s].revenue);
  expect(kept.reduce((sum, r) => sum + r, 0)).toBe(period.revenue);
}
