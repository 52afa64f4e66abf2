import { useScrollToSectionHint } from '../hooks/use-scroll-hint.ts';
import { useHomePage } from '../use-home-page.ts';
import { DealsSection } from './deals-section.tsx';
import { InstagramBlock } from './instagram-block.tsx';
import { NewArrivalsSection } from './new-arrivals-section.tsx';
import { SpecialsBanner } from './specials-banner.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

/**
 * The home sections under the hero (spec §2): Deals Of The Month, New Arrivals, the specials
 * banner, Instagram and the testimonials, from the shop's data. Its own chunk, loaded by
 * `DeferredSections`. The banner shows only with a product featured, the testimonials only
 * when there are some. The navigation's scroll hint is followed here, once the sections it
 * names are on the page.
 */
export default function BelowTheFold() {
  const home = useHomePage();
  if (!home) {
    return (
      <div role="status" aria-busy="true" className="min-h-dvh bg-paper px-4 pt-16 text-center text-sm text-muted">
        Loading deals, new arrivals and reviews…
      </div>
    );
  }
  return <Sections home={home} />;
}

function Sections({ home }: { home: NonNullable<ReturnType<typeof useHomePage>> }) {
  useScrollToSectionHint();
  return (
    <>
      <DealsSection deals={home.deals} />
      <NewArrivalsSection first={home.newArrivals} />
      {home.featured && <SpecialsBanner product={home.featured} />}
      <InstagramBlock />
      {home.testimonials.length > 0 && <TestimonialsSection testimonials={home.testimonials} />}
    </>
  );
}
