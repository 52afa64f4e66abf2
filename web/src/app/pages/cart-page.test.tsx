import type { Cart } from '@shop/core';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, deferred, type FakeHandler, refuse } from '../../test/fake-api.ts';
import {
  deliversThere,
  makeAddress,
  makeCart,
  makeCartLine,
  makeCoupon,
  makeStoreInfo,
  makeUser,
} from '../../test/fixtures.ts';
import { findToast, renderWithProviders, signIn } from '../../test/render.tsx';
import { routes } from '../router.tsx';
import { CartPage } from './cart-page.tsx';

const oxford = makeCartLine({ _id: 'l1', productId: 'oxford', name: 'Oxford Shirt', price: 1199, size: 'M' });
const tee = makeCartLine({
  _id: 'l2',
  productId: 'tee',
  name: 'Crew Tee',
  price: 499,
  size: 'L',
  quantity: 3,
  categoryId: 'mens-t-shirts',
});

function renderCart(cart: Cart | (() => unknown), handlers: Record<string, FakeHandler> = {}, user = makeUser()) {
  signIn(user);
  const api = createFakeApi({
    'GET /store': () => makeStoreInfo(),
    'GET /delivery/:pin': deliversThere,
    'GET /cart/details': typeof cart === 'function' ? cart : () => cart,
    ...handlers,
  });
  return renderWithProviders(<CartPage />, { api, route: '/cart', path: '/cart' });
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
const summary = () => screen.getByLabelText('Order summary');
const summaryRows = () =>
  Array.from(summary().querySelectorAll('div')).map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);

