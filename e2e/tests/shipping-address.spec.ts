import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addByApi, cartOf, findProducts, ordersOf, signInNewShopper } from './cart-support.ts';

/** Two places in Mumbai: saved first without the default tick, then second with it. */
const first = { house: '1', line1: 'Colaba Causeway', pinCode: '400001' };
const second = { house: '2', line1: 'Linking Road', pinCode: '400050' };
const lineOf = (place: typeof first) => `${place.house}, ${place.line1}`;
const shippingLineOf = (place: typeof first) => `${lineOf(place)}, Mumbai, Maharashtra, ${place.pinCode}`;

/** Fills the profile's address form with `place` and saves it, the default tick as asked. */
async function saveAddress(page: Page, place: typeof first, asDefault: boolean) {
  await expect(page.getByRole('heading', { level: 2, name: 'Edit Address' })).toBeVisible();
  await page.getByLabel('House number').fill(place.house);
  await page.getByLabel('Postal code').fill(place.pinCode);
  await page.getByLabel('Address line 1').fill(place.line1);
  await page.getByLabel('Address line 2').fill('');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('Make this my default address').setChecked(asDefault);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // The toast of an earlier save may still show: the latest is this save's.
  await expect(page.getByText('Address saved!').last()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Profile Details' })).toBeVisible();
}

/** Checks out from the cart page by cash on delivery, after checking where it says the order goes. */
async function payOnDeliveryTo(page: Page, place: typeof first) {
  await expect(page.locator('p', { hasText: 'Shipping to:' })).toContainText(shippingLineOf(place));
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await expect(page.getByText('Order placed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
}

test.describe('where an order ships', () => {
  // A whole journey: sign-up, two addresses saved in the profile, two orders placed.
  test.slow();

  test('ships to the address saved second as the default, and to the other saved address when picked', async ({
    page,
    request,
  }) => {
    const { token } = await signInNewShopper(page, request);
    const { tee, teeSizes } = await findProducts(request, 3);
    await addByApi(request, token, { product: tee._id, size: teeSizes[0], quantity: 1 });

    // The found steps: an address saved without the default tick, then a second with it.
    await page.goto('/profile');
    const defaultAddress = page.locator('address');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await saveAddress(page, first, false);
    // The first address saved is the default at once.
    await expect(page.getByText('No default address added.')).toHaveCount(0);
    await expect(defaultAddress).toContainText(lineOf(first));

    await page.getByRole('button', { name: 'Edit address' }).click();
    await saveAddress(page, second, true);
    await expect(defaultAddress).toContainText(lineOf(second));

    // The cart checks the default and lets the shopper on; the checkout ships there.
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const picker = page.getByRole('group', { name: 'Ship this order to' });
    await expect(picker.getByRole('radio', { name: new RegExp(lineOf(second)) })).toBeChecked();
    await payOnDeliveryTo(page, second);
    const [toDefault] = await ordersOf(request, token);
    expect(toDefault?.shippingAddress).toMatchObject({ addressLine1: lineOf(second), pinCode: second.pinCode });

    // Picking the other saved address at checkout places the order there.
    await addByApi(request, token, { product: tee._id, size: teeSizes[0], quantity: 1 });
    expect((await cartOf(request, token)).items).toHaveLength(1);
    await page.goto('/checkout');
    await picker.getByRole('radio', { name: new RegExp(lineOf(first)) }).check();
    await payOnDeliveryTo(page, first);
    const orders = await ordersOf(request, token);
    expect(orders).toHaveLength(2);
    const picked = orders.find((order) => order._id !== toDefault?._id);
    expect(picked?.shippingAddress).toMatchObject({ addressLine1: lineOf(first), pinCode: first.pinCode });
  });
});
