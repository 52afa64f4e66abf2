import type { Kysely } from 'kysely';
import { fullNameOf, shippingAddressOf, withShippingAddress, type Address, type User, type UserRole } from '@shop/core';
import type { addressInput, profileUpdateBody, signupBody } from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { assertAcceptablePassword, createPasswordHasher, type PasswordHasher } from './password.ts';
import * as repo from './auth.repository.ts';
import { credentialStamp, rememberSignInAddress, reserveSignIn, reserveSignUp } from './sign-in-limiter.ts';
import type { TokenService } from './tokens.ts';

/** What signing up and in need besides the database: attempt limits and password hashing. */
export interface AccountGuards {
  limiter: AttemptLimiter;
  passwords: PasswordHasher;
}

type ParsedSignup = z.output<typeof signupBody>;
type ParsedProfileUpdate = z.output<typeof profileUpdateBody>;
type ParsedAddress = z.output<typeof addressInput>;

/**
 * Counter-store work after the account's change has happened: its failure is not passed on
 * (the store logs its own outages, one line per change of state).
 */
async function bestEffort(work: Promise<void>): Promise<void> {
  await work.catch(() => {});
}

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

export async function signup(
  db: Kysely<Database>,
  guards: AccountGuards,
  ip: string,
  body: ParsedSignup,
  now = new Date(),
): Promise<User> {
  await reserveSignUp(guards.limiter, ip);
  assertAcceptablePassword(body.password, body);
  if (await repo.findUserByEmail(db, body.email)) throw conflict('EMAIL_TAKEN', 'Email already registered');
  const id = newId();
  const at = now.toISOString();
  const passwordHash = await guards.passwords.hash(body.password);
  try {
    await repo.insertUser(db, newUserRow(id, { ...body, passwordHash, role: 'customer' }, at));
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict('EMAIL_TAKEN', 'Email already registered');
    throw error;
  }
  // The new account may sign in from here even if strangers have used up its budget. The
  // account exists now: a counter store failing at this moment must not answer an error.
  await bestEffort(rememberSignInAddress(guards.limiter, body.email, ip, credentialStamp(passwordHash)));
  return getUser(db, id);
}

/**
 * Signs in with a password. The attempt is reserved before the password is checked (a 429
 * checks nothing), kept when the check fails, and given back when it succeeds or when no
 * check could run.
 */
export async function login(
  db: Kysely<Database>,
  tokens: TokenService,
  guards: AccountGuards,
  ip: string,
  email: string,
  password: string,
): Promise<{ accessToken: string; user: User }> {
  // Looked up before the attempt is reserved, for unknown emails too (the same work either way).
  const row = await repo.findUserByEmail(db, email);
  const attempt = await reserveSignIn(guards.limiter, email, ip, credentialStamp(row?.password_hash));
  let valid: boolean;
  try {
    valid = row?.password_hash
      ? await guards.passwords.verify(row.password_hash, password)
      : await guards.passwords.verifyAgainstDecoy(password);
  } catch (error) {
    await attempt.abandoned().catch(() => {}); // the original failure is the one to answer
    throw error;
  }
  if (!row || !valid) throw invalidCredentials();
  // The password was right: a counter store failing now must not turn that into an error.
  await bestEffort(attempt.succeeded());
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

/**
 * Staff accounts: creates one, or promotes an existing account. Someone may have signed up
 * with the future staff member's email first, so promoting sets the password the operator
 * gives and ends every session of the account, in one transaction.
 */
export async function createOrPromoteAdmin(
  db: Kysely<Database>,
  input: { email: string; password?: string | undefined; firstName?: string; lastName?: string },
  now = new Date(),
  passwords: PasswordHasher = createPasswordHasher(),
): Promise<{ created: boolean; role: UserRole }> {
  const existing = await repo.findUserByEmail(db, input.email);
  if (!input.password) {
    throw badRequest(
      'PASSWORD_REQUIRED',
      existing
        ? `${input.email} already has an account. Promoting it needs --password: the password you give replaces ` +
            'the one it has, and every session of the account is signed out.'
        : 'A new staff account needs --password.',
    );
  }
  const staff = existing
    ? { email: input.email, firstName: existing.first_name, lastName: existing.last_name }
    : { email: input.email, firstName: input.firstName ?? 'Staff', lastName: input.lastName ?? '' };
  assertAcceptablePassword(input.password, staff);
  const passwordHash = await passwords.hash(input.password);
  const at = now.toISOString();
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, existing.id, { role: 'admin', password_hash: passwordHash, updated_at: at });
      await repo.revokeTokens(trx, existing.id);
    });
    return { created: false, role: 'admin' };
  }
  await repo.insertUser(db, newUserRow(newId(), { ...staff, phone: null, passwordHash, role: 'admin' }, at));
  return { created: true, role: 'admin' };
}
