import { colorSwatches, SHOP_TIME_ZONE, type HeroOffer } from '@shop/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { ArrowRightIcon } from '../../../components/icons/arrow-right.tsx';
import { ShirtShape } from './garments/shirt.tsx';

/**
 * The hero (spec §2): ULTIMATE SALE, NEW COLLECTION and SHOP NOW. Its percentage badge is a
 * running deal's (`offer`), with the day it ends, and goes when the deal does.
 */
export function Hero({
  shopNowTo,
  shopNowState,
  offer,
}: {
  shopNowTo: string;
  shopNowState?: unknown;
  offer: HeroOffer | null;
}) {
  const ended = useEnded(offer?.endsAt ?? null);
  const badge = offer && !ended ? offer : null;
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-sand">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-12 pb-14 sm:px-6 md:grid-cols-2 md:py-20 lg:px-8 lg:py-24">
        <div className="relative z-10">
          <h1 id="hero-heading" className="flex flex-col">
            <span className="text-sm font-semibold tracking-[0.35em] text-accent">ULTIMATE SALE</span>
            <span className="mt-4 font-display text-5xl leading-[0.95] sm:text-6xl lg:text-7xl">NEW COLLECTION</span>
          </h1>
          <p className="mt-6 max-w-md text-base leading-7 text-ink-soft">
            Crisp shirts, easy T-shirts and finishing touches in white, black and navy. Made to be worn on repeat,
            priced to make it easy.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
            <Link to={shopNowTo} state={shopNowState} className={buttonClass('primary', 'lg')}>
              SHOP NOW <ArrowRightIcon size={18} />
            </Link>
            <Link
              to="/"
              state={{ scrollTo: 'deals-section' }}
              className="rounded-sm text-sm font-medium underline decoration-ink/30 underline-offset-4 hover:decoration-ink"
            >
              See this month’s deals
            </Link>
          </div>
        </div>
        <HeroArt offer={badge} />
      </div>
    </section>
  );
}

/**
 * Whether `endsAt` has passed, turning true at that moment: one timer, not a ticking clock
 * (the home page's first download has no room for the countdown's code).
 */
function useEnded(endsAt: string | null): boolean {
  const [endedAt, setEndedAt] = useState<string | null>(null);
  useEffect(() => {
    if (!endsAt) return;
    const left = Date.parse(endsAt) - Date.now();
    // A timer waits at most 2^31 − 1 ms (about 24 days); an offer ending later is checked again then.
    const timer = setTimeout(() => setEndedAt(endsAt), Math.max(0, Math.min(left, 2_147_483_647)));
    return () => clearTimeout(timer);
  }, [endsAt]);
  return endsAt !== null && endedAt === endsAt;
}

/** "1 DEC": the day an offer ends, in the shop's time. */
function endDay(endsAt: string): string {
  return new Date(endsAt)
    .toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: SHOP_TIME_ZONE })
    .toUpperCase();
}

/** The drawing; with an offer, read as its badge says it ("30% off until 1 DEC"). */
function HeroArt({ offer }: { offer: HeroOffer | null }) {
  const until = offer && endDay(offer.endsAt);
  return (
    <div
      className="relative mx-auto w-full max-w-md md:max-w-none"
      {...(offer ? { role: 'img', 'aria-label': `${offer.percent}% off until ${until}` } : { 'aria-hidden': true })}
    >
      <svg viewBox="0 0 400 360" width={400} height={360} className="block h-auto w-full">
        <circle cx="210" cy="180" r="165" fill="#fff" opacity=".55" />
        <ShirtShape fill={colorSwatches.white!} line="#b7ab9b" transform="translate(40 40) rotate(-8 100 110)" />
        <ShirtShape fill={colorSwatches.navy!} line="#0d1430" transform="translate(150 60) rotate(7 100 110)" />
        {offer && (
          <g transform="translate(300 62) rotate(12)">
            <circle r="44" fill="#9c4a25" />
            <text
              textAnchor="middle"
              y="-4"
              fill="#fff"
              fontSize="22"
              fontWeight="700"
              fontFamily="system-ui, sans-serif"
            >
              −{offer.percent}%
            </text>
            <text
              textAnchor="middle"
              y="16"
              fill="#fff"
              fontSize="9"
              letterSpacing="1.5"
              fontFamily="system-ui, sans-serif"
            >
              UNTIL {until}
            </text>
          </g>
        )}
      </svg>
    </div>
  );
}
