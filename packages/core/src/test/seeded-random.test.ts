import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.ts';

describe('seededRandom, the core sweeps’ generator', () => {
  it('is the same sequence for the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect(Array.from({ length: 20 }, () => a(1000))).toEqual(Array.from({ length: 20 }, () => b(1000)));
  });

  it('answers whole numbers in [0, n)', () => {
    const next = seededRandom(1);
    for (let i = 0; i < 10_000; i++) {
      const n = 1 + (i % 300_000);
      const value = next(n);
      expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
    }
  });

  // A sweep draws several small choices per case (on or off, which supply, which coupon): if
  // consecutive draws are tied, most combinations are never generated at all.
  it.each([2, 3, 4, 6])('draws of one in %i, taken three at a time, make every combination about as often', (n) => {
    for (const seed of [1, 25, 26, 2026, 20261201]) {
      const next = seededRandom(seed);
      const counts = new Map<string, number>();
      const rounds = 20_000;
      for (let i = 0; i < rounds; i++) {
        const key = `${next(n)} ${next(n)} ${next(n)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      expect(counts.size).toBe(n ** 3);
      const expected = rounds / n ** 3;
      for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.35);
    }
  });
});
