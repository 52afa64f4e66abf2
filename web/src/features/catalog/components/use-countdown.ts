import { useEffect, useState } from 'react';

/** Seconds left, ticking down once a second and stopping at 0; the timer is cleared on unmount. */
export function useCountdown(startSeconds: number): number {
  const [left, setLeft] = useState(startSeconds);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}
