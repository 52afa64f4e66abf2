import type { Kysely, Transaction } from 'kysely';
import { heldVariantsMessage, UNNAMED_COLOR, variantKeyOf, type VariantKey } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { findColors, findHeldLines } from './variant-grid.repository.ts';

/**
 * Each variant among `gone` that orders still hold pieces of, with those orders' numbers, in
 * the order given. A cancellation or a parcel returned to origin gives the pieces back to the
 * variant; removed, they would go nowhere. A write removing them holds their row locks, so an order
 * taking one of them commits before this reads (and is seen) or finds the row gone. A line from
 * before variants (no colour) holds the product's first colour, where its pieces go back.
 */
export async function heldVariants(
  db: Kysely<Database>,
  productId: string,
  gone: readonly VariantKey[],
): Promise<{ variant: VariantKey; orders: string[] }[]> {
  const lines = await findHeldLines(
    db,
    productId,
    gone.map((v) => v.size),
  );
  if (lines.length === 0) return [];
  const firstColor = lines.some((l) => l.color === null) ? ((await findColors(db, productId))[0] ?? UNNAMED_COLOR) : '';
  const orders = new Map<string, Set<string>>();
  for (const line of lines) {
    const key = variantKeyOf({ color: line.color ?? firstColor, size: line.size });
    orders.set(key, (orders.get(key) ?? new Set()).add(line.order_number));
  }
  return gone
    .filter((v) => orders.has(variantKeyOf(v)))
    .map((variant) => ({ variant, orders: [...orders.get(variantKeyOf(variant))!] }));
}

/** Refuses (409 `VARIANT_IN_OPEN_ORDERS`) a write removing variants open orders hold: see `heldVariants`. */
export async function refuseRemovingHeldVariants(
  trx: Transaction<Database>,
  productId: string,
  gone: readonly VariantKey[],
): Promise<void> {
  const held = await heldVariants(trx, productId, gone);
  if (held.length > 0) throw conflict('VARIANT_IN_OPEN_ORDERS', heldVariantsMessage(held));
}
