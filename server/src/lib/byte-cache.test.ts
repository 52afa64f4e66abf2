import { describe, expect, it } from 'vitest';
import { ByteCache } from './byte-cache.ts';

const bytes = (n: number) => Buffer.alloc(n);
/** The keys a cache holds after the steps, and the bytes they hold. */
function after(cache: ByteCache, steps: [string, number?][]) {
  for (const [key, length] of steps) {
    if (length === undefined) cache.get(key);
    else cache.set(key, bytes(length));
  }
  const all = ['a', 'b', 'c', 'd', 'e'];
  const present = all.filter((key) => cache.get(key) !== undefined);
  return { present, bytes: cache.bytes };
}

describe('ByteCache', () => {
  it.each([
    // Within both bounds: everything kept.
    [
      'under both bounds',
      3,
      100,
      [
        ['a', 10],
        ['b', 10],
        ['c', 10],
      ],
      ['a', 'b', 'c'],
      30,
    ],
    // Over the count: the least recently used goes; reading one makes it recent.
    [
      'over the count',
      2,
      100,
      [
        ['a', 10],
        ['b', 10],
        ['c', 10],
      ],
      ['b', 'c'],
      20,
    ],
    ['read keeps it', 2, 100, [['a', 10], ['b', 10], ['a'], ['c', 10]], ['a', 'c'], 20],
    // Over the bytes: as many of the oldest go as it takes.
    [
      'over the bytes',
      10,
      25,
      [
        ['a', 10],
        ['b', 10],
        ['c', 10],
      ],
      ['b', 'c'],
      20,
    ],
    [
      'one large',
      10,
      25,
      [
        ['a', 10],
        ['b', 10],
        ['c', 20],
      ],
      ['c'],
      20,
    ],
    // Larger than the whole cache: not kept, nothing else dropped.
    [
      'too large to keep',
      10,
      25,
      [
        ['a', 10],
        ['b', 30],
      ],
      ['a'],
      10,
    ],
    // Set again: replaced, counted once.
    [
      'replaced',
      10,
      25,
      [
        ['a', 10],
        ['a', 12],
      ],
      ['a'],
      12,
    ],
  ] as [string, number, number, [string, number?][], string[], number][])(
    '%s',
    (_name, maxEntries, maxBytes, steps, present, held) => {
      const cache = new ByteCache(maxEntries, maxBytes);
      const result = after(cache, steps);
      expect(result).toEqual({ present, bytes: held });
      expect(cache.size).toBeLessThanOrEqual(maxEntries);
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    },
  );

  it('gives back the very buffer it was given', () => {
    const cache = new ByteCache(2, 100);
    const pdf = Buffer.from('%PDF-1.3');
    cache.set('doc', pdf);
    expect(cache.get('doc')).toBe(pdf);
    expect(cache.get('other')).toBeUndefined();
  });
});
