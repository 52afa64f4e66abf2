import { addDays, netRevenue, shopDay, shopDayOfUtcDate, shopDayStart, type OrderStatsInput } from '@shop/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as repo from './orders.repository.ts';

/**
 * Orders and their money by shop day (in India), status and return to origin for the last
 * `days` shop days, today included, oldest first: an order placed at 20:00 UTC counts on the
 * next day, as it does there. `revenue` is core's `netRevenue` of each row, so the API and the
 * dashboard keep the same money.
 */
export async function orderStats(db: Kysely<Database>, days = 30, now = new Date()) {
  const since = shopDayStart(addDays(shopDay(now), 1 - days)).toISOString();
  const rows = new Map<string, OrderStatsInput>();
  for (const r of await repo.statsByDayAndStatus(db, since)) {
    const date = shopDayOfUtcDate(r.utc_date, Number(r.from_day_start) === 1);
    const returnedToOrigin = Number(r.returned_to_origin) === 1;
    const key = `${date} ${r.status} ${returnedToOrigin}`;
    const row = rows.get(key) ?? { date, status: r.status, returnedToOrigin, orders: 0, taken: 0, refunded: 0 };
    row.orders += Number(r.orders);
    row.taken += Number(r.taken ?? 0);
    row.refunded += Number(r.refunded ?? 0);
    rows.set(key, row);
  }
  return [...rows.values()]
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.status.localeCompare(b.status) ||
        Number(a.returnedToOrigin) - Number(b.returnedToOrigin),
    )
    .map((row) => ({ ...row, revenue: netRevenue(row) }));
}
