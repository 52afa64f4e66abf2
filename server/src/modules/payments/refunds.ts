import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordEvent, setPaymentStatus } from '../orders/orders.repository.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { findPaidPayment, markPaymentRefunded } from './payments.repository.ts';

/**
 * Refunds a cancelled order's captured online payment through the provider. Runs after the
 * cancellation has committed: if the provider fails, the order stays cancelled and paid,
 * with a note in its history for staff to refund by hand.
 */
export async function refundIfPaid(db: Kysely<Database>, gateway: PaymentGateway, orderId: string, now: Date) {
  const payment = await findPaidPayment(db, orderId);
  if (!payment?.provider_payment_id) return;
  let at = now.toISOString();
  try {
    const refund = await gateway.refund({ paymentId: payment.provider_payment_id, amount: payment.amount });
    // Recorded when the provider answered, after the cancellation it follows.
    at = new Date(Math.max(Date.now(), now.getTime() + 1)).toISOString();
    await db.transaction().execute(async (trx) => {
      await markPaymentRefunded(trx, payment.id, refund.id, at);
      await setPaymentStatus(trx, orderId, 'refunded', at);
      await recordEvent(trx, { orderId, status: 'cancelled', note: `Refunded (${refund.id})`, actorId: null, now: at });
    });
  } catch {
    await recordEvent(db, {
      orderId,
      status: 'cancelled',
      note: 'Refund failed: refund by hand',
      actorId: null,
      now: at,
    });
  }
}
