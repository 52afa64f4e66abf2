import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** The Redis server suites share (each run under a key prefix of its own). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(testRedisUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Whether the Redis suites run: when Redis answers. With REQUIRE_REDIS=1 (as in CI) an
 * unreachable Redis fails the run instead.
 */
export const withRedis: boolean = await (async () => {
  if (await redisReachable()) return true;
  if (process.env.REQUIRE_REDIS === '1')
    throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${testRedisUrl}`);
  return false;
})();

/** A key prefix no other test run uses. */
export function freshRedisPrefix(): string {
  return `shop-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
}
