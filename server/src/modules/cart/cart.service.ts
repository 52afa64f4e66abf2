import type { Kysely, Transaction } from 'kysely';
import {
  cartColor,
  cartLimitMessage,
  chargedPrice,
  CHOOSE_COLOR_MESSAGE,
  colorGallery,
  couponRefusalMessage,
  defaultStoreSettings,
  priceCart,
  lineChangeRefusal,
  evaluateCoupon,
  subtotalOf,
  type Cart,
  type CartLimitRefusal,
  type CouponRefusalReason,
  type PricedLine,
  type SupplyKind,
} from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import {
  couponById,
  couponByCode,
  couponNotFound,
  couponUsage,
  toPublicCoupon,
  withinCouponLimits,
  type CouponTrier,
} from '../coupons/coupons.service.ts';
import { taxesOfCategories } from '../category-taxes/category-taxes.service.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import * as repo from './cart.repository.ts';

type Trx = Transaction<Database>;
type CartRow = Awaited<ReturnType<typeof repo.ensureCart>>;

/** A cart line with the price one piece of it is charged at the moment it was read. */
export type CartLine = Omit<
  repo.LineRow,
  'product_price' | 'product_original_price' | 'sale_ends_at' | 'variant_price' | 'variant_original_price'
> & { price: number };

const paiseOrNull = (value: number | null) => (value === null ? null : Number(value));

/**
 * The cart's lines, each priced at `now` by core's `chargedPrice`: a product whose sale end has
 * come is charged its original price from that moment, whether or not the job that writes the
 * end has run yet.
 */
async function cartLinesAt(trx: Trx, cartId: string, now: Date): Promise<CartLine[]> {
  const rows = await repo.findLines(trx, cartId);
  return rows.map(
    ({ product_price, product_original_price, sale_ends_at, variant_price, variant_original_price, ...line }) => ({
      ...line,
      price: chargedPrice(
        { price: Number(product_price), originalPrice: paiseOrNull(product_original_price), saleEndsAt: sale_ends_at },
        { price: paiseOrNull(variant_price), originalPrice: paiseOrNull(variant_original_price) },
        now.getTime(),
      ),
    }),
  );
}

const itemNotFound = () => notFound('CART_ITEM_NOT_FOUND', 'Cart item not found');
const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');
const chooseColor = () => badRequest('COLOR_REQUIRED', CHOOSE_COLOR_MESSAGE);

function outOfStock(size: string, stock: number) {
  return conflict('OUT_OF_STOCK', stock <= 0 ? `Size ${size} is sold out.` : `Only ${stock} left in size ${size}`);
}

/** A used-up coupon is a conflict with the world; every other refusal is about this cart. */
function couponRefusal(code: string, reason: CouponRefusalReason, minPurchase: number | undefined, subtotal: number) {
  const status = reason === 'USAGE_LIMIT_REACHED' || reason === 'CUSTOMER_LIMIT_REACHED' ? 409 : 400;
  const message = couponRefusalMessage(code, { reason, ...(minPurchase !== undefined && { minPurchase }) }, subtotal);
  return new AppError(status, `COUPON_${reason}`, message);
}

/** A cart over the store's limits (10 of a line, 20 lines): the shopper is told the limit. */
export const overLimit = (refusal: CartLimitRefusal, advice = '') =>
  badRequest(refusal.reason, `${cartLimitMessage(refusal)}${advice}`);

/** Cart lines as core's pricing sees them, each with its category's GST rate and HSN code. */
async function pricedLines(trx: Trx, lines: CartLine[]): Promise<(PricedLine & { hsn: string })[]> {
  const taxes = await taxesOfCategories(
    trx,
    lines.map((l) => l.category_id),
  );
  return lines.map((l) => {
    const tax = taxes.get(l.category_id)!;
    return {
      productId: l.product_id,
      categoryId: l.category_id,
      price: l.price,
      quantity: l.quantity,
      gstPercent: tax.gstRate,
      hsn: tax.hsn,
    };
  });
}

/**
 * The cart's lines priced now, as the cart shows them and as an order placed from them is
 * written (core's `priceCart`, so the two never disagree): each line with its category's tax,
 * the cart's coupon checked again with its usage, and the shop's settings (its free shipping
 * and its GST arithmetic, read in the same transaction), which an order also checks its
 * delivery against. An order knows where it goes (`supplyKindOf`, asked only while prices
 * include GST): the GST its prices contain is that supply's; the total is the same either way.
 */
