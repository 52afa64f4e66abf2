import { Link } from 'react-router';
import { STORE_NAME } from '../../../lib/brand.ts';
import { buttonClass } from '../../../components/button.ts';
import { ArrowRightIcon } from '../../../components/icons/arrow-right.tsx';

/** Learn About Us (spec §2), with the way to the collaboration form. */
export function LearnAboutUs() {
  return (
    <section aria-labelledby="about-heading" className="bg-paper">
      <div className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 md:pt-24 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-accent px-6 py-14 text-white sm:px-12 md:py-20 lg:px-20">
          <svg
            aria-hidden="true"
            viewBox="0 0 200 200"
            width={200}
            height={200}
            className="pointer-events-none absolute -top-16 -right-16 h-72 w-72 text-white/10"
          >
            <circle cx="100" cy="100" r="96" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="100" cy="100" r="70" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="100" cy="100" r="44" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <div className="relative max-w-2xl">
            <p className="text-xs font-semibold tracking-[0.25em] text-accent-soft uppercase">Our story</p>
            <h2 id="about-heading" className="mt-3 font-display text-3xl leading-tight sm:text-4xl lg:text-5xl">
              Learn About Us
            </h2>
            <p className="mt-5 text-base leading-7 text-white/90">
              {STORE_NAME} means cotton, and cotton is where we started: honest fabrics, clean cuts and fair prices for
              men across India. We work with small mills and tailoring units, and with creators who wear what we make.
              Make videos or posts about menswear? Let’s work together.
            </p>
            <Link to="/collaboration" className={buttonClass('light', 'lg', 'mt-8 focus-visible:outline-white')}>
              Collaborate with us <ArrowRightIcon size={18} />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
