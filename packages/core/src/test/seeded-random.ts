/**
 * A small deterministic generator for tests that sweep many generated cases: the same cases
 * every run, so a failure can be replayed. `next(n)` answers a whole number in [0, n).
 */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}