export async function priceCartLines(
  trx: Trx,
  cart: Pick<CartRow, 'coupon_id'>,
  lines: CartLine[],
  userId: string,
  now: Date,
  supplyKindOf?: () => Promise<SupplyKind>,
) {
  const priced = await pricedLines(trx, lines);
  const coupon = cart.coupon_id ? await couponById(trx, cart.coupon_id) : null;
  const applied = coupon && { terms: coupon.terms, usage: await couponUsage(trx, coupon.id, userId) };
  const settings = await getShopSettings(trx);
  const pricing = priceCart(
    priced,
    applied,
    {
      ...defaultStoreSettings,
      freeShippingThreshold: settings.freeShippingThreshold,
      pricesIncludeGst: settings.pricesIncludeGst,
      supplyKind: settings.pricesIncludeGst ? await supplyKindOf?.() : undefined,
    },
    now,
  );
  // The cart's coupon as read, whether it applies (`coupon`, core's answer) or not.
  return { ...pricing, priced, cartCoupon: coupon, settings };
}

/**
 * The cart as the shopper sees it, priced now: current prices, the applied coupon checked
 * again (and removed, with a notice saying why, when it no longer applies), core's totals.
 */
async function cartView(trx: Trx, cart: CartRow, userId: string, now: Date): Promise<Cart> {
  const lines = await cartLinesAt(trx, cart.id, now);
  const photos = await repo.findPhotos(
    trx,
    lines.map((l) => l.product_id),
  );
  const { totals, coupon, cartCoupon, couponRefusal } = await priceCartLines(trx, cart, lines, userId, now);
  let notice: string | null = null;
  if (cartCoupon && couponRefusal) {
    await repo.setCartCoupon(trx, cart.id, null, now.toISOString());
    notice = `Coupon ${cartCoupon.terms.code} was removed. ${couponRefusal}`;
  }

  return {
    items: lines.map((l) => {
      const lineImages = colorGallery(photos.get(l.product_id) ?? [], l.color);
      return {
        _id: l.id,
        productId: l.product_id,
        product: {
          _id: l.product_id,
          name: l.name,
          price: l.price,
          image: lineImages[0] ?? '',
          images: lineImages,
          categoryId: l.category_id,
        },
        color: l.color,
        size: l.size,
        sku: l.sku,
        quantity: l.quantity,
        stock: l.stock,
        lineTotal: l.price * l.quantity,
      };
    }),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    totals: {
      subtotal: totals.subtotal,
      discountAmount: totals.discountAmount,
      shipping: totals.shipping,
      gst: totals.gst,
      total: totals.total,
      gstIncluded: totals.gstIncluded,
    },
    coupon: coupon ? toPublicCoupon(coupon) : null,
    notice,
  };
}

/**
 * Runs one change to the shopper's cart in a transaction, then answers the cart. A change
 * that sets or drops the coupon answers the cart row as it left it.
 */
function withCart(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  change?: (trx: Trx, cart: CartRow) => Promise<CartRow | void>,
): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    if (!change) return cartView(trx, await repo.ensureCart(trx, userId, at), userId, now);
    // A change decides from the cart as it is once locked (limits hold when adds race).
    const cart = await repo.lockCart(trx, userId, at);
    return cartView(trx, (await change(trx, cart)) ?? cart, userId, now);
  });
}

/**
 * The shopper's cart as an order is built from it, inside the order's transaction: its row
 * locked first (until the transaction ends), then its lines. Orders placed at once from one
 * cart are so decided one after the other, and the later ones find the cart the first emptied.
 */
export async function lockedCartLines(trx: Trx, userId: string, now: Date) {
  const cart = await repo.lockCart(trx, userId, now.toISOString());
  return { cart, lines: await cartLinesAt(trx, cart.id, now) };
}

/** The photos of the cart's products with their colours: what an order's lines keep the picture of. */
export function photosOfProducts(trx: Trx, productIds: string[]) {
  return repo.findPhotos(trx, productIds);
}

/** Sets or drops the coupon of a locked cart; answers the cart row as it is now. */
async function setCoupon(trx: Trx, cart: CartRow, couponId: string | null, now: Date): Promise<CartRow> {
  if (cart.coupon_id === couponId) return cart;
  const at = now.toISOString();
  await repo.setCartCoupon(trx, cart.id, couponId, at);
  return { ...cart, coupon_id: couponId, updated_at: at };
}

/** Empties a cart locked by `lockedCartLines`: its lines and its coupon go with the order made of them. */
export async function emptyLockedCart(trx: Trx, cart: CartRow, now: Date): Promise<CartRow> {
  await repo.deleteAllLines(trx, cart.id);
  return setCoupon(trx, cart, null, now);
}

