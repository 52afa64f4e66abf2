import { sql, type Kysely } from 'kysely';
import type { OrderStatus } from '@shop/core';
import { containsPattern } from '../../lib/sql-text.ts';
import type { Database } from '../../db/schema.ts';

/** What staff narrow the order list by. Times are ISO text, compared as text like the column. */
export interface AdminOrderFilter {
  status?: OrderStatus | undefined;
  /** Placed at or after this instant. */
  since?: string | undefined;
  /** Placed before this instant. */
  before?: string | undefined;
  /** Part of the order number or of the customer's email. */
  q?: string | undefined;
}

function filteredOrders(db: Kysely<Database>, filter: AdminOrderFilter) {
  let query = db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id');
  if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
  if (filter.since !== undefined) query = query.where('o.created_at', '>=', filter.since);
  if (filter.before !== undefined) query = query.where('o.created_at', '<', filter.before);
  if (filter.q !== undefined) {
    // Order numbers are upper case and emails lower case when stored, so matching the
    // query in each case is case-insensitive on both databases (PostgreSQL's LIKE is not).
    const number = containsPattern(filter.q.toUpperCase());
    const email = containsPattern(filter.q.toLowerCase());
    query = query.where(sql<boolean>`(o.order_number like ${number} escape '\\' or u.email like ${email} escape '\\')`);
  }
  return query;
}

export async function countOrders(db: Kysely<Database>, filter: AdminOrderFilter): Promise<number> {
  const row = await filteredOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of orders, newest first, with customer and piece count: one statement. */
export function findOrderPage(db: Kysely<Database>, filter: AdminOrderFilter, offset: number, limit: number) {
  return filteredOrders(db, filter)
    .select((eb) => [
      'o.id',
      'o.order_number',
      'o.created_at',
      'o.status',
      'o.payment_method',
      'o.payment_status',
      'o.total',
      'o.cod_confirmed_at',
      'o.cod_confirmed_via',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      eb
        .selectFrom('order_items as i')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('i.quantity'), sql<number>`0`).as('n'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('item_count'),
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The customer who placed an order. */
export function findOrderCustomer(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.phone'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}
