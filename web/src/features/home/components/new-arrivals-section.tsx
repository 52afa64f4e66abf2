import { newArrivalTabs, type HomeCard, type NewArrivalsPage, type NewArrivalTab } from '@shop/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { ArrowRightIcon } from '../../../components/icons/arrow-right.tsx';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { homeApi } from '../home-api.ts';
import { HomeProductCard } from './home-product-card.tsx';
import { SectionHeading } from './section-heading.tsx';

interface Shown {
  tab: NewArrivalTab;
  items: HomeCard[];
  page: number;
  hasMore: boolean;
}

/**
 * New Arrivals (spec §2): five category tabs, Men's T-Shirts first; each shows the newest six
 * products of its category, and View More adds the next six (hidden once there are no more).
 */
export function NewArrivalsSection({ first }: { first: NewArrivalsPage }) {
  const dispatch = useAppDispatch();
  const [shown, setShown] = useState<Shown>(() => ({
    tab: first.tab,
    items: first.products,
    page: first.page,
    hasMore: first.hasMore,
  }));
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const tabName = newArrivalTabs.find((t) => t.id === shown.tab)?.name ?? '';

  async function load(tab: NewArrivalTab, page: number) {
    setLoading(true);
    setFailed(false);
    try {
      const answer = await dispatch(
        homeApi.endpoints.getNewArrivals.initiate({ tab, page }, { subscribe: false }),
      ).unwrap();
      setShown((before) => ({
        tab,
        items: page === 1 ? answer.products : [...before.items, ...answer.products],
        page,
        hasMore: answer.hasMore,
      }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
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
          {newArrivalTabs.map((tab) => {
            const active = tab.id === shown.tab;
            return (
              <button
                key={tab.id}
                type="button"
                aria-pressed={active}
                onClick={() => void load(tab.id, 1)}
                className={`h-10 shrink-0 rounded-full px-5 text-sm font-medium whitespace-nowrap transition-colors ${
                  active ? 'bg-ink text-white' : 'bg-paper text-ink-soft hover:bg-sand'
                }`}
              >
                {tab.name}
              </button>
            );
          })}
        </div>

        <p className="sr-only" aria-live="polite">
          {loading ? 'Loading…' : `Showing ${shown.items.length} items in ${tabName}`}
        </p>
        {shown.items.length === 0 ? (
          <p className="mt-10 text-center text-muted">Nothing new in {tabName} yet.</p>
        ) : (
          <ul
            aria-busy={loading}
            className="mt-10 grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 lg:grid-cols-3 lg:gap-x-8"
          >
            {shown.items.map((item) => (
              <li key={item._id}>
                <HomeProductCard item={item} />
              </li>
            ))}
          </ul>
        )}
        {failed && (
          <p role="alert" className="mt-6 text-center text-sm text-sale">
            Could not load the new arrivals. Please try again.
          </p>
        )}

        <div className="mt-12 flex flex-wrap items-center justify-center gap-3">
          {shown.hasMore && (
            <button
              type="button"
              className={buttonClass('primary', 'lg')}
              disabled={loading}
              onClick={() => void load(shown.tab, shown.page + 1)}
            >
              View More
            </button>
          )}
          <Link to="/products" className={buttonClass('secondary', 'lg')}>
            Shop all products <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}
