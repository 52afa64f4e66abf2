import type { Kysely, Transaction } from 'kysely';
import {
  accountLinkRefusal,
  accountLinkRefusalMessages,
  cleanPersonName,
  fullNameOf,
  shippingAddressOf,
  unprovedHoldEnd,
  withOneDefault,
  withShippingAddress,
  type AccountLinkRefusal,
  type Address,
  type EmailProof,
  type UnprovedHoldEnd,
  type User,
  type UserRole,
  type VerifiedEmail,
} from '@shop/core';
import type { addressInput, profileUpdateBody, resetPasswordBody, signupBody } from '@shop/core';
import type { z } from 'zod';
import type { AccountTokenPurpose, Database } from '../../db/schema.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashLinkToken, issueAccountLink, sendAccountLink } from './account-links.ts';
import {
  assertAcceptablePassword,
  createPasswordHasher,
  passwordFingerprint,
  type PasswordHasher,
} from './password.ts';
import * as repo from './auth.repository.ts';
import {
  rememberSignInAddress,
  reservePasswordReset,
  reserveSignIn,
  reserveSignUp,
  reserveVerificationEmail,
} from './sign-in-limiter.ts';
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
    emailVerified: row.email_verified_at !== null,
    addresses,
    shippingAddress: shippingAddressOf(addresses),
  };
}

export async function getUser(db: Kysely<Database>, userId: string): Promise<User> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw sessionExpired();
  return toUser(row, await repo.findAddresses(db, userId));
}

/** A signed-in session: its account, and the token version it was signed in under. */
export interface Session {
  id: string;
  tokenVersion: number;
}

/**
 * Whom a token whose signature checked out speaks for: its account, if that still exists
 * and the token's version is the account's current one (log-out moves it on).
 */
export async function tokenHolder(
  db: Kysely<Database>,
  userId: string,
  tokenVersion: number,
): Promise<{ id: string; role: UserRole; tokenVersion: number } | null> {
  const owner = await repo.findTokenOwner(db, userId);
  return owner && owner.token_version === tokenVersion ? { id: owner.id, role: owner.role, tokenVersion } : null;
}

/** An account's name and contact details, or null when there is no such account. */
export async function accountDetails(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<{ firstName: string; lastName: string; email: string; phone: string | null } | null> {
  const row = await repo.findUserById(db, userId);
  return row ? { firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone } : null;
}

/** Who to write to about an account's orders. */
export async function accountContact(
  db: Kysely<Database>,
  userId: string,
): Promise<{ email: string; firstName: string; fullName: string; emailVerified: boolean }> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw sessionExpired();
  return {
    email: row.email,
    firstName: row.first_name,
    fullName: fullNameOf(row.first_name, row.last_name),
    emailVerified: row.email_verified_at !== null,
  };
}

interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string | null;
  role: UserRole;
  /** When the email was proved (an identity provider, an operator); absent: not yet. */
  emailVerifiedAt?: string | null;
}

