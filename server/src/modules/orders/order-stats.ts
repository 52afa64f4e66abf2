import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as repo from './orders.repository.ts';

/** Orders and revenue by day and status for the last `days` days. */
export async function orderStats(db: Kysely<Database>, days = 30, now = new Date()) {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const rows = await repo.statsByDayAndStatus(db, since);
  return rows.map((r) => ({
    date: r.date,
    status: r.status,
    orders: Number(r.orders),
    revenue: Number(r.revenue ?? 0),
  }));
}
