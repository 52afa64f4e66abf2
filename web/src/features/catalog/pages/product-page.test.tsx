import { act, screen, within } from '@testing-library/react';
import type { ProductSize } from '@shop/core';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi, deferred } from '../../../test/fake-api.ts';
import { makeCart, makeCartLine, makeProduct, makeStoreInfo } from '../../../test/fixtures.ts';
import { renderWithProviders, signIn } from '../../../test/render.tsx';
import { ProductPage } from './product-page.tsx';

const shirt = makeProduct({
  _id: 'oxford',
  name: 'Oxford Shirt',
  price: 1199,
  originalPrice: 1799,
  description: 'Crisp cotton Oxford with a button-down collar.',
});

const someSizes: ProductSize[] = [
  { size: 'S', stock: 4 },
  { size: 'M', stock: 0 },
  { size: 'L', stock: 2 },
];

function renderProductPage({
  sizes = someSizes,
  product = () => shirt as unknown,
  state,
}: { sizes?: ProductSize[]; product?: () => unknown; state?: unknown } = {}) {
  const api = createFakeApi({
    'GET /store': () => makeStoreInfo(),
    'GET /product/:id': product,
    'GET /product/:id/sizes': () => sizes,
  });
  const view = renderWithProviders(<ProductPage />, { api, route: '/product/oxford', path: '/product/:id', state });
  return { ...view, api };
}