function newUserRow(id: string, user: NewUser, at: string) {
  return {
    email_verified_at: user.emailVerifiedAt ?? null,
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
  await assertAcceptablePassword(body.password, body);
  if (await repo.findUserByEmail(db, body.email)) throw conflict('EMAIL_TAKEN', 'Email already registered');
  const id = newId();
  const at = now.toISOString();
  const passwordHash = await guards.passwords.hash(body.password);
  try {
    // The account and the email that asks to verify its address: both or neither.
    await db.transaction().execute(async (trx) => {
      await repo.insertUser(trx, newUserRow(id, { ...body, passwordHash, role: 'customer' }, at));
      await sendAccountLink(trx, (await repo.findUserById(trx, id))!, 'verify-email', now);
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict('EMAIL_TAKEN', 'Email already registered');
    throw error;
  }
  // The new account may sign in from here even if strangers have used up its budget. The
  // account exists now: a counter store failing at this moment must not answer an error.
  await bestEffort(rememberSignInAddress(guards.limiter, body.email, passwordFingerprint(passwordHash), ip));
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
  // Read first: the addresses remembered for the account are those of its current password.
  const row = await repo.findUserByEmail(db, email);
  const attempt = await reserveSignIn(guards.limiter, email, passwordFingerprint(row?.password_hash ?? null), ip);
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
 * `shippingAddress` (the spec's prefill field) replaces the default address. A list with any
 * address has exactly one default (core's `withOneDefault`). The session
 * must still hold when the change is written, not only when the request arrived: a squatter's
 * save racing the owner's proof of the email is refused, or written first and cleared by it.
 */
export async function updateProfile(
  db: Kysely<Database>,
  session: Session,
  body: ParsedProfileUpdate,
  now = new Date(),
): Promise<User> {
  const userId = session.id;
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockForSession(trx, userId, session.tokenVersion, now.toISOString()))) throw sessionExpired();
    let addresses: ParsedAddress[] | undefined = body.addresses;
    if (body.shippingAddress) {
      const current = addresses ?? (await repo.findAddresses(trx, userId)).map(toAddress);
      addresses = withShippingAddress<ParsedAddress>(current, body.shippingAddress);
    }
    // One default whatever the client sent: the first address saved is the shopper's default.
    if (addresses) await repo.replaceAddresses(trx, userId, addressRows(userId, withOneDefault(addresses)));
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

/**
 * How long a "forgot password" answer takes at least, whether or not the email has an
 * account: the work for a known one (a link written, an email queued) hides inside it.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 250;

/** Runs `work`, and answers (or fails) no sooner than `ms` after it started. */
async function takingAtLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const [outcome] = await Promise.allSettled([work(), new Promise((resolve) => setTimeout(resolve, ms))]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

/**
 * "Forgot password": emails the account a link to choose a new password, if there is an
 * account and its mailbox has not had its share of them lately (the links sent then still
 * work). Counted per address first (429) and per mailbox, known or not; the same answer either
 * way, no sooner than FORGOT_PASSWORD_ANSWER_MS.
 */
export async function forgotPassword(
  db: Kysely<Database>,
  guards: AccountGuards,
  ip: string,
  email: string,
  now = new Date(),
): Promise<void> {
  const send = await reservePasswordReset(guards.limiter, email, ip);
  await takingAtLeast(FORGOT_PASSWORD_ANSWER_MS, async () => {
    const user = await repo.findUserByEmail(db, email);
    await db.transaction().execute(async (trx) => {
      if (user && send) await sendAccountLink(trx, user, 'password-reset', now);
    });
  });
}

const linkRefused = (reason: AccountLinkRefusal | 'UNKNOWN') =>
  badRequest(reason === 'UNKNOWN' ? 'INVALID_LINK' : `LINK_${reason}`, accountLinkRefusalMessages[reason]);

/** Why the account's link no longer works, or null. */
function refusalOf(link: repo.AccountTokenRow, user: repo.UserRow, now: Date): AccountLinkRefusal | null {
  return accountLinkRefusal(
    {
      purpose: link.purpose,
      usedAt: link.used_at,
      expiresAt: link.expires_at,
      email: link.email,
      passwordFingerprint: link.password_fingerprint,
    },
    { email: user.email, passwordFingerprint: passwordFingerprint(user.password_hash) },
    now,
  );
}

/** The link with this token and its account, if it still works; else a 400 saying why. */
async function workingLink(db: Kysely<Database>, token: string, purpose: AccountTokenPurpose, now: Date) {
  const link = await repo.findAccountToken(db, hashLinkToken(token), purpose);
  const user = link && (await repo.findUserById(db, link.user_id));
  if (!link || !user) throw linkRefused('UNKNOWN');
  const refusal = refusalOf(link, user, now);
  if (refusal) throw linkRefused(refusal);
  return { link, user };
}

/**
 * Uses a link, once, inside the caller's transaction; a use that lost a race (or came too
 * late) is refused with the reason as it is now.
 */
async function consumeLink(
  trx: Transaction<Database>,
  link: repo.AccountTokenRow,
  user: repo.UserRow,
  now: Date,
): Promise<void> {
  if (await repo.consumeAccountToken(trx, link.id, now.toISOString())) return;
  const again = await repo.findAccountToken(trx, link.token_hash, link.purpose);
  throw linkRefused(again ? (refusalOf(again, user, now) ?? 'USED') : 'UNKNOWN');
}

/** Locks the link's account (`repo.lockUser`), then uses the link, in the caller's transaction. */
async function lockLinkedAccount(
  trx: Transaction<Database>,
  link: repo.AccountTokenRow,
  user: repo.UserRow,
  now: Date,
): Promise<void> {
  if (!(await repo.lockUser(trx, user.id))) throw linkRefused('UNKNOWN');
  await consumeLink(trx, link, user, now);
}

type ParsedReset = z.output<typeof resetPasswordBody>;

/**
 * Sets a new password from a reset link (the sign-up rules apply), in one transaction: the
 * link used once, the password replaced only if it is still the one the link was sent
 * under, every session ended, every other reset link retired, and the email counted as
 * verified (the link reached it), which ends an unproved holder's hold first. Signs the
 * shopper in, as signing in does.
 */
export async function resetPassword(
  db: Kysely<Database>,
  tokens: TokenService,
  guards: AccountGuards,
  ip: string,
  body: ParsedReset,
  now = new Date(),
): Promise<{ accessToken: string; user: User }> {
  const { link, user } = await workingLink(db, body.token, 'password-reset', now);
  await assertAcceptablePassword(body.password, {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
  });
  const passwordHash = await guards.passwords.hash(body.password);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await lockLinkedAccount(trx, link, user, now);
    // The link reached the inbox: an unproved holder's password (the one the link was sent
    // under) goes with the rest of their hold, and the owner's takes its place.
    const ended = await endUnprovedHold(trx, user.id, 'reset-link', now);
    if (!(await repo.replacePassword(trx, user.id, ended ? null : user.password_hash, passwordHash, at))) {
      throw linkRefused('PASSWORD_CHANGED');
    }
    await repo.revokeTokens(trx, user.id);
    await repo.retireAccountTokens(trx, user.id, 'password-reset', at);
  });
  // The new password forgot every address remembered under the old one; this one is the owner's.
  await rememberSignInAddress(guards.limiter, user.email, passwordFingerprint(passwordHash), ip);
  const row = await repo.findUserById(db, user.id);
  if (!row) throw sessionExpired();
  const accessToken = await tokens.sign({ userId: row.id, tokenVersion: row.token_version });
  return { accessToken, user: toUser(row, await repo.findAddresses(db, row.id)) };
}

/**
 * Confirms the account's email from the link sent to it, once (the page asks for a click: a
 * mail scanner opening the link confirms nothing). Confirming proves only that the mailbox's
 * owner is here: the first confirmation ends whatever was set up before it (core
 * `unprovedHoldEnd`: password, sessions, addresses, phone) and answers a one-time token
 * with which the owner chooses their password (`POST /auth/reset-password`), in one transaction.
 */
export async function verifyEmail(db: Kysely<Database>, token: string, now = new Date()): Promise<VerifiedEmail> {
  const { link, user } = await workingLink(db, token, 'verify-email', now);
  return db.transaction().execute(async (trx) => {
    await lockLinkedAccount(trx, link, user, now);
    await repo.retireAccountTokens(trx, user.id, 'verify-email', now.toISOString());
    const ended = await endUnprovedHold(trx, user.id, 'verify-link', now);
    if (!ended?.choosePasswordNext) return { setPasswordToken: null };
    const owner = await repo.findUserById(trx, user.id);
    if (!owner) throw linkRefused('UNKNOWN');
    return { setPasswordToken: await issueAccountLink(trx, owner, 'password-reset', now) };
  });
}

/** Emails the signed-in account a new verification link (counted per account). */
export async function sendVerificationEmail(
  db: Kysely<Database>,
  guards: AccountGuards,
  userId: string,
  now = new Date(),
): Promise<void> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw sessionExpired();
  if (user.email_verified_at !== null) throw conflict('ALREADY_VERIFIED', 'Your email address is already verified.');
  await reserveVerificationEmail(guards.limiter, userId);
  await db.transaction().execute((trx) => sendAccountLink(trx, user, 'verify-email', now));
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
      // The provider's names as the shop's rule allows them (cleaned, never refused): a
      // profile's name may hold anything, and it reaches what the shop sends.
      const user = {
        email,
        firstName: cleanPersonName(identity.firstName) || 'User',
        lastName: cleanPersonName(identity.lastName),
      };
      // The development provider proves nothing about an email; a real one has just vouched for it.
      const emailVerifiedAt = policy.ownAccountsOnly ? null : at;
      await repo.insertUser(
        trx,
        newUserRow(id, { ...user, phone: null, passwordHash: null, role: 'customer', emailVerifiedAt }, at),
      );
    } else {
      // Linked to an unproved account, the owner's identity first ends its holder's hold.
      await endUnprovedHold(trx, id, 'identity-provider', now, identity);
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
 * Account pre-hijacking: someone may have signed up with another person's email, never
 * proved it, and kept a password and a session to wait for the owner. The first proof of the
 * email (a confirmation, a reset link, a real identity provider linking it) ends that hold in
 * its own transaction, as core's `unprovedHoldEnd` says: the email marked verified, the
 * password and phone gone and every session ended (one conditional statement, so of proofs
 * racing one does it), every unused link retired and the saved addresses deleted (one planted
 * would prefill the owner's checkout and ship their order to the squatter); a provider's proof
 * names the account as the provider knows its owner. The cart stays (see core). Answers what
 * was ended, or null when the email was proved already (nothing to end).
 */
async function endUnprovedHold(
  trx: Transaction<Database>,
  userId: string,
  proof: EmailProof,
  now: Date,
  provided?: { firstName: string; lastName: string },
): Promise<UnprovedHoldEnd | null> {
  const at = now.toISOString();
  const tookBack = await repo.takeUnprovedAccount(trx, userId, at);
  const ended = unprovedHoldEnd(proof, { emailVerified: !tookBack });
  if (!ended) return null;
  await repo.retireAccountTokens(trx, userId, 'password-reset', at);
  await repo.retireAccountTokens(trx, userId, 'verify-email', at);
  await repo.replaceAddresses(trx, userId, []);
  const firstName = cleanPersonName(provided?.firstName ?? '');
  if (ended.takeNameFromProvider && firstName) {
    await repo.updateUser(trx, userId, {
      first_name: firstName,
      last_name: cleanPersonName(provided?.lastName ?? ''),
      updated_at: at,
    });
  }
  return ended;
}

/**
 * Staff accounts: creates one, or promotes an existing account. Someone may have signed up
 * with the future staff member's email first, so promoting sets the password the operator
 * gives and ends every session of the account, in one transaction.
 */
export async function createOrPromoteAdmin(
  db: Kysely<Database>,
  input: {
    email: string;
    password?: string | undefined;
    firstName?: string;
    lastName?: string;
    /** Promote an account whose email was never verified (the operator knows whose it is). */
    allowUnverified?: boolean;
  },
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
  if (existing && existing.email_verified_at === null && !input.allowUnverified) {
    throw badRequest(
      'EMAIL_NOT_VERIFIED',
      `${input.email} has an account whose email address was never verified: whoever signed up with it may not ` +
        'own it. Ask the owner to verify it from their profile (or to reset its password), or pass ' +
        '--allow-unverified if you know the account is theirs.',
    );
  }
  const staff = existing
    ? { email: input.email, firstName: existing.first_name, lastName: existing.last_name }
    : { email: input.email, firstName: input.firstName ?? 'Staff', lastName: input.lastName ?? '' };
  await assertAcceptablePassword(input.password, staff);
  const passwordHash = await passwords.hash(input.password);
  const at = now.toISOString();
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, existing.id, { role: 'admin', password_hash: passwordHash, updated_at: at });
      await repo.revokeTokens(trx, existing.id);
    });
    return { created: false, role: 'admin' };
  }
  // The operator chose the address: it counts as verified.
  await repo.insertUser(
    db,
    newUserRow(newId(), { ...staff, phone: null, passwordHash, role: 'admin', emailVerifiedAt: at }, at),
  );
  return { created: true, role: 'admin' };
}
