import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newShopper, profileStatus, signUpByApi } from './accounts-support.ts';
import { addByApi, cartOf, findProducts, ordersOf, rupees, signInNewShopper } from './cart-support.ts';

const NEW_PASSWORD = 'Indigo-Block-Print-47';

/**
 * Opens the development mailbox's message to `to` whose subject is `subject`, waiting for the
 * outbox worker to deliver it (the list shows a subject once a message is written).
 */
async function openMail(page: Page, to: string, subject: string | RegExp) {
  await page.goto('/dev/mailbox');
  const link = page.getByRole('row').filter({ hasText: to }).getByRole('link', { name: subject });
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('emails the shop sends, read in the development mailbox', () => {
  test.slow();

  test('forgot password: the emailed link sets a new password and signs the shopper in', async ({ page, request }) => {
    const shopper = await signUpByApi(request, newShopper());
    const oldSession = await request.post('/api/auth/login', {
      data: { email: shopper.email, password: shopper.password },
    });
    const oldToken = (await oldSession.json()).data.accessToken as string;

    await page.goto('/signin');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      page.getByText("If an account exists for that email, we've sent a link to reset the password."),
    ).toBeVisible();

    await openMail(page, shopper.email, /^Reset your .* password$/);
    const resetLink = page.getByRole('link', { name: /\/reset-password\?token=/ });
    await expect(resetLink).toHaveCount(1);
    await resetLink.click();

    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('Not-The-Same-Password-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match.' })).toBeVisible();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page.getByText('Your password has been changed. You are signed in.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile Details' })).toBeVisible();
    // The reset link reached the inbox: the email counts as verified.
    await expect(page.getByText('Email verified')).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(await profileStatus(request, token!)).toBe(200);
    // The session from before the reset is over; the new password signs in, the old one no longer.
    expect(await profileStatus(request, oldToken)).toBe(401);
    const login = (password: string) => request.post('/api/auth/login', { data: { email: shopper.email, password } });
    expect((await login(shopper.password)).status()).toBe(401);
    expect((await login(NEW_PASSWORD)).status()).toBe(200);
  });

  test('confirming the email: the link asks for a click, ends what was set up before, and the owner chooses a password', async ({
    page,
    request,
  }) => {
    // Whoever signed up with this address (the owner, or someone else) holds a session and a password.
    const shopper = await signUpByApi(request, newShopper());
    const earlier = await request.post('/api/auth/login', {
      data: { email: shopper.email, password: shopper.password },
    });
    const earlierToken = (await earlier.json()).data.accessToken as string;

    await openMail(page, shopper.email, 'Confirm your email address');
    const confirmLink = page.getByRole('link', { name: /\/verify-email\?token=/ });
    await expect(confirmLink).toHaveCount(1);
    await confirmLink.click();

    // Opening the link (as a mail scanner does) confirms nothing: the earlier session still works.
    await expect(page).toHaveURL(/\/verify-email\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
    expect(await profileStatus(request, earlierToken)).toBe(200);
    await page.getByRole('button', { name: 'Confirm my email' }).click();

    await expect(page.getByText('Your email address is verified.')).toBeVisible();
    expect(await profileStatus(request, earlierToken)).toBe(401);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();

    await expect(page.getByText('Your password is set. You are signed in.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Email verified')).toBeVisible();
    const login = (password: string) => request.post('/api/auth/login', { data: { email: shopper.email, password } });
    expect((await login(shopper.password)).status()).toBe(401);
    expect((await login(NEW_PASSWORD)).status()).toBe(200);
  });

  test('a cash-on-delivery order: the confirmation shows its number and the total the checkout showed', async ({
    page,
    request,
  }) => {
    const { token, user } = await signInNewShopper(page, request, { withAddress: true });
    const { tee, teeSizes } = await findProducts(request, 2);
    await addByApi(request, token, { product: tee._id, size: teeSizes[0], quantity: 2 });
    const cart = await cartOf(request, token);

    await page.goto('/checkout');
    const summary = page.getByLabel('Order summary');
    await expect(summary).toContainText(`Total${rupees(cart.totals.total)}`);
    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(page.getByText('Order placed successfully')).toBeVisible();
    const [order] = await ordersOf(request, token);

    await openMail(page, user.email, `Order ${order!.orderNumber} placed`);
    const text = page.locator('pre');
    await expect(text).toContainText(order!.orderNumber);
    await expect(text).toContainText(rupees(cart.totals.total));
    await expect(text).toContainText('Qty 2');
    // The HTML part, as a mail app shows it, says the same.
    const html = page.frameLocator('iframe[title="The message as HTML"]');
    await expect(html.getByText(order!.orderNumber).last()).toBeVisible();
    await expect(html.getByText(rupees(cart.totals.total)).last()).toBeVisible();
  });
});
