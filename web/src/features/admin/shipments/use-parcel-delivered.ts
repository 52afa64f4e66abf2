import type { Order } from '@shop/core';
import { useGetOrderShipmentQuery, useRecordShipmentEventMutation } from './api.ts';

/**
 * For an order whose parcel is still on its way out: records the parcel delivered (which
 * moves the order to delivered, with its email). Null when the order has no such parcel, and
 * the order's status is moved as before.
 */
export function useParcelDelivered(order: Pick<Order, '_id' | 'history'>): (() => Promise<unknown>) | null {
  const shipped = order.history.some((event) => event.status === 'shipped');
  const { data: parcel } = useGetOrderShipmentQuery(order._id, { skip: !shipped });
  const [recordEvent] = useRecordShipmentEventMutation();
  if (!parcel || parcel.status === 'delivered' || parcel.status.startsWith('rto_')) return null;
  return () =>
    recordEvent({ shipmentId: parcel._id, orderId: order._id, body: { kind: 'delivered', reason: null } }).unwrap();
}
