import { messageTemplates, orderAddress, paymentMethods, type MessageTemplate } from '@shop/core';
import { z } from 'zod';

/**
 * What each message needs to be written, as the service that sends it stores it in the
 * outbox (JSON). Amounts are integer paise, as everywhere inside the shop; the templates
 * format them as the storefront does. Links are paths on the shop ("/reset-password?token=…"):
 * the shop's public address (PUBLIC_URL) is put in front when the message is rendered.
 */
const shopPath = z.string().regex(/^\/(?!\/)/, 'must be a path on the shop, starting with one /');
const paise = z.number().int().nonnegative();
const name = z.string().max(200);

const orderFacts = { firstName: name, orderNumber: z.string().min(1).max(40) };

/** A parcel as the shopper's emails name it; the tracking link is the courier's (absolute). */
const parcel = z.object({
  courierName: name,
  awb: z.string().min(1).max(40),
  trackingUrl: z
    .url({ protocol: /^https$/ })
    .max(400)
    .nullable(),
});

export const orderTotals = z.object({
  /** Σ price × quantity. */
  subtotal: paise,
  discount: paise,
  shipping: paise,
  gst: paise,
  /** What the shopper pays. */
  total: paise,
  /** GST is inside the total (prices included it), not added; left out on orders queued before. */
  gstIncluded: z.boolean().optional(),
});

export const messageData = {
  // The account's emails quote nothing anyone typed: whoever signs up, or asks for a reset,
  // chooses the address they go to. (Messages queued with a `firstName` still parse: it is dropped.)
  'password-reset': z.object({
    /** The one-time link's path. */
    link: shopPath,
    /** How long the link works. */
    expiresInMinutes: z.number().int().positive(),
  }),
  'verify-email': z.object({ link: shopPath }),
  'order-placed': z.object({
    ...orderFacts,
    lines: z
      .array(
        z.object({
          name,
          /** The variant's colour ('' when the product names none; left out on lines from before variants). */
          color: z.string().max(40).nullable().optional(),
          size: z.string().max(20),
          sku: z.string().max(40).nullable().optional(),
          quantity: z.number().int().positive(),
          /** Unit price × quantity, paise. */
          lineTotal: paise,
        }),
      )
      .min(1),
    totals: orderTotals,
    /** The coupon applied, e.g. "SAVE10", if any. */
    couponCode: z.string().nullable(),
    shippingAddress: orderAddress,
    paymentMethod: z.enum(paymentMethods),
  }),
  'payment-received': z.object({ ...orderFacts, amount: paise }),
  'payment-reminder': z.object({
    ...orderFacts,
    /** What is left to pay (the order's total). */
    total: paise,
    /** When the order is cancelled if still unpaid (ISO time). */
    payBy: z.string().min(1),
    /** Where the shopper pays it: My Orders, whose "Pay now" opens the payment window. */
    link: shopPath,
  }),
  'order-cancelled': z.object({
    ...orderFacts,
    /** What is refunded to the shopper's payment method; null when nothing was paid. */
    refundAmount: paise.nullable(),
  }),
  'cod-confirmation': z.object({
    ...orderFacts,
    /** What is paid on delivery. */
    total: paise,
    /** The signed, single-use links' paths: the storefront's page that confirms, or cancels, the order. */
    confirmLink: shopPath,
    cancelLink: shopPath,
    /** When an unconfirmed order is cancelled (ISO time), if the owner has the shop do that; null otherwise. */
    confirmBy: z.string().min(1).nullable(),
  }),
  'order-shipped': z.object({
    ...orderFacts,
    /** The parcel: absent for an order marked shipped without one. */
    parcel: parcel.optional(),
  }),
  'delivery-failed': z.object({
    ...orderFacts,
    parcel,
    /** The courier's reason, if it gave one. */
    reason: z.string().max(200).nullable(),
    /** This attempt's number, and how many the shop allows. */
    attempt: z.number().int().positive(),
    maxAttempts: z.number().int().positive(),
    /** This was the last attempt: the parcel comes back to the shop. */
    returning: z.boolean(),
  }),
  'order-delivered': z.object(orderFacts),
  'refund-recorded': z.object({
    ...orderFacts,
    amount: paise,
    /** The refund's reference (the provider's id, or what staff typed), if any. */
    reference: z.string().max(100).nullable(),
  }),
  'return-update': z.object({
    ...orderFacts,
    returnNumber: z.string().min(1).max(60),
    step: z.enum(['requested', 'approved', 'rejected', 'pickup', 'received', 'inspected', 'refunded', 'exchanged']),
    /** Staff's reason to reject. */
    reason: z.string().max(500).nullable().optional(),
    /** The reverse pickup. */
    pickup: z
      .object({ courierName: name, awb: z.string().min(1).max(40) })
      .nullable()
      .optional(),
    /** What was refunded, where to, and its reference and credit note. */
    refund: z
      .object({
        amount: paise,
        destination: z.string().max(120),
        reference: z.string().max(100),
        creditNote: z.string().max(40),
      })
      .nullable()
      .optional(),
    /** The size sent instead, for an exchange. */
    exchangeSizes: z.array(z.string().max(20)).optional(),
  }),
  'staff-new-order': z.object({
    orderNumber: orderFacts.orderNumber,
    /** The order's id: the staff area's page for it. */
    orderId: z.string().min(1),
    customerName: name,
    customerEmail: z.string(),
    itemCount: z.number().int().positive(),
    total: paise,
    paymentMethod: z.enum(paymentMethods),
  }),
  'complaint-received': z.object({
    name,
    ticketNumber: z.string().min(1).max(20),
    /** The ticket's private page. */
    link: shopPath,
    /** ISO instants the shop must acknowledge and resolve it by. */
    acknowledgeBy: z.string(),
    resolveBy: z.string(),
  }),
  'complaint-updated': z.object({
    name,
    ticketNumber: z.string().min(1).max(20),
    link: shopPath,
    /** The step staff took. */
    step: z.enum(['acknowledgement', 'reply', 'resolution']),
    /** What staff wrote. */
    message: z.string().max(4000),
  }),
  'staff-low-stock': z.object({
    /** The variants that fell to their threshold in one change (an order, or staff's). */
    variants: z
      .array(
        z.object({
          productId: z.string().min(1),
          name,
          /** "Navy / M", or "M" for a product without named colours. */
          variant: z.string().max(80),
          sku: z.string().max(40),
          stock: z.number().int().nonnegative(),
          threshold: z.number().int().nonnegative(),
        }),
      )
      .min(1),
  }),
} satisfies Record<MessageTemplate, z.ZodType>;

export type MessageData<T extends MessageTemplate> = z.input<(typeof messageData)[T]>;

/** A message as a service asks for it: the template, and that template's data. */
export type MessageRequest = { [T in MessageTemplate]: { template: T; data: MessageData<T> } }[MessageTemplate];

/** The template's data, checked; throws (a programming error) when it does not fit. */
export function parseMessageData<T extends MessageTemplate>(template: T, data: unknown): MessageData<T> {
  const schema: z.ZodType = messageData[template];
  if (!schema) throw new Error(`No such message template: ${template}`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'data'}: ${i.message}`).join('; ');
    throw new Error(`Data for the ${template} message does not fit: ${problems}`);
  }
  return parsed.data as MessageData<T>;
}

export function isMessageTemplate(name: string): name is MessageTemplate {
  return (messageTemplates as readonly string[]).includes(name);
}
