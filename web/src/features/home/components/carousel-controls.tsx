import type { FocusEvent } from 'react';
import { ChevronLeftIcon } from '../../../components/icons/chevron-left.tsx';
import { ChevronRightIcon } from '../../../components/icons/chevron-right.tsx';
import type { Carousel } from '../hooks/use-carousel.ts';

const arrowClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-full border border-ink/15 bg-white text-ink shadow-sm transition-colors hover:border-ink hover:bg-ink hover:text-white';

/** Previous and next buttons; `itemName` says what they move through ("deal", "review"). */
export function CarouselArrows({ carousel, itemName }: { carousel: Carousel; itemName: string }) {
  return (
    <div className="flex items-center gap-3">
      <button type="button" className={arrowClass} aria-label={`Previous ${itemName}`} onClick={carousel.prev}>
        <ChevronLeftIcon size={20} />
      </button>
      <button type="button" className={arrowClass} aria-label={`Next ${itemName}`} onClick={carousel.next}>
        <ChevronRightIcon size={20} />
      </button>
    </div>
  );
}

/**
 * One dot per slide; the current one is long. Each dot is a button that shows its slide, its
 * hit area at least 24 × 24 px (WCAG 2.2 target size) however small the dot drawn in it.
 */
export function CarouselDots({
  carousel,
  labels,
  tone = 'dark',
}: {
  carousel: Carousel;
  /** What each dot shows, e.g. "Deal 1: Spring Sale". */
  labels: readonly string[];
  tone?: 'dark' | 'light';
}) {
  const on = tone === 'dark' ? 'bg-ink' : 'bg-white';
  const off = tone === 'dark' ? 'bg-ink/20 hover:bg-ink/40' : 'bg-white/40 hover:bg-white/70';
  return (
    <div className="flex items-center">
      {labels.map((label, i) => (
        <button
          key={label}
          type="button"
          className="group flex h-11 min-w-6 items-center justify-center px-1.5"
          aria-label={`Show ${label}`}
          aria-current={i === carousel.index ? 'true' : undefined}
          onClick={() => carousel.goTo(i)}
        >
          <span
            aria-hidden="true"
            className={`block h-1.5 rounded-full transition-all duration-300 ${i === carousel.index ? `w-7 ${on}` : `w-1.5 ${off}`}`}
          />
        </button>
      ))}
    </div>
  );
}

/**
 * Handlers that hold auto-advance while the pointer is over the carousel (spec §2), and while
 * keyboard focus is inside it, so nothing moves under a keyboard user (WCAG 2.2.2).
 */
export function pauseHandlers(carousel: Carousel) {
  return {
    onPointerEnter: () => carousel.pause('pointer'),
    onPointerLeave: () => carousel.resume('pointer'),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (isFocusVisible(event.target)) carousel.pause('focus');
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.resume('focus');
    },
  };
}

function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // A browser without :focus-visible: treat every focus as keyboard focus.
  }
}
