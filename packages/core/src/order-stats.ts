/**
 * The staff dashboard's numbers: the stats rows (orders and money per shop day and status)
 * summed into today, the last 7 and the last 30 days, plus one point per day for a chart, and
 * the returns to origin by PIN code. Days are the shop's, in India (`shop-time.ts`), on the
 * server that counts them and here.
 */
import type { Paise } from './money.ts';
import { orderStatuses, type OrderStatus } from './order-status.ts';
import { addDays, daysBetween, shopDay } from './shop-time.ts';

export interface OrderStatsInput {
  /** The shop day (in India) the orders were placed, YYYY-MM-DD. */
  date: string;
  status: OrderStatus;
  /** The orders' parcels went back to the shop, or are on their way back (returned to origin). */
  returnedToOrigin: boolean;
  orders: number;
  /** Money taken: cash once delivered, online payments once captured, refunded since or not. */
  taken: Paise;
  /** Every refund recorded on these orders (cancellations, returns to origin, refunds by staff). */
  refunded: Paise;
}

/**
 * What the shop keeps of some orders' money: what was taken less what was refunded. A cancelled
 * order keeps nothing (a refund still owed is not the shop's), and nor does a parcel returned
 * to origin, even before its refund is made: the goods are coming back and so will the money.
 */
export function netRevenue(row: Pick<OrderStatsInput, 'status' | 'returnedToOrigin' | 'taken' | 'refunded'>): Paise {
  if (row.status === 'cancelled' || row.returnedToOrigin) return 0;
  return Math.max(0, row.taken - row.refunded);
}

export interface StatusTally {
  orders: number;
  revenue: Paise;
}

export interface StatsPeriod {
  /** Every order placed in the period, cancelled ones included. */
  orders: number;
  /** Money kept (`netRevenue`): taken, less refunds, less cancelled orders and returned parcels. */
  revenue: Paise;
  /** The refunds recorded on the period's orders. */
  refunds: Paise;
  /** The period's orders whose parcel was returned to origin (or is on its way back). */
  returnedToOrigin: number;
  /** Orders and the money kept by status; the statuses' revenues add up to the period's. */
  byStatus: Record<OrderStatus, StatusTally>;
}

export interface StatsDay {
  date: string;
  orders: number;
  /** Money kept, as in `StatsPeriod.revenue`. */
  revenue: Paise;
}

export interface OrderStatsSummary {
  today: StatsPeriod;
  last7Days: StatsPeriod;
  last30Days: StatsPeriod;
  /** The 30 days ending today, oldest first, days without orders as zeros. */
  days: StatsDay[];
}

/** The periods, as the number of days (today included) each reaches back. */
export const statsPeriodDays = { today: 1, last7Days: 7, last30Days: 30 } as const;

function emptyPeriod(): StatsPeriod {
  const byStatus = Object.fromEntries(orderStatuses.map((s) => [s, { orders: 0, revenue: 0 }])) as Record<
    OrderStatus,
    StatusTally
  >;
  return { orders: 0, revenue: 0, refunds: 0, returnedToOrigin: 0, byStatus };
}

export function summariseOrderStats(rows: readonly OrderStatsInput[], now: Date): OrderStatsSummary {
  const today = shopDay(now);
  const days: StatsDay[] = Array.from({ length: statsPeriodDays.last30Days }, (_, i) => ({
    date: addDays(today, i - (statsPeriodDays.last30Days - 1)),
    orders: 0,
    revenue: 0,
  }));
  const summary = { today: emptyPeriod(), last7Days: emptyPeriod(), last30Days: emptyPeriod(), days };

  for (const row of rows) {
    const sinceRow = daysBetween(row.date, today);
    if (Number.isNaN(sinceRow)) continue;
    // A day after today means the server's clock runs ahead of this one: count it as today
    // rather than lose a fresh order.
    const daysAgo = Math.max(0, sinceRow);
    if (daysAgo >= statsPeriodDays.last30Days) continue;

    const kept = netRevenue(row);
    for (const period of ['today', 'last7Days', 'last30Days'] as const) {
      if (daysAgo >= statsPeriodDays[period]) continue;
      const tally = summary[period];
      tally.orders += row.orders;
      tally.revenue += kept;
      tally.refunds += row.refunded;
      if (row.returnedToOrigin) tally.returnedToOrigin += row.orders;
      tally.byStatus[row.status].orders += row.orders;
      tally.byStatus[row.status].revenue += kept;
    }
    const day = days[days.length - 1 - daysAgo]!;
    day.orders += row.orders;
    day.revenue += kept;
  }
  return summary;
}

/** Parcels shipped to one PIN code in a period, and how many of them went back. */
export interface PinShipments {
  pinCode: string;
  shipped: number;
  /** Returned to origin, or on their way back. */
  returned: number;
}

export interface PinRtoRate extends PinShipments {
  /** Returned × 100 / shipped, to one decimal. */
  ratePercent: number;
}

/**
 * The returns to origin by PIN code for the dashboard: the rate of each PIN code that was shipped
 * to, the highest first; between equal rates the PIN code shipped to most (the surer rate), then
 * by PIN code, so the order never shuffles between two loads.
 */
export function rtoRatesByPin(rows: readonly PinShipments[]): PinRtoRate[] {
  return rows
    .filter((row) => row.shipped > 0)
    .map((row) => {
      const returned = Math.min(row.returned, row.shipped);
      return { ...row, returned, ratePercent: Math.round((returned * 1000) / row.shipped) / 10 };
    })
    .sort((a, b) => b.ratePercent - a.ratePercent || b.shipped - a.shipped || a.pinCode.localeCompare(b.pinCode));
}
