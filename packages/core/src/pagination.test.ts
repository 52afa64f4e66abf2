import { describe, expect, it } from 'vitest';
import { pageWindow, totalPagesFor } from './pagination.ts';

describe('pageWindow (3 numbers around the current page)', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 10, [1, 2, 3]],
    [2, 10, [1, 2, 3]],
    [5, 10, [4, 5, 6]],
    [9, 10, [8, 9, 10]],
    [10, 10, [8, 9, 10]],
    [99, 10, [8, 9, 10]],
    [0, 10, [1, 2, 3]],
    [1, 0, []],
  ])('page %i of %i → %j', (current, total, expected) => {
    const window = pageWindow(current, total);
    expect(window).toEqual(expected);
    expect(window.length).toBeLessThanOrEqual(3);
  });

  it('keeps the current page inside the window for every page', () => {
    for (let total = 1; total <= 12; total++) {
      for (let current = 1; current <= total; current++) {
        expect(pageWindow(current, total)).toContain(current);
      }
    }
  });
});

describe('totalPagesFor', () => {
  it.each([
    [0, 6, 1],
    [6, 6, 1],
    [7, 6, 2],
    [64, 10, 7],
  ])('%i items at %i a page → %i pages', (total, limit, pages) => {
    expect(totalPagesFor(total, limit)).toBe(pages);
  });
});
