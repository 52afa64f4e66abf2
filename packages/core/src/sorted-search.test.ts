import { describe, expect, it } from 'vitest';
import { firstAtLeast } from './sorted-search.ts';

describe('firstAtLeast', () => {
  it.each([
    [[], 5, 0],
    [[1, 3, 3, 7], 0, 0],
    [[1, 3, 3, 7], 3, 1],
    [[1, 3, 3, 7], 4, 3],
    [[1, 3, 3, 7], 7, 3],
    [[1, 3, 3, 7], 8, 4],
  ])('in %j, %d is first reached at %d', (sorted, value, at) => {
    expect(firstAtLeast(sorted, value)).toBe(at);
    expect(firstAtLeast(Uint32Array.from(sorted), value)).toBe(at);
  });

  it.each([
    [['kurta', 'linen', 'shirt'], 'linen', 1],
    [['kurta', 'linen', 'shirt'], 'lin', 1],
    [['kurta', 'linen', 'shirt'], 'zari', 3],
  ])('in %j, %s is first reached at %d', (sorted, value, at) => {
    expect(firstAtLeast(sorted, value)).toBe(at);
  });
});
