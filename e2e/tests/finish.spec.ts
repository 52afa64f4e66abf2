import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { findProducts, signInNewShopper } from './cart-support.ts';
import { cardLinks } from './support.ts';

/** The focused element's accessible text, for following the keyboard. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

test.describe('the storefront’s finish', () => {
  test('Tab from the hero reaches Deals before "Collaborate with us", however late the sections load', async ({
    page,
  }) => {
    // The sections' code is held back until the keyboard has got there: a slow, loaded machine.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/below-the-fold-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'SHOP NOW' }).focus();
    let text = '';
    for (let stops = 0; stops < 6; stops++) {
      await page.keyboard.press('Tab');
      text = await focusedText(page);
      if (/Collaborate with us|Loading deals/.test(text)) break;
    }
    // The next stop after the hero is the sections' place, not Learn About Us under it.
    expect(text).toContain('Loading deals, new arrivals and reviews');

    release();
    await expect(page.getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Buy Now');

    // On through Deals, New Arrivals, the specials and the reviews, to Learn About Us last.
    const seen: string[] = [];
    for (let stops = 0; stops < 80 && !seen.at(-1)?.includes('Collaborate with us'); stops++) {
      await page.keyboard.press('Tab');
      seen.push(await focusedText(page));
    }
    const at = (pattern: RegExp) => seen.findIndex((t) => pattern.test(t));
    expect(at(/Men's T-Shirts/)).toBeGreaterThan(-1);
    expect(at(/Men's T-Shirts/)).toBeLessThan(at(/Collaborate with us/));
    expect(at(/Follow us/i) === -1 || at(/Follow us/i) < at(/Collaborate with us/)).toBe(true);
  });

  test('carousel dots offer a 24 px target; a focused text input shows a 2 px outline', async ({ page }) => {
    await page.goto('/');
    // Scrolled down, the sections under the hero load.
    await page.mouse.wheel(0, 900);
    const dots = page.getByRole('button', { name: /^Show deal \d/ });
    await dots.first().scrollIntoViewIfNeeded();
    await expect(dots).toHaveCount(3);
    for (const dot of await dots.all()) {
      const { width, height } = await box(dot);
      expect(width).toBeGreaterThanOrEqual(24);
      expect(height).toBeGreaterThanOrEqual(24);
    }

    await page.goto('/signin');
    const email = page.getByLabel('Email');
    await email.focus();
    // Polled: the input's colours (the outline's too) ease in over 150 ms.
    await expect
      .poll(() =>
        email.evaluate((input) => {
          const style = getComputedStyle(input);
          return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
        }),
      )
      .toEqual({ style: 'solid', width: 2, color: 'rgb(156, 74, 37)' });
  });

  test('at 768 px the product page gives the picture its column and keeps Share beside the quantity', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    const { tee } = await findProducts(request, 0);
    await page.goto(`/product/${tee._id}`);
    const picture = await box(page.getByTestId('product-zoom'));
    expect(picture.width).toBeGreaterThanOrEqual(320);
    const stepper = await box(page.getByRole('group', { name: 'Quantity' }));
    const share = await box(page.getByRole('button', { name: 'Share this product' }));
    // Same row: their middles line up.
    expect(Math.abs(share.y + share.height / 2 - (stepper.y + stepper.height / 2))).toBeLessThan(4);
  });

  for (const width of [375, 768, 1280]) {
    test(`at ${width} px a toast stands below the header`, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/products');
      await cardLinks(page).first().click();
      await page.getByRole('button', { name: 'Share this product' }).click();
      const toast = page.locator('.Toastify__toast').first();
      await expect(toast).toBeVisible();
      const header = await box(page.getByRole('banner'));
      await expect.poll(async () => (await box(toast)).y).toBeGreaterThanOrEqual(header.y + header.height);
    });
  }

  test('with the mini cart open, the toasts cover neither the header nor the panel', async ({ page, request }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await signInNewShopper(page, request);
    const { tee, teeSizes } = await findProducts(request, 2);
    await page.goto(`/product/${tee._id}`);
    await page.getByRole('list', { name: 'Sizes' }).getByRole('button', { name: teeSizes[0], exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const miniCart = page.getByRole('dialog', { name: /Your Cart/ });
    await expect(miniCart).toBeVisible();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Item added to cart' });
    await expect(toast).toBeVisible();
    const header = await box(page.getByRole('banner'));
    await expect
      .poll(async () => {
        const t = await box(toast);
        const panel = await box(miniCart);
        return t.y >= header.y + header.height && t.x + t.width <= panel.x;
      })
      .toBe(true);
  });

  test('a product card whose picture fails to load shows the shop’s placeholder picture', async ({ page }) => {
    await page.route(/\/(images\/products|uploads)\//, (route) => route.abort());
    await page.goto('/products');
    const picture = cardLinks(page).first().locator('img');
    await expect(picture).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
