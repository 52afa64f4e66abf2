import type { Kysely, Transaction } from 'kysely';
import { customerCancellation, type Order, type OrderDocument, type OrderStatus } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { documentsOf } from '../invoices/invoices.service.ts';
import * as repo from './orders.repository.ts';

/** Orders as the API answers them: the rows as written, with lines, history and tax documents. */

export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');

export function toOrder(
  row: repo.OrderRow,
  items: repo.OrderItemRow[],
  events: repo.OrderEventRow[],
  documents: OrderDocument[],
  now: Date,
): Order {
  const shippingAddress = JSON.parse(row.shipping_address);
  return {
    _id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      image: i.image,
      color: i.color,
      size: i.size,
      sku: i.sku,
      quantity: i.quantity,
      price: i.price,
      lineTotal: i.price * i.quantity,
    })),
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    totals: {
      subtotal: row.subtotal,
      discountAmount: row.discount,
      shipping: row.shipping,
      gst: row.gst,
      total: row.total,
      gstIncluded: row.prices_include_gst === 1,
    },
    total: row.total,
    coupon: row.coupon_code ? { code: row.coupon_code, label: row.coupon_label ?? '' } : null,
    shippingAddress,
    billingAddress: JSON.parse(row.billing_address),
    notes: row.notes,
    createdAt: row.created_at,
    cancellable: customerCancellation({ status: row.status, createdAt: row.created_at }, now).ok,
    history: events.map((e) => ({ status: e.status as OrderStatus, at: e.created_at, note: e.note })),
    documents,
  };
}

/** Orders with their lines, history and tax documents: four queries however many orders. */
async function ordersWithDetails(
  db: Kysely<Database> | Transaction<Database>,
  rows: repo.OrderRow[],
  now: Date,
): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [items, events, documents] = await Promise.all([
    repo.findItems(db, ids),
    repo.findEvents(db, ids),
    documentsOf(db, ids),
  ]);
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((i) => i.order_id === row.id),
      events.filter((e) => e.order_id === row.id),
      documents.get(row.id) ?? [],
      now,
    ),
  );
}

export async function getOrder(db: Kysely<Database>, id: string, now = new Date()): Promise<Order> {
  const row = await repo.findOrder(db, id);
  if (!row) throw orderNotFound();
  const [order] = await ordersWithDetails(db, [row], now);
  return order!;
}

export async function listOrders(db: Kysely<Database>, userId: string, now = new Date()): Promise<Order[]> {
  return ordersWithDetails(db, await repo.findOrdersOf(db, userId), now);
}
