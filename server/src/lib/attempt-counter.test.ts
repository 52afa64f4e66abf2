import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCounter, createRedisCounter, type AttemptCounter } from './attempt-counter.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(redisUrl);
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

const withRedis = await redisReachable();
if (!withRedis && process.env.REQUIRE_REDIS === '1')
  throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${redisUrl}`);

describe('memory attempt counter', () => {
  it('counts within the window and starts again after it', async () => {
    let now = 0;
    const counter = createMemoryCounter(1000, () => now);
    expect(await counter.increment('a')).toBe(1);
    expect(await counter.increment('a')).toBe(2);
    expect(await counter.count('b')).toBe(0);
    now = 999;
    expect(await counter.count('a')).toBe(2);
    now = 1000;
    expect(await counter.count('a')).toBe(0);
    expect(await counter.increment('a')).toBe(1);
    await counter.reset('a');
    expect(await counter.count('a')).toBe(0);
    await counter.close();
  });
});

describe.runIf(withRedis)('Redis attempt counter', () => {
  const counters: AttemptCounter[] = [];
  afterAll(async () => {
    await Promise.all(counters.map((c) => c.close()));
  });

  it('shares counts between processes (two clients), and expires them', async () => {
    const prefix = `shop-test:${process.pid}:${Date.now()}:`; // a run of its own
    const one = createRedisCounter(redisUrl, 300, prefix);
    const two = createRedisCounter(redisUrl, 300, prefix);
    counters.push(one, two);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).increment('ip:1')));
    expect(await one.count('ip:1')).toBe(10);
    expect(await two.increment('ip:1')).toBe(11);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await one.count('ip:1')).toBe(0);
    await one.increment('ip:2');
    await two.reset('ip:2');
    expect(await one.count('ip:2')).toBe(0);
  });
});
