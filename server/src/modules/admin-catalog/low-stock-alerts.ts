import type { Transaction } from 'kysely';
import { variantLabel } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { enqueueMessage } from '../messages/messages.service.ts';

/** A variant a change took down to its low-stock threshold: it was above, and is now at or below. */
export interface LowStockFall {
  productId: string;
  /** The product's name. */
  name: string;
  color: string;
  size: string;
  sku: string;
  /** Pieces left. */
  stock: number;
  threshold: number;
}

/**
 * Staff's one "low stock" email (to STAFF_ORDER_EMAIL) about the variants a change took down
 * to their threshold, queued in that change's transaction: it is sent if and only if the
 * change commits, once per fall, whether an order or staff made it. Nothing when none fell or
 * the shop has no staff address.
 */
export async function queueLowStockAlert(
  trx: Transaction<Database>,
  fallen: readonly LowStockFall[],
  staffEmail: string | null,
  now: Date,
): Promise<void> {
  if (fallen.length === 0 || !staffEmail) return;
  await enqueueMessage(
    trx,
    {
      template: 'staff-low-stock',
      to: staffEmail,
      data: {
        variants: fallen.map((f) => ({
          productId: f.productId,
          name: f.name,
          variant: variantLabel(f),
          sku: f.sku,
          stock: f.stock,
          threshold: f.threshold,
        })),
      },
    },
    now,
  );
}
