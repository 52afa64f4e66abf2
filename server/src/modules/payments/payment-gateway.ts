import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: 'INR';
}

/**
 * The payment provider, as the shop uses it: Razorpay, or the local sandbox that stands in
 * for it (same ids, same signatures, no network). Amounts are paise.
 */
export interface PaymentGateway {
  name: 'razorpay' | 'sandbox';
  /** False in production without Razorpay keys: online orders are refused before anything is written. */
  available: boolean;
  /** The public key id the web app opens the payment window with. */
  keyId: string;
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  /** Checkout's success signature: HMAC-SHA256(`order_id|payment_id`, key secret). */
  isValidPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** A webhook's X-Razorpay-Signature: HMAC-SHA256(raw body, webhook secret). */
  isValidWebhookSignature(rawBody: string, signature: string): boolean;
  /**
   * Refunds `amount` of a captured payment. With an idempotency key (10+ letters, digits, `-`
   * or `_`), the same request sent again after a timeout answers the refund already made
   * instead of making another.
   */
  refund(input: { paymentId: string; amount: number; idempotencyKey?: string }): Promise<{ id: string }>;
}

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time. */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const received = Buffer.from(receivedHex, 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

function signatureChecks(keySecret: string, webhookSecret: string) {
  return {
    isValidPaymentSignature: ({
      orderId,
      paymentId,
      signature,
    }: {
      orderId: string;
      paymentId: string;
      signature: string;
    }) => signatureMatches(hmacHex(keySecret, `${orderId}|${paymentId}`), signature),
    isValidWebhookSignature: (rawBody: string, signature: string) =>
      signatureMatches(hmacHex(webhookSecret, rawBody), signature),
  };
}

const providerUnavailable = () =>
  new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider could not be reached. Please try again.');

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a stand-in in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/** Razorpay's Orders and Refunds APIs over HTTPS with basic auth (key id and secret). */
export function createRazorpayGateway(settings: RazorpaySettings): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  async function call<T>(path: string, body: object, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${settings.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
    } catch {
      throw providerUnavailable();
    }
    if (!res.ok) throw providerUnavailable();
    return (await res.json()) as T;
  }
  return {
    name: 'razorpay',
    available: true,
    keyId: settings.keyId,
    async createOrder({ amount, receipt, notes }) {
      const order = await call<{ id: string; amount: number; currency: string }>('/v1/orders', {
        amount,
        currency: 'INR',
        receipt,
        notes,
        // Captured as soon as authorised: the shop never holds an authorised-but-uncaptured payment.
        payment_capture: 1,
      });
      return { id: order.id, amount: order.amount, currency: 'INR' };
    },
    refund: ({ paymentId, amount, idempotencyKey }) =>
      call<{ id: string }>(
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount },
        // Razorpay's idempotent refunds: a retry with the same key and body makes no second refund.
        idempotencyKey ? { 'x-refund-idempotency': idempotencyKey } : {},
      ),
    ...signatureChecks(settings.keySecret, settings.webhookSecret),
  };
}

export interface SandboxGateway extends PaymentGateway {
  /** What Razorpay Checkout's server would answer for a successful payment: a signed response. */
  pay(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

/**
 * The local sandbox: orders and payments are made up here and signed exactly as Razorpay
 * signs them, with a secret derived from the shop's own. Used when no Razorpay keys are set.
 */
export function createSandboxGateway(keySecret: string, webhookSecret: string): SandboxGateway {
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url')}`;
  // As Razorpay does, a refund asked again with its idempotency key answers the first one.
  const refunds = new Map<string, string>();
  return {
    name: 'sandbox',
    available: true,
    keyId: 'rzp_test_sandbox',
    createOrder: async ({ amount }) => ({ id: id('order'), amount, currency: 'INR' }),
    refund: async ({ idempotencyKey }) => {
      if (!idempotencyKey) return { id: id('rfnd') };
      const made = refunds.get(idempotencyKey) ?? id('rfnd');
      refunds.set(idempotencyKey, made);
      return { id: made };
    },
    pay(orderId) {
      const paymentId = id('pay');
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmacHex(keySecret, `${orderId}|${paymentId}`),
      };
    },
    ...signatureChecks(keySecret, webhookSecret),
  };
}

export const onlinePaymentUnavailable = () =>
  new AppError(503, 'ONLINE_PAYMENT_UNAVAILABLE', 'Online payment is not available. Please choose cash on delivery.');

/** Production without Razorpay keys: cash on delivery only. */
export function createUnavailableGateway(): PaymentGateway {
  return {
    name: 'razorpay',
    available: false,
    keyId: '',
    createOrder: async () => {
      throw onlinePaymentUnavailable();
    },
    refund: async () => {
      throw onlinePaymentUnavailable();
    },
    isValidPaymentSignature: () => false,
    isValidWebhookSignature: () => false,
  };
}
