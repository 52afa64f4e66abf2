import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addByApi, cartOf, findProducts, ordersOf, rupees, signInNewShopper } from './cart-support.ts';

/** A signed-in shopper with an address and two pieces in the cart, on /checkout. */
async function readyToCheckOut(page: Page, request: APIRequestContext, pick: number) {
  const signedIn = await signInNewShopper(page, request, { withAddress: true });
  const { tee, teeSizes } = await findProducts(request, pick);
  await addByApi(request, signedIn.token, { product: tee._id, size: teeSizes[0], quantity: 2 });
  const cart = await cartOf(request, signedIn.token);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return { ...signedIn, cart };
}

test.describe('after checkout', () => {
  test.slow();

  test('a paid order is cancelled from My Orders and refunded in full', async ({ page, request }) => {
    const { token, cart } = await readyToCheckOut(page, request, 4);
    await page.getByRole('button', { name: 'Pay with Razorpay' }).click();
    const payWindow = page.getByRole('dialog', { name: 'KAPAS' });
    await payWindow.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Payment successful!')).toBeVisible();

    const [order] = await ordersOf(request, token);
    const card = page.getByRole('article', { name: `Order ${order!.orderNumber}` });
    await expect(card).toContainText('Status: confirmed');
    await expect(card).toContainText('Paid online');
    await card.getByRole('button', { name: `Cancel Order ${order!.orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog).toContainText(
      `Your payment of ${rupees(cart.totals.total)} will be refunded in full to the way you paid`,
    );
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Order cancelled' })).toBeVisible();
    await expect(card.getByText('Order Cancelled')).toBeVisible();
    await expect(card).toContainText('Refunded');
    await expect(card.getByRole('button', { name: /^Cancel Order/ })).toHaveCount(0);
    const res = await request.get('/api/order/orders', { headers: { Authorization: `Bearer ${token}` } });
    const [after] = (await res.json()).data.orders as {
      status: string;
      paymentStatus: string;
      history: { note: string | null }[];
    }[];
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(after!.history.map((h) => h.note)).toContainEqual(expect.stringMatching(/^Refunded \(rfnd_/));
  });
});
