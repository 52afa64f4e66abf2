import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openAsStaff } from './admin-support.ts';
import { addByApi, cartOf, findProducts, ordersOf, rupees, signInNewShopper } from './cart-support.ts';

/** Opens the development mailbox's message to `to` whose subject is `subject`, once delivered. */
async function openMail(page: Page, to: string, subject: string) {
  await page.goto('/dev/mailbox');
  const link = page.getByRole('row').filter({ hasText: to }).getByRole('link', { name: subject });
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

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

  test('a cash-on-delivery order confirmed from the email link, without signing in; staff see it confirmed', async ({
    page,
    request,
    browser,
    staff,
  }) => {
    const { token, user, cart } = await readyToCheckOut(page, request, 5);
    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(page.getByText('Order placed successfully')).toBeVisible();
    const [order] = await ordersOf(request, token);

    await openMail(page, user.email, `Please confirm your order ${order!.orderNumber}`);
    const confirmLink = page.getByRole('link', { name: /\/cod-confirmation\?token=confirm\./ });
    await expect(confirmLink).toHaveCount(1);
    await expect(page.getByRole('link', { name: /\/cod-confirmation\?token=cancel\./ })).toHaveCount(1);
    const href = (await confirmLink.getAttribute('href'))!;

    // Opened where nobody is signed in (another device, a mail app's browser).
    const elsewhere = await browser.newContext();
    try {
      const visitor = await elsewhere.newPage();
      await visitor.goto(href);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Confirm your order' })).toBeVisible();
      await expect(visitor.getByText(order!.orderNumber)).toBeVisible();
      await expect(visitor.getByText(`${rupees(cart.totals.total)}, cash on delivery`)).toBeVisible();
      await visitor.getByRole('button', { name: 'Confirm order' }).click();
      await expect(
        visitor.getByText('Thank you: your order is confirmed. We will write again when it ships.'),
      ).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);
      // Used once: opened again, it only says how the order stands.
      await visitor.goto(href);
      await expect(visitor.getByText('This order is already confirmed. To cancel it, use My Orders.')).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);
    } finally {
      await elsewhere.close();
    }

    // Staff see it confirmed by the shopper, in the list and on its page (the shopper's session set aside).
    await openAsStaff(page, staff, `/admin/orders?q=${order!.orderNumber}`);
    const row = page.getByRole('row').filter({ hasText: order!.orderNumber });
    await expect(row).toContainText('COD confirmed by shopper');
    await row.getByRole('link', { name: order!.orderNumber }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order!.orderNumber}` })).toBeVisible();
    await expect(page.getByText('COD confirmed by shopper').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm COD order' })).toHaveCount(0);
    await expect(page.getByText('Cash on delivery confirmed by the shopper (email link)')).toBeVisible();
  });
});
