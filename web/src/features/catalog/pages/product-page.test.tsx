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

/** The heartbeat's answer with one visitor: nothing to show. */
const noViewers = { 'POST /product/:id/viewers': () => ({ viewers: null }) };

function renderProductPage({
  sizes = someSizes,
  product = () => shirt as unknown,
  state,
  viewers = () => ({ viewers: null }),
}: { sizes?: ProductSize[]; product?: () => unknown; state?: unknown; viewers?: () => unknown } = {}) {
  const api = createFakeApi({
    'GET /store': () => makeStoreInfo(),
    'GET /product/:id': product,
    'GET /product/:id/sizes': () => sizes,
    'POST /product/:id/viewers': viewers,
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
    // ₹1,199 against ₹1,799 saves 33.35%: 33, rounded down.
    expect(screen.getByText('Save 33%')).toBeInTheDocument();
    expect(screen.queryByText(/people are viewing/)).not.toBeInTheDocument();
    // S 4 and L 2 in stock: 6 together, at or below the default threshold of 10.
    expect(await screen.findByText('Only 6 item(s) left')).toBeInTheDocument();
    expect(screen.getByText('Crisp cotton Oxford with a button-down collar.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');

    const sizes = await screen.findByRole('list', { name: 'Sizes' });
    expect(within(sizes).getByRole('button', { name: 'S' })).toBeEnabled();
    expect(within(sizes).getByRole('button', { name: 'M (sold out)' })).toBeDisabled();
    expect(within(sizes).getByRole('button', { name: 'L' })).toBeEnabled();

    expect(api.callsTo('GET /product/:id')).toHaveLength(1);
    expect(api.callsTo('GET /product/:id/sizes')).toHaveLength(1);
  });

  it('declares under "Product details" what the listing must (Legal Metrology), the MRP with GST', async () => {
    const api = createFakeApi({
      'GET /store': () => ({
        ...makeStoreInfo(),
        consumerCare: { name: 'Kapas Apparel', email: 'care@kapas.in', phone: '+918047182200' },
      }),
      'GET /product/:id': () =>
        makeProduct({
          ...shirt,
          declarations: { ...shirt.declarations, countryOfOrigin: 'Sri Lanka', makerRole: 'importer' },
        }),
      'GET /product/:id/sizes': () => someSizes,
      ...noViewers,
    });
    renderWithProviders(<ProductPage />, { api, route: '/product/oxford', path: '/product/:id' });
    const details = await screen.findByRole('region', { name: 'Product details' });
    const value = (term: string) => within(details).getByText(term).nextElementSibling?.textContent;
    expect(value('Generic name')).toBe('Shirt');
    expect(value('Net quantity')).toBe('1 N');
    // The most asked (the original ₹1,799) with 18% GST (₹323.82, rounded to ₹324 as the cart does).
    expect(value('MRP')).toBe('₹2,123.00 (incl. of all taxes)');
    expect(value('Country of origin')).toBe('Sri Lanka');
    expect(value('Imported by')).toBe('Kapas Apparel Private Limited, 14 Residency Road, Bengaluru, Karnataka 560025');
    // The store's facts arrive on their own request.
    await within(details).findByText('Consumer care');
    expect(value('Consumer care')).toBe('Kapas Apparel, care@kapas.in, +918047182200');
  });

  it('with prices that include GST: "Inclusive of all taxes" beside the price, which is the MRP as it is', async () => {
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo({ pricesIncludeGst: true }),
      'GET /product/:id': () => makeProduct(shirt),
      'GET /product/:id/sizes': () => someSizes,
      ...noViewers,
    });
    renderWithProviders(<ProductPage />, { api, route: '/product/oxford', path: '/product/:id' });
    const details = await screen.findByRole('region', { name: 'Product details' });
    expect(screen.getByText('₹1,199.00').closest('div')?.nextElementSibling).toHaveTextContent(
      /^Inclusive of all taxes$/,
    );
    expect(screen.queryByText(/added at checkout/)).not.toBeInTheDocument();
    // The most asked (the original ₹1,799), with nothing added: it includes its GST already.
    expect(within(details).getByText('MRP').nextElementSibling).toHaveTextContent('₹1,799.00 (incl. of all taxes)');
  });

  it('shows no "Product details" for a product not yet declared', async () => {
    renderProductPage({
      product: () => makeProduct({ ...shirt, declarations: { ...shirt.declarations, netQuantity: '' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oxford Shirt' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Product details' })).not.toBeInTheDocument();
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

  describe('the viewer count', () => {
    const setVisibility = (state: DocumentVisibilityState) =>
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    afterEach(() => setVisibility('visible'));

    it("shows the number the server counts from two upwards, for this tab's anonymous visitor", async () => {
      const { api } = renderProductPage({ viewers: () => ({ viewers: 3 }) });
      expect(await screen.findByText('3 people are viewing this right now')).toBeInTheDocument();
      const [beat] = api.callsTo('POST /product/:id/viewers');
      expect(beat).toMatchObject({
        path: '/product/oxford/viewers',
        body: { visitor: expect.stringMatching(/^[0-9a-f]{32}$/) },
      });
      // The same visitor for the whole tab: kept in sessionStorage.
      expect(window.sessionStorage.getItem('product-viewer')).toBe((beat!.body as { visitor: string }).visitor);
    });

    it('shows nothing when the server shows nothing (one visitor), or cannot count', async () => {
      renderProductPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'Oxford Shirt' })).toBeInTheDocument();
      await act(async () => {});
      expect(screen.queryByText(/people are viewing/)).not.toBeInTheDocument();
    });

    it('a hidden page does not count as viewing: it beats once it is shown', async () => {
      setVisibility('hidden');
      const { api } = renderProductPage({ viewers: () => ({ viewers: 2 }) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Oxford Shirt' })).toBeInTheDocument();
      expect(api.callsTo('POST /product/:id/viewers')).toHaveLength(0);
      setVisibility('visible');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(await screen.findByText('2 people are viewing this right now')).toBeInTheDocument();
      expect(api.callsTo('POST /product/:id/viewers')).toHaveLength(1);
    });
  });

  describe('when nothing can be bought', () => {
    function expectNoUrgency() {
      expect(screen.queryByText(/people are viewing/)).not.toBeInTheDocument();
      expect(screen.queryByText(/item\(s\) left/)).not.toBeInTheDocument();
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
        ...noViewers,
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
      expect(api.callsTo('POST /cart')[0]?.body).toEqual({ product: 'oxford', quantity: 2, color: 'white', size: 'l' });

      const drawer = screen.getByRole('dialog', { name: 'Your Cart (2 items)' });
      expect(drawer).toHaveTextContent('Oxford Shirt');
      expect(drawer).toHaveTextContent('White / L · Qty 2');
      expect(drawer).toHaveTextContent('Subtotal₹2,398.00');
      await user.click(within(drawer).getByRole('button', { name: 'View Cart' }));
      expect(router.state.location.pathname).toBe('/cart');
    });

    it.each([
      [false, 'Shipping, GST and coupons are worked out in the cart.'],
      [true, 'Inclusive of all taxes. Shipping and coupons are worked out in the cart.'],
    ])('the mini cart says what the cart adds (prices include GST: %s)', async (pricesIncludeGst, note) => {
      stubScreenWidth(1280);
      const line = makeCartLine({ _id: 'l1', productId: 'oxford', name: 'Oxford Shirt', price: 1199, size: 'L' });
      const { user } = renderSignedIn(() => makeCart([line], { pricesIncludeGst }));
      await user.click(await screen.findByRole('button', { name: 'L' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      const drawer = await screen.findByRole('dialog', { name: /Your Cart/ });
      expect(drawer).toHaveTextContent(note);
      if (pricesIncludeGst) expect(drawer).not.toHaveTextContent(/GST[^.]*worked out/);
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

  describe('savings and stock note, only when true', () => {
    it('"Save N%" is the real discount, rounded down, and absent without an original price', async () => {
      renderProductPage({ product: () => ({ ...shirt, price: 79, originalPrice: 99 }) });
      expect(await screen.findByText('Save 20%')).toBeInTheDocument();
      expect(screen.queryByText('Save 33%')).not.toBeInTheDocument();
    });

    it('no original price: no struck price and no savings label', async () => {
      renderProductPage({ product: () => ({ ...shirt, originalPrice: null }) });
      await screen.findByRole('heading', { level: 1, name: 'Oxford Shirt' });
      expect(screen.queryByText(/^Save \d+%$/)).not.toBeInTheDocument();
    });

    it('"Only N item(s) left" follows the chosen size, and says nothing above the threshold', async () => {
      const { user } = renderProductPage({
        sizes: [
          { size: 'S', stock: 18 },
          { size: 'M', stock: 3 },
          { size: 'L', stock: 48 },
        ],
      });
      const sizes = await screen.findByRole('list', { name: 'Sizes' });
      expect(screen.queryByText(/item\(s\) left/)).not.toBeInTheDocument();
      await user.click(within(sizes).getByRole('button', { name: 'M' }));
      expect(screen.getByText('Only 3 item(s) left')).toBeInTheDocument();
      await user.click(within(sizes).getByRole('button', { name: 'L' }));
      expect(screen.queryByText(/item\(s\) left/)).not.toBeInTheDocument();
    });

    it("the owner's threshold decides", async () => {
      const api = createFakeApi({
        'GET /store': () => ({ ...makeStoreInfo(), lowStockThreshold: 3 }),
        'GET /product/:id': () => shirt,
        'GET /product/:id/sizes': () => someSizes,
        ...noViewers,
      });
      const { user } = renderWithProviders(<ProductPage />, { api, route: '/product/oxford', path: '/product/:id' });
      const sizes = await screen.findByRole('list', { name: 'Sizes' });
      await user.click(within(sizes).getByRole('button', { name: 'S' }));
      expect(screen.queryByText(/item\(s\) left/)).not.toBeInTheDocument();
      await user.click(within(sizes).getByRole('button', { name: 'L' }));
      expect(await screen.findByText('Only 2 item(s) left')).toBeInTheDocument();
    });
  });

  describe('offer countdown', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is absent without a sale end', async () => {
      renderProductPage();
      await screen.findByRole('list', { name: 'Sizes' });
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      expect(screen.queryByText(/Offer ends in/)).not.toBeInTheDocument();
    });

    it('is absent once the sale end has passed', async () => {
      renderProductPage({ product: () => ({ ...shirt, saleEndsAt: new Date(Date.now() - 1000).toISOString() }) });
      await screen.findByRole('list', { name: 'Sizes' });
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    });

    it('runs to the sale end staff set, the same on every visit, and stops at 00:00', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-28T10:00:00Z') });
      const saleEndsAt = '2026-11-28T10:05:59Z';
      const first = renderProductPage({ product: () => ({ ...shirt, saleEndsAt }) });
      const timer = await screen.findByRole('timer');
      expect(timer).toHaveTextContent('05:59');
      act(() => vi.advanceTimersByTime(1000));
      expect(timer).toHaveTextContent('05:58');
      first.unmount();

      // A later visit counts on from where the end is, not from the start again.
      act(() => vi.advanceTimersByTime(60_000));
      renderProductPage({ product: () => ({ ...shirt, saleEndsAt }) });
      const again = await screen.findByRole('timer');
      expect(again).toHaveTextContent('04:58');

      act(() => vi.advanceTimersByTime(298_000));
      expect(again).toHaveTextContent('00:00');
      expect(screen.getByText('This offer has ended')).toBeInTheDocument();
      // The countdown has stopped; the one timer left is the viewers' heartbeat.
      expect(vi.getTimerCount()).toBe(1);
    });

    it('shows the original price, and no saving, from the moment the sale ends with the page open', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-28T10:00:00Z') });
      renderProductPage({ product: () => ({ ...shirt, saleEndsAt: '2026-11-28T10:00:03Z' }) });
      expect(await screen.findByRole('timer')).toHaveTextContent('00:03');
      expect(screen.getByText('Save 33%')).toBeInTheDocument();
      expect(screen.getByText('₹1,199.00')).toBeInTheDocument();

      act(() => vi.advanceTimersByTime(3000));
      expect(screen.getByText('This offer has ended')).toBeInTheDocument();
      expect(screen.queryByText('Save 33%')).not.toBeInTheDocument();
      expect(screen.queryByText('₹1,199.00')).not.toBeInTheDocument();
      expect(screen.getAllByText('₹1,799.00').length).toBeGreaterThan(0);
    });

    it('is not shown for a colour sold at its full price of its own', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-28T10:00:00Z') });
      // Navy on sale at the product's price, white at a full price of its own.
      const variant = (color: string, price: number | null) => ({
        sku: `KP-${color}-M`,
        color,
        size: 'M',
        stock: 3,
        price,
        originalPrice: null,
      });
      const { user } = renderProductPage({
        product: () => ({
          ...shirt,
          colors: ['white', 'navy'],
          saleEndsAt: '2026-11-30T13:05:09Z',
          variants: [variant('white', 1999), variant('navy', null)],
        }),
      });
      await screen.findByText('₹1,999.00');
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Navy' }));
      expect(await screen.findByRole('timer')).toHaveTextContent('2d 03:05:09');
    });

    it('shows days and hours for a longer sale', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-28T10:00:00Z') });
      renderProductPage({ product: () => ({ ...shirt, saleEndsAt: '2026-11-30T13:05:09Z' }) });
      expect(await screen.findByRole('timer')).toHaveTextContent('2d 03:05:09');
    });
  });

  describe('colour', () => {
    const photo = (name: string, color: string | null) => ({ url: `/images/products/${name}.svg`, color });
    const variant = (color: string, size: string, stock: number, price: number | null = null) => ({
      sku: `KP-OXF-${color.slice(0, 3).toUpperCase()}-${size}`,
      color,
      size,
      stock,
      price,
      originalPrice: null,
    });
    const twoColours = makeProduct({
      ...shirt,
      colors: ['white', 'navy'],
      images: [
        '/images/products/oxford-white.svg',
        '/images/products/oxford-navy.svg',
        '/images/products/oxford-tag.svg',
      ],
      photos: [photo('oxford-white', 'white'), photo('oxford-navy', 'navy'), photo('oxford-tag', null)],
      variants: [
        variant('white', 'S', 4),
        variant('white', 'M', 0),
        variant('white', 'L', 2),
        variant('navy', 'S', 0),
        variant('navy', 'M', 3),
        variant('navy', 'L', 1, 1299),
      ],
    });

    afterEach(() => window.history.replaceState(null, '', '/'));

    function renderColours({
      route = '/product/oxford',
      product = twoColours as unknown,
      cart = (): unknown => makeCart([]),
      colorSizes = (): unknown => [],
    } = {}) {
      const api = createFakeApi({
        'GET /store': () => makeStoreInfo(),
        'GET /product/:id': () => product,
        ...noViewers,
        'GET /product/:id/sizes': (call) =>
          call.query.color
            ? colorSizes()
            : [
                { size: 'S', stock: 4 },
                { size: 'M', stock: 3 },
                { size: 'L', stock: 3 },
              ],
        'GET /cart/details': () => makeCart([]),
        'POST /cart': cart,
      });
      return { ...renderWithProviders(<ProductPage />, { api, route, path: '/product/:id' }), api };
    }
    const sizeButton = (name: string) =>
      within(screen.getByRole('list', { name: 'Sizes' })).getByRole('button', { name });
    const mainImage = () => screen.getByTestId('product-zoom').querySelector('img')!;

    it('preselects the first colour in stock, with its photos and its sizes', async () => {
      renderColours();
      expect(await screen.findByRole('radio', { name: 'White' })).toBeChecked();
      expect(screen.getByRole('group', { name: 'Colour: White' })).toBeInTheDocument();
      expect(sizeButton('S')).toBeEnabled();
      expect(sizeButton('M (sold out)')).toBeDisabled();
      expect(sizeButton('L')).toBeEnabled();
      // The colour's own photo first, then the shared one; not the other colour's.
      expect(mainImage()).toHaveAttribute('src', '/images/products/oxford-white.svg');
      expect(screen.getAllByRole('button', { name: /^Show image/ })).toHaveLength(2);
    });

    it('skips a colour sold out in every size', async () => {
      const whiteSoldOut = {
        ...twoColours,
        variants: twoColours.variants.map((v) => (v.color === 'white' ? { ...v, stock: 0 } : v)),
      };
      renderColours({ product: whiteSoldOut });
      expect(await screen.findByRole('radio', { name: 'Navy' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'White (sold out)' })).not.toBeChecked();
    });

    it('preselects the colour the address asks for', async () => {
      renderColours({ route: '/product/oxford?color=navy' });
      expect(await screen.findByRole('radio', { name: 'Navy' })).toBeChecked();
      expect(sizeButton('S (sold out)')).toBeDisabled();
      expect(sizeButton('M')).toBeEnabled();
      expect(mainImage()).toHaveAttribute('src', '/images/products/oxford-navy.svg');
    });

    it('a colour chosen changes the photos, the sizes to be had, the price and the address', async () => {
      const { user, router } = renderColours();
      await user.click(await screen.findByRole('radio', { name: 'White' }));
      await user.click(sizeButton('L'));
      expect(screen.getByText('₹1,199.00')).toBeInTheDocument();

      await user.click(screen.getByRole('radio', { name: 'Navy' }));
      expect(screen.getByRole('group', { name: 'Colour: Navy' })).toBeInTheDocument();
      expect(mainImage()).toHaveAttribute('src', '/images/products/oxford-navy.svg');
      expect(sizeButton('S (sold out)')).toBeDisabled();
      expect(sizeButton('M')).toBeEnabled();
      // L stays chosen (navy has it), at navy L's own price, without the product's original price.
      expect(sizeButton('L')).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText('₹1,299.00')).toBeInTheDocument();
      expect(screen.queryByText('₹1,199.00')).not.toBeInTheDocument();
      expect(screen.queryByText('Save 33%')).not.toBeInTheDocument();
      // The address names the colour and size, replaced in place: no navigation, no new history entry.
      expect(window.location.search).toBe('?size=L&color=navy');
      expect(router.state.historyAction).toBe('POP');
    });

    it('a size the new colour has sold out is no longer chosen', async () => {
      const { user } = renderColours();
      await user.click(await screen.findByRole('radio', { name: 'White' }));
      await user.click(sizeButton('S'));
      await user.click(screen.getByRole('radio', { name: 'Navy' }));
      expect(sizeButton('S (sold out)')).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getByRole('heading', { name: 'Size' })).toBeInTheDocument();
    });

    it('adds the colour and size chosen to the cart', async () => {
      signIn();
      const { user, api } = renderColours({
        route: '/product/oxford?color=navy',
        cart: () => makeCart([makeCartLine({ productId: 'oxford', name: 'Oxford Shirt', size: 'M' })]),
      });
      await user.click(await screen.findByRole('button', { name: 'M' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
      expect(api.callsTo('POST /cart')[0]?.body).toEqual({ product: 'oxford', quantity: 1, color: 'navy', size: 'm' });
    });

    it.each([
      ['chosen when the colour has it in stock', 'm', 'M', 'true', 'Size: M'],
      ['left unchosen when the colour has sold it out', 'S', 'S (sold out)', 'false', 'Size'],
    ])('the size the address asks for is %s', async (_case, asked, button, pressed, heading) => {
      renderColours({ route: `/product/oxford?color=navy&size=${asked}` });
      expect(await screen.findByRole('radio', { name: 'Navy' })).toBeChecked();
      expect(sizeButton(button)).toHaveAttribute('aria-pressed', pressed);
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    });

    it('asks the colour’s sizes again when an add is refused for stock: the size sold out shows so', async () => {
      signIn();
      const { user, api } = renderColours({
        route: '/product/oxford?color=navy',
        cart: () => {
          throw new ApiError('Oxford Shirt in Navy, size M is sold out.', { status: 409, code: 'OUT_OF_STOCK' });
        },
        colorSizes: () => [
          { size: 'S', stock: 0 },
          { size: 'M', stock: 0 },
          { size: 'L', stock: 1 },
        ],
      });
      await user.click(await screen.findByRole('button', { name: 'M' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByText('Oxford Shirt in Navy, size M is sold out.')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'M (sold out)' })).toBeDisabled();
      expect(sizeButton('M (sold out)')).toHaveAttribute('aria-pressed', 'false');
      expect(sizeButton('L')).toBeEnabled();
      const asked = api.callsTo('GET /product/:id/sizes').filter((c) => c.query.color === 'navy');
      expect(asked).toHaveLength(1);
      // Another colour still shows the stock the product answered.
      await user.click(screen.getByRole('radio', { name: 'White' }));
      expect(sizeButton('S')).toBeEnabled();
    });

    it('asks for a colour when the product has several and none is chosen yet', async () => {
      signIn();
      const held = deferred<unknown>();
      const { _id, name, title, price, originalPrice, image, colors, category, categoryId, soldOut } = twoColours;
      const summary = { _id, name, title, price, originalPrice, image, colors, category, categoryId, soldOut };
      const api = createFakeApi({
        'GET /store': () => makeStoreInfo(),
        'GET /product/:id': () => held.promise,
        'GET /product/:id/sizes': () => [{ size: 'M', stock: 3 }],
        ...noViewers,
        'GET /cart/details': () => makeCart([]),
      });
      const { user } = renderWithProviders(<ProductPage />, {
        api,
        route: '/product/oxford',
        path: '/product/:id',
        state: { product: summary },
      });
      expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
      await user.click(await screen.findByRole('button', { name: 'M' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByText('Please select a colour before adding to cart.')).toBeInTheDocument();
      expect(api.callsTo('POST /cart')).toHaveLength(0);
    });
  });
});
