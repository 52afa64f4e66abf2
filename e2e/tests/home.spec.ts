import type { Locator, Page } from '@playwright/test';
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

test.describe('home page', () => {
  test('the deals carousel moves every 10 s, holds while hovered, resumes and wraps around', async ({ page }) => {
    // A paused clock: timers move only when the test says so, however long the page takes.
    const start = new Date('2026-11-20T10:00:00+05:30');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
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

  test('the deals countdown starts at three days from page load and ticks each second', async ({ page }) => {
    const start = new Date('2026-11-20T10:00:00+05:30');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    await page.goto('/');
    const timer = page.getByRole('timer', { name: 'Deals end in' });
    await expect(timer).toHaveText(/^\d\d\s*Days\s*\d\d\s*Hr\s*\d\d\s*Min\s*\d\d\s*Sec$/);
    const secondsLeft = async () => {
      const [days, hours, minutes, seconds] = (await timer.innerText()).match(/\d+/g)!.map(Number);
      return ((days! * 24 + hours!) * 60 + minutes!) * 60 + seconds!;
    };
    // Three days from the page's start (the clock stood still 1 s after it, while it loaded).
    const first = await secondsLeft();
    expect(259_200 - first).toBeLessThanOrEqual(2);
    await page.clock.runFor(1_000);
    await expect.poll(secondsLeft).toBe(first - 1);
    await page.clock.runFor(61_000);
    await expect.poll(secondsLeft).toBe(first - 62);
    await expect(page.getByText('Hurry, Before It’s Too Late!')).toBeVisible();
  });

  test('New Arrivals: six items, three for another category, and View More appends six', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#newarrivals');
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(6);
    await expect(section.getByRole('button', { name: "Men's T-Shirts" })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards.first()).toContainText('(4.1k) Customer Reviews');
    await expect(cards.first()).toContainText('₹599.00');
    await expect(cards.first()).toContainText('Almost Sold Out');

    await section.getByRole('button', { name: 'View More' }).click();
    await expect(cards).toHaveCount(12);

    await section.getByRole('button', { name: "Men's Shirts" }).click();
    await expect(cards).toHaveCount(3);
    await section.getByRole('button', { name: 'View More' }).click();
    await expect(cards).toHaveCount(9);
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
      await expect.poll(() => topOf(page, id), { timeout: 5_000 }).toBeLessThan(120);
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
