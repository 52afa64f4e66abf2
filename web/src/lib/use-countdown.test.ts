import { act, renderHook } from '@testing-library/react';
import { splitDuration, twoDigits, useCountdown } from './use-countdown.ts';

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down once a second from the start value', () => {
    const { result } = renderHook(() => useCountdown(5));
    expect(result.current).toBe(5);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(5);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(4);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(2);
  });

  it('stops at zero and leaves no timer running', () => {
    const { result } = renderHook(() => useCountdown(3));
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(0);
  });

  it('starts no timer when there is nothing left', () => {
    const { result } = renderHook(() => useCountdown(-4));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer on unmount', () => {
    const { unmount } = renderHook(() => useCountdown(259_200));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('splitDuration and twoDigits', () => {
  it.each([
    [259_200, { days: 3, hours: 0, minutes: 0, seconds: 0 }],
    [259_199, { days: 2, hours: 23, minutes: 59, seconds: 59 }],
    [3_661, { days: 0, hours: 1, minutes: 1, seconds: 1 }],
    [0, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [-10, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
  ])('%i s → %o', (seconds, parts) => {
    expect(splitDuration(seconds)).toEqual(parts);
  });

  it('pads to two digits', () => {
    expect([0, 3, 12, 100].map(twoDigits)).toEqual(['00', '03', '12', '100']);
  });
});
