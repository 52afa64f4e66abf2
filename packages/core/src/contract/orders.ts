import { z } from 'zod';
import { orderStatuses } from '../order-status.ts';
import { taxDocumentKinds } from '../tax-document.ts';
import { inIndianState, phoneSchema, pinCodeSchema } from './auth.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { cart, totals } from './cart.ts';
import { errorEnvelope, successEnvelope } from './envelope.ts';
import { idSchema, inputText, moneyIn, moneyOut } from './primitives.ts';

export const paymentMethods = ['cod', 'razorpay'] as const;

/** Order amounts are stored as 32-bit integers of paise: ₹2,14,74,836.47 at most. */
export const MAX_ORDER_PAISE = 2_147_483_647;
const MAX_ORDER_RUPEES = MAX_ORDER_PAISE / 100;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * How an order's money stands: `cod` (collected on delivery), `awaiting_payment` (online,
 * not paid yet), `paid`, `failed` (the last online attempt failed), `refunded`.
 */
export const paymentStatuses = ['cod', 'awaiting_payment', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

const text = (label: string, max: number) =>
  inputText({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

/** The spec's order address: an address plus country (always India) and a phone. */
export const orderAddressInput = z
  .object({
    name: inputText().trim().max(80).default('Home'),
    addressLine1: text('Address line 1', 200),
    addressLine2: inputText().trim().max(200).default(''),
    city: text('City', 80),
    state: text('State', 80),
    pinCode: pinCodeSchema,
    country: z.literal('India', { error: 'We deliver within India only.' }).default('India'),
    phone: phoneSchema,
  })
  .transform(inIndianState);
export type OrderAddressInput = z.input<typeof orderAddressInput>;

export const placeOrderBody = z.object({
  shippingAddress: orderAddressInput
    .optional()
    .describe(
      "Where the order goes (the spec's payload). With addressId, only its phone is used. Without either, " +
        "the order goes to the shopper's default saved address.",
    ),
  /**
   * One of the shopper's saved addresses (its _id), picked at checkout: the order goes to
   * exactly that address. Not theirs: 404 ADDRESS_NOT_FOUND; incomplete: 400 ADDRESS_INCOMPLETE.
   */
  addressId: idSchema
    .optional()
    .describe(
      "The _id of one of the shopper's saved addresses: the order ships to exactly that address (with the " +
        "phone of shippingAddress, else the account's). Another shopper's or an unknown id: 404 " +
        'ADDRESS_NOT_FOUND; an incomplete saved address: 400 ADDRESS_INCOMPLETE. Nothing is written then.',
    ),
  billingAddress: orderAddressInput.optional(),
  notes: inputText().trim().max(500, 'notes must be 500 characters or fewer.').optional(),
  paymentMethod: z.enum(paymentMethods, { error: 'paymentMethod must be "cod" or "razorpay".' }),
  /**
   * What the shopper saw in their cart (the spec sends it for cash on delivery). Prices are
   * never taken from here: the order is built from the server-side cart, and a mismatch
   * means the cart changed meanwhile.
   */
  items: z
    .array(
      z.object({
        productId: idSchema,
        quantity: z.number().int().min(1).max(1000),
        size: inputText().max(20).optional(),
        /** The line's colour as the cart showed it; left out, any colour of the size matches. */
        color: inputText().trim().max(40).toLowerCase().optional(),
      }),
    )
    .max(100)
    .optional(),
  /**
   * The total the shopper was shown, in rupees (the web app always sends it); paise once
   * parsed. The order is refused (409 CART_CHANGED, with the cart as it is now) when the
   * server's total differs.
   */
  expectedTotal: moneyIn(
    z
      .number({ error: 'expectedTotal must be a number of rupees.' })
      .nonnegative('expectedTotal must not be negative.')
      .max(MAX_ORDER_RUPEES, 'expectedTotal is more than an order may be.')
      .refine(hasAtMostTwoDecimals, 'expectedTotal must have at most two decimals.'),
  ).optional(),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/**
 * A refusal of POST /order. CART_CHANGED (the cart is not what the shopper saw: other items,
 * or another total) carries the cart as it is now in `data`, so the shopper can be shown it.
 */
export const placeOrderRefusal = errorEnvelope.extend({ data: cart.optional() });

export const orderAddress = z.object({
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  country: z.string(),
  phone: z.string(),
});

export const orderLine = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  /** The variant as ordered: its colour ('' when none was named; null on lines from before variants), size and SKU. */
  color: z.string().nullable(),
  size: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** The unit price when the order was placed. */
  price: moneyOut,
  lineTotal: moneyOut,
});

export const orderEvent = z.object({
  status: z.enum(orderStatuses),
  at: z.string(),
  note: z.string().nullable(),
});

/** A tax invoice or credit note given for the order (GET /order/:id/invoice, /credit-note). */
export const orderDocument = z.object({
  kind: z.enum(taxDocumentKinds),
  number: z.string(),
  issuedAt: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocument>;

export const order = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  items: z.array(orderLine),
  itemCount: z.number().int(),
  totals,
  /** Same as totals.total: the spec's order carries `total`. */
  total: moneyOut,
  coupon: z.object({ code: z.string(), label: z.string() }).nullable(),
  shippingAddress: orderAddress,
  billingAddress: orderAddress,
  notes: z.string(),
  createdAt: z.string(),
  /** Whether the shopper may cancel it now (status and the 12-hour window). */
  cancellable: z.boolean(),
  history: z.array(orderEvent),
  documents: z.array(orderDocument),
});
export type Order = z.infer<typeof order>;

export const placedOrderResponse = successEnvelope(order.extend({ orderId: z.string() }));
export const orderResponse = successEnvelope(order);
export const orderListResponse = successEnvelope(z.object({ orders: z.array(order) }));
export const orderIdParams = z.object({ id: idSchema });
export const orderStatusBody = z.object({
  status: z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(', ')}.` }),
});

export const orderStatsRow = z.object({
  /** The shop day (YYYY-MM-DD, in India: Asia/Kolkata) the orders were placed. */
  date: z.string(),
  status: z.enum(orderStatuses),
  /** These orders' parcels went back to the shop (or are on their way back): returned to origin. */
  returnedToOrigin: z.boolean(),
  orders: z.number().int(),
  /** Money taken, rupees: cash on delivery once delivered, online payments once captured (refunded since or not). */
  taken: moneyOut,
  /** Refunds recorded on these orders, rupees. */
  refunded: moneyOut,
  /**
   * Money kept, rupees (core's `netRevenue`): taken less refunds; nothing for cancelled orders
   * or parcels returned to origin. Unpaid orders bring in nothing.
   */
  revenue: moneyOut,
});
export const orderStatsResponse = successEnvelope(z.array(orderStatsRow));

export const initiatePaymentBody = z.object({
  orderId: idSchema,
  /** The spec's client sends the user's id; the server uses the signed-in user. */
  user: z.string().max(64).optional(),
  method: z.literal('razorpay', { error: 'method must be "razorpay".' }).default('razorpay'),
});

export const paymentDetails = z.object({
  /** The provider's public key id (the sandbox's when no Razorpay keys are set). */
  key: z.string(),
  order: z.object({ id: z.string(), amount: z.number().int(), currency: z.literal('INR') }),
  /** True when the local sandbox stands in for Razorpay. */
  sandbox: z.boolean(),
  orderNumber: z.string(),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  themeColor: z.string(),
});
export type PaymentDetails = z.infer<typeof paymentDetails>;
export const paymentDetailsResponse = successEnvelope(paymentDetails);

/** How a shopper can pay at checkout: online payment only when a provider is configured. */
export const paymentOptions = z.object({
  online: z.object({
    available: z.boolean(),
    /** True when the local sandbox stands in for Razorpay (no money is taken). */
    sandbox: z.boolean(),
  }),
});
export type PaymentOptions = z.infer<typeof paymentOptions>;
export const paymentOptionsResponse = successEnvelope(paymentOptions);

export const paymentSuccessBody = z.object({
  razorpay_order_id: inputText().min(1).max(100),
  razorpay_payment_id: inputText().min(1).max(100),
  razorpay_signature: inputText().min(1).max(200),
});
export type PaymentSuccessBody = z.infer<typeof paymentSuccessBody>;
export const paymentVerifiedResponse = successEnvelope(z.object({ verified: z.literal(true), order }));

/** The sandbox's stand-in for Razorpay Checkout's own server: it signs a successful payment. */
export const sandboxPayBody = z.object({ razorpay_order_id: inputText().min(1).max(100) });
export const sandboxPayResponse = successEnvelope(paymentSuccessBody);
