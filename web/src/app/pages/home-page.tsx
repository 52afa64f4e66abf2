import { DeferredSections } from '../../features/home/components/deferred-sections.tsx';
import { FloatingActions } from '../../features/home/components/floating-actions.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { LearnAboutUs } from '../../features/home/components/learn-about-us.tsx';
import { PromoStrip } from '../../features/home/components/promo-strip.tsx';
import { useSectionHint } from '../../features/home/hooks/use-scroll-hint.ts';
import { useHomePage } from '../../features/home/use-home-page.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useIsSignedIn } from '../../features/auth/session.ts';

/**
 * Home (spec §2): hero and promo strip, Deals Of The Month, New Arrivals, the specials banner,
 * Instagram, testimonials and Learn About Us. SHOP NOW and the floating cart button go to the
 * products for a signed-in shopper, else to sign in (and on to the products after). The
 * sections under the hero load as they come near (`DeferredSections`); Learn About Us is a few
 * lines of markup and comes with the page. What the sections show of the shop (deals, products,
 * testimonials, the hero's offer) is one answer (`GET /api/home`), server-rendered with the page.
 */
export function HomePage() {
  const signedIn = useIsSignedIn();
  const sectionHint = useSectionHint();
  const home = useHomePage();
  const shopTo = signedIn ? '/products' : '/signin';
  const shopState = signedIn ? undefined : { from: '/products' };

  return (
    <>
      <title>{pageTitle()}</title>
      <Hero shopNowTo={shopTo} shopNowState={shopState} offer={home?.heroOffer ?? null} />
      <PromoStrip />
      <DeferredSections loadNow={sectionHint !== null} />
      <LearnAboutUs />
      <FloatingActions cartTo={shopTo} cartState={shopState} />
    </>
  );
}
