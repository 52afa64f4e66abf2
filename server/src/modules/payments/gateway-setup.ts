import type { PaymentConfig } from '../../config.ts';
import { derivedSecret } from '../../secrets.ts';
import {
  createRazorpayGateway,
  createSandboxGateway,
  createUnavailableGateway,
  type PaymentGateway,
} from './payment-gateway.ts';

/** The payment gateway as configured; the sandbox's secrets derive from the shop's own. */
export function gatewayFromConfig(config: PaymentConfig, secret: Uint8Array): PaymentGateway {
  if (config.kind === 'razorpay') return createRazorpayGateway(config);
  if (config.kind === 'sandbox') {
    return createSandboxGateway(
      derivedSecret(secret, 'sandbox-key-secret'),
      derivedSecret(secret, 'sandbox-webhook-secret'),
    );
  }
  return createUnavailableGateway();
}
