import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createRedisCounter } from '../../lib/attempt-counter.ts';
import { newId } from '../../lib/ids.ts';
import { newShopper } from '../../test/accounts.ts';
import { createTestShop, quickPasswordHashCost, testDialects, type TestShop } from '../../test/databases.ts';
import { freshRedisPrefix, testRedisUrl, withRedis } from '../../test/redis.ts';
import { createOrPromoteAdmin } from './auth.service.ts';
import { createPasswordHasher, defaultHashingBounds } from './password.ts';
import { insertUser } from './auth.repository.ts';

// Every password check the shop runs, counted where it happens: argon2's verify.
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...actual,
    verify: (...args: Parameters<typeof actual.verify>) => {
      argon2Calls.verify += 1;
      return actual.verify(...args);
    },
  };
});
const { hash } = await import('@node-rs/argon2');

// Floods of 200 sign-ins, 30 rounds each: slow on a busy machine, however right they are.
vi.setConfig({ testTimeout: 120_000 });

const PASSWORD = 'Monsoon-Kurta-2026!';
const ROUNDS = 30;

let ipCounter = 0;
/** A client address no other test of this file uses. */
const freshIp = () => `10.${40 + (ipCounter >> 16)}.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

function tally(answers: LightMyRequestResponse[]) {
  const by = (status: number) => answers.filter((a) => a.statusCode === status).length;
  return { ok: by(200), failed: by(401), limited: by(429), other: answers.length - by(200) - by(401) - by(429) };
}

const stores = withRedis ? (['memory', 'Redis'] as const) : (['memory'] as const);

describe.each(testDialects)('sign-in limits on %s', (dialect) => {
  let shop: TestShop;
  let passwordHash: string;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    // What is counted is which checks run, not what each costs: the cheapest argon2id.
    passwordHash = await hash(PASSWORD, quickPasswordHashCost);
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** An account of its own, written straight to the database (no hashing per round). */
  async function freshAccount() {
    const email = `limits.${newId().toLowerCase()}@example.com`;
    const at = new Date().toISOString();
    await insertUser(shop.handle.db, {
      id: newId(),
      email,
      first_name: 'Meena',
      last_name: 'Iyer',
      phone: null,
      password_hash: passwordHash,
      role: 'customer',
      token_version: 0,
      created_at: at,
      updated_at: at,
    });
    return email;
  }

  const signIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  describe.each(stores)('with the counters in %s', (store) => {
    /** One app with counters in memory; with Redis, two apps (two processes) sharing them. */
    let apps: FastifyInstance[];
    const limits = { signIn: { perAccount: 10, perAddress: 10 } };
    const passwords = createPasswordHasher(defaultHashingBounds, quickPasswordHashCost);

    beforeAll(async () => {
      if (store === 'memory') {
        apps = [await buildApp({ database: shop.handle, catalogCacheMs: 0, limits, passwords })];
      } else {
        const prefix = freshRedisPrefix();
        apps = await Promise.all(
          [1, 2].map(() =>
            buildApp({
              database: shop.handle,
              catalogCacheMs: 0,
              limits,
              passwords,
              attempts: createRedisCounter(testRedisUrl, { prefix }),
            }),
          ),
        );
      }
    });
    afterAll(async () => {
      await Promise.all((apps ?? []).map((app) => app.close()));
    });

    /** Fires `count` sign-ins at once; guess i is `guess(i)`, spread over the apps. */
    async function flood(count: number, guess: (i: number) => { email: string; password: string; ip: string }) {
      const before = argon2Calls.verify;
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) => {
          const { email, password, ip } = guess(i);
          return signIn(apps[i % apps.length]!, email, password, ip);
        }),
      );
      return { answers, checks: argon2Calls.verify - before, ...tally(answers) };
    }

    it(`checks at most 10 passwords of 200 simultaneous guesses at one account from one address (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const email = await freshAccount();
        const ip = freshIp();
        const right = Math.floor(Math.random() * 200);
        const result = await flood(200, (i) => ({ email, ip, password: i === right ? PASSWORD : `wrong-guess-${i}` }));
        const where = `round ${round}: ${JSON.stringify({ ...result, answers: undefined })}`;
        expect(result.other, where).toBe(0);
        // Each 401 and 200 is one check that ran; a 429 ran none.
        expect(result.checks, where).toBe(result.failed + result.ok);
        expect(result.failed, where).toBeLessThanOrEqual(10);
        // The right password gets a token only if it was among the checks allowed; a success
        // gives its place back, so at most one more check runs.
        expect(result.ok, where).toBeLessThanOrEqual(1);
        if (result.ok === 1) expect(result.answers[right]!.statusCode, where).toBe(200);
        expect(result.limited, where).toBe(200 - result.checks);
      }
    });

    it(`checks at most the account's budget of 100 simultaneous guesses from 100 addresses (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const email = await freshAccount();
        const result = await flood(100, () => ({ email, ip: freshIp(), password: 'a-wrong-guess' }));
        const where = `round ${round}: ${JSON.stringify({ ...result, answers: undefined })}`;
        expect(result.other, where).toBe(0);
        expect(result.checks, where).toBe(result.failed);
        expect(result.failed, where).toBeLessThanOrEqual(10);
        expect(result.limited, where).toBe(100 - result.failed);
      }
    });

    it(`checks at most the address's budget of 100 simultaneous guesses at 100 accounts (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const ip = freshIp();
        // Password spraying: known and unknown emails alike.
        const emails = await Promise.all(
          Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? freshAccount() : `nobody.${newId()}@example.com`)),
        );
        const result = await flood(100, (i) => ({ email: emails[i]!, ip, password: 'Summer-2026' }));
        const where = `round ${round}: ${JSON.stringify({ ...result, answers: undefined })}`;
        expect(result.other, where).toBe(0);
        expect(result.checks, where).toBe(result.failed);
        expect(result.failed, where).toBeLessThanOrEqual(10);
        expect(result.limited, where).toBe(100 - result.failed);
      }
    });
  });

  describe('who a lockout blocks (the default limits)', () => {
    const signUp = (body: ReturnType<typeof newShopper>, remoteAddress: string) =>
      shop.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress });

    /** Signs a shopper up and in from `home`, the address the shop then knows them by. */
    async function shopperAt(home: string) {
      const body = newShopper();
      expect((await signUp(body, home)).statusCode).toBe(201);
      expect((await signIn(shop.app, body.email, body.password, home)).statusCode).toBe(200);
      return body;
    }

    /** 15 strangers' addresses, 10 wrong guesses each, all at once. */
    async function strangersGuess(email: string) {
      const addresses = Array.from({ length: 15 }, freshIp);
      const before = argon2Calls.verify;
      const answers = await Promise.all(
        addresses.flatMap((ip) =>
          Array.from({ length: 10 }, (_, i) => signIn(shop.app, email, `stranger-guess-${ip}-${i}`, ip)),
        ),
      );
      return { checks: argon2Calls.verify - before, ...tally(answers) };
    }

    it("does not let strangers' guesses from other addresses lock a shopper out of their own", async () => {
      const home = freshIp();
      const owner = await shopperAt(home);
      const guesses = await strangersGuess(owner.email);
      expect(guesses.other).toBe(0);
      // Guessing stays bounded per account, whatever the number of addresses.
      expect(guesses.failed).toBe(100);
      expect(guesses.checks).toBe(100);
      expect(guesses.limited).toBe(50);

      const owners = await signIn(shop.app, owner.email, owner.password, home);
      expect(owners.statusCode).toBe(200);
      expect(owners.json().data.accessToken).toEqual(expect.any(String));
      // From an address the account has never signed in from, the used-up budget holds.
      const elsewhere = await signIn(shop.app, owner.email, owner.password, freshIp());
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });

    it('does not lock staff out either, and their sign-in reaches the staff pages', async () => {
      const home = freshIp();
      const staff = await shopperAt(home);
      await createOrPromoteAdmin(shop.handle.db, {
        email: staff.email,
        password: staff.password,
        allowUnverified: true,
      });
      expect((await signIn(shop.app, staff.email, staff.password, home)).statusCode).toBe(200);
      expect((await strangersGuess(staff.email)).failed).toBe(100);

      const res = await signIn(shop.app, staff.email, staff.password, home);
      expect(res.statusCode).toBe(200);
      const orders = await shop.app.inject({
        url: '/api/admin/orders',
        headers: { authorization: `Bearer ${res.json().data.accessToken}` },
      });
      expect(orders.statusCode).toBe(200);
    });

    it('forgets the addresses an account signed in from when an operator promotes it with a password of their own', async () => {
      // Someone signed up first with the future staff member's email, and signed in from home.
      const squatterHome = freshIp();
      const squatter = await shopperAt(squatterHome);
      await createOrPromoteAdmin(shop.handle.db, {
        email: squatter.email,
        password: 'Staff-Chosen-Passw0rd!',
        allowUnverified: true,
      });
      expect((await strangersGuess(squatter.email)).failed).toBe(100);

      // The account's budget is used up, and the squatter's address no longer skips it.
      const guess = await signIn(shop.app, squatter.email, 'Another-Guess-2026', squatterHome);
      expect(guess.statusCode).toBe(429);
    });

    it('lets the owner keep making mistakes from their own address up to the pair budget only', async () => {
      const home = freshIp();
      const owner = await shopperAt(home);
      for (let i = 0; i < 10; i++) {
        expect((await signIn(shop.app, owner.email, `typo-${i}-${owner.password}`, home)).statusCode).toBe(401);
      }
      const blocked = await signIn(shop.app, owner.email, owner.password, home);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait 15 minutes and try again.',
      });
    });

    it('lets 200 shoppers behind one address (carrier-grade NAT) each sign up and sign in', async () => {
      const nat = freshIp();
      const statuses: number[] = [];
      // In groups of ten, as people arrive; nobody waits on a limit.
      for (let group = 0; group < 20; group++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, async () => {
            const body = newShopper({ firstName: 'Arjun', lastName: 'Nair' });
            const signup = await signUp(body, nat);
            const login = await signIn(shop.app, body.email, body.password, nat);
            return [signup.statusCode, login.statusCode];
          }),
        );
        statuses.push(...answers.flat());
      }
      expect(statuses.filter((s) => s !== 201 && s !== 200)).toEqual([]);
      expect(statuses).toHaveLength(400);
    }, 120_000);
  });
});
