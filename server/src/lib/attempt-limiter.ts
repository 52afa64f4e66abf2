import type { AttemptCounter } from './attempt-counter.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { AppError } from './errors.ts';

/** A count that may not pass `max` within a window of `windowMinutes`. */
export interface Budget {
  key: string;
  max: number;
  windowMinutes: number;
}

/** One attempt taken from some budgets; kept (a failure) unless given back. */
export interface Reservation {
  /** Returns the attempt to every budget: it turned out not to count. Once only. */
  giveBack(): Promise<void>;
}

/**
 * Reserve before checking: one atomic increment per budget answers the new count, and only
 * an attempt that finds room in every budget goes on to its (costly, guessable) check.
 * However many requests arrive at once, at most `max` of them can hold a budget's attempts,
 * so at most `max` failed checks run in a window, in one process or across many (Redis).
 */
export class AttemptLimiter {
  constructor(
    readonly counter: AttemptCounter,
    readonly limits: AttemptLimits,
  ) {}

  /**
   * Takes one attempt from every budget, or throws `refuse(budget)` for the first one used
   * up (and keeps nothing).
   */
  async reserve(budgets: readonly Budget[], refuse: (budget: Budget) => AppError): Promise<Reservation> {
    const taken = await this.tryReserve(budgets);
    if ('usedUp' in taken) throw refuse(taken.usedUp);
    return taken;
  }

  /**
   * Takes one attempt from every budget, or keeps nothing and answers the first budget used up:
   * for a limit that holds something back quietly instead of refusing.
   */
  async tryReserve(budgets: readonly Budget[]): Promise<Reservation | { usedUp: Budget }> {
    const keys = budgets.map((b) => b.key);
    const counts = await this.counter.add(budgets.map((b) => ({ key: b.key, windowMs: b.windowMinutes * 60_000 })));
    const usedUp = budgets.find((budget, i) => counts[i]! > budget.max);
    if (usedUp) {
      await this.counter.takeBack(keys);
      return { usedUp };
    }
    let given = false;
    return {
      giveBack: async () => {
        if (given) return;
        given = true;
        await this.counter.takeBack(keys);
      },
    };
  }

  remember(key: string, ttlMs: number): Promise<void> {
    return this.counter.remember(key, ttlMs);
  }

  remembers(key: string): Promise<boolean> {
    return this.counter.remembers(key);
  }
}
