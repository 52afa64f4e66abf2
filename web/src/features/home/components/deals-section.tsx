import { useRef, useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { splitDuration, twoDigits, useCountdown } from '../../../lib/use-countdown.ts';
import {
  CAROUSEL_INTERVAL_MS,
  DEALS_COUNTDOWN_MS,
  DEALS_TITLE,
  deals,
  TYPING_INTERVAL_MS,
  type Deal,
} from '../data.ts';
import { useCarousel } from '../hooks/use-carousel.ts';
import { useSeenOnce } from '../hooks/use-in-view.ts';
import { useTypewriter } from '../hooks/use-typewriter.ts';
import { CarouselArrows, CarouselDots, pauseHandlers } from './carousel-controls.tsx';
import { DealImage } from './deal-art.tsx';
import { SectionHeading } from './section-heading.tsx';

/** When the deals end: 3 days after the page loaded (spec §4), as epoch milliseconds. */
export function dealsEndAt(): number {
  // The page's start on the same clock as Date.now() (performance.timeOrigin may disagree
  // with it, e.g. when a test fakes the clock).
  const loadedAt = Date.now() - (typeof performance !== 'undefined' ? performance.now() : 0);
  return Math.round(loadedAt) + DEALS_COUNTDOWN_MS;
}

/** Deals Of The Month (spec §2): typed heading, countdown and a carousel of three deals. */
export function DealsSection({ endsAt = dealsEndAt() }: { endsAt?: number }) {
  const headingRef = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(headingRef);
  const { typed, done } = useTypewriter(DEALS_TITLE, { intervalMs: TYPING_INTERVAL_MS, start: seen });

  return (
    <section id="deals-section" aria-labelledby="deals-heading" className="scroll-mt-20 bg-paper">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 md:grid-cols-2 md:gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16 lg:px-8">
        <div ref={headingRef}>
          <SectionHeading
            id="deals-heading"
            eyebrow="Limited time"
            label={DEALS_TITLE}
            title={<TypedTitle typed={typed} done={done} />}
          />
          <p className="mt-5 max-w-md text-base leading-7 text-muted">
            Every month we mark down a handful of the pieces you love most: crisp shirts, easy polos and festive kurtas.
            Pick yours before the timer runs out; once a deal is gone, it’s gone.
          </p>
          {/* Spec §2: a Buy Now button with no visible action. */}
          <button type="button" className={buttonClass('primary', 'lg', 'mt-8')}>
            Buy Now
          </button>
          <p className="mt-10 font-display text-xl text-ink">Hurry, Before It’s Too Late!</p>
          <DealsCountdown endsAt={endsAt} />
        </div>
        <DealsCarousel />
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

/** Days, Hr, Min, Sec, zero-padded, refreshed every second, stopping at zero (spec §2, §4). */
export function DealsCountdown({ endsAt }: { endsAt: number }) {
  const [startSeconds] = useState(() => Math.max(0, Math.round((endsAt - Date.now()) / 1000)));
  const left = useCountdown(startSeconds);
  const parts = splitDuration(left);
  const units = [
    { label: 'Days', value: parts.days },
    { label: 'Hr', value: parts.hours },
    { label: 'Min', value: parts.minutes },
    { label: 'Sec', value: parts.seconds },
  ];
  return (
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
  );
}

function DealsCarousel() {
  const carousel = useCarousel(deals.length, { intervalMs: CAROUSEL_INTERVAL_MS });
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
            <DealSlide key={deal.id} deal={deal} position={i} current={i === carousel.index} />
          ))}
        </div>
      </div>
      <div className="mt-5 flex items-center justify-between gap-4">
        <CarouselDots carousel={carousel} labels={deals.map((d) => `deal ${d.id}: ${d.title}`)} />
        <CarouselArrows carousel={carousel} itemName="deal" />
      </div>
    </div>
  );
}

function DealSlide({ deal, position, current }: { deal: Deal; position: number; current: boolean }) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${deals.length}`}
      aria-hidden={!current}
      inert={!current}
      className="relative w-full shrink-0"
    >
      <DealImage deal={deal} className="aspect-[6/5]" />
      <div className="relative mx-4 -mt-8 mb-4 rounded-2xl bg-white px-5 py-4 shadow-lg sm:absolute sm:bottom-6 sm:left-6 sm:m-0 sm:bg-white/95 sm:px-6 sm:backdrop-blur">
        <p className="flex items-center gap-3 text-sm text-muted">
          <span className="font-semibold text-ink tabular-nums">{twoDigits(deal.id)}</span>
          <span aria-hidden="true" className="h-px w-6 bg-ink/30" />
          <span>{deal.title}</span>
        </p>
        <p className="mt-1 font-display text-3xl text-ink sm:text-4xl">{deal.discount}</p>
      </div>
    </div>
  );
}
