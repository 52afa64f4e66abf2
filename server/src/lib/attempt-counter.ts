import { Redis } from 'ioredis';
import { serviceUnavailable } from './errors.ts';

/** A counted key and the window its count lives for (from its first attempt). */
export interface CountedKey {
  key: string;
  windowMs: number;
}

/** Whether the store answers: `up`, or `down` with the reason. */
export type CounterState = { up: true } | { up: false; reason: string };

/**
 * Counts attempts per key within fixed windows (rate limits), and remembers marks for a while
 * (addresses an account has signed in from). In memory for one process; in Redis when several
 * processes must share the counts.
 */
export interface AttemptCounter {
  /**
   * Adds one to every key, atomically, and answers their new counts in order. A key's window
   * starts with its first attempt.
   */
  add(keys: readonly CountedKey[]): Promise<number[]>;
  /** Takes one back from every key still in its window: a reservation returned unused. */
  takeBack(keys: readonly string[]): Promise<void>;
  remember(key: string, ttlMs: number): Promise<void>;
  remembers(key: string): Promise<boolean>;
  /** Whether the store answers now (the readiness check asks). */
  reachable(): Promise<boolean>;
  /** Called on every change of reachability (and at once, when it is already known). */
  onStateChange(listener: (state: CounterState) => void): void;
  close(): Promise<void>;
}

export function createMemoryCounter(now: () => number = Date.now): AttemptCounter {
  const counts = new Map<string, { count: number; endsAt: number }>();
  const marks = new Map<string, number>();
  const current = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.endsAt > now()) return entry;
    counts.delete(key);
    return undefined;
  };
  // Forget finished windows and marks now and then, so one-off keys do not pile up.
  const sweep = setInterval(() => {
    const at = now();
    for (const [key, entry] of counts) if (entry.endsAt <= at) counts.delete(key);
    for (const [key, expiresAt] of marks) if (expiresAt <= at) marks.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async add(keys) {
      return keys.map(({ key, windowMs }) => {
        const entry = current(key) ?? { count: 0, endsAt: now() + windowMs };
        entry.count += 1;
        counts.set(key, entry);
        return entry.count;
      });
    },
    async takeBack(keys) {
      for (const key of keys) {
        const entry = current(key);
        if (entry && entry.count > 0) entry.count -= 1;
      }
    },
    async remember(key, ttlMs) {
      marks.set(key, now() + ttlMs);
    },
    async remembers(key) {
      return (marks.get(key) ?? 0) > now();
    },
    reachable: async () => true,
    // Memory is always there: no change to report.
    onStateChange: () => {},
    close: async () => clearInterval(sweep),
  };
}

// Takes one back from each key that still counts; an expired key is not brought back to life.
const takeBackScript = `
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count and count > 0 then redis.call('DECR', key) end
end
return 0`;

interface RedisWithScripts extends Redis {
  takeBack(numberOfKeys: number, ...keys: string[]): Promise<unknown>;
}

/**
 * Counters in Redis, shared by every process of the shop. When Redis is away, each call
 * fails at once with a 503 (no queue of commands waiting for it), the client reconnects by
 * itself, and every change of state is reported once (never a line per retry).
 */
export function createRedisCounter(url: string, options: { prefix?: string } = {}): AttemptCounter {
  const prefix = `${options.prefix ?? 'shop:'}attempts:`;
  const redis = new Redis(url, {
    // Commands wait for the first connection at start-up; after that nothing queues while
    // Redis is away (see `ready` below) and a command in flight fails rather than retries.
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  }) as RedisWithScripts;
  redis.defineCommand('takeBack', { lua: takeBackScript });

  let state: CounterState | null = null;
  const listeners: ((state: CounterState) => void)[] = [];
  const change = (next: CounterState) => {
    if (state && state.up === next.up) return;
    state = next;
    for (const listener of listeners) listener(next);
  };
  redis.on('ready', () => change({ up: true }));
  // Without an error listener, ioredis writes every failed reconnection to stderr.
  redis.on('error', (error: Error) => change({ up: false, reason: error.message }));
  redis.on('close', () => change({ up: false, reason: 'connection closed' }));

  /**
   * Runs a command unless Redis is known to be away; any failure is a 503. A command that
   * times out means Redis holds the connection open and answers nothing (hung, or a network
   * that drops packets): the connection is dropped and made again, so the outage is logged,
   * later calls fail at once, and the client is back when Redis answers again.
   */
  async function ready<T>(command: () => Promise<T>): Promise<T> {
    if (state && !state.up) throw serviceUnavailable();
    try {
      return await command();
    } catch (error) {
      if (error instanceof Error && /timed out/i.test(error.message)) {
        change({ up: false, reason: 'Redis does not answer (commands time out)' });
        redis.disconnect(true);
      }
      throw serviceUnavailable();
    }
  }

  return {
    add: (keys) =>
      ready(async () => {
        // One round trip: count up, and start each window's clock on its first attempt only.
        const multi = redis.multi();
        for (const { key, windowMs } of keys) multi.incr(prefix + key).pexpire(prefix + key, windowMs, 'NX');
        const results = (await multi.exec()) ?? [];
        return keys.map((_, i) => {
          const [error, count] = results[i * 2] ?? [new Error('no answer')];
          if (error) throw error;
          return Number(count);
        });
      }),
    takeBack: (keys) =>
      ready(async () => {
        if (keys.length > 0) await redis.takeBack(keys.length, ...keys.map((key) => prefix + key));
      }),
    remember: (key, ttlMs) => ready(async () => void (await redis.set(prefix + key, '1', 'PX', ttlMs))),
    remembers: (key) => ready(async () => (await redis.exists(prefix + key)) === 1),
    async reachable() {
      if (!state?.up) return false;
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    onStateChange(listener) {
      listeners.push(listener);
      if (state) listener(state);
    },
    async close() {
      listeners.length = 0;
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
