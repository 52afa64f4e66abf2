import type { Transaction } from 'kysely';
import { variantPhrase } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { inVariantRowOrder, variantRowKey } from '../../db/row-order.ts';
import { conflict } from '../../lib/errors.ts';
import * as repo from './orders.repository.ts';

type Trx = Transaction<Database>;

/** A change of one variant's stock: a positive delta takes pieces, a negative one gives them back. */
export interface StockChange {
  productId: string;
  color: string;
  size: string;
  delta: number;
  /** The product's name, for the shopper's message when pieces are short. */
  name: string;
}

/**
 * Moves the stock of many variants in one pass, netted per variant and in a fixed order of rows,
 * so two transactions touching the same variants never wait on each other in a circle (no
 * deadlocks). Pieces are taken with a conditional update, never below zero: a shortfall
 * refuses the whole transaction. Every variant is locked until the transaction ends; answers the
 * stock each holds now, by `variantRowKey`.
 */
export async function moveStock(trx: Trx, changes: StockChange[]): Promise<Map<string, number>> {
  const net = new Map<string, StockChange & { returned: number }>();
  for (const change of changes) {
    const key = variantRowKey(change);
    const seen = net.get(key) ?? { ...change, delta: 0, returned: 0 };
    seen.delta += change.delta;
    seen.returned += Math.max(0, -change.delta);
    net.set(key, seen);
  }
  const left = new Map<string, number>();
  for (const { productId, color, size, delta, returned, name } of inVariantRowOrder([...net.values()])) {
    const variant = { color, size };
    // A variant whose changes cancel out (an order replacing one with the same pieces) is still
    // locked, in its turn: the holding limits are counted under these locks.
    const now =
      delta === 0
        ? await repo.lockStock(trx, productId, variant)
        : delta < 0
          ? await repo.returnStock(trx, productId, variant, -delta)
          : await repo.takeStock(trx, productId, variant, delta);
    if (now !== null) {
      left.set(variantRowKey({ productId, ...variant }), now);
      continue;
    }
    if (delta <= 0) continue;
    const short = ((await repo.stockOf(trx, productId, variant))?.stock ?? 0) + returned;
    throw conflict('OUT_OF_STOCK', shortMessage(name, variant, short));
  }
  return left;
}

// The spec's wording, with the colour where the product has named colours.
function shortMessage(name: string, variant: { color: string; size: string }, short: number): string {
  const which = variantPhrase(variant);
  return short > 0 ? `Only ${short} left of ${name} in ${which}.` : `${name} in ${which} is sold out.`;
}

/**
 * An order's lines as stock going back. A line from before variants has no colour: its pieces
 * were taken from the stock the product's first colour now holds, and go back there.
 */
export async function stockReturnOf(trx: Trx, orderId: string): Promise<StockChange[]> {
  const items = await repo.findItems(trx, [orderId]);
  const uncoloured = items.filter((i) => i.color === null).map((i) => i.product_id);
  const firstColors = await repo.firstColorsOf(trx, uncoloured);
  return items.map((item) => ({
    productId: item.product_id,
    color: item.color ?? firstColors.get(item.product_id) ?? '',
    size: item.size,
    delta: -item.quantity,
    name: item.name,
  }));
}
