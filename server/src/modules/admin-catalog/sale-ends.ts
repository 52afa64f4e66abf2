import type { Kysely, Transaction } from 'kysely';
import { formatRupees, priceAfterSale, saleHasEnded, variantAfterSale } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as writes from './product-writes.repository.ts';

/**
 * A sale end staff set ends the sale (issue 26): once it has come, the product's price is its
 * original price, with no original price and no sale end, and so is each variant's own. Every
 * process ends the sales that are due every few seconds, each product in a transaction of its
 * own under its row's lock, once: a second process finds it ended and does nothing. The write
 * moves the catalogue's version on (its triggers), so every process's lists and caches follow.
 * Until then, every read that shows or charges a price applies the same rule (core's
 * `productAt`, `chargedPrice`), so nothing sells at the sale price after its end.
 */

/** How many due products one round ends; the next round takes any more. */
const ROUND = 100;

/**
 * Ends the sale of a product whose end has come by `now`, inside the caller's transaction (the
 * job, or a staff write about to change its prices); answers whether it did.
 */
export async function endSaleIfDue(trx: Transaction<Database>, id: string, now: Date): Promise<boolean> {
  const product = await writes.lockProduct(trx, id);
  if (!product || !saleHasEnded(product.sale_ends_at, now.getTime())) return false;
  const ended = priceAfterSale({ price: Number(product.price), originalPrice: product.original_price });
  const at = now.toISOString();
  if (!(await writes.writeEndedSale(trx, id, ended.price, at))) return false;
  const variants = await writes.findOwnPricedVariants(trx, id);
  let moved = 0;
  for (const variant of variants.filter((v) => v.originalPrice !== null)) {
    await writes.writeVariantPrice(trx, id, variantAfterSale(variant));
    moved += 1;
  }
  await recordAudit(trx, {
    actorId: null,
    entityType: 'product',
    entityId: id,
    action: 'product.sale-ended',
    summary: saleEndedSummary(Number(product.price), ended.price, moved),
    now: at,
  });
  return true;
}

/** "Sale ended: price ₹799.00 → ₹999.00, and the own prices of 2 variants". */
function saleEndedSummary(from: number, to: number, variants: number): string {
  const price = from === to ? `price stays ${formatRupees(to)}` : `price ${formatRupees(from)} → ${formatRupees(to)}`;
  const own =
    variants === 0 ? '' : `, and the own price${variants === 1 ? ' of 1 variant' : `s of ${variants} variants`}`;
  return `Sale ended: ${price}${own}`;
}

/** Ends every sale due by `now`; answers how many it ended (another process may have ended some). */
export async function endDueSales(db: Kysely<Database>, now = new Date()): Promise<number> {
  let ended = 0;
  for (;;) {
    const due = await writes.findDueSales(db, now.toISOString(), ROUND);
    for (const id of due) {
      if (await db.transaction().execute((trx) => endSaleIfDue(trx, id, now))) ended += 1;
    }
    if (due.length < ROUND) return ended;
  }
}

export interface SaleEndsJob {
  stop(): void;
}

/**
 * Ends due sales every `everyMs`, on a timer that keeps no process alive; `onEnded` is told when
 * a round ended any (to drop this process's cached answers at once). A failing round is logged
 * once until a round succeeds again, and never overlaps the next.
 */
export function startSaleEnds(
  db: Kysely<Database>,
  everyMs: number,
  {
    onEnded,
    log,
  }: { onEnded: (count: number) => void; log: { info(o: object, m: string): void; warn(o: object, m: string): void } },
): SaleEndsJob {
  let running = false;
  let failing = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      const ended = await endDueSales(db);
      failing = false;
      if (ended > 0) {
        log.info({ ended }, 'ended sales whose end had come');
        onEnded(ended);
      }
    } catch (error) {
      if (!failing) log.warn({ err: error }, 'ending due sales failed; trying again every round');
      failing = true;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
