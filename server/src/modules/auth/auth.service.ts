import type { Kysely } from 'kysely';
import { fullNameOf, shippingAddressOf, withShippingAddress, type Address, type User, type UserRole } from '@shop/core';
import type { addressInput, profileUpdateBody, signupBody } from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, isCommonPassword, verifyAgainstDecoy, verifyPassword } from './password.ts';
import * as repo from './auth.repository.ts';
import type { SignInLimiter } from './sign-in-limiter.ts';
import type { TokenService } from './tokens.ts';

type ParsedSignup = z.output<typeof signupBody>;
type ParsedProfileUpdate = z.output<typeof profileUpdateBody>;
type ParsedAddress = z.output<typeof addressInput>;

export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password.');
const sessionExpired = () => unauthorized('Your session has expired. Please sign in again.');

function toAddress(row: repo.AddressRow): Address {
  return {
    _id: row.id,
    name: row.name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    pinCode: row.pin_code,
    isDefault: row.is_default === 1,
  };
}

function toUser(row: repo.UserRow, addressRows: repo.AddressRow[]): User {
  const addresses = addressRows.map(toAddress);
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: fullNameOf(row.first_name, row.last_name),
    email: row.email,
    phone: row.phone,
    role: row.role,
    addresses,
    shippingAddress: shippingAddressOf(addresses),
  };
}

export async function getUser(db: Kysely<Database>, userId: string): Promise<User> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw sessionExpired();
  return toUser(row, await repo.findAddresses(db, userId));
}

interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string | null;
  role: UserRole;
}

function newUserRow(id: string, user: NewUser, at: string) {
  return {
    id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    password_hash: user.passwordHash,
    role: user.role,
    token_version: 0,
    created_at: at,
    updated_at: at,
  };
}

function assertNotCommon(password: string) {
  if (isCommonPassword(password)) {
    throw badRequest('COMMON_PASSWORD', 'This password is too common. Please choose one that is harder to guess.');
  }
}

export async function signup(
  db: Kysely<Database>,
  limiter: SignInLimiter,
  ip: string,
  body: ParsedSignup,
  now = new Date(),
): Promise<User> {
  const keys = { ip: `signup:ip:${ip}`, email: `signup:email:${body.email}` };
  await limiter.assertAllowed([keys.ip, keys.email]);
  // Every sign-up from an address counts; for an email only the refused ones do.
  await limiter.record([keys.ip]);
  assertNotCommon(body.password);
  if (await repo.findUserByEmail(db, body.email)) {
    await limiter.record([keys.email]);
    throw conflict('EMAIL_TAKEN', 'Email already registered');
  }
  const id = newId();
  const at = now.toISOString();
  try {
    const passwordHash = await hashPassword(body.password);
    await repo.insertUser(db, newUserRow(id, { ...body, passwordHash, role: 'customer' }, at));
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict('EMAIL_TAKEN', 'Email already registered');
    throw error;
  }
  return getUser(db, id);
}

export async function login(
  db: Kysely<Database>,
  tokens: TokenService,
  limiter: SignInLimiter,
  ip: string,
  email: string,
  password: string,
): Promise<{ accessToken: string; user: User }> {
  const keys = [`login:ip:${ip}`, `login:email:${email}`];
  await limiter.assertAllowed(keys);
  const row = await repo.findUserByEmail(db, email);
  const valid = row?.password_hash
    ? await verifyPassword(row.password_hash, password)
    : await verifyAgainstDecoy(password);
  if (!row || !valid) {
    await limiter.record(keys);
    throw invalidCredentials();
  }
  await limiter.reset([`login:email:${email}`]);
  const accessToken = await tokens.sign({ userId: row.id, tokenVersion: row.token_version });
  return { accessToken, user: toUser(row, await repo.findAddresses(db, row.id)) };
}

function addressRows(userId: string, addresses: ParsedAddress[]) {
  return addresses.map((a, position) => ({
    id: newId(),
    user_id: userId,
    position,
    name: a.name || 'Home',
    address_line1: a.addressLine1,
    address_line2: a.addressLine2,
    city: a.city,
    state: a.state,
    pin_code: a.pinCode,
    is_default: a.isDefault ? 1 : 0,
  }));
}

