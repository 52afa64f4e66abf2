import { STORE_NAME } from '../../../lib/brand.ts';

const REPEATS = 10;

/**
 * The promo strip repeating the store name (spec §2). Two identical halves slide left by
 * one half in a loop, so the seam never shows; it stops on hover and with reduced motion.
 * Decorative: the name is already the header's.
 */
export function PromoStrip() {
  const half = (copy: number) => (
    <div className="flex shrink-0 items-center" key={copy}>
      {Array.from({ length: REPEATS }, (_, i) => (
        <span key={i} className="flex items-center">
          <span className="px-6 font-display text-lg tracking-[0.4em] sm:text-xl">{STORE_NAME}</span>
          <span className="text-xs text-accent-soft/70">✦</span>
        </span>
      ))}
    </div>
  );
  return (
    <div className="promo-strip overflow-hidden bg-ink py-4 text-white" aria-hidden="true">
      <div className="animate-marquee flex w-max">{[half(0), half(1)]}</div>
    </div>
  );
}
