import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, quickPasswordHashCost, testDialects, type TestShop } from '../../test/databases.ts';
import { createPasswordHasher, shopPasswordHashCost } from './password.ts';

// How many argon2 computations were handed to libuv's thread pool and not yet finished.
const argon2Load = vi.hoisted(() => ({ inFlight: 0, maxInFlight: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  const watched =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      argon2Load.inFlight += 1;
      argon2Load.maxInFlight = Math.max(argon2Load.maxInFlight, argon2Load.inFlight);
      try {
        return await run(...args);
      } finally {
        argon2Load.inFlight -= 1;
      }
    };
  return { ...actual, hash: watched(actual.hash), verify: watched(actual.verify) };
});

/**
 * argon2 runs on libuv's thread pool (4 threads), which static files, DNS and zlib share: a
 * flood of sign-ins must not take all of it, nor queue without bound.
 */
describe.each(testDialects)('password hashing under a flood of failed sign-ins on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    // Limits lifted, so that every sign-in reaches its password check.
    const lifted = 1_000_000;
    // At the shop's own cost: what is measured is a flood of real hashes.
    shop = await createTestShop(dialect, {
      passwordHashCost: shopPasswordHashCost,
      limits: { signIn: { perAccountAndAddress: lifted, perAddress: lifted, perAccount: lifted } },
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('runs at most 2 hashes at once, and answers 503 (not a long wait) once 100 are waiting', async () => {
    argon2Load.maxInFlight = 0;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `flood.${i}@example.com`, password: 'not-the-password' },
          remoteAddress: `10.70.${i >> 8}.${i & 255}`,
        }),
      ),
    );
    const failed = answers.filter((a) => a.statusCode === 401);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(failed.length + busy.length).toBe(300);
    expect(argon2Load.maxInFlight).toBeGreaterThan(0);
    expect(argon2Load.maxInFlight).toBeLessThanOrEqual(2);
    expect(failed.length).toBeGreaterThanOrEqual(102);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.json()).toEqual({
        success: false,
        code: 'SERVICE_BUSY',
        message: 'The shop is busy right now. Please try again in a moment.',
      });
      expect(res.headers['retry-after']).toBe('5');
    }
    expect(argon2Load.inFlight).toBe(0);
  });
});

describe('the cost of a password hash', () => {
  it('is OWASP’s baseline for argon2id unless a suite asks for less, and any cost verifies', async () => {
    const shop = createPasswordHasher();
    const stored = await shop.hash('Monsoon-Kurta-2026!');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const quick = createPasswordHasher(undefined, quickPasswordHashCost);
    expect(await quick.hash('Monsoon-Kurta-2026!')).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    // A hash names its own cost: one made at the shop's cost checks under any hasher.
    expect(await quick.verify(stored, 'Monsoon-Kurta-2026!')).toBe(true);
    expect(await quick.verify(stored, 'monsoon-kurta-2026!')).toBe(false);
  });
});
