import { addDays, shopDay, shopDayOfUtcDate, shopDayStart, type OrderStatus } from '@shop/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as repo from './orders.repository.ts';

/**
 * Orders and revenue by shop day (in India) and status for the last `days` shop days, today
 * included, oldest first: an order placed at 20:00 UTC counts on the next day, as it does there.
 */
export async function orderStats(db: Kysely<Database>, days = 30, now = new Date()) {
  const since = shopDayStart(addDays(shopDay(now), 1 - days)).toISOString();
  const byDayAndStatus = new Map<string, { date: string; status: OrderStatus; orders: number; revenue: number }>();
  for (const r of await repo.statsByDayAndStatus(db, since)) {
    const date = shopDayOfUtcDate(r.utc_date, Number(r.from_day_start) === 1);
    const key = `${date} ${r.status}`;
    const row = byDayAndStatus.get(key) ?? { date, status: r.status, orders: 0, revenue: 0 };
    row.orders += Number(r.orders);
    row.revenue += Number(r.revenue ?? 0);
    byDayAndStatus.set(key, row);
  }
  return [...byDayAndStatus.values()].sort((a, b) => a.date.localeCompare(b.date) || a.status.localeCompare(b.status));
}
