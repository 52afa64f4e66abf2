import { openAsStaff, signedInStaff } from './admin-support.ts';
import { addByApi, cartOf, homeAddress, ordersOf, rupees, signInNewShopper, summaryRows } from './cart-support.ts';
import { expect, test } from './fixtures.ts';
import { ownShop } from './own-shop.ts';
import { cardLinks, hasHorizontalOverflow } from './support.ts';

// Prices that include GST change every cart's totals: this journey turns the setting on in a
// shop of its own, so the journeys beside it keep the specification's arithmetic.
const shop = ownShop();
test.use({ baseURL: shop.baseURL });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  await shop.start();
});
test.afterAll(async () => {
  await shop.stop();
});

test('staff turn on prices that include GST: cards, the product page and the cart show what the shopper pays', async ({
  page,
  request,
}) => {
  // Staff of this shop (the worker's staff account is the shared shop's).
  await openAsStaff(page, await signedInStaff(request));
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Delivery' }).click();
  const inclusive = page.getByRole('checkbox', { name: /Prices include GST/ });
  await expect(inclusive).not.toBeChecked();
  await inclusive.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(page.getByText('Prices include GST: off → on')).toBeVisible();

  // A shopper: the first product of the list, as its card shows it.
  const { token } = await signInNewShopper(page, request, { withAddress: true });
  const listed = (await (await request.get('/api/product?limit=6&sort=price')).json()).data.products as {
    _id: string;
    name: string;
    price: number;
  }[];
  const product = listed[0]!;
  await page.goto('/products');
  const card = cardLinks(page).filter({ hasText: product.name }).first();
  await expect(card).toContainText(rupees(product.price));
  await expect(card).toContainText('Inclusive of all taxes');
  await expect(page.getByRole('complementary', { name: 'Offers' })).toContainText('Inclusive of all taxes');

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(`Price ${rupees(product.price)}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Inclusive of all taxes', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/added at checkout/)).toHaveCount(0);

  const detail = (await (await request.get(`/api/product/${product._id}`)).json()).data as {
    sizes: { size: string; stock: number }[];
  };
  const size = detail.sizes.find((s) => s.stock > 0)!.size;
  const cart = await addByApi(request, token, { product: product._id, size, quantity: 2 });
  // What the shopper pays: the items and shipping; the GST is inside.
  expect(cart.totals).toMatchObject({ subtotal: product.price * 2, shipping: 10, total: product.price * 2 + 10 });

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    await expect
      .poll(() => summaryRows(page))
      .toEqual({
        'Items Total': rupees(cart.totals.subtotal),
        'Shipping Charges': rupees(10),
        'GST (18%) included': rupees(cart.totals.gst),
        'Subtotal (Payable)': rupees(cart.totals.subtotal + 10),
      });
    await expect(page.getByText('Inclusive of all taxes', { exact: true }).first()).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: test.info().outputPath(`cart-${width}.png`), fullPage: true });
  }

  // The checkout shows the same, and the order is placed at it.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByLabel('Order summary');
  await expect(summary).toContainText(`Total${rupees(cart.totals.total)}`);
  await expect(summary).toContainText(`GST (18%) included${rupees(cart.totals.gst)}`);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await expect(page.getByText('Order placed successfully')).toBeVisible();
  const [order] = await ordersOf(request, token);
  expect(order).toMatchObject({ total: cart.totals.total, shippingAddress: { pinCode: homeAddress.pinCode } });
  expect((await cartOf(request, token)).items).toHaveLength(0);

  // The product page and a card at 375 px: the note stays beside the price, nothing overflows.
  await page.goto(`/product/${product._id}`);
  await expect(page.getByText('Inclusive of all taxes', { exact: true }).first()).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('product-375.png') });
  await page.goto('/products');
  await expect(cardLinks(page).first()).toContainText('Inclusive of all taxes');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('products-375.png') });
});
