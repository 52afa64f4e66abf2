import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi, deferred, type FakeCall } from '../../../test/fake-api.ts';
import { makeProduct, makeProductPage } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductsPage } from './products-page.tsx';

const oxford = makeProduct({ _id: 'oxford', name: 'Oxford Shirt', price: 1199, colors: ['white', 'navy'] });
const cap = makeProduct({ _id: 'cap', name: 'Canvas Cap', price: 49.5, colors: ['black'], soldOut: true });

function renderProductsPage(route = '/products', handler?: (call: FakeCall) => unknown) {
  const api = createFakeApi({
    'GET /product': handler ?? (() => makeProductPage([oxford, cap], { total: 2 })),
    'GET /product/suggestions': () => ({ products: [], categories: [] }),
  });
  const view = renderWithProviders(<ProductsPage />, { api, route, path: '/products' });
  return { ...view, api };
}

function lastQuery(api: ReturnType<typeof createFakeApi>) {
  return api.callsTo('GET /product').at(-1)?.query;
}

describe('products page', () => {
  it('shows a card per product with name, rupee price, colours and the Sold Out badge', async () => {
    const { api } = renderProductsPage();

    const oxfordCard = (await screen.findByRole('heading', { name: 'Oxford Shirt' })).closest('a')!;
    expect(within(oxfordCard).getByText('₹1,199.00')).toBeInTheDocument();
    const swatches = screen.getByRole('list', { name: 'Colours of Oxford Shirt' });
    expect(
      within(swatches)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Oxford Shirt in White', 'Oxford Shirt in Navy']);
    expect(within(oxfordCard).queryByText('Sold Out')).not.toBeInTheDocument();

    const capCard = screen.getByRole('heading', { name: 'Canvas Cap' }).closest('a')!;
    expect(within(capCard).getByText('₹49.50')).toBeInTheDocument();
    expect(within(capCard).getByText('Sold Out')).toBeInTheDocument();
    expect(screen.getByText('2 products')).toBeInTheDocument();

    expect(lastQuery(api)).toEqual({ page: '1', limit: '6', sort: 'price' });
  });

  it('opens the product page with the product in navigation state', async () => {
    const { user, router } = renderProductsPage();
    await user.click(await screen.findByRole('heading', { name: 'Oxford Shirt' }));
    expect(router.state.location.pathname).toBe('/product/oxford');
    expect(router.state.location.state).toEqual({ product: oxford });
  });

  it('puts a filter in the URL, goes back to page 1 and refetches with the right query', async () => {
    const { user, router, api } = renderProductsPage('/products?page=3', () =>
      makeProductPage([oxford], { page: 3, total: 20, totalPages: 4 }),
    );
    await screen.findByText('Oxford Shirt');

    await user.click(screen.getByRole('button', { name: 'Navy' }));
    expect(screen.getByRole('button', { name: 'Navy' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?color=navy');
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', limit: '6', sort: 'price', color: 'navy' }));

    await user.click(screen.getByRole('button', { name: '₹50 – ₹100' }));
    await user.click(screen.getByRole('button', { name: "Men's clothing" }));
    await user.click(screen.getByRole('button', { name: 'T-Shirt' }));
    expect(new URLSearchParams(router.state.location.search).get('price')).toBe('50-100');
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        page: '1',
        limit: '6',
        sort: 'price',
        category: 'mens-clothing',
        color: 'navy',
        tag: 'T-Shirt',
        minPrice: '50',
        maxPrice: '100',
      }),
    );

    // Choosing the chosen option again clears it.
    await user.click(screen.getByRole('button', { name: 'Navy' }));
    expect(new URLSearchParams(router.state.location.search).has('color')).toBe(false);
    expect(screen.getByRole('button', { name: 'Navy' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('reads filters from a shared link and follows Back', async () => {
    const { navigate, api } = renderProductsPage('/products?color=black&tag=Hat');
    await screen.findByText('Oxford Shirt');
    expect(lastQuery(api)).toMatchObject({ color: 'black', tag: 'Hat' });
    expect(screen.getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'true');

    await navigate('/products?color=white');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ color: 'white' }));
    await navigate(-1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'true'));
    // The list that query brought is still held: Back shows it without asking again.
    expect(screen.getByText('Oxford Shirt')).toBeInTheDocument();
    expect(api.callsTo('GET /product')).toHaveLength(2);
  });

  it('searches by name from the toggleable search box', async () => {
    const { user, router, api } = renderProductsPage();
    await screen.findByText('Oxford Shirt');
    expect(screen.queryByRole('combobox', { name: 'Search products by name' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('combobox', { name: 'Search products by name' }), 'oxford{Enter}');

    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('oxford');
    // A search is ordered by how well products match.
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ q: 'oxford', page: '1', sort: 'relevance' }));
  });

  it('"Close search" ends the search: the URL and the list drop it', async () => {
    const { user, router, api } = renderProductsPage('/products?q=oxford&color=white');
    await screen.findByText('Oxford Shirt');
    expect(screen.getByRole('combobox', { name: 'Search products by name' })).toHaveValue('oxford');

    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('combobox', { name: 'Search products by name' })).not.toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBeNull();
    expect(params.get('color')).toBe('white');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ color: 'white', sort: 'price' }));
    expect(lastQuery(api)).not.toHaveProperty('q');

    // Opened again, the box starts empty.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('combobox', { name: 'Search products by name' })).toHaveValue('');
  });

  it('a search that finds nothing suggests another search word', async () => {
    renderProductsPage('/products?q=zzzz', () => makeProductPage([], { total: 0, totalPages: 0 }));
    expect(await screen.findByText('No products match “zzzz”.')).toBeInTheDocument();
    expect(await screen.findByText('Try another search word, or start again with everything.')).toBeInTheDocument();
    expect(screen.queryByText(/Try another colour or price/)).not.toBeInTheDocument();
  });

  it('on a phone the filters open in a dialog whose button shows the live number of results', async () => {
    const { user, router } = renderProductsPage('/products', (call) =>
      call.query.color === 'navy'
        ? makeProductPage([oxford], { total: 1 })
        : makeProductPage([oxford, cap], { total: 14, totalPages: 3 }),
    );
    await screen.findByText('Oxford Shirt');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(toggle);

    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    expect(within(drawer).getByRole('button', { name: 'Show 14 results' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: /^Navy/ }));
    expect(router.state.location.search).toBe('?color=navy');
    expect(await within(drawer).findByRole('button', { name: 'Show 1 result' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Show 1 result' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('the filter dialog closes with Escape, focus back on its button', async () => {
    const { user } = renderProductsPage();
    await screen.findByText('Oxford Shirt');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });

  it('a search the filters hide says so, and clearing the filters keeps the search', async () => {
    const wallet = makeProduct({ _id: 'wallet', name: 'Leather Wallet', colors: ['black'] });
    const { user, router } = renderProductsPage('/products?q=wallet&color=white', (call) =>
      call.query.color ? makeProductPage([], { total: 0, totalPages: 0 }) : makeProductPage([wallet]),
    );
    expect(await screen.findByText('No products match “wallet” with these filters.')).toBeInTheDocument();
    expect(await screen.findByText('The filters leave out the 1 product that matches “wallet”.')).toBeInTheDocument();
    expect(screen.queryByText('No products match “wallet”.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?q=wallet');
    expect(await screen.findByText('Leather Wallet')).toBeInTheDocument();
  });

  it('suggests products and collections while typing; arrows choose one and Enter opens it', async () => {
    const api = createFakeApi({
      'GET /product': () => makeProductPage([oxford, cap], { total: 2 }),
      'GET /product/suggestions': (call) => ({
        products: [
          { _id: 'oxford', name: `Oxford Shirt (${call.query?.q})`, price: 1199, image: '', category: 'Shirts' },
        ],
        categories: [
          { _id: 'mens-shirts', name: "Men's Shirts", count: 4 },
          { _id: 'mens-clothing', name: "Men's clothing", count: 9 },
        ],
      }),
    });
    const { user, router } = renderWithProviders(<ProductsPage />, { api, route: '/products', path: '/products' });
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const box = screen.getByRole('combobox', { name: 'Search products by name' });
    await user.type(box, 'oxf');

    const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
    // Only collections are offered: the page filters by collection.
    expect(options.map((o) => o.textContent)).toEqual([
      'Oxford Shirt (oxf)₹1,199.00',
      "All of “oxf” in Men's clothing9 products",
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?collection=mens-clothing&q=oxf'));

    await user.clear(box);
    await user.type(box, 'oxf');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/oxford'));
  });

  it('shows a sliding window of three page numbers with « and » disabled at the ends', async () => {
    const totalPages = 10;
    const { user, router, navigate } = renderProductsPage('/products?page=5', (call) =>
      makeProductPage([oxford], { page: Number(call.query.page), total: 60, totalPages }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    const numbers = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);

    expect(numbers()).toEqual(['4', '5', '6']);
    expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeEnabled();

    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=6');
    await waitFor(() => expect(numbers()).toEqual(['5', '6', '7']));

    await navigate('/products');
    await waitFor(() => expect(numbers()).toEqual(['1', '2', '3']));
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await navigate('/products?page=10');
    await waitFor(() => expect(numbers()).toEqual(['8', '9', '10']));
    expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('never lets an older answer replace a newer page', async () => {
    const first = deferred<unknown>();
    const pages: Record<string, () => unknown> = {
      '1': () => first.promise,
      '2': () => makeProductPage([cap], { page: 2, total: 12, totalPages: 2 }),
    };
    const { navigate } = renderProductsPage('/products', (call) => pages[call.query.page!]!());

    await navigate('/products?page=2');
    await screen.findByText('Canvas Cap');

    first.resolve(makeProductPage([oxford], { page: 1, total: 12, totalPages: 2 }));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.getByText('Canvas Cap')).toBeInTheDocument();
    expect(screen.queryByText('Oxford Shirt')).not.toBeInTheDocument();
  });

  it('shows an empty state that clears the filters', async () => {
    const { user, router } = renderProductsPage('/products?color=white&price=100-150', (call) =>
      call.query.color ? makeProductPage([], { total: 0, totalPages: 0 }) : makeProductPage([oxford]),
    );
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    expect(screen.getByText('Try another colour or price, or start again with everything.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Oxford Shirt')).toBeInTheDocument();
  });

  it("shows a load error in red as 'Error: …' with the server's message or the fallback", async () => {
    renderProductsPage('/products', () => {
      throw new ApiError('The catalogue is resting', { status: 503, code: 'UNAVAILABLE' });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: The catalogue is resting');
    expect(screen.getByText('Error: The catalogue is resting')).toHaveClass('text-sale');
  });

  it("falls back to 'Failed to fetch products' when the server cannot be reached", async () => {
    renderProductsPage('/products', () => {
      throw new ApiError('offline', { status: 0, code: 'NETWORK_ERROR' });
    });
    expect(await screen.findByText('Error: Failed to fetch products')).toBeInTheDocument();
  });

  it('shows beside each filter how many products it would show, and disables the options that would show none', async () => {
    const counts = (values: string[], count: (v: string) => number) =>
      values.map((value) => ({ value, count: count(value) }));
    const { user } = renderProductsPage('/products?color=navy', () => ({
      ...makeProductPage([oxford], { total: 124 }),
      facets: {
        colors: [
          { value: 'navy', count: 124 },
          { value: 'white', count: 1300 },
        ],
        sizes: [],
        priceBands: counts(['0-50', '50-100', '100-150'], (v) => (v === '0-50' ? 0 : 60)),
        tags: counts(['Shirt', 'Hat', 'T-Shirt'], (v) => (v === 'Hat' ? 0 : 12)),
        collections: counts(['all', 'mens-clothing', 'womens-clothing', 'jewelery'], (v) =>
          v === 'jewelery' ? 0 : 124,
        ),
      },
    }));

    const navy = await screen.findByRole('button', { name: 'Navy (124)' });
    expect(navy).toHaveAttribute('aria-pressed', 'true');
    expect(navy).toBeEnabled();
    expect(screen.getByRole('button', { name: 'White (1,300)' })).toBeEnabled();
    // A colour no product of the list comes in.
    expect(screen.getByRole('button', { name: 'Black (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '₹0 – ₹50 (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Hat (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Jewelery (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'T-Shirt (12)' })).toBeEnabled();
    // The chosen option can always be cleared.
    await user.click(navy);
    expect(screen.getByRole('button', { name: /^Navy/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('offers the sizes in stock with their counts, and an in-stock switch, both kept in the URL and the query', async () => {
    const { user, router, api } = renderProductsPage('/products?color=navy', () => ({
      ...makeProductPage([oxford], { total: 1300 }),
      facets: {
        colors: [{ value: 'navy', count: 1300 }],
        sizes: [
          { value: 'S', count: 310 },
          { value: 'M', count: 1204 },
          { value: 'XL', count: 0 },
        ],
        priceBands: [],
        tags: [],
        collections: [],
      },
    }));

    const medium = await screen.findByRole('button', { name: 'M (1,204)' });
    expect(screen.getByRole('button', { name: 'S (310)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'XL (0)' })).toBeDisabled();
    await user.click(medium);
    expect(router.state.location.search).toBe('?color=navy&size=M');
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ page: '1', limit: '6', sort: 'price', color: 'navy', size: 'M' }),
    );

    const inStock = screen.getByRole('switch', { name: 'In stock only' });
    expect(inStock).toHaveAttribute('aria-checked', 'false');
    await user.click(inStock);
    expect(screen.getByRole('switch', { name: 'In stock only' })).toHaveAttribute('aria-checked', 'true');
    expect(router.state.location.search).toBe('?color=navy&size=M&inStock=true');
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        page: '1',
        limit: '6',
        sort: 'price',
        color: 'navy',
        size: 'M',
        inStock: 'true',
      }),
    );
  });

  it('filters by country of origin with counts, and sorts by it from the address', async () => {
    const { user, router, api } = renderProductsPage('/products?sort=origin', () => ({
      ...makeProductPage([oxford], { total: 5 }),
      facets: {
        colors: [],
        sizes: [],
        priceBands: [],
        tags: [],
        collections: [],
        origins: [
          { value: 'India', count: 4 },
          { value: 'Sri Lanka', count: 1 },
        ],
      },
    }));
    const group = await screen.findByRole('group', { name: 'Country of origin' });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'origin' }));
    await user.click(within(group).getByRole('button', { name: 'Sri Lanka (1)' }));
    expect(router.state.location.search).toBe('?origin=Sri+Lanka&sort=origin');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ origin: 'Sri Lanka', sort: 'origin' }));
    expect(within(group).getByRole('button', { name: 'Sri Lanka (1)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sorts by country of origin from its sort choice, back to page 1, and back to the list’s own order', async () => {
    const { user, router, api } = renderProductsPage('/products?color=navy&page=2', () =>
      makeProductPage([oxford], { page: 2, total: 20, totalPages: 4 }),
    );
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Price: low to high', 'Country of origin']);
    expect(sort).toHaveValue('');

    await user.selectOptions(sort, 'Country of origin');
    expect(router.state.location.search).toBe('?color=navy&sort=origin');
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', limit: '6', sort: 'origin', color: 'navy' }));
    expect(sort).toHaveValue('origin');

    await user.selectOptions(sort, 'Price: low to high');
    expect(router.state.location.search).toBe('?color=navy');
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', limit: '6', sort: 'price', color: 'navy' }));
  });

  it('names the list’s own order “Best match” while searching', async () => {
    const { api } = renderProductsPage('/products?q=shirt');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getByRole('option', { name: 'Best match' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'relevance', q: 'shirt' }));
  });

  it('keeps a chosen size no product has left offered, so it can be cleared', async () => {
    const { user, router } = renderProductsPage('/products?size=XXL', () => ({
      ...makeProductPage([], { total: 0 }),
      facets: { colors: [], sizes: [{ value: 'M', count: 3 }], priceBands: [], tags: [], collections: [] },
    }));
    const chosen = await screen.findByRole('button', { name: 'XXL (0)' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await user.click(chosen);
    expect(router.state.location.search).toBe('');
  });
});
