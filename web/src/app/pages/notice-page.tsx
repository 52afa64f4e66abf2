import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { pageTitle } from '../../lib/brand.ts';

interface NoticePageProps {
  /** Above the heading: an icon or a large number, decorative. */
  badge: ReactNode;
  title: string;
  tabTitle: string;
  children: ReactNode;
}

/** A centred message with the way back into the shop: placeholders and the 404 page. */
export function NoticePage({ badge, title, tabTitle, children }: NoticePageProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{pageTitle(tabTitle)}</title>
      {badge}
      <h1 className="mt-3 font-display text-3xl sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base leading-7 text-muted">{children}</p>
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
