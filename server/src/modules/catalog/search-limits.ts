import { limitedAddress, limitedNetwork, waitingTime } from '../../lib/attempt-limits.ts';
import type { AttemptLimiter, Budget } from '../../lib/attempt-limiter.ts';
import { AppError } from '../../lib/errors.ts';

const tooManySearches = (budget: Budget) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `Too many searches. Please wait ${waitingTime(budget.windowMinutes)} and try again.`,
  );

/**
 * Counts a search this process is about to work out against the client's address (and an
 * IPv6 client's /48), or refuses it with a 429 before any work. Only searches the micro-cache
 * did not answer get here: a popular query answered from memory costs nothing and counts for
 * nothing.
 */
export async function reserveSearch(limiter: AttemptLimiter, ip: string): Promise<void> {
  const { search } = limiter.limits;
  const budget = (key: string, max: number): Budget => ({ key, max, windowMinutes: search.windowMinutes });
  const budgets = [budget(`search:address:${limitedAddress(ip)}`, search.perAddress)];
  const network = limitedNetwork(ip);
  if (network) budgets.push(budget(`search:network:${network}`, search.perNetwork));
  await limiter.reserve(budgets, tooManySearches);
}
