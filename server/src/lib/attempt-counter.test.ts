import { afterAll, describe, expect, it } from 'vitest';
import { freshRedisPrefix, testRedisUrl, withRedis } from '../test/redis.ts';
import { createMemoryCounter, createRedisCounter, type AttemptCounter } from './attempt-counter.ts';

describe('memory attempt counter', () => {
  it('counts within each key’s window, takes back, and remembers for a while', async () => {
    let now = 0;
    const counter = createMemoryCounter(() => now);
    expect(await counter.add([{ key: 'a', windowMs: 1000 }])).toEqual([1]);
    expect(
      await counter.add([
        { key: 'a', windowMs: 1000 },
        { key: 'b', windowMs: 5000 },
      ]),
    ).toEqual([2, 1]);
    await counter.takeBack(['a', 'unknown']);
    now = 999;
    expect(await counter.add([{ key: 'a', windowMs: 1000 }])).toEqual([2]);
    now = 1000;
    // a's window is over; b's goes on.
    expect(
      await counter.add([
        { key: 'a', windowMs: 1000 },
        { key: 'b', windowMs: 5000 },
      ]),
    ).toEqual([1, 2]);
    await counter.takeBack(['a', 'a']);
    expect(await counter.add([{ key: 'a', windowMs: 1000 }])).toEqual([1]);

    await counter.remember('known', 500);
    expect(await counter.remembers('known')).toBe(true);
    expect(await counter.remembers('other')).toBe(false);
    now = 1500;
    expect(await counter.remembers('known')).toBe(false);
    expect(await counter.reachable()).toBe(true);
    await counter.close();
  });
});

describe.runIf(withRedis)('Redis attempt counter', () => {
  const counters: AttemptCounter[] = [];
  afterAll(async () => {
    await Promise.all(counters.map((c) => c.close()));
  });

  it('shares counts between processes (two clients), takes back, and expires them', async () => {
    const prefix = freshRedisPrefix();
    const one = createRedisCounter(testRedisUrl, { prefix });
    const two = createRedisCounter(testRedisUrl, { prefix });
    counters.push(one, two);
    const counts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).add([{ key: 'ip:1', windowMs: 300 }])),
    );
    expect(counts.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await two.takeBack(['ip:1', 'never-counted']);
    expect(await one.add([{ key: 'ip:1', windowMs: 300 }])).toEqual([10]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    // The window is over; taking back does not bring the key back below its start.
    await one.takeBack(['ip:1']);
    expect(await two.add([{ key: 'ip:1', windowMs: 300 }])).toEqual([1]);

    await one.remember('known', 200);
    expect(await two.remembers('known')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await two.remembers('known')).toBe(false);
    expect(await one.reachable()).toBe(true);
  });

  it('answers 503 at once, not a 500, when Redis cannot be reached, and says so once', async () => {
    const states: boolean[] = [];
    // Nothing listens on this port of the suite's range.
    const away = createRedisCounter('redis://127.0.0.1:3449', { prefix: freshRedisPrefix() });
    counters.push(away);
    away.onStateChange((state) => states.push(state.up));
    for (let i = 0; i < 5; i++) {
      await expect(away.add([{ key: 'x', windowMs: 1000 }])).rejects.toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(await away.reachable()).toBe(false);
    expect(states).toEqual([false]);
  });
});
