import { DeferredSections } from '../../features/home/components/deferred-sections.tsx';
import { FloatingActions } from '../../features/home/components/floating-actions.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { LearnAboutUs } from '../../features/home/components/learn-about-us.tsx';
import { PromoStrip } from '../../features/home/components/promo-strip.tsx';
import { useSectionHint } from '../../features/home/hooks/use-scroll-hint.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useIsSignedIn } from '../../features/auth/session.ts';

/**
 * Home (spec §2): hero and promo strip, Deals Of The Month, New Arrivals, the specials banner,
 * Instagram, testimonials and Learn About Us. SHOP NOW and the floating cart button go to the
 * products for a signed-in shopper, else to sign in (and on to the products after). The
 * sections under the hero load as they come near (`DeferredSections`); Learn About Us is a few
 * lines of markup and comes with the page.
 */
export function HomePage() {
  const signedIn = useIsSignedIn();
  const sectionHint = useSectionHint();
  const shopTo = signedIn ? '/products' : '/signin';
  const shopState = signedIn ? undefined : { from: '/products' };

  return (
    <>
      <title>{pageTitle()}</title>
      <Hero shopNowTo={shopTo} shopNowState={shopState} />
      <PromoStrip />
      <DeferredSections loadNow={sectionHint !== null} />
      <LearnAboutUs />
      <FloatingActions cartTo={shopTo} cartState={shopState} />
    </>
  );
}
