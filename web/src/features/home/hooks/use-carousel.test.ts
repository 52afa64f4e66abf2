import { act, renderHook } from '@testing-library/react';
import { mockReducedMotion } from './test-media.ts';
import { carouselReducer, nextIndex, prevIndex, useCarousel, type CarouselState } from './use-carousel.ts';

describe('carousel state machine', () => {
  it.each([
    [0, 3, 1, 2],
    [1, 3, 2, 0],
    [2, 3, 0, 1],
    [0, 5, 1, 4],
    [4, 5, 0, 3],
    [0, 1, 0, 0],
  ])('from %i of %i: next %i, previous %i', (index, count, next, prev) => {
    expect(nextIndex(index, count)).toBe(next);
    expect(prevIndex(index, count)).toBe(prev);
    // Invariant: previous undoes next, and the index always stays in range.
    expect(prevIndex(nextIndex(index, count), count)).toBe(index);
    expect(next).toBeGreaterThanOrEqual(0);
    expect(next).toBeLessThan(count);
  });

  it('goes to a slide, wrapping out-of-range numbers, and keeps pause reasons apart', () => {
    const start: CarouselState = { count: 3, index: 0, pausedBy: [] };
    expect(carouselReducer(start, { type: 'goTo', index: 2 }).index).toBe(2);
    expect(carouselReducer(start, { type: 'goTo', index: 4 }).index).toBe(1);
    expect(carouselReducer(start, { type: 'goTo', index: -1 }).index).toBe(2);

    const held = carouselReducer(carouselReducer(start, { type: 'pause', reason: 'pointer' }), {
      type: 'pause',
      reason: 'focus',
    });
    expect(held.pausedBy).toEqual(['pointer', 'focus']);
    expect(carouselReducer(held, { type: 'pause', reason: 'pointer' })).toBe(held);
    const left = carouselReducer(held, { type: 'resume', reason: 'pointer' });
    expect(left.pausedBy).toEqual(['focus']);
    expect(carouselReducer(left, { type: 'resume', reason: 'focus' }).pausedBy).toEqual([]);
  });

  it.each([
    // index, new count, index after
    [0, 2, 0],
    [1, 2, 1],
    [2, 2, 1], // the last slide went: the one before it shows
    [2, 0, 0],
    [1, 4, 1],
  ])('on slide %s of 3, with %s slides left, shows slide %s', (index, count, after) => {
    const resized = carouselReducer({ count: 3, index, pausedBy: ['focus'] }, { type: 'resize', count });
    expect(resized).toEqual({ count, index: after, pausedBy: ['focus'] });
    // The next slide is always one there is.
    if (count > 0) expect(nextIndex(resized.index, resized.count)).toBeLessThan(count);
  });
});

describe('useCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('advances every 10 s and wraps around', () => {
    const { result } = renderHook(() => useCarousel(3));
    expect(result.current.index).toBe(0);
    expect(result.current.playing).toBe(true);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.index).toBe(2);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.index).toBe(0);
  });

  it('moves by hand both ways, wrapping, and a move starts a full interval again', () => {
    const { result } = renderHook(() => useCarousel(5));
    act(() => result.current.prev());
    expect(result.current.index).toBe(4);
    act(() => vi.advanceTimersByTime(6_000));
    act(() => result.current.next());
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(9_000));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.index).toBe(1);
    act(() => result.current.goTo(3));
    expect(result.current.index).toBe(3);
  });

  it('holds while paused and resumes with a full interval', () => {
    const { result } = renderHook(() => useCarousel(3));
    act(() => vi.advanceTimersByTime(9_000));
    act(() => result.current.pause());
    expect(result.current.playing).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);

    act(() => result.current.resume());
    expect(result.current.playing).toBe(true);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
  });

  it('stays paused while focus is inside, even when the pointer leaves', () => {
    const { result } = renderHook(() => useCarousel(3));
    act(() => {
      result.current.pause('pointer');
      result.current.pause('focus');
      result.current.resume('pointer');
    });
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.index).toBe(0);
    act(() => result.current.resume('focus'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.index).toBe(1);
  });

  it('never advances by itself with reduced motion, but arrows still work', () => {
    mockReducedMotion(true);
    const { result } = renderHook(() => useCarousel(3));
    expect(result.current.playing).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    act(() => result.current.next());
    expect(result.current.index).toBe(1);
  });

  it('clears its timer on unmount', () => {
    const { unmount } = renderHook(() => useCarousel(3));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