describe('product page', () => {
  it('shows the product, its prices and its sizes, out-of-stock sizes disabled', async () => {
    const { api } = renderProductPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Oxford Shirt' })).toBeInTheDocument();
    expect(screen.getByText('₹1,199.00')).toBeInTheDocument();
    expect(screen.getByText('₹1,799.00').closest('s')).toBeInTheDocument();
    expect(screen.getByText('Save 33%')).toBeInTheDocument();
    expect(screen.getByText('23 people are viewing this right now')).toBeInTheDocument();
    expect(screen.getByText('Only 9 item(s) left')).toBeInTheDocument();
    expect(screen.getByText('Crisp cotton Oxford with a button-down collar.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');

    const sizes = await screen.findByRole('list', { name: 'Sizes' });
    expect(within(sizes).getByRole('button', { name: 'S' })).toBeEnabled();
    expect(within(sizes).getByRole('button', { name: 'M (sold out)' })).toBeDisabled();
    expect(within(sizes).getByRole('button', { name: 'L' })).toBeEnabled();

    expect(api.callsTo('GET /product/:id')).toHaveLength(1);
    expect(api.callsTo('GET /product/:id/sizes')).toHaveLength(1);
  });

  it('shows the product from navigation state at once, before the fetch answers', async () => {
    const held = deferred<unknown>();
    const { _id, name, title, price, originalPrice, image, colors, category, categoryId, soldOut } = shirt;
    const summary = { _id, name, title, price, originalPrice, image, colors, category, categoryId, soldOut };
    renderProductPage({ product: () => held.promise, state: { product: summary } });

    expect(screen.getByRole('heading', { level: 1, name: 'Oxford Shirt' })).toBeInTheDocument();
    expect(screen.getByText('₹1,199.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Oxford Shirt' })).toHaveAttribute('src', image);

    held.resolve({ ...shirt, name: 'Oxford Shirt (new season)' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oxford Shirt (new season)' })).toBeInTheDocument();
    expect(screen.getByText('Crisp cotton Oxford with a button-down collar.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Show image/ })).toHaveLength(2);
  });

  describe('when nothing can be bought', () => {
    function expectNoUrgency() {
      expect(screen.queryByText('23 people are viewing this right now')).not.toBeInTheDocument();
      expect(screen.queryByText('Only 9 item(s) left')).not.toBeInTheDocument();
      expect(screen.queryByText(/Offer ends in/)).not.toBeInTheDocument();
    }

    it('a sold-out product shows no viewers, countdown or items left', async () => {
      renderProductPage({ product: () => ({ ...shirt, soldOut: true }) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Oxford Shirt' })).toBeInTheDocument();
      await screen.findByRole('list', { name: 'Sizes' });
      expect(screen.getAllByText('Sold Out').length).toBeGreaterThan(0);
      expectNoUrgency();
    });

    it('a product with every size out of stock shows none of them either', async () => {
      renderProductPage({
        sizes: [
          { size: 'S', stock: 0 },
          { size: 'M', stock: 0 },
        ],
      });
      const sizes = await screen.findByRole('list', { name: 'Sizes' });
      expect(within(sizes).getByRole('button', { name: 'S (sold out)' })).toBeDisabled();
      expectNoUrgency();
    });

    it.each([
      ['marked sold out', { product: () => ({ ...shirt, soldOut: true }) }],
      [
        'out of stock in every size',
        {
          sizes: [
            { size: 'S', stock: 0 },
            { size: 'M', stock: 0 },
          ],
        },
      ],
    ])('a product %s offers neither "+" nor the add button', async (_, answers) => {
      renderProductPage(answers);
      await screen.findByRole('list', { name: 'Sizes' });
      const stepper = screen.getByRole('group', { name: 'Quantity' });
      expect(within(stepper).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
      expect(within(stepper).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    });
  });

  it('switches the main image from the thumbnails', async () => {
    const { user } = renderProductPage();
    const second = await screen.findByRole('button', { name: 'Show image 2 of 2' });
    expect(screen.getByRole('button', { name: 'Show image 1 of 2' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Oxford Shirt, image 2 of 2' })).toHaveAttribute(
      'src',
      '/images/products/oxford-2.svg',
    );
  });

  it('says so when the product has no sizes', async () => {
    renderProductPage({ sizes: [] });
    expect(await screen.findByText('No sizes available for this product.')).toBeInTheDocument();
  });

  it("shows 'Product not found.' for an unknown product", async () => {
    renderProductPage({
      product: () => {
        throw new ApiError('Product not found', { status: 404, code: 'NOT_FOUND' });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Product not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute('href', '/products');
  });

  it('asks an anonymous visitor to sign in before adding to cart', async () => {
    const { user, router } = renderProductPage();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    const dialog = screen.getByRole('dialog', { name: 'Sign In Required' });
    expect(dialog).toHaveTextContent('Please sign in to add items to your cart.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign In' }));
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('asks a signed-in shopper to choose a size first', async () => {
    signIn();
    const { user } = renderProductPage();
    await screen.findByRole('list', { name: 'Sizes' });
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Please select a size before adding to cart.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('add to cart', () => {
    function stubScreenWidth(width: number) {
      vi.stubGlobal(
        'matchMedia',
        vi.fn((query: string) => ({
          matches: query === '(min-width: 768px)' && width >= 768,
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        })),
      );
    }

    afterEach(() => {
      vi.unstubAllGlobals();
    });

    function renderSignedIn(cartAnswer: () => unknown) {
      signIn();
      const api = createFakeApi({
        'GET /store': () => makeStoreInfo(),
        'GET /product/:id': () => shirt,
        'GET /product/:id/sizes': () => someSizes,
        'GET /cart/details': () => makeCart([]),
        'POST /cart': cartAnswer,
      });
      return renderWithProviders(<ProductPage />, { api, route: '/product/oxford', path: '/product/:id' });
    }

    const added = makeCart([
      makeCartLine({ _id: 'l1', productId: 'oxford', name: 'Oxford Shirt', price: 1199, size: 'L', quantity: 2 }),
    ]);

    it('adds the selection, toasts and opens the mini cart on a screen 768 px or wider', async () => {
      stubScreenWidth(1280);
      const { user, api, router } = renderSignedIn(() => added);
      await user.click(await screen.findByRole('button', { name: 'L' }));
      await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

      expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
      expect(api.callsTo('POST /cart')[0]?.body).toEqual({ product: 'oxford', quantity: 2, size: 'l' });

      const drawer = screen.getByRole('dialog', { name: 'Your Cart (2 items)' });
      expect(drawer).toHaveTextContent('Oxford Shirt');
      expect(drawer).toHaveTextContent('Size L · Qty 2');
      expect(drawer).toHaveTextContent('Subtotal₹2,398.00');
      await user.click(within(drawer).getByRole('button', { name: 'View Cart' }));
      expect(router.state.location.pathname).toBe('/cart');
    });

    it('closes the mini cart with Escape', async () => {
      stubScreenWidth(800);
      const { user } = renderSignedIn(() => added);
      await user.click(await screen.findByRole('button', { name: 'L' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByRole('dialog', { name: /Your Cart/ })).toBeInTheDocument();
      // While it is open the toasts stand beside it (index.css), and go back after.
      expect(document.documentElement).toHaveAttribute('data-mini-cart', 'open');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.documentElement).not.toHaveAttribute('data-mini-cart');
    });

    it('only toasts on a narrower screen', async () => {
      stubScreenWidth(375);
      const { user } = renderSignedIn(() => added);
      await user.click(await screen.findByRole('button', { name: 'L' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("shows the server's refusal as an error toast", async () => {
      stubScreenWidth(1280);
      const { user } = renderSignedIn(() => {
        throw new ApiError('Only 2 left in size L', { status: 409, code: 'OUT_OF_STOCK' });
      });
      await user.click(await screen.findByRole('button', { name: 'L' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByText('Only 2 left in size L')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByText('Item added to cart')).not.toBeInTheDocument();
    });
  });

  it('keeps the quantity at 1 or more', async () => {
    const { user } = renderProductPage();
    const stepper = await screen.findByRole('group', { name: 'Quantity' });
    const minus = within(stepper).getByRole('button', { name: 'Decrease quantity' });
    const plus = within(stepper).getByRole('button', { name: 'Increase quantity' });

    expect(stepper).toHaveTextContent('1');
    expect(minus).toBeDisabled();
    await user.click(plus);
    await user.click(plus);
    expect(stepper).toHaveTextContent('3');
    expect(minus).toBeEnabled();
    await user.click(minus);
    await user.click(minus);
    expect(stepper).toHaveTextContent('1');
    expect(minus).toBeDisabled();
  });

  it('stops "+" at the stock of the chosen size', async () => {
    const { user } = renderProductPage({ sizes: [{ size: 'M', stock: 2 }] });
    const sizes = await screen.findByRole('list', { name: 'Sizes' });
    await user.click(within(sizes).getByRole('button', { name: 'M' }));
    const plus = within(screen.getByRole('group', { name: 'Quantity' })).getByRole('button', {
      name: 'Increase quantity',
    });
    await user.click(plus);
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2');
    expect(plus).toBeDisabled();
  });

  describe('offer countdown', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('starts at 05:59, ticks every second and stops at 00:00', async () => {
      renderProductPage();
      const timer = await screen.findByRole('timer');
      expect(timer).toHaveTextContent('05:59');

      act(() => vi.advanceTimersByTime(1000));
      expect(timer).toHaveTextContent('05:58');

      act(() => vi.advanceTimersByTime(358_000));
      expect(timer).toHaveTextContent('00:00');
      expect(vi.getTimerCount()).toBe(0);

      act(() => vi.advanceTimersByTime(10_000));
      expect(timer).toHaveTextContent('00:00');
    });
  });
});
