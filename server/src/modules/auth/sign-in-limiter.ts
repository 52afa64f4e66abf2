import { AppError } from '../../lib/errors.ts';
import type { AttemptCounter } from '../../lib/attempt-counter.ts';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_ATTEMPTS_PER_WINDOW = 10;

export const tooManyAttempts = () =>
  new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait 15 minutes and try again.');

/**
 * Sign-in and sign-up limits: at most 10 counted attempts per key (an IP address, an
 * account) in 15 minutes. What counts is the caller's choice: failed sign-ins, every
 * sign-up from one address.
 */
export class SignInLimiter {
  constructor(
    private readonly counter: AttemptCounter,
    private readonly maxAttempts = MAX_ATTEMPTS_PER_WINDOW,
  ) {}

  async assertAllowed(keys: string[]): Promise<void> {
    const counts = await Promise.all(keys.map((key) => this.counter.count(key)));
    if (counts.some((n) => n >= this.maxAttempts)) throw tooManyAttempts();
  }

  async record(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.counter.increment(key)));
  }

  async reset(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.counter.reset(key)));
  }
}
