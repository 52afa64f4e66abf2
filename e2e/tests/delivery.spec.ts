import { expect, test } from './fixtures.ts';
import { addByApi, findProducts, homeAddress, signInNewShopper } from './cart-support.ts';

/** An address the demo shop delivers to, but without cash on delivery (Jammu and Kashmir). */
const srinagar = {
  ...homeAddress,
  addressLine1: '3, Residency Road',
  addressLine2: '',
  city: 'Srinagar',
  state: 'Jammu and Kashmir',
  pinCode: '190001',
};

test.describe('where the shop delivers', () => {
  test('the product page checks delivery by PIN code, and says what shipping and GST cost', async ({
    page,
    request,
  }) => {
    const { tee } = await findProducts(request, 5);
    await page.goto(`/product/${tee._id}`);
    await expect(page.getByRole('heading', { level: 1, name: tee.name })).toBeVisible();
    // Honest texts: what the totals do, from the shop's settings.
    await expect(page.getByText('+ 18% GST, added at checkout', { exact: true })).toBeVisible();
    await expect(page.getByText('Inclusive of all taxes')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Offers' })).toContainText('Flat ₹10 shipping');

    const check = page.getByRole('form', { name: 'Check delivery' });
    const pin = check.getByLabel('Check delivery');
    const answer = check.getByRole('status');
    await pin.fill('560001');
    await check.getByRole('button', { name: 'Check' }).click();
    await expect(answer).toHaveText('Delivers to 560001 · Cash on delivery available');
    await pin.fill('744101');
    await check.getByRole('button', { name: 'Check' }).click();
    await expect(answer).toHaveText("We don't deliver to 744101 yet");
    await pin.fill('190001');
    await pin.press('Enter');
    await expect(answer).toHaveText("Delivers to 190001 · Cash on delivery isn't available for 190001");
    await pin.fill('5600');
    await pin.press('Enter');
    await expect(answer).toHaveText('Please enter a 6-digit PIN code.');
    // Six digits are a question for the shop: it answers that it knows no such PIN code.
    await pin.fill('999999');
    await pin.press('Enter');
    await expect(answer).toHaveText("We couldn't find PIN code 999999");
  });

  test('checkout to a PIN without cash on delivery says so at once and offers only online payment', async ({
    page,
    request,
  }) => {
    const { token } = await signInNewShopper(page, request);
    const saved = await request.patch('/api/auth/profile', {
      headers: { Authorization: `Bearer ${token}` },
      data: { addresses: [srinagar] },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const { other, otherSize } = await findProducts(request, 6);
    await addByApi(request, token, { product: other._id, size: otherSize, quantity: 1 });

    await page.goto('/cart');
    await expect(page.getByText("Cash on delivery isn't available for 190001")).toBeVisible();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const address = page.getByRole('region', { name: 'Delivery address' });
    await expect(address).toContainText("Cash on delivery isn't available for 190001");
    const cod = page.getByRole('button', { name: 'Cash on Delivery' });
    await expect(cod).toBeDisabled();
    await expect(cod).toHaveAccessibleDescription("Cash on delivery isn't available for 190001");
    await expect(page.getByRole('button', { name: 'Pay with Razorpay' })).toBeEnabled();

    // The server refuses it too, with the same words.
    const refused = await request.post('/api/order', {
      headers: { Authorization: `Bearer ${token}` },
      data: { shippingAddress: { ...srinagar, country: 'India', phone: '9876543210' }, paymentMethod: 'cod' },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe("Cash on delivery isn't available for 190001");
  });
});
