import os from 'node:os';
import path from 'node:path';

/**
 * How the journeys' shop server runs: the production build on a throwaway SQLite database in
 * `dataDir`, listening on `port`. The configuration starts the shared one; a journey that must
 * change a shop-wide setting starts one of its own with the same environment.
 */
export const root = path.resolve(import.meta.dirname, '..');

export const shopDataDir = (port: number) => path.join(os.tmpdir(), `shop-e2e-${port}`);

export function shopServerEnv(port: number): Record<string, string> {
  const baseURL = `http://127.0.0.1:${port}`;
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: shopDataDir(port),
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(root, 'web/dist'),
    // The development Google provider sends the browser back here.
    PUBLIC_URL: baseURL,
    // Every journey signs up from this one address: lift the per-address limit.
    AUTH_MAX_ATTEMPTS: '10000',
    // ...and orders from it: what orders hold is bounded per shopper, not for the address.
    HOLDING_LIMITS: 'per-account',
    // The couriers' webhook is on, signed with this secret (e2e/tests/shipments.spec.ts signs its events).
    SHIPMENT_WEBHOOK_SECRET: 'e2e-shipment-webhook-secret',
  };
}
