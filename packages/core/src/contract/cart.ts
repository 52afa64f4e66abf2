import { z } from 'zod';
import { discountTypes } from '../coupon-rules.ts';
import { defaultStoreSettings } from '../store-settings.ts';
import { successEnvelope } from './envelope.ts';
import { idSchema, inputText, moneyOut } from './primitives.ts';

const { maxLineQuantity } = defaultStoreSettings;

const quantity = z
  .number({ error: 'quantity must be a number.' })
  .int('quantity must be a whole number.')
  .min(1, 'quantity must be at least 1.')
  .max(maxLineQuantity, `quantity must be ${maxLineQuantity} or less.`);

/**
 * The spec's add-to-cart call: the product's id as `product`, its size in lower case, and the
 * colour chosen (may be left out when the product has one colour).
 */
export const addToCartBody = z.object({
  product: idSchema,
  quantity: quantity.default(1),
  color: inputText()
    .trim()
    .max(40, 'color is too long.')
    .transform((c) => c.toLowerCase())
    .optional(),
  size: inputText({ error: 'size is required.' })
    .trim()
    .min(1, 'size is required.')
    .max(20, 'size is too long.')
    .transform((s) => s.toUpperCase()),
});
export type AddToCartBody = z.input<typeof addToCartBody>;

export const updateCartItemBody = z.object({ quantity });
export const cartItemParams = z.object({ itemId: idSchema });

export const applyDiscountBody = z.object({
  code: inputText({ error: 'code is required.' })
    .trim()
    .min(1, 'code is required.')
    .max(40, 'code is too long.')
    .transform((s) => s.toUpperCase()),
});
export const couponCodeParams = z.object({
  code: inputText()
    .trim()
    .min(1)
    .max(40)
    .transform((s) => s.toUpperCase()),
});

export const publicCoupon = z.object({
  code: z.string(),
  discountType: z.enum(discountTypes),
  value: z.number(),
  minPurchase: moneyOut,
  buyX: z.number().int(),
  getY: z.number().int(),
  applicableCategories: z.array(z.string()),
  /** "10% OFF" or "Buy 2 Get 1 FREE". */
  label: z.string(),
});
export type PublicCoupon = z.infer<typeof publicCoupon>;

export const cartLine = z.object({
  _id: z.string(),
  productId: z.string(),
  product: z.object({
    _id: z.string(),
    name: z.string(),
    price: moneyOut,
    image: z.string(),
    images: z.array(z.string()),
    categoryId: z.string(),
  }),
  /** The variant: its colour ('' for a product without named colours), size and SKU. */
  color: z.string(),
  size: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** How many of this variant are in stock now. */
  stock: z.number().int(),
  lineTotal: moneyOut,
});
export type CartLine = z.infer<typeof cartLine>;

export const totals = z.object({
  subtotal: moneyOut,
  discountAmount: moneyOut,
  shipping: moneyOut,
  gst: moneyOut,
  total: moneyOut,
  /**
   * Whether GST is inside the total (the shop's prices include it: total = subtotal − discount +
   * shipping) rather than added to it; an order keeps what it was priced with.
   */
  gstIncluded: z.boolean(),
});
export type Totals = z.infer<typeof totals>;

export const cart = z.object({
  items: z.array(cartLine),
  /** Σ quantity: the header badge. */
  itemCount: z.number().int(),
  totals,
  coupon: publicCoupon.nullable(),
  /** Set when a change removed the applied coupon: why. */
  notice: z.string().nullable(),
});
export type Cart = z.infer<typeof cart>;

export const cartResponse = successEnvelope(cart);
export const publicCouponResponse = successEnvelope(publicCoupon);
