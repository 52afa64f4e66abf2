import { expect, test } from './fixtures.ts';
import {
  heldToken,
  holdSession,
  newShopper,
  profileOf,
  profileStatus,
  signUpByApi,
  submitSignIn,
  uniqueEmail,
} from './accounts-support.ts';

test.describe('accounts', () => {
  test('sign up, sign in, fill in the profile, log out: the old token is refused afterwards', async ({
    page,
    request,
  }) => {
    // The whole life of an account in one journey: longer than one page's default allowance.
    test.slow();
    const shopper = newShopper();

    await page.goto('/signup');
    await page.getByLabel('First name').fill(shopper.firstName);
    await page.getByLabel('Last name').fill(shopper.lastName);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Phone').fill(shopper.phone);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByLabel('Confirm password').fill(shopper.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page.getByText('Signup Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByLabel('Email')).toHaveValue(shopper.email);

    await submitSignIn(page, shopper.email, shopper.password);
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(banner.getByRole('link', { name: /^Cart/ })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    // Signed in, the sign-in page sends the shopper home.
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/$/);

    await banner.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Profile Details' })).toBeVisible();
    await expect(page.getByText('Asha Rao')).toBeVisible();
    await expect(page.getByText(shopper.email)).toBeVisible();
    await expect(page.getByText(shopper.phone)).toBeVisible();
    await expect(page.getByText('No default address added.')).toBeVisible();

    // The address: required fields first, then saved.
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Address' })).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please fill in all required address fields.')).toBeVisible();
    await page.getByLabel('House number').fill('7');
    await page.getByLabel('Postal code').fill('400001');
    await page.getByLabel('Address line 1').fill('Marine Drive');
    await page.getByLabel('Address line 2').fill('Opp. the sea face');
    await page.getByLabel('City').fill('Mumbai');
    await page.getByLabel('State').selectOption('Maharashtra');
    await page.getByLabel('Make this my default address').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Address saved!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Profile Details' })).toBeVisible();
    await expect(page.getByText('7, Marine Drive')).toBeVisible();
    await expect(page.getByText('Mumbai, Maharashtra 400001')).toBeVisible();

    // The phone.
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Update Phone Number' })).toBeVisible();
    await page.getByLabel('Phone number').fill('98765');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
    await page.getByLabel('Phone number').fill('9123456780');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Phone number updated!')).toBeVisible();
    await expect(page.getByText('9123456780')).toBeVisible();

    // The server kept both, and the address form is prefilled from them after a reload.
    const token = await heldToken(page);
    expect(token).toBeTruthy();
    const saved = await profileOf(request, token!);
    expect(saved.phone).toBe('9123456780');
    expect(saved.addresses).toEqual([expect.objectContaining({ addressLine1: '7, Marine Drive', isDefault: true })]);
    await page.reload();
    await page.getByRole('button', { name: /^Address/ }).click();
    await expect(page.getByLabel('House number')).toHaveValue('7');
    await expect(page.getByLabel('Address line 1')).toHaveValue('Marine Drive');

    // Log out: the session ends here and on the server.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText('Logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await heldToken(page)).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
    expect(await profileStatus(request, token!)).toBe(401);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("a wrong password shows the server's message under the form and as a toast", async ({ page }) => {
    await page.goto('/signin');
    await submitSignIn(page, uniqueEmail('nobody'), 'Not-The-Password-1');
    const form = page.locator('form');
    await expect(form.getByText('Invalid email or password.')).toBeVisible();
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  });

  test('a visitor sent to sign in from the profile comes back to it', async ({ page, request }) => {
    const shopper = await signUpByApi(request);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/signin$/);
    await submitSignIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(shopper.email)).toBeVisible();
  });

  test('a token revoked elsewhere signs the shopper out at start-up, with one notice', async ({ page, request }) => {
    // Signed in through the API: the sign-in form is the first journey's.
    const shopper = await signUpByApi(request);
    const login = await request.post('/api/auth/login', { data: { email: shopper.email, password: shopper.password } });
    expect(login.ok(), await login.text()).toBe(true);
    const { accessToken: token, user } = (await login.json()).data as { accessToken: string; user: unknown };
    await holdSession(page, token, user);

    // Log out from "another device": every token of the account is revoked.
    const res = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);

    const profileCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/profile')) profileCalls.push(req.url());
    });
    await page.goto('/profile');
    const notice = page.getByText('Your session is invalid or has expired. Please sign in again.');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveCount(1);
    await expect(page).toHaveURL(/\/signin$/);
    expect(await heldToken(page)).toBeNull();
    // Once the page has settled (nothing asked for half a second), still the one call.
    await page.waitForLoadState('networkidle');
    expect(profileCalls).toHaveLength(1);
  });

  test.describe('the Google sign-in callback', () => {
    for (const [what, search, message] of [
      ['an error from the provider', '?error=access_denied', 'Google sign-in failed'],
      ['no code', '?state=abc', 'Invalid authentication response'],
      ['a code the server cannot use', '?code=forged&state=forged', 'Login failed'],
    ] as const) {
      test(`with ${what}: "${message}" and back to sign in`, async ({ page }) => {
        await page.goto(`/auth/google/callback${search}`);
        await expect(page.getByText(message)).toBeVisible();
        await expect(page).toHaveURL(/\/signin$/);
        expect(await heldToken(page)).toBeNull();
      });
    }
  });

  for (const path of ['/signin', '/signup']) {
    test(`${path}: the form does not move when the sign-in options arrive`, async ({ page }) => {
      // The options answer late, as on a slow network, and bring the development note.
      await page.route('**/api/auth/providers', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.fulfill({
          json: { success: true, data: { google: { enabled: true, development: true } } },
        });
      });
      await page.goto(path);
      const email = page.getByLabel('Email');
      await expect(email).toBeVisible();
      const before = (await email.boundingBox())!.y;
      await expect(page.getByText('Development sign-in: no Google account needed')).toBeVisible();
      expect((await email.boundingBox())!.y).toBe(before);
    });
  }

  test('the sign-in and sign-up pages say when Google sign-in is the development provider', async ({
    page,
    request,
  }) => {
    const providers = (await (await request.get('/api/auth/providers')).json()).data;
    for (const path of ['/signin', '/signup']) {
      await page.goto(path);
      if (providers.google.enabled) {
        await expect(page.getByRole('link', { name: /with Google/ })).toHaveAttribute('href', '/api/auth/google/start');
      } else {
        await expect(page.getByRole('button', { name: /with Google/ })).toBeDisabled();
      }
      const note = page.getByText('Development sign-in: no Google account needed');
      if (providers.google.development) await expect(note).toBeVisible();
      else await expect(note).toHaveCount(0);
    }
  });
});
