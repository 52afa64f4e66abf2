import {
  defaultStoreSettings,
  emptyProductsPageState,
  productListQueryFor,
  readProductsPageState,
  writeProductsPageState,
  type ProductListQuery,
  type ProductSuggestions,
  type ProductsPageState,
} from '@shop/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pageTitle } from '../../../lib/brand.ts';
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx';
import { buttonClass } from '../../../components/button.ts';
import { focusOutlineClass } from '../../../components/form-field.tsx';
import { CloseIcon } from '../../../components/icons/close.tsx';
import { FilterIcon } from '../../../components/icons/filter.tsx';
import { SearchIcon } from '../../../components/icons/search.tsx';
import { FilterDrawer } from '../components/filter-drawer.tsx';
import { activeFilterCount, FilterPanel } from '../components/filter-panel.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { ProductCard, ProductCardSkeleton } from '../components/product-card.tsx';
import { SearchBox, type SearchSuggestion } from '../../../components/search-box.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useGetProductsQuery, useLazyGetSuggestionsQuery } from '../catalog-api.ts';
import { failureText } from '../../../lib/api/failure.ts';

const settings = defaultStoreSettings;

/** The query the products page sends for a URL state: core's query, by price, or by relevance for a search. */
export function listQueryFor(state: ProductsPageState): Partial<ProductListQuery> {
  return { ...productListQueryFor(state, settings), sort: state.sort ?? (state.q.trim() ? 'relevance' : 'price') };
}

/** The list query a /products address asks: the page and the server renderer read it alike. */
export function listQueryForSearch(searchParams: URLSearchParams): Partial<ProductListQuery> {
  return listQueryFor(readProductsPageState(searchParams, settings));
}

/** The list's heading: its collection's name, or all products. */
export function productsHeading(pageState: ProductsPageState): string {
  if (pageState.collection === 'all') return 'All products';
  return settings.collections.find((c) => c.id === pageState.collection)?.label ?? 'All';
}

/** The list's tab title: its heading, the search, and the page after the first. */
export function productsPageTitle(pageState: ProductsPageState): string {
  const heading = productsHeading(pageState);
  const page = pageState.page > 1 ? ` (page ${pageState.page})` : '';
  const q = pageState.q.trim();
  return `${q ? `${heading}: “${q}”` : heading}${page}`;
}

/**
 * /products: filters, search and page all live in the URL query, so links can be shared
 * and Back works. Every change of the URL asks for that page; an answer to an older query
 * never replaces a newer one.
 */
