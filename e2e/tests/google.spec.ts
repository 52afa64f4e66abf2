import { expect, test } from './fixtures.ts';

test.describe('Sign in with Google (the local development provider)', () => {
  test('a new shopper signs in through the provider and lands on the home page signed in', async ({ page }) => {
    const email = `meera.iyer+${Date.now()}@example.com`;
    await page.goto('/signin');
    await expect(page.getByText(/development sign-in/i)).toBeVisible();
    await page
      .getByRole('button', { name: /google/i })
      .or(page.getByRole('link', { name: /google/i }))
      .first()
      .click();

    // The provider's own pages: any login is accepted, then consent.
    await expect(page).toHaveURL(/\/dev-oidc\/interaction\//);
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Google Sign-in Successful')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();

    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Meera Iyer').first()).toBeVisible();
  });

  test('a shop opened at another of its own origins comes back there, signed in', async ({ page, baseURL }) => {
    // The journeys' public URL is http://127.0.0.1:<port>; the same shop at localhost is another origin.
    const other = baseURL!.replace('127.0.0.1', 'localhost');
    await page.goto(`${other}/signin`);
    await page
      .getByRole('link', { name: /google/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/dev-oidc\/interaction\//);
    await page.locator('input[name="login"]').fill(`other.origin+${Date.now()}@example.com`);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${other}/`);
    await expect(page.getByText('Google Sign-in Successful')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  });
});
