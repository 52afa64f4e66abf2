import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

/** Why auto-advance is held: the pointer is over the carousel, or focus is inside it. */
export type PauseReason = 'pointer' | 'focus';

export interface CarouselState {
  count: number;
  index: number;
  pausedBy: readonly PauseReason[];
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'goTo'; index: number }
  | { type: 'pause'; reason: PauseReason }
  | { type: 'resume'; reason: PauseReason }
  | { type: 'resize'; count: number };

/** (i + 1) mod N: after the last slide comes the first (spec §4). */
export const nextIndex = (index: number, count: number) => (count > 0 ? (index + 1) % count : 0);
/** (i − 1 + N) mod N: before the first slide comes the last. */
export const prevIndex = (index: number, count: number) => (count > 0 ? (index - 1 + count) % count : 0);

/** The carousel as a pure state machine: which slide shows, and what holds auto-advance. */
export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'next':
      return { ...state, index: nextIndex(state.index, state.count) };
    case 'prev':
      return { ...state, index: prevIndex(state.index, state.count) };
    case 'goTo':
      return state.count > 0 ? { ...state, index: ((action.index % state.count) + state.count) % state.count } : state;
    case 'pause':
      return state.pausedBy.includes(action.reason)
        ? state
        : { ...state, pausedBy: [...state.pausedBy, action.reason] };
    case 'resume':
      return state.pausedBy.includes(action.reason)
        ? { ...state, pausedBy: state.pausedBy.filter((reason) => reason !== action.reason) }
        : state;
    case 'resize':
      // A slide gone (a deal that ended): the one after it takes its place, or the last.
      return { ...state, count: action.count, index: Math.max(0, Math.min(state.index, action.count - 1)) };
  }
}

export interface CarouselOptions {
  /** Auto-advance period (spec §9: 10 s for deals and testimonials). */
  intervalMs?: number;
  /** Set false to never auto-advance. */
  autoPlay?: boolean;
}

export interface Carousel {
  index: number;
  /** True while a timer will move to the next slide. */
  playing: boolean;
  next: () => void;
  prev: () => void;
  goTo: (index: number) => void;
  pause: (reason?: PauseReason) => void;
  resume: (reason?: PauseReason) => void;
}

/**
 * A carousel of `count` slides (which may change: the slides that stay keep their place) that
 * moves on every `intervalMs` unless paused, and never with reduced motion. Any move (manual or automatic) starts a full interval again, and resuming
 * does too. One timer at a time, cleared on unmount.
 */
export function useCarousel(count: number, { intervalMs = 10_000, autoPlay = true }: CarouselOptions = {}): Carousel {
  const reducedMotion = usePrefersReducedMotion();
  const [state, dispatch] = useReducer(carouselReducer, { count, index: 0, pausedBy: [] });
  if (state.count !== count) dispatch({ type: 'resize', count });
  const playing = autoPlay && !reducedMotion && count > 1 && state.pausedBy.length === 0;

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => dispatch({ type: 'next' }), intervalMs);
    return () => clearTimeout(timer);
  }, [playing, intervalMs, state.index]);

  const next = useCallback(() => dispatch({ type: 'next' }), []);
  const prev = useCallback(() => dispatch({ type: 'prev' }), []);
  const goTo = useCallback((index: number) => dispatch({ type: 'goTo', index }), []);
  const pause = useCallback((reason: PauseReason = 'pointer') => dispatch({ type: 'pause', reason }), []);
  const resume = useCallback((reason: PauseReason = 'pointer') => dispatch({ type: 'resume', reason }), []);

  return useMemo(
    () => ({ index: state.index, playing, next, prev, goTo, pause, resume }),
    [state.index, playing, next, prev, goTo, pause, resume],
  );
}
