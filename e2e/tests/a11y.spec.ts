import { type Page } from '@playwright/test';
import { axeOf } from './axe-support.ts';
import { expect, test } from './fixtures.ts';
import { openAsStaff } from './admin-support.ts';
import { addToCartByApi, productInStock, saveAddressByApi, signInByApi } from './storefront-support.ts';

/** Runs axe on the page as it is now; returns the serious and critical violations, summarised. */
async function seriousViolations(page: Page) {
  const results = await (await axeOf(page)).analyze();
  // Every finding, whatever its impact, goes into the report for whoever looks next.
  await test.info().attach(`axe ${new URL(page.url()).pathname}`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  expect(results.passes.length).toBeGreaterThan(0);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('home', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Learn About Us' })).toBeAttached();
    // The sections under the hero arrive as their place comes on screen: check them too.
    await page.getByRole('heading', { name: 'Learn About Us' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Customer reviews' })).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('products', async ({ page }) => {
    await page.goto('/products');
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('product details', async ({ page, request }) => {
    const { id } = await productInStock(request);
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('button', { name: /Add to Cart/i })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('sign in', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('forgot password, reset password and verify email', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(`axe-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText("If an account exists for that email, we've sent a link");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Indigo-Block-Print-47');
    await page.getByLabel('Confirm new password').fill('Indigo-Block-Print-47');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('collaboration and policies', async ({ page }) => {
    await page.goto('/collaboration');
    await expect(page.getByRole('heading', { level: 1, name: 'Collaborate with us' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/policies#shipping-policy');
    await expect(page.getByRole('button', { name: 'Shipping Policy' })).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('seller details, privacy notice, complaint form and ticket', async ({ page }) => {
    test.slow();
    await page.goto('/seller');
    await expect(page.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/privacy');
    await expect(page.getByText(/Meera Iyer, Grievance Officer/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/complaints');
    await expect(page.getByRole('heading', { level: 1, name: 'File a complaint' })).toBeVisible();
    // With the server's refusals marked on the fields.
    await page.getByLabel('What is it about?').selectOption('other');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Axe Check');
    await page.getByLabel('Email').fill(`axe-${Date.now()}@example.com`);
    await page.getByLabel('What happened?').fill('Checking the ticket page for accessibility.');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    await expect(page.getByText('Received, waiting for acknowledgement')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('profile: your data', async ({ page, request }) => {
    await signInByApi(page, request);
    await page.goto('/profile');
    await page.getByRole('button', { name: /Your data/ }).click();
    await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('signed in, with an address and an item in the cart', () => {
    test.beforeEach(async ({ page, request }) => {
      const shopper = await signInByApi(page, request);
      await saveAddressByApi(request, shopper.token);
      await addToCartByApi(request, shopper.token);
    });

    test('cart', async ({ page }) => {
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('checkout', async ({ page }) => {
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('checkout and My Orders with an online order waiting for payment', async ({ page }) => {
      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Pay with Razorpay' }).click();
      await page.getByRole('dialog', { name: 'KAPAS' }).getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('region', { name: 'Your order is waiting for payment' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Go to My Orders' }).click();
      await expect(page.getByRole('button', { name: /^Pay now for Order/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  // Each page its own test: the workers share them out.
  for (const [path, heading] of [
    ['/admin', 'Dashboard'],
    ['/admin/products', 'Products'],
    ['/admin/products/new', 'New product'],
    ['/admin/orders', 'Orders'],
    ['/admin/shipments', 'Shipments'],
    ['/admin/coupons', 'Coupons'],
    ['/admin/messages', 'Messages'],
    ['/admin/tax', 'Tax & invoices'],
    ['/admin/complaints', 'Complaints'],
  ] as const) {
    test(`staff area: ${path}`, async ({ page, staff }) => {
      await openAsStaff(page, staff, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      expect(await seriousViolations(page), path).toEqual([]);
    });
  }
});
