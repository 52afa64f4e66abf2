import type { Kysely, Transaction } from 'kysely';
import { couponLabel, couponRefusalMessage, type CouponTerms, type PublicCoupon } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { limitedAddress, limitedNetwork, waitingTime } from '../../lib/attempt-limits.ts';
import type { AttemptLimiter, Budget } from '../../lib/attempt-limiter.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './coupons.repository.ts';

export type { CouponRecord, CouponWrite, StoredCoupon } from './coupons.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A coupon as shoppers may see it: its offer, never its limits or usage. */
export function toPublicCoupon(terms: CouponTerms): PublicCoupon {
  return {
    code: terms.code,
    discountType: terms.discountType,
    value: terms.value,
    minPurchase: terms.minPurchase,
    buyX: terms.buyX,
    getY: terms.getY,
    applicableCategories: [...terms.applicableCategories],
    label: couponLabel(terms),
  };
}

export const couponNotFound = (code: string) =>
  notFound('COUPON_NOT_FOUND', couponRefusalMessage(code, { reason: 'NOT_FOUND' }, 0));

const tooManyCodes = (budget: Budget) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `Too many coupon codes tried. Please wait ${waitingTime(budget.windowMinutes)} and try again.`,
  );

/** Who is trying a code: the client's address, and the shopper when signed in. */
export interface CouponTrier {
  ip: string;
  userId?: string;
}

/**
 * Runs a lookup or apply of a coupon code within the guessing limits: an attempt is reserved
 * per address (and per account) before the code is looked at, and given back unless the code
 * turned out unknown or inactive. A real code that does not apply to the cart is no guess.
 */
export async function withinCouponLimits<T>(
  limiter: AttemptLimiter,
  who: CouponTrier,
  tryCode: () => Promise<T>,
): Promise<T> {
  const { coupons } = limiter.limits;
  const budget = (key: string, max: number): Budget => ({ key, max, windowMinutes: coupons.windowMinutes });
  const budgets = [budget(`coupon:address:${limitedAddress(who.ip)}`, coupons.perAddress)];
  const network = limitedNetwork(who.ip);
  if (network) budgets.push(budget(`coupon:network:${network}`, coupons.perNetwork));
  if (who.userId) budgets.push(budget(`coupon:account:${who.userId}`, coupons.perAccount));
  const reservation = await limiter.reserve(budgets, tooManyCodes);
  let result: T;
  try {
    result = await tryCode();
  } catch (error) {
    const guessed =
      error instanceof AppError && (error.code === 'COUPON_NOT_FOUND' || error.code === 'COUPON_INACTIVE');
    if (!guessed) await reservation.giveBack().catch(() => {}); // the original failure is the answer
    throw error;
  }
  await reservation.giveBack();
  return result;
}

/** GET /discount/code/{code}: an active coupon's offer, or 404. */
export function getPublicCoupon(
  db: Kysely<Database>,
  limiter: AttemptLimiter,
  who: CouponTrier,
  code: string,
): Promise<PublicCoupon> {
  return withinCouponLimits(limiter, who, async () => {
    const coupon = await repo.findCouponByCode(db, code);
    if (!coupon || !coupon.terms.isActive) throw couponNotFound(code);
    return toPublicCoupon(coupon.terms);
  });
}

// What the cart, orders and staff read and change of coupons: this module keeps their storage.

export const couponByCode = (db: Db, code: string) => repo.findCouponByCode(db, code);
export const couponById = (db: Db, id: string) => repo.findCouponById(db, id);
/** How often a coupon has been used, in all and by this customer. */
export const couponUsage = (db: Db, couponId: string, userId: string) => repo.couponUsage(db, couponId, userId);
/** Every coupon with its usage, for staff. */
export const couponRecords = (db: Db) => repo.listCouponRecords(db);
export const couponRecord = (db: Db, id: string) => repo.findCouponRecord(db, id);
export const addCoupon = (db: Db, write: repo.CouponWrite) => repo.insertCoupon(db, write);
export const changeCouponTerms = (...args: Parameters<typeof repo.updateCouponTerms>) =>
  repo.updateCouponTerms(...args);
/** Counts one use of the coupon by an order, under the coupon's lock; false when it is used up. */
export const redeemCoupon = (...args: Parameters<typeof repo.redeemCoupon>) => repo.redeemCoupon(...args);
/** Gives back the use an order made of its coupon (the order was cancelled or replaced). */
export const releaseCoupon = (trx: Transaction<Database>, orderId: string) => repo.releaseCoupon(trx, orderId);
