import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { colorSwatches } from '@shop/core';
import { buttonClass } from '../../components/button.ts';
import { ArrowRightIcon, ReturnIcon, ShieldIcon, TruckIcon } from '../../components/icons.tsx';
import { useIsSignedIn } from '../session.ts';
import { STORE_NAME, pageTitle } from '../brand.ts';

/** Home for now: the hero and placeholders for the sections the home-page issue builds. */
export function HomePage() {
  const signedIn = useIsSignedIn();
  useScrollToSectionHint();

  return (
    <>
      <title>{pageTitle()}</title>
      <Hero shopNowTo={signedIn ? '/products' : '/signin'} />
      <PromoStrip />
      <Perks />

      <section id="deals-section" aria-labelledby="deals-heading" className="scroll-mt-24">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <SectionHeading id="deals-heading" eyebrow="Limited time" title="Deals Of The Month" />
          <div className="mt-8 grid gap-4 sm:grid-cols-3">
            {[
              { title: 'Spring Sale', discount: '30% OFF', colour: colorSwatches.olive },
              { title: 'Summer Breeze', discount: '25% OFF', colour: colorSwatches['sky blue'] },
              { title: 'Holiday Special', discount: '40% OFF', colour: colorSwatches.maroon },
            ].map((deal, index) => (
              <div key={deal.title} className="flex items-center gap-4 rounded-2xl border border-line bg-white p-5">
                <span
                  className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full font-display text-lg text-white"
                  style={{ backgroundColor: deal.colour }}
                  aria-hidden="true"
                >
                  0{index + 1}
                </span>
                <div>
                  <p className="font-medium">{deal.title}</p>
                  <p className="text-sm text-accent">{deal.discount}</p>
                </div>
              </div>
            ))}
          </div>
          <p className="mt-6 text-sm text-muted">The full deals carousel and countdown are coming soon.</p>
        </div>
      </section>

      <section id="newarrivals" aria-labelledby="newarrivals-heading" className="scroll-mt-24 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <SectionHeading id="newarrivals-heading" eyebrow="Just landed" title="New Arrivals" />
          <div className="mt-8 flex flex-col items-start gap-6 rounded-2xl border border-dashed border-sand-deep bg-paper p-8 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-display text-xl">New arrivals are coming soon.</p>
              <p className="mt-1 text-sm text-muted">Until then, the whole collection is one click away.</p>
            </div>
            <Link to="/products" className={buttonClass('primary')}>
              Browse products <ArrowRightIcon size={16} />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/** Scrolls to `deals-section` or `newarrivals` when the navigation asked for it (spec §2). */
function useScrollToSectionHint() {
  const location = useLocation();
  const target = (location.state as { scrollTo?: unknown } | null)?.scrollTo;
  useEffect(() => {
    if (typeof target !== 'string') return;
    // Wait a frame so the scroll restoration of the navigation runs first.
    const frame = requestAnimationFrame(() => {
      document.getElementById(target)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key, target]);
}

function SectionHeading({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}

function Hero({ shopNowTo }: { shopNowTo: string }) {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-sand">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-14 pb-16 sm:px-6 md:grid-cols-2 md:py-20 lg:px-8 lg:py-24">
        <div className="relative z-10">
          <h1 id="hero-heading" className="flex flex-col">
            <span className="text-sm font-semibold tracking-[0.35em] text-accent">ULTIMATE SALE</span>
            <span className="mt-4 font-display text-5xl leading-[0.95] sm:text-6xl lg:text-7xl">NEW COLLECTION</span>
          </h1>
          <p className="mt-6 max-w-md text-base leading-7 text-ink-soft">
            Crisp shirts, easy T-shirts and finishing touches in white, black and navy. Made to be worn on repeat,
            priced to make it easy.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <Link to={shopNowTo} className={buttonClass('primary', 'lg')}>
              SHOP NOW <ArrowRightIcon size={18} />
            </Link>
            <Link
              to="/"
              state={{ scrollTo: 'deals-section' }}
              className="rounded-sm text-sm font-medium underline decoration-ink/30 underline-offset-4 hover:decoration-ink"
            >
              See this month's deals
            </Link>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

function Shirt({ fill, line, x, y, rotate }: { fill: string; line: string; x: number; y: number; rotate: number }) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${rotate} 100 110)`}>
      <path
        d="M62 38 86 28c4 10 24 10 28 0l24 10 34 30-16 26-14-9v113H58V85l-14 9-16-26 34-30Z"
        fill={fill}
        stroke={line}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M86 28 100 52 114 28" fill="none" stroke={line} strokeWidth="2" strokeLinejoin="round" />
      <path d="M100 52v154" stroke={line} strokeWidth="1.5" opacity=".6" />
      {[74, 100, 126, 152, 178].map((cy) => (
        <circle key={cy} cx="104" cy={cy} r="2.4" fill={line} opacity=".7" />
      ))}
      <path d="M116 90h20v20h-20z" fill="none" stroke={line} strokeWidth="1.5" opacity=".6" />
    </g>
  );
}

function HeroArt() {
  return (
    <div className="relative mx-auto w-full max-w-md md:max-w-none" aria-hidden="true">
      <svg viewBox="0 0 400 360" className="h-auto w-full">
        <circle cx="210" cy="180" r="165" fill="#fff" opacity=".55" />
        <Shirt fill={colorSwatches.white!} line="#b7ab9b" x={40} y={40} rotate={-8} />
        <Shirt fill={colorSwatches.navy!} line="#0d1430" x={150} y={60} rotate={7} />
        <g transform="translate(300 62) rotate(12)">
          <circle r="44" fill="#9c4a25" />
          <text
            textAnchor="middle"
            y="-4"
            fill="#fff"
            fontSize="22"
            fontWeight="700"
            fontFamily="system-ui, sans-serif"
          >
            −40%
          </text>
          <text
            textAnchor="middle"
            y="16"
            fill="#fff"
            fontSize="10"
            letterSpacing="2"
            fontFamily="system-ui, sans-serif"
          >
            THIS WEEK
          </text>
        </g>
      </svg>
    </div>
  );
}

function PromoStrip() {
  const words = Array.from({ length: 8 }, (_, i) => i);
  return (
    <div className="overflow-hidden border-y border-ink bg-ink py-3 text-white" aria-hidden="true">
      <div className="flex w-max gap-8 text-sm font-medium tracking-[0.4em] whitespace-nowrap">
        {words.map((i) => (
          <span key={i} className="flex items-center gap-8">
            {STORE_NAME}
            <span className="text-accent-soft/60">✦</span>
          </span>
        ))}
      </div>
    </div>
  );
}

function Perks() {
  const perks = [
    { icon: <TruckIcon size={22} />, title: 'Free shipping', text: 'On orders over ₹75, anywhere in India' },
    { icon: <ReturnIcon size={22} />, title: 'Easy returns', text: 'Damaged or wrong item? Tell us within 3 days' },
    { icon: <ShieldIcon size={22} />, title: 'Secure checkout', text: 'Cards, UPI or cash on delivery' },
  ];
  return (
    <div className="border-b border-line bg-white">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-3 sm:px-6 lg:px-8">
        {perks.map((perk) => (
          <li key={perk.title} className="flex items-start gap-3">
            <span className="mt-0.5 text-accent">{perk.icon}</span>
            <span>
              <span className="block text-sm font-semibold">{perk.title}</span>
              <span className="block text-sm text-muted">{perk.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
