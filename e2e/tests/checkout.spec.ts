import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addByApi, cartOf, findProducts, homeAddress, ordersOf, rupees, signInNewShopper } from './cart-support.ts';

/** A signed-in shopper with an address and a filled cart, on /checkout (reached from the cart). */
async function readyToCheckOut(page: Page, request: APIRequestContext, pick: number) {
  const { token } = await signInNewShopper(page, request, { withAddress: true });
  const { tee, teeSizes, other, otherSize } = await findProducts(request, pick);
  await addByApi(request, token, { product: tee._id, size: teeSizes[0], quantity: 2 });
  await addByApi(request, token, { product: other._id, size: otherSize, quantity: 1 });
  const cart = await cartOf(request, token);

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return { token, cart, tee, other };
}

const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });

test.describe('checkout', () => {
  // Whole journeys: sign-up, a filled cart, an order and its payment.
  test.slow();

  test('cash on delivery: from a filled cart to the order in My Orders, then cancelled', async ({ page, request }) => {
    const { token, cart, tee, other } = await readyToCheckOut(page, request, 1);
    await expect(page.locator('p', { hasText: 'Shipping to:' })).toContainText(
      `${homeAddress.addressLine1}, ${homeAddress.addressLine2}, ${homeAddress.city}, ${homeAddress.state}, ${homeAddress.pinCode}`,
    );
    await expect(page.getByRole('img', { name: tee.name })).toBeVisible();
    await expect(page.getByRole('img', { name: other.name })).toBeVisible();
    const summary = page.getByLabel('Order summary');
    await expect(summary).toContainText(`Subtotal${rupees(cart.totals.subtotal)}`);
    await expect(summary).toContainText(`Shipping${rupees(cart.totals.shipping)}`);
    await expect(summary).toContainText(`GST (18%)${rupees(cart.totals.gst)}`);
    await expect(summary).toContainText(`Total${rupees(cart.totals.total)}`);
    await expect(page.getByRole('button', { name: 'Shipping Policy' })).toBeVisible();

    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(page.getByText('Order placed successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 2, name: 'My Orders' })).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName('Cart, 0 items');
    expect((await cartOf(request, token)).items).toHaveLength(0);

    const [order] = await ordersOf(request, token);
    expect(order).toMatchObject({ status: 'pending', total: cart.totals.total });
    const card = page.getByRole('article', { name: `Order ${order!.orderNumber}` });
    await expect(card).toContainText(rupees(cart.totals.total));
    await expect(card).toContainText('Status: pending');
    await expect(card).toContainText(`Items${cart.itemCount}`);

    await card.getByRole('button', { name: /^Cancel Order/ }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this order?' })
      .getByRole('button', { name: 'Yes, cancel it' })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'Order cancelled' })).toBeVisible();
    await expect(card.getByText('Order Cancelled')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Cancel Order/ })).toHaveCount(0);
    expect((await ordersOf(request, token))[0]?.status).toBe('cancelled');
  });

  test('online payment in the sandbox: paid, and the order is confirmed', async ({ page, request }) => {
    const { token, cart } = await readyToCheckOut(page, request, 2);
    await page.getByRole('button', { name: 'Pay with Razorpay' }).click();

    const payWindow = page.getByRole('dialog', { name: 'KAPAS' });
    await expect(payWindow).toBeVisible();
    await expect(payWindow).toContainText('Sandbox — no money moves');
    await expect(payWindow).toContainText(rupees(cart.totals.total));
    const [pending] = await ordersOf(request, token);
    await expect(payWindow).toContainText(`Order ${pending!.orderNumber}`);
    await expect(payWindow).toContainText('Asha Rao');

    await payWindow.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Payment successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    const card = page.getByRole('article', { name: `Order ${pending!.orderNumber}` });
    await expect(card).toContainText('Status: confirmed');
    await expect(card).toContainText('Paid online');
    await expect(badge(page)).toHaveAccessibleName('Cart, 0 items');
    expect((await cartOf(request, token)).items).toHaveLength(0);
  });

  test('online payment in the sandbox: a declined payment, then a closed window', async ({ page, request }) => {
    const { token } = await readyToCheckOut(page, request, 3);
    await page.getByRole('button', { name: 'Pay with Razorpay' }).click();
    const payWindow = page.getByRole('dialog', { name: 'KAPAS' });

    await payWindow.getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByText('Payment failed: Payment declined by the sandbox')).toBeVisible();
    await expect(payWindow).toBeVisible();

    await payWindow.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Payment cancelled')).toBeVisible();
    await expect(payWindow).toBeHidden();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('button', { name: 'Pay with Razorpay' })).toBeEnabled();

    // Trying again pays for the same order, not a second one.
    await page.getByRole('button', { name: 'Pay with Razorpay' }).click();
    await expect(payWindow).toBeVisible();
    await payWindow.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Payment cancelled').first()).toBeVisible();
    const orders = await ordersOf(request, token);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('pending');
  });
});