describe('cart page', () => {
  it('shows a loading state, then "Your cart is empty." with a way to the products', async () => {
    const held = deferred<Cart>();
    renderCart(() => held.promise);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');

    held.resolve(makeCart([]));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names the variant of each line: "Sky blue / M" with its photo, "Size M" for a product without colours', async () => {
    const polo = makeCartLine({
      _id: 'l3',
      productId: 'polo',
      name: 'Pique Polo',
      color: 'sky blue',
      size: 'M',
    });
    const socks = makeCartLine({ _id: 'l4', productId: 'socks', name: 'Crew Socks', color: '', size: 'FREE' });
    polo.product.image = '/images/products/polo--sky-blue--front.svg';
    renderCart(makeCart([polo, socks]));
    await screen.findByRole('table');
    expect(rowOf('Pique Polo')).toHaveTextContent('Sky blue / M');
    expect(rowOf('Pique Polo').querySelector('img')).toHaveAttribute(
      'src',
      '/images/products/polo--sky-blue--front.svg',
    );
    expect(within(rowOf('Pique Polo')).getByRole('link', { name: 'Pique Polo' })).toHaveAttribute(
      'href',
      '/product/polo?color=sky+blue',
    );
    expect(rowOf('Crew Socks')).toHaveTextContent('Size FREE');
    expect(within(rowOf('Crew Socks')).getByRole('link', { name: 'Crew Socks' })).toHaveAttribute(
      'href',
      '/product/socks',
    );
    expect(screen.getByRole('button', { name: 'Remove Crew Socks, size FREE' })).toBeInTheDocument();
  });

  it('shows the lines in a table: product, colour and size, price, quantity control and line total', async () => {
    renderCart(makeCart([oxford, tee]));
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Product', 'Price', 'Quantity', 'Total']);

    const row = rowOf('Crew Tee');
    expect(row).toHaveTextContent('White / L');
    expect(within(row).getByRole('link', { name: 'Crew Tee' })).toHaveAttribute('href', '/product/tee?color=white');
    expect(row).toHaveTextContent('₹499.00');
    expect(row).toHaveTextContent('₹1,497.00');
    expect(within(row).getByRole('group', { name: 'Quantity of Crew Tee, White / L' })).toHaveTextContent('3');
    expect(row.querySelector('img')).toHaveAttribute('src', '/images/products/tee-1.svg');
    expect(screen.getByText('4 items')).toBeInTheDocument();
  });

  it('disables minus at quantity 1; plus has no limit of its own', async () => {
    renderCart(makeCart([oxford]));
    const row = (await screen.findByRole('table')) && rowOf('Oxford Shirt');
    expect(within(row).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Increase quantity' })).toBeEnabled();
  });

  it('changes a quantity at once and keeps the answer', async () => {
    const held = deferred<Cart>();
    const { user, api } = renderCart(makeCart([tee]), { 'PUT /cart/:itemId': () => held.promise });
    await screen.findByRole('table');
    const row = rowOf('Crew Tee');
    await user.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    expect(within(row).getByRole('group')).toHaveTextContent('4');
    expect(row).toHaveTextContent('₹1,996.00');
    expect(api.callsTo('PUT /cart/:itemId')[0]?.body).toEqual({ quantity: 4 });
    expect(summary()).toHaveAttribute('aria-busy', 'true');

    expect(screen.queryByText('Cart item updated')).not.toBeInTheDocument();

    held.resolve(makeCart([{ ...tee, quantity: 4, lineTotal: 1996 }]));
    await waitFor(() => expect(summary()).toHaveAttribute('aria-busy', 'false'));
    expect(summary()).toHaveTextContent('₹1,996.00');
    expect(await findToast('Cart item updated')).toBeInTheDocument();
  });

  it('shows one "Cart item updated" toast for a run of clicks on the stepper', async () => {
    let quantity = 3;
    const { user } = renderCart(makeCart([tee]), {
      'PUT /cart/:itemId': () => {
        quantity += 1;
        return makeCart([{ ...tee, quantity, lineTotal: quantity * 499 }]);
      },
    });
    await screen.findByRole('table');
    const increase = within(rowOf('Crew Tee')).getByRole('button', { name: 'Increase quantity' });
    await user.click(increase);
    await findToast('Cart item updated');
    await user.click(increase);
    await waitFor(() => expect(within(rowOf('Crew Tee')).getByRole('group')).toHaveTextContent('5'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
  });

  it('rolls a refused quantity change back, with the reason as an error toast', async () => {
    const { user } = renderCart(makeCart([tee]), {
      'PUT /cart/:itemId': refuse(409, 'Only 3 left in size L', 'OUT_OF_STOCK'),
    });
    await screen.findByRole('table');
    const row = rowOf('Crew Tee');
    await user.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText('Only 3 left in size L')).toBeInTheDocument();
    expect(screen.queryByText('Cart item updated')).not.toBeInTheDocument();
    expect(within(row).getByRole('group')).toHaveTextContent('3');
    expect(row).toHaveTextContent('₹1,497.00');
  });

  it('removes a line with the info toast "Item removed"', async () => {
    let current = makeCart([oxford, tee]);
    const { user, api } = renderCart(() => current, {
      'DELETE /cart/:itemId': () => {
        current = makeCart([tee]);
        return current;
      },
    });
    await screen.findByRole('table');
    await user.click(within(rowOf('Oxford Shirt')).getByRole('button', { name: 'Remove Oxford Shirt, White / M' }));
    expect(await screen.findByText('Item removed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Oxford Shirt' })).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /cart/:itemId')[0]?.path).toBe('/cart/l1');
  });

  it('shows the summary from the server totals; Discount only when above 0', async () => {
    renderCart(makeCart([oxford]));
    await screen.findByRole('table');
    expect(summaryRows()).toEqual([
      ['Items Total', '₹1,199.00'],
      ['Shipping Charges', '₹10.00'],
      ['GST (18%)', '₹218.00'],
      ['Subtotal (Payable)', '₹1,427.00'],
    ]);
    expect(screen.queryByText(/Inclusive of all taxes/)).not.toBeInTheDocument();
  });

  it('names the GST row as the shop does when its categories are taxed at several rates', async () => {
    const store = makeStoreInfo({ gstRates: [5, 18] });
    renderCart(makeCart([oxford]), { 'GET /store': () => store });
    await screen.findByRole('table');
    await waitFor(() => expect(summaryRows()).toContainEqual(['GST', '₹218.00']));
  });

  it('with prices that include GST: the total is items and shipping, the GST row says it is included', async () => {
    renderCart(makeCart([oxford], { pricesIncludeGst: true }), {
      'GET /store': () => makeStoreInfo({ pricesIncludeGst: true }),
    });
    await screen.findByRole('table');
    // ₹1,199 holds ₹1,016.10 + ₹182.90; ₹10 shipping holds ₹8.47 + ₹1.53.
    await waitFor(() =>
      expect(summaryRows()).toEqual([
        ['Items Total', '₹1,199.00'],
        ['Shipping Charges', '₹10.00'],
        ['GST (18%) included', '₹184.43'],
        ['Subtotal (Payable)', '₹1,209.00'],
      ]),
    );
    expect(summary().nextElementSibling).toHaveTextContent(/^Inclusive of all taxes$/);
  });

  it('shows the Discount row and the applied percentage coupon', async () => {
    renderCart(makeCart([oxford], { discount: 119.9, coupon: makeCoupon({ code: 'SAVE10', value: 10 }) }));
    await screen.findByRole('table');
    expect(summaryRows()).toEqual([
      ['Items Total', '₹1,199.00'],
      ['Discount', '−₹119.90'],
      ['Shipping Charges', '₹10.00'],
      ['GST (18%)', '₹196.00'],
      ['Subtotal (Payable)', '₹1,285.10'],
    ]);
    expect(screen.getByText(/applied:/).closest('p')).toHaveTextContent('Coupon SAVE10 applied: 10% OFF');
  });

  it('ignores a blank coupon code', async () => {
    const { user, api } = renderCart(makeCart([oxford]), { 'POST /cart/apply-discount': () => makeCart([oxford]) });
    await screen.findByRole('table');
    const input = screen.getByPlaceholderText('COUPON CODE');
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(api.callsTo('POST /cart/apply-discount')).toHaveLength(0);
  });

  it('applies a buy-X-get-Y coupon: success toast, "Buy 2 Get 1 FREE" and the discount', async () => {
    const coupon = makeCoupon({ code: 'TEES3', discountType: 'buyXgetY', value: 0, buyX: 2, getY: 1 });
    const { user, api } = renderCart(makeCart([tee]), {
      'POST /cart/apply-discount': () => makeCart([tee], { discount: 499, coupon }),
    });
    await screen.findByRole('table');
    await user.type(screen.getByPlaceholderText('COUPON CODE'), ' tees3 ');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));

    expect(await screen.findByText('Coupon TEES3 applied!')).toBeInTheDocument();
    expect(api.callsTo('POST /cart/apply-discount')[0]?.body).toEqual({ code: 'TEES3' });
    expect(screen.getByText(/applied:/).closest('p')).toHaveTextContent('Coupon TEES3 applied: Buy 2 Get 1 FREE');
    expect(summaryRows()).toContainEqual(['Discount', '−₹499.00']);
    expect(screen.getByPlaceholderText('COUPON CODE')).toHaveValue('');
  });

  it("toasts a refused coupon in the server's words", async () => {
    const { user } = renderCart(makeCart([oxford]), {
      'POST /cart/apply-discount': refuse(400, 'Coupon NOPE does not exist.', 'COUPON_NOT_FOUND'),
    });
    await screen.findByRole('table');
    await user.type(screen.getByPlaceholderText('COUPON CODE'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(await screen.findByText('Coupon NOPE does not exist.')).toBeInTheDocument();
    expect(screen.queryByText(/applied:/)).not.toBeInTheDocument();
  });

  it('removes the applied coupon from the Remove link', async () => {
    const { user, api } = renderCart(makeCart([oxford], { discount: 119.9, coupon: makeCoupon() }), {
      'DELETE /cart/coupon': () => makeCart([oxford]),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove coupon SAVE10' }));
    await waitFor(() => expect(screen.queryByText(/applied:/)).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /cart/coupon')).toHaveLength(1);
    expect(summaryRows().map(([label]) => label)).not.toContain('Discount');
  });

  it('goes to /checkout when the shipping address is complete', async () => {
    const { user, router } = renderCart(makeCart([oxford]), {}, makeUser({ addresses: [makeAddress()] }));
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(router.state.location.pathname).toBe('/checkout');
  });

  describe('with two saved addresses, the second the default', () => {
    // Saved in this order: the first without the default tick, the second with it.
    const first = makeAddress({ addressLine1: '1, First Street', pinCode: '744101', isDefault: false });
    const second = makeAddress({ addressLine1: '2, Second Street', pinCode: '570001', isDefault: true });
    const shopper = makeUser({ addresses: [first, second], shippingAddress: second });
    const noDeliveryTo744101: FakeHandler = (call) =>
      call.params.pin === '744101'
        ? { pinCode: '744101', serviceable: false, cod: false, message: "We don't deliver to 744101 yet" }
        : deliversThere(call);

    it('checks delivery to the default address, not the first saved', async () => {
      const { api } = renderCart(makeCart([oxford]), { 'GET /delivery/:pin': noDeliveryTo744101 }, shopper);
      await screen.findByRole('table');
      await waitFor(() => expect(api.callsTo('GET /delivery/:pin').map((c) => c.params.pin)).toEqual(['570001']));
      expect(screen.queryByText(/744101/)).not.toBeInTheDocument();
    });

    it('asks for an address when the default one is incomplete, however complete the first', async () => {
      const incomplete = { ...second, city: ' ' };
      const { user, router } = renderCart(
        makeCart([oxford]),
        {},
        makeUser({ addresses: [first, incomplete], shippingAddress: incomplete }),
      );
      await user.click(await screen.findByRole('button', { name: 'Checkout' }));
      expect(await screen.findByText('Please add your address to proceed.')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile');
    });
  });

  it('asks for an address first, and goes to the profile to add one', async () => {
    const { user, router } = renderCart(makeCart([oxford]), {}, makeUser({ addresses: [] }));
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Please add your address to proceed.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.state).toEqual({ view: 'address' });
  });

  it('clears the cart after a confirmation, with the info toast "Cart cleared"', async () => {
    const { user, api } = renderCart(makeCart([oxford, tee]), { 'DELETE /cart/clear': () => makeCart([]) });
    await user.click(await screen.findByRole('button', { name: 'Clear cart' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Cart cleared')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /cart/clear')).toHaveLength(1);
  });

  it('has the three policy sections', async () => {
    renderCart(makeCart([oxford]));
    await screen.findByRole('table');
    for (const name of ['Shipping Policy', 'Terms and Conditions', 'Return and Refund Policy']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('shows the error when the cart cannot be loaded, and tries again', async () => {
    let answer: FakeHandler = refuse(500, 'Failed to fetch cart');
    const { user } = renderCart(() => answer({} as never));
    expect(await screen.findByText('Error: Failed to fetch cart')).toBeInTheDocument();
    answer = () => makeCart([oxford]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('keeps the header badge in step with the cart, and says why a coupon was taken off', async () => {
    signIn(makeUser());
    const notice = 'Coupon SAVE10 was removed. Add ₹50.00 more to use coupon SAVE10 (minimum purchase ₹100.00).';
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'GET /delivery/:pin': deliversThere,
      'GET /cart/details': () => makeCart([tee], { coupon: makeCoupon() }),
      'GET /auth/profile': () => makeUser(),
      'GET /product': () => ({ products: [], page: 1, limit: 6, total: 0, totalPages: 0 }),
      'PUT /cart/:itemId': () => makeCart([{ ...tee, quantity: 2, lineTotal: 998 }], { notice }),
    });
    const { user } = renderWithProviders(null, { routes, route: '/cart', api });
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent('3');

    await screen.findByRole('table');
    await user.click(within(rowOf('Crew Tee')).getByRole('button', { name: 'Decrease quantity' }));
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toHaveTextContent('2');
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.queryByText(/applied:/)).not.toBeInTheDocument();
  });
});
