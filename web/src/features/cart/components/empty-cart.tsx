import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { BagIcon } from '../../../components/icons/bag.tsx';

/** "Your cart is empty." with a way back to the collection; `hint` says what to do next. */
export function EmptyCart({ hint }: { hint: string }) {
  return (
    <section className="mx-auto mt-10 flex max-w-md flex-col items-center rounded-3xl border border-line bg-white px-6 py-14 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-sand text-accent">
        <BagIcon size={28} />
      </span>
      <p className="mt-6 font-display text-2xl">Your cart is empty.</p>
      <p className="mt-2 text-sm text-muted">{hint}</p>
      <Link to="/products" className={buttonClass('primary', 'md', 'mt-8')}>
        Browse products
      </Link>
    </section>
  );
}
