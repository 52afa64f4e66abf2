/**
 * How the shop keeps trying to deliver a message: a failed attempt is tried again after a
 * delay that doubles each time (30 s, 1 min, 2 min, … capped at an hour), for a bounded
 * number of attempts; then the message is failed for staff to look at and send again.
 * A claim older than the lease belongs to a process that died mid-send: the message is
 * taken again (at most a duplicate, never a loss).
 */
export interface DeliveryPolicy {
  /** The wait after the first failed attempt. */
  firstRetryMs: number;
  /** No wait is longer than this. */
  maxRetryMs: number;
  /** Attempts in all, the first included; after the last one fails the message is failed. */
  maxAttempts: number;
  /** How long a claim (status `sending`) holds before another process may take the message. */
  leaseMs: number;
}

export const defaultDeliveryPolicy: DeliveryPolicy = {
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 8,
  leaseMs: 10 * 60_000,
};

/** The wait after the `attempt`-th failed attempt (1 for the first). */
export function retryDelayMs(attempt: number, policy: DeliveryPolicy = defaultDeliveryPolicy): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`Not an attempt number: ${attempt}`);
  // 2 ** 40 already dwarfs any cap: never let the exponent overflow into Infinity.
  return Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.min(attempt - 1, 40));
}

export type AfterFailure = { status: 'queued'; nextAttemptAt: Date } | { status: 'failed' };

/** What becomes of a message whose `attempts`-th attempt failed at `now`. */
export function afterFailedAttempt(
  attempts: number,
  now: Date,
  policy: DeliveryPolicy = defaultDeliveryPolicy,
): AfterFailure {
  if (attempts >= policy.maxAttempts) return { status: 'failed' };
  return { status: 'queued', nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, policy)) };
}

/** Claims made before this instant have outlived their lease. */
export function staleClaimBefore(now: Date, policy: DeliveryPolicy = defaultDeliveryPolicy): Date {
  return new Date(now.getTime() - policy.leaseMs);
}
