import { useState } from 'react';
import { ClockIcon } from '../../../components/icons/clock.tsx';
import { formatClock } from '../../../lib/format.ts';
import { splitDuration, twoDigits, useSecondsUntil } from '../../../lib/use-countdown.ts';

/** "05:59" under an hour (as the specification shows it), "03:05:59" under a day, "2d 03:05:59" beyond. */
export function offerClock(totalSeconds: number): string {
  if (totalSeconds < 3600) return formatClock(totalSeconds);
  const { days, hours, minutes, seconds } = splitDuration(totalSeconds);
  const clock = `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * The product page's offer timer: runs to the sale end staff set and says so once it has
 * passed while the page is open; absent when the product has no sale end.
 */
export function OfferCountdown({ endsAt }: { endsAt: string | null | undefined }) {
  const left = useSecondsUntil(endsAt);
  const [seenRunning, setSeenRunning] = useState(false);
  if (left !== null && !seenRunning) setSeenRunning(true);
  if (left === null && !seenRunning) return null;
  const ended = left === null;
  return (
    <div className="flex items-center gap-3 rounded-xl bg-accent-soft px-4 py-3 text-sm text-accent">
      <ClockIcon size={18} />
      <span>{ended ? 'This offer has ended' : 'Hurry! Offer ends in'}</span>
      <span role="timer" aria-label="Offer time left" className="ml-auto font-semibold tabular-nums">
        {offerClock(left ?? 0)}
      </span>
    </div>
  );
}
