import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { accountContact } from '../auth/auth.service.ts';
import { enqueueMessage } from '../messages/messages.service.ts';
import * as repo from './orders.repository.ts';

type Trx = Transaction<Database>;

/** Who besides the shopper hears about orders. */
export interface OrderMailSettings {
  /** Where staff get "new order" (STAFF_ORDER_EMAIL); null: nowhere. */
  staffOrderEmail: string | null;
  /** Signs the links of a cash order's confirmation email; absent: no such email. */
  orderLinkKey?: Uint8Array;
}

export const noStaffMail: OrderMailSettings = { staffOrderEmail: null };

/**
 * The emails about orders, each queued in the transaction of the change it reports (so it is
 * sent if and only if that change commits), from the order as stored: the totals are the
 * order's own, those the checkout showed.
 */
async function shopper(trx: Trx, order: repo.OrderRow) {
  const contact = await accountContact(trx, order.user_id);
  return { contact, facts: { firstName: contact.firstName, orderNumber: order.order_number } };
}

/** Where a shopper finds their orders, and pays one waiting for its payment. */
const MY_ORDERS = '/profile?view=orders';

const about = (order: repo.OrderRow, to: string) => ({ to, userId: order.user_id, orderId: order.id });

/** Who to write to about an account's orders. */
export type OrderContact = Awaited<ReturnType<typeof accountContact>>;

/**
 * The order email ("Thank you for your order": number, lines, totals, address and payment
 * method) and staff's "new order", once per order, when the order becomes a sale: a cash order
 * when it is placed, an online order when its payment arrives (never when "Pay" is pressed: an
 * order nobody pays for is no order to thank anyone for). From the order and lines as stored,
 * and the shopper's contact.
 */
export async function queueOrderPlaced(
  trx: Trx,
  { order, items, contact }: { order: repo.OrderRow; items: repo.OrderItemRow[]; contact: OrderContact },
  mail: OrderMailSettings,
  now: Date,
): Promise<void> {
  const facts = { firstName: contact.firstName, orderNumber: order.order_number };
  await enqueueMessage(
    trx,
    {
      template: 'order-placed',
      ...about(order, contact.email),
      data: {
        ...facts,
        lines: items.map((i) => ({
          name: i.name,
          color: i.color,
          size: i.size,
          sku: i.sku,
          quantity: i.quantity,
          lineTotal: i.price * i.quantity,
        })),
        totals: {
          subtotal: order.subtotal,
          discount: order.discount,
          shipping: order.shipping,
          gst: order.gst,
          total: order.total,
          gstIncluded: order.prices_include_gst === 1,
        },
        couponCode: order.coupon_code,
        shippingAddress: JSON.parse(order.shipping_address),
        paymentMethod: order.payment_method,
      },
    },
    now,
  );
  await queueStaffNewOrder(trx, order, items, contact, mail, now);
}

async function queueStaffNewOrder(
  trx: Trx,
  order: repo.OrderRow,
  items: repo.OrderItemRow[],
  contact: { email: string; fullName: string },
  mail: OrderMailSettings,
  now: Date,
) {
  if (!mail.staffOrderEmail) return;
  await enqueueMessage(
    trx,
    {
      template: 'staff-new-order',
      to: mail.staffOrderEmail,
      orderId: order.id,
      data: {
        orderNumber: order.order_number,
        orderId: order.id,
        customerName: contact.fullName || contact.email,
        customerEmail: contact.email,
        itemCount: items.reduce((n, i) => n + i.quantity, 0),
        total: order.total,
        paymentMethod: order.payment_method,
      },
    },
    now,
  );
}

/** The order email of an online order now paid (queueOrderPlaced), from its order as stored. */
export async function queueOnlineOrderPaid(
  trx: Trx,
  order: repo.OrderRow,
  mail: OrderMailSettings,
  now: Date,
): Promise<void> {
  const [contact, items] = await Promise.all([accountContact(trx, order.user_id), repo.findItems(trx, [order.id])]);
  await queueOrderPlaced(trx, { order, items, contact }, mail, now);
}

/**
 * "Complete your payment": the one reminder an online order waiting for its payment gets,
 * with the way to pay it and when it is given up.
 */
export async function queuePaymentReminder(trx: Trx, order: repo.OrderRow, payBy: Date, now: Date): Promise<void> {
  const { contact, facts } = await shopper(trx, order);
  await enqueueMessage(
    trx,
    {
      template: 'payment-reminder',
      ...about(order, contact.email),
      data: { ...facts, total: order.total, payBy: payBy.toISOString(), link: MY_ORDERS },
    },
    now,
  );
}

/** "Order cancelled", with what is refunded (null when nothing was paid). */
export async function queueOrderCancelled(
  trx: Trx,
  order: repo.OrderRow,
  refundAmount: number | null,
  now: Date,
): Promise<void> {
  const { contact, facts } = await shopper(trx, order);
  await enqueueMessage(
    trx,
    { template: 'order-cancelled', ...about(order, contact.email), data: { ...facts, refundAmount } },
    now,
  );
}

/** The parcel a shipped email names: its courier, AWB number and tracking link (null: none). */
export interface ParcelFacts {
  courierName: string;
  awb: string;
  trackingUrl: string | null;
}

/** "On its way" (with the parcel, when there is one) and "delivered": the moves a shopper waits to hear about. */
export async function queueOrderMoved(
  trx: Trx,
  order: repo.OrderRow,
  to: 'shipped' | 'delivered',
  now: Date,
  parcel?: ParcelFacts,
): Promise<void> {
  const { contact, facts } = await shopper(trx, order);
  const message =
    to === 'shipped'
      ? ({ template: 'order-shipped', data: { ...facts, ...(parcel && { parcel }) } } as const)
      : ({ template: 'order-delivered', data: facts } as const);
  await enqueueMessage(trx, { ...message, ...about(order, contact.email) }, now);
}

/** "Delivery attempt failed": the courier's reason, and whether the parcel now comes back. */
export async function queueDeliveryFailed(
  trx: Trx,
  order: repo.OrderRow,
  attempt: { parcel: ParcelFacts; reason: string | null; attempt: number; maxAttempts: number; returning: boolean },
  now: Date,
): Promise<void> {
  const { contact, facts } = await shopper(trx, order);
  await enqueueMessage(
    trx,
    { template: 'delivery-failed', ...about(order, contact.email), data: { ...facts, ...attempt } },
    now,
  );
}

/** "Refund recorded": the amount, and the provider's or staff's reference. */
export async function queueRefundRecorded(
  trx: Trx,
  order: repo.OrderRow,
  refund: { amount: number; reference: string | null },
  now: Date,
): Promise<void> {
  const { contact, facts } = await shopper(trx, order);
  await enqueueMessage(
    trx,
    { template: 'refund-recorded', ...about(order, contact.email), data: { ...facts, ...refund } },
    now,
  );
}
