import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Removes the personal data from an account's orders: the names, street addresses and phone
 * numbers of their delivery and billing addresses (the state stays: it decided the tax), the
 * notes, and the network address they were placed from. What they sold, for how much and when
 * stays, as the tax invoices and credit notes that name them.
 */
export async function eraseOrdersOf(
  trx: Transaction<Database>,
  userId: string,
  erasedAddress: (json: string) => string,
  at: string,
) {
  const rows = await trx
    .selectFrom('orders')
    .select(['id', 'shipping_address', 'billing_address'])
    .where('user_id', '=', userId)
    .execute();
  for (const row of rows) {
    await trx
      .updateTable('orders')
      .set({
        shipping_address: erasedAddress(row.shipping_address),
        billing_address: erasedAddress(row.billing_address),
        notes: '',
        client_address: null,
        client_network: null,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
  }
  // An account is erased only once no order of it is open, so its holds are settled ones that
  // outlived their order's change (see orders.repository.ts, holdsOfVariants): they go too.
  await trx.deleteFrom('order_holds').where('user_id', '=', userId).execute();
}
