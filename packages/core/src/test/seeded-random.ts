/**
 * A small deterministic generator for tests that sweep many generated cases: the same cases
 * every run, so a failure can be replayed. `next(n)` answers a whole number in [0, n).
 *
 * Mulberry32, in 32-bit integer steps (Math.imul): each draw takes the high bits of a well-mixed
 * word, so consecutive small draws (on or off, which supply, which coupon) are independent. A
 * linear congruential step in doubles, taken modulo a small n, repeats its low bits within a
 * few draws, and a sweep then generates only a handful of the combinations it names.
 */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}