export function getCart(db: Kysely<Database>, userId: string, now = new Date()): Promise<Cart> {
  return withCart(db, userId, now);
}

export function addItem(
  db: Kysely<Database>,
  userId: string,
  item: { product: string; color?: string | undefined; size: string; quantity: number },
  now = new Date(),
): Promise<Cart> {
  return withCart(db, userId, now, async (trx, cart) => {
    // A colour given is checked by the facts' statement; only an add without one, or naming a
    // colour the product is not sold in, asks the product's colours.
    let color = item.color || cartColor(await repo.findColors(trx, item.product), undefined);
    if (color === null) throw chooseColor();
    let facts = await repo.findAddFacts(trx, cart.id, item.product, { color, size: item.size });
    if (!facts) throw productNotFound();
    if (facts.stock === null && !(await repo.hasColor(trx, item.product, color))) {
      const sold = cartColor(await repo.findColors(trx, item.product), color);
      if (sold === null || sold === color) throw chooseColor();
      color = sold;
      facts = (await repo.findAddFacts(trx, cart.id, item.product, { color, size: item.size }))!;
    }
    if (facts.stock === null) {
      throw badRequest('SIZE_NOT_AVAILABLE', `Size ${item.size} is not available for this product.`);
    }
    const from = facts.held ?? 0;
    const refusal = lineChangeRefusal({
      lineCount: Number(facts.lines),
      isNewLine: facts.held === null,
      from,
      to: from + item.quantity,
    });
    if (refusal) throw overLimit(refusal);
    if (from + item.quantity > facts.stock) throw outOfStock(item.size, facts.stock);
    await repo.addToLine(trx, {
      cartId: cart.id,
      productId: item.product,
      color,
      size: item.size,
      quantity: item.quantity,
      now: now.toISOString(),
    });
  });
}

export function updateItem(db: Kysely<Database>, userId: string, itemId: string, quantity: number, now = new Date()) {
  return withCart(db, userId, now, async (trx, cart) => {
    const line = await repo.findLine(trx, cart.id, itemId);
    if (!line) throw itemNotFound();
    const refusal = lineChangeRefusal({ lineCount: 0, isNewLine: false, from: line.quantity, to: quantity });
    if (refusal) throw overLimit(refusal);
    const stock = (await repo.findVariantStock(trx, line.product_id, line)) ?? 0;
    if (quantity > line.quantity && quantity > stock) throw outOfStock(line.size, stock);
    await repo.setLineQuantity(trx, itemId, quantity);
  });
}

export function removeItem(db: Kysely<Database>, userId: string, itemId: string, now = new Date()) {
  return withCart(db, userId, now, async (trx, cart) => {
    if (!(await repo.deleteLine(trx, cart.id, itemId))) throw itemNotFound();
  });
}

export function clearCart(db: Kysely<Database>, userId: string, now = new Date()) {
  return withCart(db, userId, now, (trx, cart) => emptyLockedCart(trx, cart, now));
}

/**
 * Applies a code to the shopper's cart, within the guessing limits (reserved before the
 * transaction and settled after it: no network call while it is open).
 */
export function applyCoupon(
  db: Kysely<Database>,
  limiter: AttemptLimiter,
  who: Required<CouponTrier>,
  code: string,
  now = new Date(),
) {
  return withinCouponLimits(limiter, who, () =>
    withCart(db, who.userId, now, async (trx, cart) => {
      const coupon = await couponByCode(trx, code);
      if (!coupon) throw couponNotFound(code);
      const priced = await pricedLines(trx, await cartLinesAt(trx, cart.id, now));
      const decision = evaluateCoupon(priced, coupon.terms, await couponUsage(trx, coupon.id, who.userId), now);
      if (!decision.ok) {
        throw couponRefusal(coupon.terms.code, decision.reason, decision.minPurchase, subtotalOf(priced));
      }
      return setCoupon(trx, cart, coupon.id, now);
    }),
  );
}

export function removeCoupon(db: Kysely<Database>, userId: string, now = new Date()) {
  return withCart(db, userId, now, (trx, cart) => setCoupon(trx, cart, null, now));
}

/**
 * Deletes the shopper's cart, its row locked first as every order takes it: an order placed
 * while the account is erased waits for the erasure, then finds no cart to order from.
 */
export async function dropCartOf(trx: Trx, userId: string, now: Date): Promise<void> {
  const { cart } = await lockedCartLines(trx, userId, now);
  await repo.deleteCart(trx, cart.id);
}
