import { Redis } from 'ioredis';

/**
 * Counts attempts per key within a fixed window (rate limits). In memory for one process;
 * in Redis when several processes must share the counts.
 */
export interface AttemptCounter {
  /** Adds one attempt and answers the count in the current window. */
  increment(key: string): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCounter(windowMs: number, now: () => number = Date.now): AttemptCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt > now()) return entry;
    windows.delete(key);
    return undefined;
  };
  // Forget finished windows now and then, so one-off keys do not pile up.
  const sweep = setInterval(() => {
    for (const [key, entry] of windows) if (entry.endsAt <= now()) windows.delete(key);
  }, windowMs);
  sweep.unref();
  return {
    async increment(key) {
      const entry = current(key) ?? { count: 0, endsAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return entry.count;
    },
    count: async (key) => current(key)?.count ?? 0,
    reset: async (key) => void windows.delete(key),
    close: async () => clearInterval(sweep),
  };
}

export function createRedisCounter(url: string, windowMs: number, prefix = 'shop:'): AttemptCounter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  prefix = `${prefix}attempts:`;
  return {
    async increment(key) {
      // One round trip: count up, and start the window's clock on the first attempt only.
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
      return Number(results?.[0]?.[1] ?? 0);
    },
    count: async (key) => Number((await redis.get(prefix + key)) ?? 0),
    reset: async (key) => void (await redis.del(prefix + key)),
    close: async () => void (await redis.quit()),
  };
}
