import { secondsUntil } from '@shop/core';
import { useEffect, useState } from 'react';

/**
 * Seconds left, ticking down once every `tickMs` and stopping at 0; the timer is cleared on
 * unmount and once it reaches 0. Shared by the product page's offer timer (starts at 05:59)
 * and the home page's deals countdown (3 days from page load).
 */
export function useCountdown(startSeconds: number, tickMs = 1000): number {
  const [left, setLeft] = useState(() => Math.max(0, Math.floor(startSeconds)));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), tickMs);
    return () => clearInterval(timer);
  }, [running, tickMs]);
  return left;
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** 259,200 s → 3 days 0 h 0 min 0 s. Negative or fractional input counts as whole seconds ≥ 0. */
export function splitDuration(totalSeconds: number): DurationParts {
  const s = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

/** 3 → "03"; two digits at least, as the countdowns show them. */
export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** The clock (ms), read again every `tickMs` for as long as `keepTicking` says so of it. */
export function useClock(keepTicking: (now: number) => boolean, tickMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  const running = keepTicking(now);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [running, tickMs]);
  return now;
}

/**
 * Seconds left until an end staff set, read from the clock every second (so every visitor and
 * every visit counts to the same moment); null without an end or once it has passed.
 */
export function useSecondsUntil(endsAt: string | null | undefined, tickMs = 1000): number | null {
  const now = useClock((at) => secondsUntil(endsAt, at) !== null, tickMs);
  return secondsUntil(endsAt, now);
}
