import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inSizeRowOrder, sizeRowKey } from '../../db/row-order.ts';
import { conflict } from '../../lib/errors.ts';
import * as repo from './orders.repository.ts';

type Trx = Transaction<Database>;

/** A change of one size's stock: a positive delta takes pieces, a negative one gives them back. */
export interface StockChange {
  productId: string;
  size: string;
  delta: number;
  /** The product's name, for the shopper's message when pieces are short. */
  name: string;
}

/**
 * Moves the stock of many sizes in one pass, netted per size and in a fixed order of rows, so
 * two transactions touching the same sizes never wait on each other in a circle (no
 * deadlocks). Pieces are taken with a conditional update, never below zero: a shortfall
 * refuses the whole transaction. Every size is locked until the transaction ends; answers the
 * stock each holds now, by `sizeRowKey`.
 */
export async function moveStock(trx: Trx, changes: StockChange[]): Promise<Map<string, number>> {
  const net = new Map<string, StockChange & { returned: number }>();
  for (const change of changes) {
    const key = sizeRowKey(change);
    const seen = net.get(key) ?? { ...change, delta: 0, returned: 0 };
    seen.delta += change.delta;
    seen.returned += Math.max(0, -change.delta);
    net.set(key, seen);
  }
  const left = new Map<string, number>();
  for (const { productId, size, delta, returned, name } of inSizeRowOrder([...net.values()])) {
    // A size whose changes cancel out (an order replacing one with the same pieces) is still
    // locked, in its turn: the holding limits are counted under these locks.
    const now =
      delta === 0
        ? await repo.lockStock(trx, productId, size)
        : delta < 0
          ? await repo.returnStock(trx, productId, size, -delta)
          : await repo.takeStock(trx, productId, size, delta);
    if (now !== null) {
      left.set(sizeRowKey({ productId, size }), now);
      continue;
    }
    if (delta <= 0) continue;
    const short = ((await repo.stockOf(trx, productId, size))?.stock ?? 0) + returned;
    throw conflict(
      'OUT_OF_STOCK',
      short > 0 ? `Only ${short} left of ${name} in size ${size}.` : `${name} in size ${size} is sold out.`,
    );
  }
  return left;
}

/** An order's lines as stock going back. */
export async function stockReturnOf(trx: Trx, orderId: string): Promise<StockChange[]> {
  return (await repo.findItems(trx, [orderId])).map((item) => ({
    productId: item.product_id,
    size: item.size,
    delta: -item.quantity,
    name: item.name,
  }));
}
