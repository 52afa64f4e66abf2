import { ClockIcon } from '../../../components/icons/clock.tsx';
import { formatClock } from '../../../lib/format.ts';
import { useCountdown } from './use-countdown.ts';

/** The product page's offer timer: starts at 05:59 and stops at 00:00 (spec §9). */
export const OFFER_SECONDS = 5 * 60 + 59;

export function OfferCountdown({ seconds = OFFER_SECONDS }: { seconds?: number }) {
  const left = useCountdown(seconds);
  const ended = left === 0;
  return (
    <div className="flex items-center gap-3 rounded-xl bg-accent-soft px-4 py-3 text-sm text-accent">
      <ClockIcon size={18} />
      <span>{ended ? 'This offer has ended' : 'Hurry! Offer ends in'}</span>
      <span role="timer" aria-label="Offer time left" className="ml-auto font-semibold tabular-nums">
        {formatClock(left)}
      </span>
    </div>
  );
}
