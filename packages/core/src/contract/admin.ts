/**
 * The staff area's calls (`/api/admin/...`, admin role only). The spec shows no staff screens,
 * so these shapes are the server's own; the README's API section lists them.
 */
import { z } from 'zod';
import { codConfirmation } from './cod-confirmation.ts';
import { discountTypes } from '../coupon-rules.ts';
import { orderStatuses } from '../order-status.ts';
import { product, productSize } from './catalog.ts';
import { successEnvelope } from './envelope.ts';
import { order, paymentMethods, paymentStatuses } from './orders.ts';
import { idSchema, inputText, limitQuery, pageQuery, rupeesSchema, textQuery } from './primitives.ts';
// Money: paise inside, rupees in the JSON.
import { moneyIn, moneyOut } from './primitives.ts';

// ---------------------------------------------------------------- audit

export const auditEntityTypes = ['product', 'order', 'coupon', 'message', 'delivery'] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

/** One recorded staff change: who, when, what. */
export const auditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who made it; null when the shop itself did (e.g. the unpaid-order sweep). */
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  entityType: z.enum(auditEntityTypes),
  entityId: z.string(),
  /** A stable verb, e.g. `product.created`, `stock.changed`, `order.status`, `coupon.updated`. */
  action: z.string(),
  /** One line a person reads, e.g. "Stock M: 4 → 10". */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

// ---------------------------------------------------------------- products

export const adminProductStatuses = ['all', 'active', 'hidden'] as const;

export const adminProductListQuery = z.object({
  q: textQuery,
  status: z
    .enum(adminProductStatuses, { error: `status must be one of ${adminProductStatuses.join(', ')}.` })
    .default('all'),
  /** Only products with several colours of which some has no stock in any size. */
  needsColorStock: z.stringbool({ error: 'needsColorStock must be true or false.' }).default(false),
  /** Only products lacking some Legal Metrology declaration (on sale from before they were asked, or hidden). */
  needsDeclarations: z.stringbool({ error: 'needsDeclarations must be true or false.' }).default(false),
  page: pageQuery,
  limit: limitQuery,
});
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;

export const adminProductRow = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  category: z.string(),
  price: moneyOut,
  originalPrice: moneyOut.nullable(),
  isActive: z.boolean(),
  sizes: z.array(productSize),
  totalStock: z.number().int(),
  /** Colours with nothing in stock in any size, when the product has several: stock still to enter. */
  colorsWithoutStock: z.array(z.string()),
  /** The declarations the product still lacks, as a refusal names them ("net quantity"); none: complete. */
  missingDeclarations: z.array(z.string()),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const adminProductPage = z.object({
  products: z.array(adminProductRow),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminProductPage = z.infer<typeof adminProductPage>;
export const adminProductListResponse = successEnvelope(adminProductPage);

/** A product as staff edit it: hidden ones too, with its change history. */
export const adminProductDetail = z.object({
  product: product.extend({
    isActive: z.boolean(),
    updatedAt: z.string(),
    /** The product's own low-stock threshold; null: the shop's. */
    lowStockThreshold: z.number().int().nullable(),
  }),
  audit: z.array(auditEntry),
});
export type AdminProductDetail = z.infer<typeof adminProductDetail>;
export const adminProductDetailResponse = successEnvelope(adminProductDetail);

export const adminProductIdParams = z.object({ id: idSchema });

export const productVisibilityBody = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false.' }),
});

/**
 * Bulk stock edit: set the stock of many variants, of one or many products, at once. A change
 * without a colour sets the size's stock over every colour, as the staff list shows it.
 */
export const stockChangesBody = z.object({
  changes: z
    .array(
      z.object({
        productId: idSchema,
        color: inputText().trim().max(40).toLowerCase().optional(),
        size: inputText().trim().min(1, 'size is required.').max(20).toUpperCase(),
        stock: z
          .number({ error: 'stock must be a number.' })
          .int('stock must be a whole number.')
          .min(0, 'stock must not be negative.')
          .max(1_000_000, 'stock is too large.'),
      }),
    )
    .min(1, 'changes must list at least one size.')
    .max(500, 'changes must list 500 sizes or fewer.'),
});
export type StockChangesBody = z.infer<typeof stockChangesBody>;
export const stockChangesResponse = successEnvelope(z.object({ updated: z.number().int() }));

/** Image uploads: multipart field `image`; JPEG, PNG or WebP up to 2 MB. */
export const uploadedImageResponse = successEnvelope(z.object({ url: z.string() }));
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const uploadImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ---------------------------------------------------------------- orders

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-21')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'is not a real date');

