import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Marks a cash order confirmed, once: false when it already was. */
export async function markCodConfirmed(
  trx: Transaction<Database>,
  orderId: string,
  via: 'email' | 'staff',
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ cod_confirmed_at: now, cod_confirmed_via: via, updated_at: now })
    .where('id', '=', orderId)
    .where('payment_method', '=', 'cod')
    .where('cod_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Cash orders not shipped, cancelled or confirmed, placed before `cutoff`. */
export function findUnconfirmedCodBefore(db: Db, cutoff: string) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('payment_method', '=', 'cod')
    .where('status', 'in', ['pending', 'confirmed'])
    .where('cod_confirmed_at', 'is', null)
    .where('created_at', '<', cutoff)
    .execute();
}
