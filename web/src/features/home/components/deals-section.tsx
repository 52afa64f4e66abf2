import { dealsCountdownEnd, runningDeals, secondsUntil, type Deal } from '@shop/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { ArrowRightIcon } from '../../../components/icons/arrow-right.tsx';
import { splitDuration, twoDigits, useClock } from '../../../lib/use-countdown.ts';
import { CAROUSEL_INTERVAL_MS, DEALS_TITLE, dealArts, TYPING_INTERVAL_MS } from '../data.ts';
import { useCarousel, type Carousel } from '../hooks/use-carousel.ts';
import { useSeenOnce } from '../hooks/use-in-view.ts';
import { useTypewriter } from '../hooks/use-typewriter.ts';
import { CarouselArrows, CarouselDots, pauseHandlers } from './carousel-controls.tsx';
import { DealArtImage } from './deal-art.tsx';
import { SectionHeading } from './section-heading.tsx';

/**
 * The deals of the page as the clock reads them, every second while any runs: those still
 * running (one that ends drops out), the end the countdown runs to (the earliest among them),
 * and whether every deal the page was given has ended since.
 */
function useRunningDeals(deals: readonly Deal[]) {
  const now = useClock((at) => runningDeals(deals, at).length > 0);
  const running = runningDeals(deals, now);
  const left = secondsUntil(dealsCountdownEnd(deals, now), now);
  return { running, left, ended: deals.length > 0 && running.length === 0 };
}

/**
 * Deals Of The Month (spec §2): typed heading, Buy Now, the countdown and a carousel of the
 * deals staff run. The countdown runs to the earliest end among the deals still running (the
 * same moment for every visitor); when that deal ends it leaves the carousel and the countdown
 * runs on to the next end. Buy Now opens the deal on show. With no deal running the section
 * says so, with neither countdown nor "Hurry".
 */
export function DealsSection({ deals }: { deals: readonly Deal[] }) {
  const headingRef = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(headingRef);
  const { typed, done } = useTypewriter(DEALS_TITLE, { intervalMs: TYPING_INTERVAL_MS, start: seen });
  const { running, left, ended } = useRunningDeals(deals);
  const carousel = useCarousel(running.length, { intervalMs: CAROUSEL_INTERVAL_MS });
  const shown = running[carousel.index];

  return (
    <section id="deals-section" aria-labelledby="deals-heading" className="scroll-mt-20 bg-paper">
      <div
        className={`mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:px-8 ${
          shown ? 'md:grid-cols-2 md:gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16' : ''
        }`}
      >
        <div ref={headingRef}>
          <SectionHeading
            id="deals-heading"
            eyebrow="Limited time"
            label={DEALS_TITLE}
            title={<TypedTitle typed={typed} done={done} />}
          />
          {shown ? (
            <>
              <p className="mt-5 max-w-md text-base leading-7 text-muted">
                Every month we mark down a handful of the pieces you love most: crisp shirts, easy polos and festive
                kurtas. Pick yours before the timer runs out; once a deal is gone, it’s gone.
              </p>
              <Link
                to={shown.link}
                className={buttonClass('primary', 'lg', 'mt-8')}
                aria-label={`Buy Now: ${shown.title}, ${shown.discountText}`}
              >
                Buy Now
              </Link>
              {left !== null && <CountdownUnits left={left} />}
            </>
          ) : (
            <>
              {ended && <DealsEnded />}
              <p className="mt-5 max-w-md text-base leading-7 text-muted">
                No deals are running right now. New ones come every month; until then, everything is at its everyday
                price.
              </p>
              <Link to="/products" className={buttonClass('secondary', 'lg', 'mt-8')}>
                Shop all products <ArrowRightIcon size={18} />
              </Link>
            </>
          )}
        </div>
        {shown && <DealsCarousel deals={running} carousel={carousel} />}
      </div>
    </section>
  );
}

