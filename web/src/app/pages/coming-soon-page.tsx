import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { SparkIcon } from '../../components/icons.tsx';
import { pageTitle } from '../brand.ts';

interface ComingSoonPageProps {
  /** Shown as the heading, e.g. "Sign in is coming soon". */
  title: string;
  /** Short name for the browser tab, e.g. "Sign in". */
  tabTitle: string;
  children?: ReactNode;
}

/** A placeholder for a screen a later release builds, inside the shared layout. */
export function ComingSoonPage({ title, tabTitle, children }: ComingSoonPageProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{pageTitle(tabTitle)}</title>
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-sand text-accent">
        <SparkIcon size={26} />
      </span>
      <p className="mt-6 text-xs font-semibold tracking-[0.25em] text-accent uppercase">Coming soon</p>
      <h1 className="mt-3 font-display text-3xl sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base leading-7 text-muted">
        {children ?? 'We are putting the finishing touches on this page. Meanwhile, the collection is open.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/products" className={buttonClass('primary')}>
          Browse products
        </Link>
        <Link to="/" className={buttonClass('secondary')}>
          Back to home
        </Link>
      </div>
    </section>
  );
}
