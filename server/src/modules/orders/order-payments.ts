import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What orders ask of the payments module. Payments depend on orders (a payment confirms an
 * order, a refund notes it), so orders never import payments: the payments module implements
 * this (`paymentsForOrders`) and app.ts and server.ts hand it in.
 */
export interface OrderPayments {
  /** Throws the refusal when online payment cannot be taken (no provider configured). */
  assertOnlineAvailable(): void;
  /** What refunding the order would return now: its captured online payment (paise), or null. */
  capturedAmount(db: Kysely<Database> | Transaction<Database>, orderId: string): Promise<number | null>;
  /**
   * Refunds a cancelled order's captured online payment, after the cancellation has committed;
   * `staffId` is the staff member who cancelled it, if one did.
   */
  refundIfPaid(db: Kysely<Database>, orderId: string, now: Date, staffId?: string | null): Promise<void>;
}
