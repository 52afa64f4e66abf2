import { Redis } from 'ioredis';

/**
 * Who has a product open: each visitor's product page says so every half minute while it is
 * visible, and a visitor counts for `VIEWER_WINDOW_MS` after their last word. Counted in memory,
 * never by a database write per view; in Redis when REDIS_URL is set, so every process of the
 * shop counts the same visitors (one sorted set per product, visitors scored by when they were
 * last seen, expiring with the window).
 */
export interface ViewerCounter {
  /** Records that `visitor` has `productId` open now; answers how many visitors have, this one included. */
  seen(productId: string, visitor: string): Promise<number>;
  close(): Promise<void>;
}

/** How long a visitor counts after their last heartbeat: the page beats every 30 s, so two may be missed. */
export const VIEWER_WINDOW_MS = 120_000;

interface MemoryOptions {
  windowMs?: number;
  now?: () => number;
  /** Products followed at once; past it the one seen least recently is forgotten (memory stays bounded). */
  maxProducts?: number;
  /** Visitors followed per product; past it the one seen least recently is forgotten. */
  maxVisitors?: number;
}

/** This process's own count. */
export function createMemoryViewers({
  windowMs = VIEWER_WINDOW_MS,
  now = Date.now,
  maxProducts = 10_000,
  maxVisitors = 10_000,
}: MemoryOptions = {}): ViewerCounter {
  // Maps keep insertion order: re-inserting on every sighting keeps the least recent first,
  // so expired visitors (and products) are found at the front.
  const products = new Map<string, Map<string, number>>();

  const prune = (visitors: Map<string, number>, at: number) => {
    for (const [visitor, lastSeen] of visitors) {
      if (lastSeen > at - windowMs && visitors.size <= maxVisitors) break;
      visitors.delete(visitor);
    }
  };
  // Products nobody has open are dropped now and then, so one-off ids do not pile up.
  const sweep = setInterval(() => {
    const at = now();
    for (const [id, visitors] of products) {
      prune(visitors, at);
      if (visitors.size === 0) products.delete(id);
    }
  }, windowMs);
  sweep.unref();

  return {
    async seen(productId, visitor) {
      const at = now();
      const visitors = products.get(productId) ?? new Map<string, number>();
      products.delete(productId);
      products.set(productId, visitors);
      if (products.size > maxProducts) products.delete(products.keys().next().value!);
      visitors.delete(visitor);
      visitors.set(visitor, at);
      prune(visitors, at);
      return visitors.size;
    },
    close: async () => clearInterval(sweep),
  };
}

interface RedisOptions {
  prefix?: string;
  windowMs?: number;
  now?: () => number;
  /** Warned once each time Redis goes away, and once when it is back. */
  log?: { warn(message: string): void; info(message: string): void };
}

/**
 * Counts in Redis, shared by every process; each sighting is also counted in this process, so
 * when Redis is away (or slow) the page still gets the visitors this process saw, never an
 * error: a viewer count is not worth a failed page.
 */
export function createRedisViewers(url: string, options: RedisOptions = {}): ViewerCounter & { ready: Promise<void> } {
  const { windowMs = VIEWER_WINDOW_MS, now = Date.now, log } = options;
  const prefix = `${options.prefix ?? 'shop:'}viewers:`;
  const local = createMemoryViewers({ windowMs, now });
  const redis = new Redis(url, {
    // Nothing waits for Redis: a command while it is away fails at once, and the local count answers.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  let up = false;
  const change = (next: boolean, reason?: string) => {
    if (next === up) return;
    up = next;
    if (next) log?.info('Redis reachable: product viewers are counted across processes');
    else log?.warn(`Redis unreachable (${reason}): product viewers are counted per process`);
  };
  redis.on('ready', () => change(true));
  // Resolves once Redis first answers (tests wait for it; the shop need not).
  const ready = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  // Without an error listener, ioredis writes every failed reconnection to stderr.
  redis.on('error', (error: Error) => change(false, error.message));
  redis.on('close', () => change(false, 'connection closed'));

  return {
    ready,
    async seen(productId, visitor) {
      const mine = await local.seen(productId, visitor);
      if (!up) return mine;
      const at = now();
      const key = prefix + productId;
      try {
        const results = await redis
          .multi()
          .zadd(key, at, visitor)
          .zremrangebyscore(key, '-inf', at - windowMs)
          .zcard(key)
          .pexpire(key, windowMs)
          .exec();
        const [error, count] = results?.[2] ?? [new Error('no answer')];
        if (error) throw error;
        return Number(count);
      } catch {
        return mine;
      }
    },
    async close() {
      await local.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
