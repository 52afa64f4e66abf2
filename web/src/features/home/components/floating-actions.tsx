import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BagIcon } from '../../../components/icons/bag.tsx';
import { usePrefersReducedMotion } from '../hooks/use-reduced-motion.ts';

const SHOW_TOP_AFTER_PX = 600;

const fabClass =
  'flex h-14 w-14 items-center justify-center rounded-full shadow-[0_12px_30px_-10px_rgba(22,21,20,0.55)] transition-colors';

/**
 * The floating cart button and the scroll-to-top button (spec §2), hidden on mobile. The
 * cart button goes where SHOP NOW goes; scroll-to-top appears once the page has scrolled.
 */
export function FloatingActions({ cartTo, cartState }: { cartTo: string; cartState?: unknown }) {
  const reducedMotion = usePrefersReducedMotion();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SHOW_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  function scrollToTop() {
    window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' });
    // The button goes away at the top: keep keyboard focus on the page, not on <body>.
    document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <div className="fixed right-6 bottom-6 z-30 hidden flex-col items-center gap-3 md:flex">
      {scrolled && (
        <button
          type="button"
          onClick={scrollToTop}
          aria-label="Back to top"
          title="Back to top"
          className={`${fabClass} animate-fade-in h-12 w-12 border border-line bg-white text-ink hover:bg-sand`}
        >
          <svg
            width={20}
            height={20}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            aria-hidden="true"
          >
            <path d="M12 19V5M6 11l6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <Link
        to={cartTo}
        state={cartState}
        aria-label="Start shopping"
        title="Start shopping"
        className={`${fabClass} bg-ink text-white hover:bg-accent`}
      >
        <BagIcon size={24} />
      </Link>
    </div>
  );
}
