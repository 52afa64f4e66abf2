import { DealsSection } from '../../features/home/components/deals-section.tsx';
import { FloatingActions } from '../../features/home/components/floating-actions.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { InstagramBlock } from '../../features/home/components/instagram-block.tsx';
import { LearnAboutUs } from '../../features/home/components/learn-about-us.tsx';
import { NewArrivalsSection } from '../../features/home/components/new-arrivals-section.tsx';
import { PromoStrip } from '../../features/home/components/promo-strip.tsx';
import { SpecialsBanner } from '../../features/home/components/specials-banner.tsx';
import { TestimonialsSection } from '../../features/home/components/testimonials-section.tsx';
import { useScrollToSectionHint } from '../../features/home/hooks/use-scroll-hint.ts';
import { pageTitle } from '../brand.ts';
import { useIsSignedIn } from '../session.ts';

/**
 * Home (spec §2): hero and promo strip, Deals Of The Month, New Arrivals, the specials banner,
 * Instagram, testimonials and Learn About Us. SHOP NOW and the floating cart button go to the
 * products for a signed-in shopper, else to sign in (and on to the products after).
 */
export function HomePage() {
  const signedIn = useIsSignedIn();
  useScrollToSectionHint();
  const shopTo = signedIn ? '/products' : '/signin';
  const shopState = signedIn ? undefined : { from: '/products' };

  return (
    <>
      <title>{pageTitle()}</title>
      <Hero shopNowTo={shopTo} shopNowState={shopState} />
      <PromoStrip />
      <DealsSection />
      <NewArrivalsSection />
      <SpecialsBanner buyNowTo="/products" />
      <InstagramBlock />
      <TestimonialsSection />
      <LearnAboutUs />
      <FloatingActions cartTo={shopTo} cartState={shopState} />
    </>
  );
}