/** The typed text over an invisible copy of the whole title, so nothing shifts as it types. */
function TypedTitle({ typed, done }: { typed: string; done: boolean }) {
  return (
    <span className="grid">
      <span className="invisible col-start-1 row-start-1">{DEALS_TITLE}</span>
      <span className="col-start-1 row-start-1" data-typed>
        {typed}
        {!done && (
          <span className="animate-caret ml-0.5 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] bg-accent" />
        )}
      </span>
    </span>
  );
}

/** Every deal the page showed has ended while it was open. */
function DealsEnded() {
  return (
    <p role="status" className="mt-10 font-display text-xl text-ink">
      These deals have ended.
    </p>
  );
}

/**
 * "Hurry, Before It’s Too Late!" and Days, Hr, Min, Sec, zero-padded (spec §2), for the seconds
 * left as the section reads them from the clock every second.
 */
function CountdownUnits({ left }: { left: number }) {
  const parts = splitDuration(left);
  const units = [
    { label: 'Days', value: parts.days },
    { label: 'Hr', value: parts.hours },
    { label: 'Min', value: parts.minutes },
    { label: 'Sec', value: parts.seconds },
  ];
  return (
    <>
      <p className="mt-10 font-display text-xl text-ink">Hurry, Before It’s Too Late!</p>
      <div role="timer" aria-label="Deals end in" className="mt-4 grid max-w-sm grid-cols-4 gap-3">
        {units.map((unit) => (
          <div
            key={unit.label}
            className="flex flex-col items-center rounded-2xl border border-line bg-white py-3 shadow-[0_1px_0_rgba(22,21,20,0.04)]"
          >
            <span className="font-display text-3xl leading-none tabular-nums sm:text-4xl">{twoDigits(unit.value)}</span>
            <span className="mt-2 text-[11px] font-medium tracking-[0.16em] text-muted uppercase">{unit.label}</span>
          </div>
        ))}
      </div>
    </>
  );
}

function DealsCarousel({ deals, carousel }: { deals: readonly Deal[]; carousel: Carousel }) {
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Current deals"
      className="min-w-0"
      {...pauseHandlers(carousel)}
    >
      <div className="overflow-hidden rounded-3xl bg-sand shadow-[0_30px_60px_-30px_rgba(22,21,20,0.35)]">
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${carousel.index * 100}%)` }}
          aria-live={carousel.playing ? 'off' : 'polite'}
        >
          {deals.map((deal, i) => (
            <DealSlide key={deal._id} deal={deal} position={i} count={deals.length} current={i === carousel.index} />
          ))}
        </div>
      </div>
      <div className="mt-5 flex items-center justify-between gap-4">
        <CarouselDots carousel={carousel} labels={deals.map((d, i) => `deal ${i + 1}: ${d.title}`)} />
        <CarouselArrows carousel={carousel} itemName="deal" />
      </div>
    </div>
  );
}

function DealSlide({
  deal,
  position,
  count,
  current,
}: {
  deal: Deal;
  position: number;
  count: number;
  current: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      aria-hidden={!current}
      inert={!current}
      className="relative w-full shrink-0"
    >
      {deal.image ? (
        <img
          src={deal.image}
          alt={deal.title}
          width={480}
          height={400}
          loading="lazy"
          decoding="async"
          className="block aspect-[6/5] h-auto w-full object-cover"
        />
      ) : (
        // No picture uploaded: one of the drawn scenes, in turn.
        <DealArtImage
          art={dealArts[position % dealArts.length]!.art}
          label={dealArts[position % dealArts.length]!.label}
          className="aspect-[6/5]"
        />
      )}
      <div className="relative mx-4 -mt-8 mb-4 rounded-2xl bg-white px-5 py-4 shadow-lg sm:absolute sm:bottom-6 sm:left-6 sm:m-0 sm:bg-white/95 sm:px-6 sm:backdrop-blur">
        <p className="flex items-center gap-3 text-sm text-muted">
          <span className="font-semibold text-ink tabular-nums">{twoDigits(position + 1)}</span>
          <span aria-hidden="true" className="h-px w-6 bg-ink/30" />
          <span>{deal.title}</span>
        </p>
        <p className="mt-1 font-display text-3xl text-ink sm:text-4xl">{deal.discountText}</p>
      </div>
    </div>
  );
}