export const adminOrderListQuery = z.object({
  /** Blank means every status (a cleared filter). */
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(', ')}.` }).optional(),
  ),
  /** Placed on or after this day (in India). */
  from: isoDate.optional(),
  /** Placed on or before this day (in India). */
  to: isoDate.optional(),
  /** Order number or customer email, partial. */
  q: textQuery,
  page: pageQuery,
  limit: limitQuery,
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;

export const adminOrderRow = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(orderStatuses),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  itemCount: z.number().int(),
  total: moneyOut,
  /** Whether a cash order is confirmed (the shopper's emailed link, or staff); null for an online one. */
  codConfirmation,
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminOrderPage = z.object({
  orders: z.array(adminOrderRow),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPage>;
export const adminOrderListResponse = successEnvelope(adminOrderPage);

export const adminPayment = z.object({
  provider: z.string(),
  providerOrderId: z.string(),
  providerPaymentId: z.string().nullable(),
  amount: moneyOut,
  status: z.enum(['created', 'paid', 'failed', 'refunded']),
  refundId: z.string().nullable(),
});

export const adminOrderDetail = z.object({
  order,
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** The latest online payment attempt; null for cash on delivery. */
  payment: adminPayment.nullable(),
  /** Where staff may move it from here. */
  nextStatuses: z.array(z.enum(orderStatuses)),
  /** A captured online payment that has not been refunded. */
  refundable: z.boolean(),
  /** Whether a cash order is confirmed; staff may confirm one that awaits it. Null for an online order. */
  codConfirmation,
  audit: z.array(auditEntry),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;
export const adminOrderDetailResponse = successEnvelope(adminOrderDetail);

/**
 * Record a refund of the captured payment. Without `reference` the shop asks the payment
 * provider to refund it; with one, staff say they refunded it by other means.
 */
export const refundBody = z.object({
  reference: inputText().trim().min(1, 'reference must not be empty.').max(100).optional(),
});

// ---------------------------------------------------------------- coupons

const couponCode = inputText({ error: 'code is required.' })
  .trim()
  .min(3, 'code must be 3 to 40 characters.')
  .max(40, 'code must be 3 to 40 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'code may hold only letters, digits, - and _.')
  .toUpperCase();

const optionalLimit = z.number().int('must be a whole number.').min(1, 'must be at least 1.').max(1_000_000).nullable();
// An instant in ISO 8601 with its offset, as the staff page sends it: a four-digit year, a day
// the calendar has (no 30 February rolling over into March), stored as UTC. Anything looser let
// "+010000-…" through, which sorts before every real date as text.
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
function isRealInstant(text: string): boolean {
  const match = ISO_INSTANT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    !Number.isNaN(Date.parse(text))
  );
}
const isoDateTime = z
  .string()
  .refine(isRealInstant, 'must be a date and time like 2026-12-01T00:00:00+05:30')
  // Rewritten in place (not transformed), so a client can turn a checked body back into JSON;
  // a rewrite runs after a failed check too, so it leaves what is not a date as it is.
  .overwrite((s) => (isRealInstant(s) ? new Date(s).toISOString() : s))
  .nullable();

const couponFields = z.object({
  code: couponCode,
  discountType: z.enum(discountTypes, { error: 'discountType must be "percentage" or "buyXgetY".' }),
  /** Percent off (1–100) for percentage coupons; 0 for buyXgetY. */
  value: z.number().int('value must be a whole number.').min(0).max(100, 'value must be 100 or less.'),
  /** Rupees in the JSON, paise once parsed. */
  minPurchase: moneyIn(rupeesSchema),
  buyX: z.number().int().min(0).max(100),
  getY: z.number().int().min(0).max(100),
  applicableCategories: z.array(idSchema).max(50),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  usageLimit: optionalLimit,
  perCustomerLimit: optionalLimit,
  isActive: z.boolean(),
});

/** Type-specific rules, shared by create (whole) and update (merged with what is stored). */
export function couponShapeIssues(c: {
  discountType: (typeof discountTypes)[number];
  value: number;
  buyX: number;
  getY: number;
  startsAt: string | null;
  endsAt: string | null;
}): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (c.discountType === 'percentage' && (c.value < 1 || c.value > 100)) {
    issues.push({ path: 'value', message: 'A percentage coupon takes 1 to 100 percent off.' });
  }
  if (c.discountType === 'buyXgetY' && (c.buyX < 1 || c.getY < 1)) {
    issues.push({ path: 'buyX', message: 'A buy X get Y coupon needs X and Y of at least 1.' });
  }
  if (c.startsAt && c.endsAt && Date.parse(c.startsAt) >= Date.parse(c.endsAt)) {
    issues.push({ path: 'endsAt', message: 'The end must come after the start.' });
  }
  return issues;
}

export const couponCreateBody = couponFields
  .extend({
    value: couponFields.shape.value.default(0),
    minPurchase: moneyIn(rupeesSchema).default(0),
    buyX: couponFields.shape.buyX.default(0),
    getY: couponFields.shape.getY.default(0),
    applicableCategories: couponFields.shape.applicableCategories.default([]),
    startsAt: isoDateTime.default(null),
    endsAt: isoDateTime.default(null),
    usageLimit: optionalLimit.default(null),
    perCustomerLimit: optionalLimit.default(null),
    isActive: z.boolean().default(true),
  })
  .strict()
  .superRefine((c, ctx) => {
    for (const issue of couponShapeIssues(c))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CouponCreateBody = z.input<typeof couponCreateBody>;

/** Partial; the type rules are checked on the coupon as it would be after the change. */
export const couponUpdateBody = couponFields.partial().strict();
export type CouponUpdateBody = z.input<typeof couponUpdateBody>;

export const adminCoupon = z.object({
  _id: z.string(),
  code: z.string(),
  discountType: z.enum(discountTypes),
  value: z.number(),
  minPurchase: moneyOut,
  buyX: z.number().int(),
  getY: z.number().int(),
  applicableCategories: z.array(z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  isActive: z.boolean(),
  /** Orders placed with it. */
  timesRedeemed: z.number().int(),
  /** "10% OFF" or "Buy 2 Get 1 FREE". */
  label: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;
export const adminCouponListResponse = successEnvelope(z.array(adminCoupon));
export const adminCouponDetailResponse = successEnvelope(z.object({ coupon: adminCoupon, audit: z.array(auditEntry) }));
export const adminCouponResponse = successEnvelope(adminCoupon);
export const adminCouponIdParams = z.object({ id: idSchema });
