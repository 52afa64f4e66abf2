import type { Testimonial } from '@shop/core';
import { CAROUSEL_INTERVAL_MS } from '../data.ts';
import { useCarousel } from '../hooks/use-carousel.ts';
import { CarouselArrows, CarouselDots, pauseHandlers } from './carousel-controls.tsx';
import { SectionHeading } from './section-heading.tsx';
import { Stars } from './stars.tsx';

/**
 * The testimonials staff entered; one shows at a time, moving every 10 s and wrapping (spec §2).
 * Samples (the demo's) say they are samples. The page leaves the section out when there are none.
 */
export function TestimonialsSection({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const samplesOnly = testimonials.every((t) => t.sample);
  const carousel = useCarousel(testimonials.length, { intervalMs: CAROUSEL_INTERVAL_MS });
  return (
    <section aria-labelledby="testimonials-heading" className="bg-sand">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Reviews"
          title="This Is What Our Customers Say"
          align="center"
        >
          {samplesOnly ? 'Sample reviews, shown until our customers’ own arrive.' : 'Words from shoppers across India.'}
        </SectionHeading>

        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Customer reviews"
          className="mx-auto mt-12 max-w-3xl"
          {...pauseHandlers(carousel)}
        >
          <div className="overflow-hidden rounded-3xl">
            <div
              className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${carousel.index * 100}%)` }}
              aria-live={carousel.playing ? 'off' : 'polite'}
            >
              {testimonials.map((review, i) => (
                <ReviewSlide
                  key={review._id}
                  review={review}
                  position={i}
                  count={testimonials.length}
                  current={i === carousel.index}
                />
              ))}
            </div>
          </div>
          <div className="mt-6 flex items-center justify-between gap-4">
            <CarouselDots carousel={carousel} labels={testimonials.map((r) => `review by ${r.name}`)} />
            <CarouselArrows carousel={carousel} itemName="review" />
          </div>
        </div>
      </div>
    </section>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function ReviewSlide({
  review,
  position,
  count,
  current,
}: {
  review: Testimonial;
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
      className="w-full shrink-0"
    >
      <figure className="flex h-full flex-col rounded-3xl bg-white px-6 py-8 sm:px-12 sm:py-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Stars filled={review.rating} size={18} />
          {review.sample && (
            <span className="rounded-full bg-sand px-2.5 py-1 text-[11px] font-semibold tracking-wider text-muted uppercase">
              Sample review
            </span>
          )}
        </div>
        <blockquote className="mt-5 font-display text-xl leading-8 text-ink sm:text-2xl sm:leading-9">
          <p>“{review.text}”</p>
        </blockquote>
        <figcaption className="mt-8 flex items-center gap-4">
          {review.photo ? (
            <img src={review.photo} alt="" width={48} height={48} className="h-12 w-12 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-12 w-12 items-center justify-center rounded-full bg-ink text-sm font-semibold tracking-wider text-white"
            >
              {initials(review.name)}
            </span>
          )}
          <span>
            <span className="block font-medium text-ink">{review.name}</span>
            {review.role && <span className="block text-sm text-muted">{review.role}</span>}
          </span>
        </figcaption>
      </figure>
    </div>
  );
}
