/**
 * The staff dashboard's numbers: the stats rows (orders and revenue per shop day and status)
 * summed into today, the last 7 and the last 30 days, plus one point per day for a chart. Days
 * are the shop's, in India (`shop-time.ts`), on the server that counts them and here.
 */
import type { Paise } from './money.ts';
import { orderStatuses, type OrderStatus } from './order-status.ts';
import { addDays, daysBetween, shopDay } from './shop-time.ts';

export interface OrderStatsInput {
  /** The shop day (in India) the orders were placed, YYYY-MM-DD. */
  date: string;
  status: OrderStatus;
  orders: number;
  /** Money taken less refunds (the server counts cash once delivered, online payments once captured). */
  revenue: Paise;
}

export interface StatusTally {
  orders: number;
  revenue: Paise;
}

export interface StatsPeriod {
  /** Every order placed in the period, cancelled ones included. */
  orders: number;
  /** Money taken: cancelled orders are left out, since their money is not kept. */
  revenue: Paise;
  byStatus: Record<OrderStatus, StatusTally>;
}

export interface StatsDay {
  date: string;
  orders: number;
  /** Cancelled orders left out, as in `StatsPeriod.revenue`. */
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
  return { orders: 0, revenue: 0, byStatus };
}

function keptRevenue(row: { status: OrderStatus; revenue: Paise }): Paise {
  return row.status === 'cancelled' ? 0 : row.revenue;
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

    for (const period of ['today', 'last7Days', 'last30Days'] as const) {
      if (daysAgo >= statsPeriodDays[period]) continue;
      const tally = summary[period];
      tally.orders += row.orders;
      tally.revenue += keptRevenue(row);
      tally.byStatus[row.status].orders += row.orders;
      tally.byStatus[row.status].revenue += row.revenue;
    }
    const day = days[days.length - 1 - daysAgo]!;
    day.orders += row.orders;
    day.revenue += keptRevenue(row);
  }
  return summary;
}
