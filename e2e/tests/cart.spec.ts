import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hasHorizontalOverflow, untilToastsGone } from './support.ts';
import {
  addByApi,
  cartOf,
  cartSummaryFor,
  findProducts,
  rupees,
  signInNewShopper,
  summaryRows,
} from './cart-support.ts';

/** On the product page: choose the size and add; the toast and (at 1280 px) the mini cart say so. */
async function addFromProductPage(page: Page, productId: string, size: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('list', { name: 'Sizes' }).getByRole('button', { name: size, exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to cart')).toBeVisible();
  const miniCart = page.getByRole('dialog', { name: /Your Cart/ });
  await expect(miniCart).toBeVisible();
  return miniCart;
}

const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });
const row = (page: Page, name: string, size: string) =>
  page
    .getByRole('row')
    .filter({ hasText: name })
    // The line names its variant: "Navy / M" (or "Size M" for a product without colours).
    .filter({ hasText: new RegExp(`(?:/|Size) ${size}`) });

test.describe('the cart', () => {
  test('add two sizes and another product, change quantities, remove, apply SAVE10 and TEES3', async ({
    page,
    request,
  }) => {
    test.slow();
    const { token } = await signInNewShopper(page, request);
    const { tee, teeSizes, other, otherSize } = await findProducts(request, 0);

    // Two sizes of a T-shirt and another product, from their pages.
    let miniCart = await addFromProductPage(page, tee._id, teeSizes[0]);
    await expect(miniCart).toContainText(tee.name);
    await expect(miniCart).toContainText(rupees(tee.price));
    await expect(badge(page)).toHaveAccessibleName('Cart, 1 item');
    await miniCart.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(miniCart).toBeHidden();

    miniCart = await addFromProductPage(page, tee._id, teeSizes[1]);
    await miniCart.getByRole('button', { name: 'Close cart' }).click();
    miniCart = await addFromProductPage(page, other._id, otherSize);
    await expect(badge(page)).toHaveAccessibleName('Cart, 3 items');
    await expect(miniCart.getByRole('listitem')).toHaveCount(3);
    await expect(miniCart).toContainText(rupees((await cartOf(request, token)).totals.subtotal));
    await miniCart.getByRole('button', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);

    // The table: three lines, minus disabled at 1.
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    const first = row(page, tee.name, teeSizes[0]);
    await expect(page.getByRole('row')).toHaveCount(4);
    await expect(first.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await expect(page.getByText('Discount', { exact: true })).toHaveCount(0);

    // Quantities: up twice, down once.
    await first.getByRole('button', { name: 'Increase quantity' }).click();
    await first.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(first.getByRole('group')).toContainText('3');
    await expect(badge(page)).toHaveAccessibleName('Cart, 5 items');
    await first.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(first.getByRole('group')).toContainText('2');
    await expect(first).toContainText(rupees(tee.price * 2));
    await expect(badge(page)).toHaveAccessibleName('Cart, 4 items');
    await expect.poll(async () => (await cartOf(request, token)).itemCount).toBe(4);
    expect(await summaryRows(page)).toEqual(cartSummaryFor(await cartOf(request, token)));

    // Remove the other product.
    await row(page, other.name, otherSize)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(page.getByText('Item removed')).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(badge(page)).toHaveAccessibleName('Cart, 3 items');
    await untilToastsGone(page);

    // SAVE10: 10% off; the summary is the server's.
    const coupon = page.getByPlaceholder('COUPON CODE');
    await coupon.fill('save10');
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText('Coupon SAVE10 applied!')).toBeVisible();
    await expect(page.getByText(/applied:/)).toHaveText(/Coupon SAVE10 applied: 10% OFF/);
    let cart = await cartOf(request, token);
    expect(cart.coupon?.code).toBe('SAVE10');
    expect(cart.totals.discountAmount).toBeGreaterThan(0);
    await expect.poll(() => summaryRows(page)).toEqual(cartSummaryFor(cart));

    // TEES3: three T-shirts, one of them free.
    await coupon.fill('TEES3');
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText('Coupon TEES3 applied!')).toBeVisible();
    await expect(page.getByText(/applied:/)).toHaveText(/Coupon TEES3 applied: Buy 2 Get 1 FREE/);
    cart = await cartOf(request, token);
    expect(cart.totals.discountAmount).toBe(tee.price);
    await expect.poll(() => summaryRows(page)).toEqual(cartSummaryFor(cart));
    expect((await summaryRows(page)).Discount).toBe(`−${rupees(tee.price)}`);

    // Without an address, Checkout sends the shopper to add one.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByText('Please add your address to proceed.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Address' })).toBeVisible();
  });

  for (const width of [1280, 768]) {
    test(`at ${width} px the toasts stand beside the mini cart, never over its heading, lines or buttons`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInNewShopper(page, request);
      const { tee, teeSizes } = await findProducts(request, 1);
      await page.goto(`/product/${tee._id}`);
      // A first toast (no size chosen yet), then the add's own.
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText('Please select a size before adding to cart.')).toBeVisible();
      await page.getByRole('list', { name: 'Sizes' }).getByRole('button', { name: teeSizes[0], exact: true }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const miniCart = page.getByRole('dialog', { name: /Your Cart/ });
      await expect(miniCart).toBeVisible();
      const toasts = page.locator('.Toastify__toast');
      await expect(toasts).toHaveCount(2);
      // Once the toasts' and the panel's entrance animations are over, every toast is left of the panel.
      await expect
        .poll(async () => {
          const panel = (await miniCart.boundingBox())!;
          const boxes = await Promise.all((await toasts.all()).map(async (toast) => (await toast.boundingBox())!));
          return boxes.every((t) => t.x >= 0 && t.x + t.width <= panel.x);
        })
        .toBe(true);
      await expect(toasts.filter({ hasText: 'Item added to cart' })).toBeInViewport({ ratio: 1 });

      // Closed, the mini cart gives the toasts their place at the right again.
      await miniCart.getByRole('button', { name: 'Close cart' }).click();
      await expect(miniCart).toBeHidden();
      await expect
        .poll(async () => {
          const t = (await toasts.first().boundingBox())!;
          return Math.round(t.x + t.width);
        })
        .toBeGreaterThan(width - 40);
    });
  }

  test('a blank coupon is ignored and an unknown one is refused in the server’s words', async ({ page, request }) => {
    const { token } = await signInNewShopper(page, request);
    const { other, otherSize } = await findProducts(request, 4);
    await addByApi(request, token, { product: other._id, size: otherSize, quantity: 1 });
    await page.goto('/cart');
    await expect(page.getByRole('row')).toHaveCount(2);

    const apply = page.getByRole('button', { name: 'Apply Coupon' });
    await page.getByPlaceholder('COUPON CODE').fill('   ');
    await apply.click();
    await page.getByPlaceholder('COUPON CODE').fill('NOSUCHCODE');
    await apply.click();
    await expect(page.getByText('Coupon NOSUCHCODE does not exist.')).toBeVisible();
    expect((await cartOf(request, token)).coupon).toBeNull();
  });

  test('on a 375 px phone the cart stacks into cards and fits the screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const { token } = await signInNewShopper(page, request);
    const { tee, teeSizes } = await findProducts(request, 5);
    await addByApi(request, token, { product: tee._id, size: teeSizes[0], quantity: 2 });
    await page.goto('/cart');
    const line = row(page, tee.name, teeSizes[0]);
    await expect(line).toBeVisible();
    await expect(line.getByText('Quantity', { exact: true })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await line.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(line).toContainText(rupees(tee.price * 3));
    await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();

    // Below 768 px, Add to Cart only toasts.
    await page.goto(`/product/${tee._id}`);
    await page.getByRole('list', { name: 'Sizes' }).getByRole('button', { name: teeSizes[1], exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Item added to cart')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
