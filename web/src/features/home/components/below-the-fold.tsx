import { useScrollToSectionHint } from '../hooks/use-scroll-hint.ts';
import { DealsSection } from './deals-section.tsx';
import { InstagramBlock } from './instagram-block.tsx';
import { NewArrivalsSection } from './new-arrivals-section.tsx';
import { SpecialsBanner } from './specials-banner.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

/**
 * The home sections under the hero (spec §2): Deals Of The Month, New Arrivals, the specials
 * banner, Instagram and the testimonials. Its own chunk, loaded by `DeferredSections`. The
 * navigation's scroll hint is followed here, once the sections it names are on the page.
 */
export default function BelowTheFold() {
  useScrollToSectionHint();
  return (
    <>
      <DealsSection />
      <NewArrivalsSection />
      <SpecialsBanner buyNowTo="/products" />
      <InstagramBlock />
      <TestimonialsSection />
    </>
  );
}