/**
 * Saves the phone and the address list in one transaction. `addresses` replaces the list;
 * `shippingAddress` (the spec's prefill field) replaces the default address.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  body: ParsedProfileUpdate,
  now = new Date(),
): Promise<User> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findUserById(trx, userId))) throw sessionExpired();
    let addresses: ParsedAddress[] | undefined = body.addresses;
    if (body.shippingAddress) {
      const current = addresses ?? (await repo.findAddresses(trx, userId)).map(toAddress);
      addresses = withShippingAddress<ParsedAddress>(current, body.shippingAddress);
    }
    if (addresses) await repo.replaceAddresses(trx, userId, addressRows(userId, addresses));
    await repo.updateUser(trx, userId, {
      updated_at: now.toISOString(),
      ...(body.phone !== undefined && { phone: body.phone }),
    });
  });
  return getUser(db, userId);
}

export async function logout(db: Kysely<Database>, userId: string): Promise<void> {
  await repo.revokeTokens(db, userId);
}

export interface ExternalIdentity {
  provider: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface IdentityPolicy {
  /**
   * The provider proves nothing (the local development one signs in whatever email is typed):
   * it reaches only accounts it created itself, never links to an existing account by email,
   * and never signs into a staff account.
   */
  ownAccountsOnly: boolean;
}

const accountExists = () =>
  conflict('ACCOUNT_EXISTS', 'An account with this email already exists. Please sign in with your email and password.');
const staffNeedPassword = () =>
  new AppError(
    403,
    'STAFF_SIGN_IN_REFUSED',
    'Staff accounts cannot use this sign-in. Please sign in with your password.',
  );

/**
 * Signs in through an identity provider: the linked account; else the account with the
 * same, verified, email (linked now); else a new account. An unverified email never
 * reaches an existing account, and a provider that proves nothing reaches only its own.
 */
export async function signInWithIdentity(
  db: Kysely<Database>,
  tokens: TokenService,
  identity: ExternalIdentity,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<{ accessToken: string; user: User }> {
  const at = now.toISOString();
  const email = identity.email.trim().toLowerCase();
  const { userId, linkedAt } = await db.transaction().execute(async (trx) => {
    const linked = await repo.findIdentity(trx, identity.provider, identity.subject);
    if (linked) return { userId: linked.user_id, linkedAt: linked.created_at };
    if (!identity.emailVerified) {
      throw badRequest('EMAIL_NOT_VERIFIED', 'Your Google email address is not verified.');
    }
    const existing = await repo.findUserByEmail(trx, email);
    if (existing && policy.ownAccountsOnly) throw accountExists();
    const id = existing?.id ?? newId();
    if (!existing) {
      const user = { email, firstName: identity.firstName || 'User', lastName: identity.lastName };
      await repo.insertUser(trx, newUserRow(id, { ...user, phone: null, passwordHash: null, role: 'customer' }, at));
    }
    await repo.insertIdentity(trx, {
      provider: identity.provider,
      subject: identity.subject,
      userId: id,
      email,
      now: at,
    });
    return { userId: id, linkedAt: at };
  });
  const row = await repo.findUserById(db, userId);
  if (!row) throw sessionExpired();
  if (policy.ownAccountsOnly) {
    // An account the provider made was created with its link, at the same instant; any other
    // was linked later (as older versions did by email).
    if (row.created_at !== linkedAt) throw accountExists();
    // It may have been promoted since: staff sign in with a password.
    if (row.role !== 'customer') throw staffNeedPassword();
  }
  const accessToken = await tokens.sign({ userId: row.id, tokenVersion: row.token_version });
  return { accessToken, user: toUser(row, await repo.findAddresses(db, userId)) };
}

/** Staff accounts: promotes an existing account, or creates one with a password. */
export async function createOrPromoteAdmin(
  db: Kysely<Database>,
  input: { email: string; password?: string | undefined; firstName?: string; lastName?: string },
  now = new Date(),
): Promise<{ created: boolean; role: UserRole }> {
  const existing = await repo.findUserByEmail(db, input.email);
  const at = now.toISOString();
  if (existing) {
    await repo.updateUser(db, existing.id, {
      role: 'admin',
      updated_at: at,
      ...(input.password && { password_hash: await hashPassword(input.password) }),
    });
    return { created: false, role: 'admin' };
  }
  if (!input.password) throw badRequest('PASSWORD_REQUIRED', 'A new staff account needs --password.');
  assertNotCommon(input.password);
  const staff = { email: input.email, firstName: input.firstName ?? 'Staff', lastName: input.lastName ?? '' };
  const passwordHash = await hashPassword(input.password);
  await repo.insertUser(db, newUserRow(newId(), { ...staff, phone: null, passwordHash, role: 'admin' }, at));
  return { created: true, role: 'admin' };
}
