import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as repo from './orders.repository.ts';

/**
 * The sweep that keeps `order_holds` true to the orders (see repo.reconcileHolds): what it
 * changed, which is nothing unless an order changed by other means than this module.
 */
export function reconcileOrderHolds(db: Kysely<Database>) {
  return repo.reconcileHolds(db);
}
