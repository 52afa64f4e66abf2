import type { AdminProductPage, AdminProductRow } from '@shop/core';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ApiError } from '../../../lib/http.ts';
import type { FakeCall, FakeHandler } from '../../../test/fake-api.ts';
import { makeListPage, refusedFields, renderStaffPage } from '../test-fixtures.ts';
import { AdminProductsPage, PRODUCTS_PER_PAGE } from './admin-products-page.tsx';

function row(overrides: Partial<AdminProductRow> = {}): AdminProductRow {
  return {
    _id: 'oxford',
    name: 'Oxford Shirt',
    image: '/images/products/oxford-1.svg',
    category: "Men's Shirts",
    price: 1199,
    originalPrice: null,
    isActive: true,
    sizes: [
      { size: 'M', stock: 4 },
      { size: 'L', stock: 0 },
    ],
    totalStock: 4,
    colorsWithoutStock: [],
    missingDeclarations: [],
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const oxford = row();
const cap = row({
  _id: 'cap',
  name: 'Canvas Cap',
  category: 'Men Accessories',
  price: 49.5,
  isActive: false,
  sizes: [{ size: 'ONE SIZE', stock: 12 }],
});

function pageOf(products: AdminProductRow[], overrides: Partial<AdminProductPage> = {}): AdminProductPage {
  return { ...makeListPage('products', products, PRODUCTS_PER_PAGE), ...overrides };
}

function renderPage(route = '/admin/products', routes: Record<string, FakeHandler> = {}) {
  const handlers: Record<string, FakeHandler> = {
    'GET /admin/products': () => pageOf([oxford, cap]),
    'PATCH /admin/products/stock': (call) => ({ updated: (call.body as { changes: unknown[] }).changes.length }),
    'PATCH /admin/products/:id/visibility': () => ({}),
    ...routes,
  };
  return renderStaffPage(<AdminProductsPage />, '/admin/products', handlers, route);
}

const lastListQuery = (calls: FakeCall[]) => calls.at(-1)?.query;
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('staff products page', () => {
  it('lists products with image, category, price, stock per size and status', async () => {
    const { api } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    await screen.findByText('Oxford Shirt');

    const first = rowOf('Oxford Shirt');
    expect(within(first).getByText("Men's Shirts")).toBeInTheDocument();
    expect(within(first).getByText('₹1,199.00')).toBeInTheDocument();
    expect(within(first).getByRole('spinbutton', { name: 'Stock of Oxford Shirt, size M' })).toHaveValue(4);
    expect(within(first).getByRole('spinbutton', { name: 'Stock of Oxford Shirt, size L' })).toHaveValue(0);
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit Oxford Shirt' })).toHaveAttribute(
      'href',
      '/admin/products/oxford',
    );
    expect(within(first).getByRole('button', { name: 'Hide Oxford Shirt' })).toBeInTheDocument();

    const second = rowOf('Canvas Cap');
    expect(within(second).getByText('₹49.50')).toBeInTheDocument();
    expect(within(second).getByText('Hidden')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Unhide Canvas Cap' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'New product' })).toHaveAttribute('href', '/admin/products/new');
    expect(lastListQuery(api.callsTo('GET /admin/products'))).toEqual({
      status: 'all',
      page: '1',
      limit: String(PRODUCTS_PER_PAGE),
    });
  });

  it('reads search, status and page from the URL and sends them', async () => {
    const { api } = renderPage('/admin/products?q=shirt&status=hidden&page=2', {
      'GET /admin/products': () => pageOf([cap], { page: 2, total: 25, totalPages: 2 }),
    });
    await screen.findByText('Canvas Cap');
    expect(lastListQuery(api.callsTo('GET /admin/products'))).toEqual({
      q: 'shirt',
      status: 'hidden',
      page: '2',
      limit: String(PRODUCTS_PER_PAGE),
    });
    expect(screen.getByRole('searchbox', { name: 'Search products by name' })).toHaveValue('shirt');
    expect(screen.getByLabelText('Status')).toHaveValue('hidden');
  });

  it('puts a search and a status in the URL, back on page 1, and pages through', async () => {
    const { user, router, api } = renderPage('/admin/products?page=3', {
      'GET /admin/products': (call) => pageOf([oxford], { page: Number(call.query.page), total: 60, totalPages: 3 }),
    });
    await screen.findByText('Oxford Shirt');

    await user.type(screen.getByRole('searchbox', { name: 'Search products by name' }), 'oxford{Enter}');
    expect(router.state.location.search).toBe('?q=oxford');
    await waitFor(() =>
      expect(lastListQuery(api.callsTo('GET /admin/products'))).toMatchObject({ q: 'oxford', page: '1' }),
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    expect(router.state.location.search).toBe('?q=oxford&status=active');
    await waitFor(() =>
      expect(lastListQuery(api.callsTo('GET /admin/products'))).toMatchObject({
        q: 'oxford',
        status: 'active',
        page: '1',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    await waitFor(() => expect(lastListQuery(api.callsTo('GET /admin/products'))).toMatchObject({ page: '2' }));
  });

  it('saves exactly the changed sizes in one request, then toasts and reloads', async () => {
    const { user, api } = renderPage();
    await screen.findByText('Oxford Shirt');
    expect(screen.queryByRole('button', { name: /Save stock/ })).not.toBeInTheDocument();

    const m = screen.getByRole('spinbutton', { name: 'Stock of Oxford Shirt, size M' });
    const l = screen.getByRole('spinbutton', { name: 'Stock of Oxford Shirt, size L' });
    const one = screen.getByRole('spinbutton', { name: 'Stock of Canvas Cap, size ONE SIZE' });
    await user.clear(m);
    await user.type(m, '10');
    await user.clear(one);
    await user.type(one, '3');
    // Changed and changed back: not a change.
    await user.clear(l);
    await user.type(l, '7');
    await user.clear(l);
    await user.type(l, '0');

    expect(rowOf('Oxford Shirt')).toHaveAttribute('data-dirty', 'true');
    expect(within(rowOf('Oxford Shirt')).getByText('was 4')).toBeInTheDocument();
    const listCalls = api.callsTo('GET /admin/products').length;
    await user.click(screen.getByRole('button', { name: 'Save stock (2 changes)' }));

    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH /admin/products/stock').map((c) => c.body)).toEqual([
      {
        changes: [
          { productId: 'oxford', size: 'M', stock: 10 },
          { productId: 'cap', size: 'ONE SIZE', stock: 3 },
        ],
      },
    ]);
    await waitFor(() => expect(api.callsTo('GET /admin/products').length).toBe(listCalls + 1));
    expect(screen.queryByRole('button', { name: /Save stock/ })).not.toBeInTheDocument();
  });

  it('refuses an invalid stock value beside the size, sending nothing', async () => {
    const { user, api } = renderPage();
    await screen.findByText('Oxford Shirt');
    const m = screen.getByRole('spinbutton', { name: 'Stock of Oxford Shirt, size M' });
    await user.clear(m);
    await user.type(m, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save stock (1 change)' }));

    expect(screen.getByText('Stock must be a whole number.')).toBeInTheDocument();
    expect(m).toHaveAttribute('aria-invalid', 'true');
    expect(m).toHaveFocus();
    expect(screen.getByText('Fix the marked stock value to save.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /admin/products/stock')).toHaveLength(0);
  });

  it("shows the server's refusal of a size beside it", async () => {
    const { user } = renderPage('/admin/products', {
      'PATCH /admin/products/stock': () => {
        throw refusedFields(
          [{ path: 'changes.0.stock', message: 'stock is too large.' }],
          'Invalid body: changes.0.stock: stock is too large.',
        );
      },
    });
    await screen.findByText('Oxford Shirt');
    const m = screen.getByRole('spinbutton', { name: 'Stock of Oxford Shirt, size M' });
    await user.clear(m);
    await user.type(m, '999');
    await user.click(screen.getByRole('button', { name: 'Save stock (1 change)' }));

    expect(await screen.findByText('Stock is too large.')).toBeInTheDocument();
    expect(m).toHaveValue(999);
  });

  it('discards the changes', async () => {
    const { user } = renderPage();
    await screen.findByText('Oxford Shirt');
    const m = screen.getByRole('spinbutton', { name: 'Stock of Oxford Shirt, size M' });
    await user.clear(m);
    await user.type(m, '9');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(m).toHaveValue(4);
    expect(screen.queryByRole('button', { name: /Save stock/ })).not.toBeInTheDocument();
  });

  it('hides and unhides a product through the visibility call', async () => {
    const { user, api } = renderPage();
    await screen.findByText('Oxford Shirt');

    await user.click(screen.getByRole('button', { name: 'Hide Oxford Shirt' }));
    expect(await screen.findByText('Oxford Shirt is hidden from the shop')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unhide Canvas Cap' }));
    expect(await screen.findByText('Canvas Cap is back in the shop')).toBeInTheDocument();

    expect(api.callsTo('PATCH /admin/products/:id/visibility').map((c) => [c.params.id, c.body])).toEqual([
      ['oxford', { isActive: false }],
      ['cap', { isActive: true }],
    ]);
  });

  it("shows the server's words and a retry when the list fails", async () => {
    let fail = true;
    const { user } = renderPage('/admin/products', {
      'GET /admin/products': () => {
        if (fail) throw new ApiError('The shop is briefly unavailable.', { status: 503, code: 'SERVICE_UNAVAILABLE' });
        return pageOf([oxford]);
      },
    });
    expect(await screen.findByText('The shop is briefly unavailable.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Oxford Shirt')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    renderPage('/admin/products?q=zzz', { 'GET /admin/products': () => pageOf([]) });
    expect(await screen.findByText('No products match.')).toBeInTheDocument();
  });
});

describe('products whose colours still need stock', () => {
  it('flags them, and the filter asks the server for them only', async () => {
    const waiting = row({ _id: 'linen', name: 'Linen Shirt', colorsWithoutStock: ['white', 'sky blue'] });
    const { user, api } = renderStaffPage(<AdminProductsPage />, '/admin/products', {
      'GET /admin/products': (call) =>
        makeListPage('products', call.query?.needsColorStock ? [waiting] : [oxford, waiting]),
    });
    expect(await screen.findByText('No stock: White, Sky blue')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Colours without stock' }));
    await waitFor(() =>
      expect(api.callsTo('GET /admin/products').at(-1)!.query).toMatchObject({ needsColorStock: 'true' }),
    );
    await waitFor(() => expect(screen.queryByText('Oxford Shirt')).not.toBeInTheDocument());
    expect(screen.getByText('Linen Shirt')).toBeInTheDocument();
  });
});

describe('products still lacking declarations', () => {
  it('flags them, and the filter asks the server for them only, kept in the URL', async () => {
    const legacy = row({ _id: 'kurta', name: 'Linen Kurta', missingDeclarations: ['net quantity', "maker's address"] });
    const { user, api, router } = renderStaffPage(<AdminProductsPage />, '/admin/products', {
      'GET /admin/products': (call) =>
        makeListPage('products', call.query?.needsDeclarations ? [legacy] : [oxford, legacy]),
    });
    const kurtaRow = (await screen.findByText('Linen Kurta')).closest('tr')!;
    expect(within(kurtaRow).getByText('Declarations missing')).toBeInTheDocument();
    const oxfordRow = screen.getByText('Oxford Shirt').closest('tr')!;
    expect(within(oxfordRow).queryByText('Declarations missing')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Declarations missing' }));
    await waitFor(() =>
      expect(api.callsTo('GET /admin/products').at(-1)!.query).toMatchObject({ needsDeclarations: 'true' }),
    );
    expect(router.state.location.search).toBe('?needs=declarations');
    await waitFor(() => expect(screen.queryByText('Oxford Shirt')).not.toBeInTheDocument());
    expect(screen.getByText('Linen Kurta')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Declarations missing' })).toBeChecked();
  });

  it('keeps each box as it is ticked as the page opens, and a second change keeps the first', async () => {
    // As in the app: the staff pages are routes of their own under /admin/*.
    const { router } = renderStaffPage(
      <Routes>
        <Route path="products" element={<AdminProductsPage />} />
      </Routes>,
      '/admin/*',
      { 'GET /admin/products': () => makeListPage('products', [oxford]) },
      '/admin/products',
    );
    const declarations = screen.getByRole('checkbox', { name: 'Declarations missing' });
    const colours = screen.getByRole('checkbox', { name: 'Colours without stock' });
    // As in a browser: a click is not wrapped in act(), so React renders what it has scheduled
    // when it would there (a transition in a later task), not at once.
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
    /** The moment after an event, before anything the browser does later (what a next click meets). */
    const justAfter = async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
    };
    try {
      // Ticked while the list is still on its way, before the page has drawn it once.
      declarations.click();
      await justAfter();
      expect(declarations).toBeChecked();
      expect(router.state.location.search).toBe('?needs=declarations');
      // The next tick adds to that address: it does not write back the one the page opened on.
      colours.click();
      await justAfter();
      expect(colours).toBeChecked();
      expect(declarations).toBeChecked();
      expect(router.state.location.search).toBe('?needs=colour-stock&needs=declarations');
    } finally {
      vi.unstubAllGlobals();
    }
    await screen.findByText('Oxford Shirt');
    expect(router.state.location.search).toBe('?needs=colour-stock&needs=declarations');
    expect(declarations).toBeChecked();
    expect(colours).toBeChecked();
  });

  it('says every product is declared when the filter finds none', async () => {
    renderStaffPage(
      <AdminProductsPage />,
      '/admin/products',
      { 'GET /admin/products': () => makeListPage('products', []) },
      '/admin/products?needs=declarations',
    );
    expect(await screen.findByText('No products match.')).toBeInTheDocument();
    expect(screen.getByText('Every product carries all its declarations.')).toBeInTheDocument();
  });
});
