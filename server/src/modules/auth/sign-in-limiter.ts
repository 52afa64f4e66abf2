import { limitedAddress, limitedNetwork, waitingTime } from '../../lib/attempt-limits.ts';
import type { AttemptLimiter, Budget } from '../../lib/attempt-limiter.ts';
import { AppError } from '../../lib/errors.ts';

const tooManyAttempts = (budget: Budget) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Please wait ${waitingTime(budget.windowMinutes)} and try again.`,
  );

/** A sign-in's place in its budgets, taken before its password is checked. */
export interface SignInAttempt {
  /** The password was right: the attempt is given back, and the address remembered. */
  succeeded(): Promise<void>;
  /** No password was checked (too busy, the database failed): the attempt is given back. */
  abandoned(): Promise<void>;
}

/**
 * An address the account signed in from with its current password: `credential` is that
 * password's fingerprint, so a new password (a reset, a promotion) forgets every address
 * remembered before it, a squatter's included.
 */
const knownAddressKey = (email: string, credential: string, ip: string) =>
  `signin:known:${email}|${credential}|${limitedAddress(ip)}`;

/**
 * Takes one attempt for signing in to `email` from `ip`, or refuses with a 429. Counted per
 * account and address, per address, and per account; from an address the account signed in
 * from lately, only the first, so strangers elsewhere cannot lock the owner out. Unknown
 * emails are counted exactly as known ones (the answers must not tell them apart).
 */
export async function reserveSignIn(
  limiter: AttemptLimiter,
  email: string,
  credential: string,
  ip: string,
): Promise<SignInAttempt> {
  const { signIn } = limiter.limits;
  const address = limitedAddress(ip);
  const budget = (key: string, max: number): Budget => ({ key, max, windowMinutes: signIn.windowMinutes });
  const known = knownAddressKey(email, credential, ip);
  const budgets = [budget(`signin:pair:${email}|${address}`, signIn.perAccountAndAddress)];
  if (!(await limiter.remembers(known))) {
    budgets.push(
      budget(`signin:address:${address}`, signIn.perAddress),
      budget(`signin:account:${email}`, signIn.perAccount),
    );
    const network = limitedNetwork(ip);
    if (network) budgets.push(budget(`signin:network:${network}`, signIn.perNetwork));
  }
  const reservation = await limiter.reserve(budgets, tooManyAttempts);
  return {
    async succeeded() {
      await reservation.giveBack();
      await rememberSignInAddress(limiter, email, credential, ip);
    },
    abandoned: () => reservation.giveBack(),
  };
}

/** The account may sign in from this address even while strangers have used up its budget. */
export function rememberSignInAddress(
  limiter: AttemptLimiter,
  email: string,
  credential: string,
  ip: string,
): Promise<void> {
  return limiter.remember(knownAddressKey(email, credential, ip), limiter.limits.signIn.knownAddressDays * 86_400_000);
}

/** Every sign-up counts against its address (refused ones too), or is refused with a 429. */
export async function reserveSignUp(limiter: AttemptLimiter, ip: string): Promise<void> {
  const { signUp } = limiter.limits;
  const budget = (key: string, max: number): Budget => ({ key, max, windowMinutes: signUp.windowMinutes });
  const budgets = [budget(`signup:address:${limitedAddress(ip)}`, signUp.perAddress)];
  const network = limitedNetwork(ip);
  if (network) budgets.push(budget(`signup:network:${network}`, signUp.perNetwork));
  await limiter.reserve(budgets, tooManyAttempts);
}

/**
 * "Forgot password": every request counts against its address, known email or not (the answers
 * must not tell them apart), or is refused with a 429. Answers whether a reset email may go to
 * `email` now: its mailbox has a budget of its own, used up quietly (the request is answered
 * alike and sends nothing), so that strangers asking for someone's email cannot stop the owner.
 */
export async function reservePasswordReset(limiter: AttemptLimiter, email: string, ip: string): Promise<boolean> {
  const { passwordReset: limits } = limiter.limits;
  await limiter.reserve(
    [{ key: `reset:address:${limitedAddress(ip)}`, max: limits.perAddress, windowMinutes: limits.windowMinutes }],
    tooManyAttempts,
  );
  const mailbox = await limiter.tryReserve([
    { key: `reset:mailbox:${email}`, max: limits.perMailbox, windowMinutes: limits.mailboxWindowMinutes },
  ]);
  return !('usedUp' in mailbox);
}

/** Every "send the verification link again" counts against the account, or is refused with a 429. */
export async function reserveVerificationEmail(limiter: AttemptLimiter, userId: string): Promise<void> {
  const { verificationEmail: limits } = limiter.limits;
  await limiter.reserve(
    [{ key: `verify:account:${userId}`, max: limits.perAccount, windowMinutes: limits.windowMinutes }],
    tooManyAttempts,
  );
}
