import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { HomePage } from '@shop/core';
import { expect, test } from './fixtures.ts';
import { signInByApi } from './storefront-support.ts';

/** The slide a shopper sees: the others are hidden from the accessibility tree. */
function currentSlide(carousel: Locator) {
  return carousel.getByRole('group');
}

/** Where a section's top sits in the viewport, in CSS pixels (infinitely far while it is still loading). */
async function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (id) => document.getElementById(id)?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY,
    id,
  );
}

/** What the home page shows from the shop, as the API answers everyone. */
async function homeData(request: APIRequestContext): Promise<HomePage> {
  const res = await request.get('/api/home');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: HomePage }).data;
}

/** The browser's clock held still a second from now: timers move only when the test says so. */
async function holdClock(page: Page): Promise<number> {
  const start = Date.now();
  await page.clock.install({ time: new Date(start) });
  await page.clock.pauseAt(new Date(start + 1_000));
  return start + 1_000;
}

test.describe('home page', () => {
  test('the deals carousel moves every 10 s, holds while hovered, resumes and wraps around', async ({ page }) => {
    await holdClock(page);
    await page.goto('/');
    await page.mouse.move(0, 0);
    const deals = page.getByRole('region', { name: 'Current deals' });
    await deals.scrollIntoViewIfNeeded();
    await expect(currentSlide(deals)).toContainText('Spring Sale');
    await expect(currentSlide(deals)).toContainText('30% OFF');

    await page.clock.runFor(9_000);
    await expect(currentSlide(deals)).toContainText('Spring Sale');
    await page.clock.runFor(1_000);
    await expect(currentSlide(deals)).toContainText('Summer Breeze');
    await expect(currentSlide(deals)).toContainText('02');

    // Held while the pointer is over it…
    await deals.hover();
    await page.clock.runFor(30_000);
    await expect(currentSlide(deals)).toContainText('Summer Breeze');

    // …and moving again once it leaves, a full 10 s later.
    await page.mouse.move(0, 0);
    await page.clock.runFor(10_000);
    await expect(currentSlide(deals)).toContainText('Holiday Special');
    await expect(currentSlide(deals)).toContainText('40% OFF');
    await page.clock.runFor(10_000);
    await expect(currentSlide(deals)).toContainText('Spring Sale');

    // The arrows wrap too.
    await deals.getByRole('button', { name: 'Previous deal' }).click();
    await expect(currentSlide(deals)).toContainText('Holiday Special');
  });

  test('the deals countdown runs to the deals’ real end, the same on every visit, and ticks each second', async ({
    page,
    request,
  }) => {
    const { dealsEndAt, heroOffer } = await homeData(request);
    expect(dealsEndAt).not.toBeNull();
    const now = await holdClock(page);
    await page.goto('/');
    const timer = page.getByRole('timer', { name: 'Deals end in' });
    await expect(timer).toHaveText(/^\d\d\s*Days\s*\d\d\s*Hr\s*\d\d\s*Min\s*\d\d\s*Sec$/);
    const secondsLeft = async () => {
      const [days, hours, minutes, seconds] = (await timer.innerText()).match(/\d+/g)!.map(Number);
      return ((days! * 24 + hours!) * 60 + minutes!) * 60 + seconds!;
    };
    const expected = Math.floor((Date.parse(dealsEndAt!) - now) / 1000);
    expect(Math.abs((await secondsLeft()) - expected)).toBeLessThanOrEqual(1);
    const first = await secondsLeft();
    await page.clock.runFor(1_000);
    await expect.poll(secondsLeft).toBe(first - 1);
    await page.clock.runFor(61_000);
    await expect.poll(secondsLeft).toBe(first - 62);
    await expect(page.getByText('Hurry, Before It’s Too Late!')).toBeVisible();
    // The hero's badge is the running deal's percentage.
    await expect(page.getByRole('img', { name: `${heroOffer!.percent}% off until`, exact: false })).toBeAttached();

    // Another visit counts to the same moment: nothing restarts.
    await page.reload();
    expect(Math.abs((await secondsLeft()) - (expected - 62))).toBeLessThanOrEqual(1);
  });

  test('Buy Now opens the deal on show', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#deals-section');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('link', { name: /^Buy Now: Spring Sale/ }).click();
    await expect(page).toHaveURL(/\/products\?collection=mens-clothing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('with no deal running: no countdown, no Hurry, no Buy Now, no hero badge', async ({ page, request }) => {
    const real = await homeData(request);
    await page.route('**/api/home', (route) =>
      route.fulfill({
        json: { success: true, data: { ...real, deals: [], dealsEndAt: null, heroOffer: null, testimonials: [] } },
      }),
    );
    // Reached from another page, the home page asks the API (the server-rendered one comes with its answer).
    await page.goto('/products');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    const section = page.locator('#deals-section');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(/No deals are running right now/)).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByText('Hurry, Before It’s Too Late!')).toHaveCount(0);
    await expect(section.getByRole('link', { name: /Buy Now/ })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /% off until/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'This Is What Our Customers Say' })).toHaveCount(0);
  });

  test('New Arrivals: the newest products at their real prices, View More adds six, a card opens its product', async ({
    page,
    request,
  }) => {
    const { newArrivals } = await homeData(request);
    await page.goto('/');
    const section = page.locator('#newarrivals');
    await section.scrollIntoViewIfNeeded();
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(6);
    await expect(section.getByRole('button', { name: "Men's T-Shirts" })).toHaveAttribute('aria-pressed', 'true');
    const first = newArrivals.products[0]!;
    await expect(cards.first()).toContainText(first.name);
    await expect(cards.first()).toContainText(`₹${first.price.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    // "Almost Sold Out" only on the cards whose stock is low.
    await expect(section.getByText('Almost Sold Out')).toHaveCount(
      newArrivals.products.filter((c) => c.almostSoldOut && !c.soldOut).length,
    );

    await section.getByRole('button', { name: 'View More' }).click();
    await expect(cards).toHaveCount(Math.min(12, newArrivals.total));

    await section.getByRole('button', { name: "Men's Shirts" }).click();
    await expect(section.getByRole('button', { name: "Men's Shirts" })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards.first()).toContainText("Men's Shirts");
    const name = (await cards.first().getByRole('heading').innerText()).trim();
    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/product\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('SHOP NOW sends a visitor to sign in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'SHOP NOW' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  test('SHOP NOW and the cart button send a signed-in shopper to the products', async ({ page, request }) => {
    await signInByApi(page, request);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
    await page.getByRole('link', { name: 'SHOP NOW' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Start shopping' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  for (const [link, id] of [
    ['Deals', 'deals-section'],
    ['New Arrivals', 'newarrivals'],
  ] as const) {
    test(`the header's ${link} link scrolls to its section from another page`, async ({ page }) => {
      await page.goto('/products');
      await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      // Scrolled so the section starts just under the sticky header.
      // The sections and the home page's data load first (two requests): allow them time on a busy machine.
      await expect.poll(() => topOf(page, id), { timeout: 10_000 }).toBeLessThan(120);
      expect(await topOf(page, id)).toBeGreaterThan(-10);
    });
  }

  test('the footer support links open the policies on their section; Contact shows how to reach us', async ({
    page,
  }) => {
    await page.goto('/');
    const support = page.getByRole('navigation', { name: 'Support' });
    await support.getByRole('link', { name: 'Return and Refund Policy' }).click();
    await expect(page).toHaveURL(/\/policies#return-and-refund-policy$/);
    await expect(page.getByRole('button', { name: 'Return and Refund Policy' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText(/Returns are accepted within 3 days of delivery/)).toBeVisible();

    await support.getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeInViewport();
    await expect(page.getByRole('main').getByRole('link', { name: /^care@/ })).toHaveAttribute('href', /^mailto:/);
  });

  test('the home page loads with no console errors, and nothing scrolls sideways on a phone', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Learn About Us' })).toBeAttached();
    await page.getByRole('heading', { name: 'Learn About Us' }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The floating buttons are for larger screens only.
    await expect(page.getByRole('link', { name: 'Start shopping' })).toBeHidden();
    expect(errors).toEqual([]);
  });
});
