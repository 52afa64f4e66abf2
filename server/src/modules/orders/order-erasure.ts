import type { Transaction } from 'kysely';
import { erasureDecision, erasureRefusalMessage } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './orders.repository.ts';
import { eraseOrdersOf } from './order-erasure.repository.ts';

/** An order address with the person taken out: the state (the tax's place of supply) and country stay. */
function erasedAddress(json: string): string {
  let state = '';
  let country = 'India';
  try {
    const address = JSON.parse(json) as { state?: unknown; country?: unknown };
    if (typeof address.state === 'string') state = address.state;
    if (typeof address.country === 'string') country = address.country;
  } catch {
    // Nothing readable to keep.
  }
  return JSON.stringify({
    name: 'Erased',
    addressLine1: '',
    addressLine2: '',
    city: '',
    state,
    pinCode: '',
    country,
    phone: '',
  });
}

/**
 * Inside an account's erasure: refuses it (409) while an order is still open, else takes the
 * personal data out of every order of the account.
 */
export async function eraseOrdersOfAccount(trx: Transaction<Database>, userId: string, now: Date): Promise<void> {
  const orders = await repo.findOrdersOf(trx, userId);
  const decision = erasureDecision(orders.map((o) => ({ orderNumber: o.order_number, status: o.status })));
  if (!decision.ok) {
    throw new AppError(409, 'OPEN_ORDERS', erasureRefusalMessage(decision.orderNumbers), undefined, {
      orderNumbers: decision.orderNumbers,
    });
  }
  await eraseOrdersOf(trx, userId, erasedAddress, now.toISOString());
}
