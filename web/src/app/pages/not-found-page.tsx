import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { pageTitle } from '../brand.ts';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{pageTitle('Page not found')}</title>
      <p className="font-display text-7xl text-sand-deep sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-display text-3xl sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-base leading-7 text-muted">
        The page you are looking for has moved or never existed. Let's get you back to the shop.
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