export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const pageState = useMemo(() => readProductsPageState(searchParams, settings), [searchParams]);
  const query = useMemo(() => listQueryFor(pageState), [pageState]);
  const products = useGetProductsQuery(query);
  const listPage = products.currentData ?? null;

  const [filtersOpen, setFiltersOpen] = useState(false);
  const suggestions = useSuggestions();
  const routerNavigate = useNavigate();
  const [searchOpen, setSearchOpen] = useState(pageState.q !== '');
  const resultsRef = useRef<HTMLDivElement>(null);

  function navigate(next: ProductsPageState, replace = false) {
    setSearchParams(writeProductsPageState(next), { replace });
  }

  /** Any change of filter or search starts again at page 1. */
  function changeFilters(changes: Partial<ProductsPageState>, replace = false) {
    navigate({ ...pageState, ...changes, page: 1 }, replace);
  }

  function changePage(page: number) {
    navigate({ ...pageState, page });
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  function clearFilters() {
    navigate(emptyProductsPageState);
  }

  /** Closing the search box ends the search too: a hidden box must not keep filtering the list. */
  function toggleSearch() {
    if (searchOpen && pageState.q !== '') changeFilters({ q: '' });
    setSearchOpen(!searchOpen);
  }

  // A list answering this very query is shown (also while it is refreshed); a list for any
  // other query never is: skeletons until this query's answer arrives.
  const failed = products.isError;
  const filterCount = activeFilterCount(pageState);
  const heading = productsHeading(pageState);
  const search = pageState.q.trim();
  const filterPanel = (
    <FilterPanel
      state={pageState}
      onChange={(key, value) => changeFilters({ [key]: key === 'collection' ? (value ?? 'all') : value })}
      onInStockChange={(inStock) => changeFilters({ inStock })}
      onClearAll={clearFilters}
      facets={listPage?.facets}
    />
  );
  const hiddenByFilters = useMatchesHiddenByFilters(pageState, listPage?.total === 0 && filterCount > 0);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-4 sm:px-6 lg:px-8">
      <title>{pageTitle(productsPageTitle(pageState))}</title>

      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Products' }]} />

      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl sm:text-4xl">{heading}</h1>
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            {listPage ? resultCountText(listPage.total, pageState.q) : '\u00a0'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SortChoice sort={pageState.sort} searching={search !== ''} onChange={(sort) => changeFilters({ sort })} />
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'md:hidden')}
            aria-haspopup="dialog"
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen(true)}
          >
            <FilterIcon size={16} />
            Filters
            {filterCount > 0 && (
              <span className="ml-0.5 rounded-full bg-ink px-1.5 text-[11px] leading-5 text-white">{filterCount}</span>
            )}
          </button>
          <button
            type="button"
            className={buttonClass(searchOpen ? 'primary' : 'secondary', 'sm')}
            aria-expanded={searchOpen}
            aria-controls="product-search"
            onClick={toggleSearch}
          >
            {searchOpen ? <CloseIcon size={16} /> : <SearchIcon size={16} />}
            {searchOpen ? 'Close search' : 'Search'}
          </button>
        </div>
      </div>

      {searchOpen && (
        <div className="mt-5 max-w-xl">
          <SearchBox
            id="product-search"
            value={pageState.q}
            autoFocus={pageState.q === ''}
            onSearch={(q, { replace }) => changeFilters({ q }, replace)}
            onType={suggestions.type}
            suggestions={suggestions.list}
            onPick={(picked) => {
              const [kind, id] = picked.key.split(':') as [string, string];
              if (kind === 'product') void routerNavigate(`/product/${encodeURIComponent(id)}`);
              else changeFilters({ collection: id, q: suggestions.typed.trim() });
            }}
          />
        </div>
      )}

      <div
        ref={resultsRef}
        className="mt-8 scroll-mt-24 gap-10 md:grid md:grid-cols-[13rem_minmax(0,1fr)] lg:grid-cols-[15rem_minmax(0,1fr)]"
      >
        {/* A sidebar from 768 px; on a phone the same filters open in a drawer. */}
        <aside
          id="product-filters"
          aria-label="Product filters"
          className="hidden md:sticky md:top-24 md:block md:self-start"
        >
          {filterPanel}
        </aside>
        <FilterDrawer
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          resultCount={listPage ? listPage.total : null}
        >
          {filterPanel}
        </FilterDrawer>

        <section aria-labelledby="products-heading" aria-busy={products.isFetching}>
          {/* The level between the page's h1 and the cards' h3, for those who browse by heading. */}
          <h2 id="products-heading" className="sr-only">
            Products
          </h2>
          {failed ? (
            <div role="alert" className="rounded-2xl border border-sale/20 bg-sale/5 p-6">
              <p className="font-medium text-sale">Error: {failureText(products.error)}</p>
              <button
                type="button"
                className={buttonClass('secondary', 'sm', 'mt-4')}
                onClick={() => void products.refetch()}
              >
                Try again
              </button>
            </div>
          ) : !listPage ? (
            <ul className="grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 lg:grid-cols-3">
              {Array.from({ length: settings.productsPerPage }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))}
            </ul>
          ) : listPage.products.length === 0 ? (
            <NoResults
              search={search}
              hiddenByFilters={hiddenByFilters}
              onClear={hiddenByFilters ? () => navigate({ ...emptyProductsPageState, q: search }) : clearFilters}
            />
          ) : (
            <ul className="grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 lg:grid-cols-3">
              {listPage.products.map((product, index) => (
                <li key={product._id}>
                  <ProductCard product={product} eager={index < 3} />
                </li>
              ))}
            </ul>
          )}

          {!failed && products.data && (
            <Pagination
              page={pageState.page}
              totalPages={products.data.totalPages}
              windowSize={settings.pageWindow}
              onPageChange={changePage}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * The list's order: its own (by price as the specification has it, by best match while
 * searching) or by country of origin, A to Z, the undeclared last.
 */
function SortChoice({
  sort,
  searching,
  onChange,
}: {
  sort: ProductsPageState['sort'];
  searching: boolean;
  onChange: (sort: ProductsPageState['sort']) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        Sort by
      </label>
      <select
        id={id}
        value={sort ?? ''}
        onChange={(event) => onChange(event.target.value === 'origin' ? 'origin' : null)}
        className={`h-9 rounded-full border border-line bg-white px-3 text-base sm:text-sm ${focusOutlineClass}`}
      >
        <option value="">{searching ? 'Best match' : 'Price: low to high'}</option>
        <option value="origin">Country of origin</option>
      </select>
    </div>
  );
}

/**
 * How many products the search finds without the filters, asked only when the filtered list is
 * empty: a search the filters hide is not a search that finds nothing. 0 when not asked.
 */
function useMatchesHiddenByFilters(pageState: ProductsPageState, filteredListEmpty: boolean): number {
  const search = pageState.q.trim();
  const unfiltered = useGetProductsQuery(listQueryFor({ ...emptyProductsPageState, q: search }), {
    skip: !search || !filteredListEmpty,
  });
  return search && filteredListEmpty ? (unfiltered.currentData?.total ?? 0) : 0;
}

/** The empty list: what found nothing (the search, the filters, or the filters over a search) and the way out. */
function NoResults({
  search,
  hiddenByFilters,
  onClear,
}: {
  search: string;
  hiddenByFilters: number;
  onClear: () => void;
}) {
  const [title, help] =
    hiddenByFilters > 0
      ? [
          `No products match “${search}” with these filters.`,
          `The filters leave out ${hiddenByFilters === 1 ? 'the 1 product that matches' : `all ${hiddenByFilters} products that match`} “${search}”.`,
        ]
      : search
        ? [`No products match “${search}”.`, 'Try another search word, or start again with everything.']
        : ['No products match these filters.', 'Try another colour or price, or start again with everything.'];
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-sand-deep bg-white px-6 py-16 text-center">
      <p className="font-display text-xl">{title}</p>
      <p className="mt-2 max-w-sm text-sm text-muted">{help}</p>
      <button type="button" className={buttonClass('primary', 'md', 'mt-6')} onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}

const collectionIds = new Set(settings.collections.map((c) => c.id));

/**
 * Suggestions for what is being typed in the search box: the best products, and the collections
 * holding most matches (the page filters by collection). Asked a moment after typing stops; an
 * older answer never replaces a newer one.
 */
function useSuggestions() {
  const [typed, setTyped] = useState('');
  const [askFor, { currentData, originalArgs }] = useLazyGetSuggestionsQuery();
  useEffect(() => {
    const q = typed.trim();
    if (q.length < 2) return;
    let request: { abort: () => void } | null = null;
    // A cached answer for the same text is reused; the request for a text no longer typed is aborted.
    const timer = setTimeout(() => (request = askFor(q, true)), 150);
    return () => {
      clearTimeout(timer);
      request?.abort();
    };
  }, [askFor, typed]);
  const q = typed.trim();
  // Shown only while the answer is for the text typed; a failed or aborted request shows none.
  const list = currentData && originalArgs === q ? suggestionsFor(q, currentData) : [];
  return { typed, type: setTyped, list };
}

function suggestionsFor(q: string, { products, categories }: ProductSuggestions): SearchSuggestion[] {
  return [
    ...products.map((p) => ({ key: `product:${p._id}`, label: p.name, detail: formatPrice(p.price) })),
    ...categories
      .filter((c) => collectionIds.has(c._id))
      .map((c) => ({
        key: `collection:${c._id}`,
        label: `All of “${q}” in ${c.name}`,
        detail: `${c.count} ${c.count === 1 ? 'product' : 'products'}`,
      })),
  ];
}

function resultCountText(total: number, q: string): string {
  const products = `${total} ${total === 1 ? 'product' : 'products'}`;
  return q ? `${products} for “${q}”` : products;
}
