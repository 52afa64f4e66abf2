import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { markEmailVerified } from './accounts-support.ts';
import { declared } from './admin-support.ts';
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

  test('online payment in the sandbox: a declined payment, a closed window, then paid from My Orders', async ({
    page,
    request,
  }) => {
    const { token, cart } = await readyToCheckOut(page, request, 3);
    await page.getByRole('button', { name: 'Pay with Razorpay' }).click();
    const payWindow = page.getByRole('dialog', { name: 'KAPAS' });

    await payWindow.getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByText('Payment failed: Payment declined by the sandbox')).toBeVisible();
    await expect(payWindow).toBeVisible();

    await payWindow.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Payment cancelled')).toBeVisible();
    await expect(payWindow).toBeHidden();
    await expect(page).toHaveURL(/\/checkout$/);
    // The order took the cart's lines; the checkout says it waits for payment instead of showing an empty cart.
    const [pending] = await ordersOf(request, token);
    const waiting = page.getByRole('region', { name: 'Your order is waiting for payment' });
    await expect(waiting).toContainText(`Order ${pending!.orderNumber} · ${rupees(cart.totals.total)}`);
    await expect(badge(page)).toHaveAccessibleName('Cart, 0 items');
    expect((await cartOf(request, token)).items).toHaveLength(0);

    // Trying again pays for the same order, not a second one.
    await waiting.getByRole('button', { name: 'Pay now' }).click();
    await expect(payWindow).toBeVisible();
    await payWindow.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Payment cancelled').first()).toBeVisible();

    // Still waiting after a reload, and payable from My Orders.
    await page.reload();
    await expect(waiting).toContainText(pending!.orderNumber);
    await waiting.getByRole('link', { name: 'Go to My Orders' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const card = page.getByRole('article', { name: `Order ${pending!.orderNumber}` });
    await expect(card).toContainText('awaiting payment');
    await card.getByRole('button', { name: `Pay now for Order ${pending!.orderNumber}` }).click();
    await expect(payWindow).toContainText(rupees(cart.totals.total));
    await payWindow.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Payment successful!')).toBeVisible();
    await expect(card).toContainText('Status: confirmed');
    await expect(card).toContainText('Paid online');
    const orders = await ordersOf(request, token);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('confirmed');
  });

  test('an account whose email is not verified is told to confirm it, has the link sent again, then orders once verified', async ({
    page,
    request,
  }) => {
    const { token, user } = await signInNewShopper(page, request, { withAddress: true, verified: false });
    const { other, otherSize } = await findProducts(request, 7);
    await addByApi(request, token, { product: other._id, size: otherSize, quantity: 1 });
    await page.goto('/checkout');
    const notice = page.getByRole('region', { name: 'Confirm your email address to place your order' });
    await expect(notice).toContainText(`We sent a link to ${user.email}.`);

    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(
      page.getByText(
        'Please verify your email address before placing an order: open the link we emailed you, or ask for a new one.',
      ),
    ).toBeVisible();
    expect(await ordersOf(request, token)).toHaveLength(0);
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByText('We have sent a new link to your email address.')).toBeVisible();

    // The link followed (in another tab, say): the order goes through from the same page.
    markEmailVerified(user.email);
    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(page.getByText('Order placed successfully')).toBeVisible();
    expect(await ordersOf(request, token)).toHaveLength(1);
  });

  test('a price changed while at checkout: the new total is shown, then the order is placed at it', async ({
    page,
    request,
    staff,
  }) => {
    // A product of this journey's own, so repricing it changes no other journey's cart.
    const staffAuth = { Authorization: `Bearer ${staff.token}` };
    const categories = (await (await request.get('/api/categories')).json()).data as { _id: string }[];
    const created = await request.post('/api/product/create', {
      headers: staffAuth,
      data: {
        name: 'Repriced Linen Kurta',
        ...declared,
        categoryId: categories[0]!._id,
        price: 59,
        sizes: [{ size: 'M', stock: 5 }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()).data as { _id: string };

    const { token } = await signInNewShopper(page, request, { withAddress: true });
    const seen = await addByApi(request, token, { product: product._id, size: 'M', quantity: 1 });
    await page.goto('/checkout');
    const summary = page.getByLabel('Order summary');
    await expect(summary).toContainText(`Total${rupees(seen.totals.total)}`);

    const repriced = await request.patch(`/api/product/update/${product._id}`, {
      headers: staffAuth,
      data: { price: 23_599 },
    });
    expect(repriced.ok(), await repriced.text()).toBe(true);
    const now = await cartOf(request, token);

    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    const notice = `The total of your order is now ${rupees(now.totals.total)}, not ${rupees(seen.totals.total)}. Please check your cart and place the order again.`;
    await expect(page.getByRole('complementary', { name: 'Payment' }).getByRole('status')).toHaveText(notice);
    await expect(summary).toContainText(`Total${rupees(now.totals.total)}`);
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await ordersOf(request, token)).toHaveLength(0);

    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(page.getByText('Order placed successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    const [order] = await ordersOf(request, token);
    expect(order).toMatchObject({ status: 'pending', total: now.totals.total });
  });
});
