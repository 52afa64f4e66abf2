import type { Kysely } from 'kysely';
import { taxDocumentKeepUntil, type AccountData } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { accountForExport, eraseAccount, lockAccountForErasure } from '../auth/account-erasure.ts';
import { dropCartOf } from '../cart/cart.service.ts';
import { complaintsOfAccount, eraseComplaintsOf } from '../grievances/grievances.service.ts';
import { eraseMessagesOf, messagesOfAccount } from '../messages/messages.service.ts';
import { eraseOrdersOfAccount } from '../orders/order-erasure.ts';
import { listOrders } from '../orders/order-view.ts';
import { eraseShipmentsOfAccount } from '../shipments/shipments.service.ts';

/**
 * Everything the shop holds about a shopper, for them to download (DPDP Act 2023, section 11):
 * the account with its addresses and sign-in methods, the orders, the emails and the complaints.
 */
export async function accountData(db: Kysely<Database>, userId: string, now = new Date()) {
  const account = await accountForExport(db, userId);
  const [orders, messages, complaints] = await Promise.all([
    listOrders(db, userId, now),
    messagesOfAccount(db, userId, account.email),
    complaintsOfAccount(db, userId, account.email, now),
  ]);
  return { exportedAt: now.toISOString(), account, orders, messages, complaints } satisfies Record<
    keyof AccountData,
    unknown
  >;
}

/**
 * Erases a shopper's account at their request (DPDP Act 2023, section 12), in one transaction:
 * refused while an order is open; otherwise the cart, addresses, linked sign-ins, emails, and
 * the personal data on orders, their parcels and complaints go at once, and every session ends. The tax
 * invoices and credit notes stay as issued, for the years the law keeps them; the answer lists
 * them.
 */
export async function deleteAccount(db: Kysely<Database>, userId: string, now = new Date()) {
  // The documents kept are the orders': read before the orders lose their shopper.
  const documents = (await listOrders(db, userId, now)).flatMap((order) => order.documents);
  await db.transaction().execute(async (trx) => {
    const { email } = await lockAccountForErasure(trx, userId);
    await dropCartOf(trx, userId, now);
    await eraseOrdersOfAccount(trx, userId, now);
    await eraseShipmentsOfAccount(trx, userId, now);
    await eraseMessagesOf(trx, userId, email);
    await eraseComplaintsOf(trx, userId, email, now);
    await eraseAccount(trx, userId, now);
  });
  return {
    keptDocuments: documents.map((doc) => ({
      number: doc.number,
      kind: doc.kind,
      keepUntil: taxDocumentKeepUntil(new Date(doc.issuedAt)),
    })),
  };
}
