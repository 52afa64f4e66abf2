import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { User } from '@shop/core';
import type { Database } from '../db/schema.ts';
import { createOrPromoteAdmin } from '../modules/auth/auth.service.ts';
import type { TestShop } from './databases.ts';

let counter = 0;

/** A fresh, valid sign-up body; every call gets its own email. */
export function newShopper(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: `ravi.${Date.now()}.${counter}@example.com`,
    phone: '98765 43210',
    password: 'Monsoon-Kurta-2026!',
    ...overrides,
  };
}

/** Signs a new shopper up and in through the API; answers their token and user. */
export async function signedInShopper(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; user: User; email: string; password: string; auth: { authorization: string } }> {
  const body = newShopper(overrides);
  // Each shopper comes from its own address, so sign-up limits never couple tests.
  const remoteAddress = `10.9.${counter % 250}.${Math.floor(Math.random() * 250)}`;
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: body.email, password: body.password },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { accessToken, user } = login.json().data;
  return {
    token: accessToken,
    user,
    email: body.email,
    password: body.password,
    auth: { authorization: `Bearer ${accessToken}` },
  };
}

/**
 * Marks an account's email verified, as following the emailed link does (written straight to
 * the database, so a test does not depend on the link's page or on what verifying changes).
 */
export async function markEmailVerified(db: Kysely<Database>, userId: string, at = new Date()): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: at.toISOString() }).where('id', '=', userId).execute();
}

/**
 * A shopper signed up and in, whose email is verified: whom the shop lets place orders. The
 * tests about orders, payments and invoices start from one of these.
 */
export async function verifiedShopper(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const shopper = await signedInShopper(app, overrides);
  await markEmailVerified(app.db, shopper.user._id);
  return { ...shopper, user: { ...shopper.user, emailVerified: true } };
}

/**
 * A signed-in staff member, promoted as `npm run admin:create` does (which signs out the
 * account's earlier sessions), then signed in again. `app` defaults to the shop's own.
 */
export async function signedInAdmin(shop: Pick<TestShop, 'app' | 'handle'>, app: FastifyInstance = shop.app) {
  const shopper = await signedInShopper(app, { firstName: 'Staff' });
  // A test's own shopper: the operator knows whose account it is, verified or not.
  await createOrPromoteAdmin(shop.handle.db, {
    email: shopper.email,
    password: shopper.password,
    allowUnverified: true,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: shopper.email, password: shopper.password },
  });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  const { accessToken, user } = login.json().data;
  return { ...shopper, token: accessToken, user, auth: { authorization: `Bearer ${accessToken}` } };
}
