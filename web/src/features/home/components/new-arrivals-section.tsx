import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { ArrowRightIcon } from '../../../components/icons/arrow-right.tsx';
import { categories, DEFAULT_CATEGORY, sampleItems, type Category, type SampleItem } from '../data.ts';
import { itemsForCategory } from '../new-arrivals.ts';
import { SampleProductCard } from './sample-product-card.tsx';
import { SectionHeading } from './section-heading.tsx';

/**
 * New Arrivals (spec §2): five categories; the default shows all six sample items, any other
 * three at random; View More appends the six again.
 */
export function NewArrivalsSection({ random = Math.random }: { random?: () => number }) {
  const [category, setCategory] = useState<Category>(DEFAULT_CATEGORY);
  const [items, setItems] = useState<SampleItem[]>(() => [...sampleItems]);

  function choose(next: Category) {
    setCategory(next);
    setItems(itemsForCategory(next, random));
  }

  return (
    <section id="newarrivals" aria-labelledby="newarrivals-heading" className="scroll-mt-20 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="newarrivals-heading" eyebrow="Just landed" title="New Arrivals" align="center">
          Fresh cuts in breathable cotton and linen, chosen for Indian summers and festive evenings alike.
        </SectionHeading>

        <div
          role="group"
          aria-label="Category"
          className="-mx-4 mt-10 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0 sm:pb-0"
        >
          {categories.map((name) => {
            const active = name === category;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={active}
                onClick={() => choose(name)}
                className={`h-10 shrink-0 rounded-full px-5 text-sm font-medium whitespace-nowrap transition-colors ${
                  active ? 'bg-ink text-white' : 'bg-paper text-ink-soft hover:bg-sand'
                }`}
              >
                {name}
              </button>
            );
          })}
        </div>

        <p className="sr-only" aria-live="polite">
          {`Showing ${items.length} items in ${category}`}
        </p>
        <ul className="mt-10 grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 lg:grid-cols-3 lg:gap-x-8">
          {items.map((item, i) => (
            <li key={`${i}-${item.id}`}>
              <SampleProductCard item={item} />
            </li>
          ))}
        </ul>

        <div className="mt-12 flex flex-wrap items-center justify-center gap-3">
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            onClick={() => setItems((shown) => [...shown, ...sampleItems])}
          >
            View More
          </button>
          <Link to="/products" className={buttonClass('secondary', 'lg')}>
            Shop all products <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}
