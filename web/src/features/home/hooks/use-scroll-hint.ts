import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

/** The sections a link may ask the home page to scroll to (spec §2). */
export type HomeSection = 'deals-section' | 'newarrivals';

const sections: readonly string[] = ['deals-section', 'newarrivals'] satisfies HomeSection[];

/** The section the navigation asks for (location state `{ scrollTo }`, as the header and footer links send it). */
export function useSectionHint(): HomeSection | null {
  const target = (useLocation().state as { scrollTo?: unknown } | null)?.scrollTo;
  return typeof target === 'string' && sections.includes(target) ? (target as HomeSection) : null;
}

/**
 * Scrolls to `deals-section` or `newarrivals` when the navigation carries the hint. Call it
 * where those sections are rendered: it scrolls once they are on the page.
 */
export function useScrollToSectionHint() {
  const location = useLocation();
  const reducedMotion = usePrefersReducedMotion();
  const target = useSectionHint();
  useEffect(() => {
    if (!target) return;
    // Wait a frame so the scroll restoration of the navigation runs first.
    const frame = requestAnimationFrame(() => {
      document.getElementById(target)?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
    // Once per navigation: a change of the motion setting must not scroll again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, target]);
}
