import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

export interface TypewriterOptions {
  /** Time per character (spec §9: 150 ms). */
  intervalMs?: number;
  /** Typing waits until this is true, e.g. until the heading scrolls into view. */
  start?: boolean;
}

export interface Typewriter {
  /** The part of the text typed so far. */
  typed: string;
  done: boolean;
}

/**
 * Types `text` one character every `intervalMs` once `start` is true. With reduced motion
 * the whole text shows at once. The timer stops when the text is complete and on unmount.
 */
export function useTypewriter(text: string, { intervalMs = 150, start = true }: TypewriterOptions = {}): Typewriter {
  const reducedMotion = usePrefersReducedMotion();
  const [count, setCount] = useState(0);
  const animate = !reducedMotion;
  const shown = animate ? Math.min(count, text.length) : text.length;
  const typing = animate && start && shown < text.length;

  useEffect(() => {
    if (!typing) return;
    const timer = setInterval(() => setCount((n) => n + 1), intervalMs);
    return () => clearInterval(timer);
  }, [typing, intervalMs]);

  return { typed: text.slice(0, shown), done: shown === text.length };
}
