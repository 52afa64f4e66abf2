import { variantPhrase } from './variants.ts';

/**
 * How much of one item (a product in one size) a single holder may keep in orders that are not
 * paid or shipped yet: online orders waiting for their payment and cash-on-delivery orders not
 * shipped. Such orders take their pieces off sale, so without a bound a few throwaway accounts
 * could take a whole catalogue off sale without paying for anything.
 *
 * A holder is the shopper's account, the client address the orders came from, and that
 * address's network (an IPv4 /24, an IPv6 /48; an IPv6 address is its /64): many accounts from
 * one address or one network share that address's or network's bound.
 */
export type HoldingScope = 'account' | 'address' | 'network';

export const holdingScopes: readonly HoldingScope[] = ['account', 'address', 'network'];

/**
 * A holder may hold `percent` of the pieces it can reach (those on sale plus those it already
 * holds), and never fewer than `floor` (so a shopper can always buy a few of a scarce item).
 */
export interface HoldingBound {
  percent: number;
  floor: number;
}

export type HoldingLimits = Record<HoldingScope, HoldingBound>;

export const defaultHoldingLimits: HoldingLimits = {
  account: { percent: 20, floor: 3 },
  address: { percent: 30, floor: 3 },
  network: { percent: 50, floor: 3 },
};

/** A bound that never refuses: all a holder can reach. */
const unbounded: HoldingBound = { percent: 100, floor: 0 };

/**
 * The limits with only each account bounded, not its address or network: for browser journeys
 * and load tests whose many shoppers all come from one address (HOLDING_LIMITS=per-account).
 */
export function perAccountOnly(limits: HoldingLimits = defaultHoldingLimits): HoldingLimits {
  return { account: limits.account, address: unbounded, network: unbounded };
}

/** The most pieces of an item one holder may hold, when `reach` pieces are on sale or already its own. */
export function holdingAllowance(reach: number, bound: HoldingBound): number {
  return Math.max(bound.floor, Math.floor((Math.max(0, reach) * bound.percent) / 100));
}

/** One line of an order about to be placed, and what its holders already hold of that item. */
export interface HeldItem {
  productId: string;
  /** The variant's colour ('' or left out: none named). */
  color?: string;
  size: string;
  /** The product's name, for the shopper's message. */
  name: string;
  /** Pieces this order asks for. */
  quantity: number;
  /** Pieces on sale before this order takes any. */
  onSale: number;
  /**
   * Pieces of the item each holder already holds in open orders (this order left out). A
   * holder left out is not known (an order placed with no client address) and not bounded.
   */
  held: Partial<Record<HoldingScope, number>>;
}

export interface HoldingRefusal {
  reason: 'HOLDING_LIMIT';
  /** The holder whose bound the order would pass (the tightest, if several). */
  scope: HoldingScope;
  productId: string;
  color?: string;
  size: string;
  name: string;
  /** How many of the item this order may have: 0 when none. */
  maxQuantity: number;
  /** What that holder already holds of it. */
  held: number;
}

/**
 * Why the order may not hold its lines, or null when it may: the first line that would take
 * one of its holders past its bound, with how many of that item the order may have (what the
 * tightest bound leaves, and never more than is on sale).
 */
export function holdingRefusal(
  items: readonly HeldItem[],
  limits: HoldingLimits = defaultHoldingLimits,
): HoldingRefusal | null {
  for (const item of items) {
    let tightest: { scope: HoldingScope; room: number; held: number } | null = null;
    for (const scope of holdingScopes) {
      const held = item.held[scope];
      if (held === undefined) continue;
      const room = Math.max(0, holdingAllowance(item.onSale + held, limits[scope]) - held);
      if (!tightest || room < tightest.room) tightest = { scope, room, held };
    }
    if (!tightest || item.quantity <= tightest.room) continue;
    return {
      reason: 'HOLDING_LIMIT',
      scope: tightest.scope,
      productId: item.productId,
      ...(item.color !== undefined && { color: item.color }),
      size: item.size,
      name: item.name,
      maxQuantity: Math.min(tightest.room, Math.max(0, item.onSale)),
      held: tightest.held,
    };
  }
  return null;
}

const holders: Record<HoldingScope, string> = {
  account: 'Your orders',
  address: 'Orders from your internet connection',
  network: 'Orders from your network',
};

/** What the shopper is told: which item, how many they may order, and why. */
export function holdingRefusalMessage(refusal: HoldingRefusal): string {
  const item = `${refusal.name} in ${variantPhrase({ color: refusal.color ?? '', size: refusal.size })}`;
  const why =
    refusal.held > 0 ? ` ${holders[refusal.scope]} not yet paid for or shipped already hold ${refusal.held}.` : '';
  return refusal.maxQuantity > 0
    ? `You can order at most ${refusal.maxQuantity} of ${item} for now.${why} Please lower the quantity in your cart.`
    : `You can't order more of ${item} for now.${why} Please remove it from your cart, or order it once those orders are paid for or shipped.`;
}
