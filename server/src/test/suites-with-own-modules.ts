/**
 * The server suites that replace a module for their own file (`vi.mock`, `vi.doMock`): each gets a
 * module graph of its own. Every other server suite shares one graph per worker (vitest.config.ts),
 * where a replaced module would reach the suites after it, or come too late for a module an earlier
 * suite had already imported. `suites-with-own-modules.test.ts` keeps this list whole.
 */
export const suitesWithOwnModules = [
  'src/modules/auth/password-hashing.test.ts',
  'src/modules/auth/sign-in-limits.test.ts',
  'src/modules/invoices/invoices.routes.test.ts',
  'src/modules/orders/order-number.routes.test.ts',
  'src/modules/admin-catalog/image-store.test.ts',
  'src/security/access-matrix.test.ts',
];
