import { act, renderHook } from '@testing-library/react';
import { mockReducedMotion } from './test-media.ts';
import { useTypewriter } from './use-typewriter.ts';

const title = 'Deals Of The Month';

describe('useTypewriter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('types one character every 150 ms, then stops its timer', () => {
    const { result } = renderHook(() => useTypewriter(title));
    expect(result.current).toEqual({ typed: '', done: false });
    act(() => vi.advanceTimersByTime(149));
    expect(result.current.typed).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.typed).toBe('D');
    act(() => vi.advanceTimersByTime(150 * 4));
    expect(result.current.typed).toBe('Deals');

    act(() => vi.advanceTimersByTime(150 * (title.length - 5)));
    expect(result.current).toEqual({ typed: title, done: true });
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.typed).toBe(title);
  });

  it('takes 18 × 150 ms = 2.7 s for the deals heading', () => {
    const { result } = renderHook(() => useTypewriter(title));
    act(() => vi.advanceTimersByTime(2699));
    expect(result.current.done).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.done).toBe(true);
  });

  it('waits until it is told to start', () => {
    const { result, rerender } = renderHook(({ start }) => useTypewriter(title, { start }), {
      initialProps: { start: false },
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.typed).toBe('');
    expect(vi.getTimerCount()).toBe(0);
    rerender({ start: true });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.typed).toBe('De');
  });

  it('shows the whole text at once with reduced motion, with no timer', () => {
    mockReducedMotion(true);
    const { result } = renderHook(() => useTypewriter(title));
    expect(result.current).toEqual({ typed: title, done: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer on unmount', () => {
    const { unmount } = renderHook(() => useTypewriter(title));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
