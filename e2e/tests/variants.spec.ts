import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cartOf, ordersOf, signInNewShopper } from './cart-support.ts';

interface Variant {
  sku: string;
  color: string;
  size: string;
  stock: number;
}

interface VariantProduct {
  _id: string;
  name: string;
  colors: string[];
  variants: Variant[];
  photos: { url: string; color: string | null }[];
}

const colorName = (color: string) => color.charAt(0).toUpperCase() + color.slice(1);

/**
 * A product with several colours, in stock in its first colour (the one preselected), and a
 * second colour with a size well in stock and, where the catalogue has one, a size sold out.
 * `pick` keeps parallel journeys on different products.
 */
async function productWithColours(request: APIRequestContext, pick: number) {
  const list = (await (await request.get('/api/product?limit=100&sort=name')).json()).data.products as {
    _id: string;
    colors: string[];
  }[];
  const products = await Promise.all(
    list
      .filter((p) => p.colors.length >= 2)
      .map(async ({ _id }) => (await (await request.get(`/api/product/${_id}`)).json()).data as VariantProduct),
  );
  const fits = products
    .map((product) => {
      const [first, second] = product.colors as [string, string];
      const of = (color: string) => product.variants.filter((v) => v.color === color);
      const size = of(second).find((v) => v.stock >= 5)?.size;
      const soldOut = of(second).find((v) => v.stock === 0)?.size ?? null;
      const ownPhoto = product.photos.find((p) => p.color === second)?.url;
      return of(first).some((v) => v.stock > 0) && size && ownPhoto
        ? { product, first, second, size, soldOut, ownPhoto }
        : null;
    })
    .filter((fit) => fit !== null);
  if (fits.length === 0) throw new Error('no product in the catalogue has two colours in stock');
  // Those with a size sold out in the second colour first: the journey then sees it disabled.
  fits.sort((a, b) => Number(b.soldOut !== null) - Number(a.soldOut !== null));
  return fits[pick % fits.length]!;
}

const mainImage = (page: Page) => page.getByTestId('product-zoom').locator('img');

async function chooseColourAndOrder(page: Page, request: APIRequestContext, testInfo: TestInfo, pick: number) {
  const { token } = await signInNewShopper(page, request, { withAddress: true });
  const { product, first, second, size, soldOut, ownPhoto } = await productWithColours(request, pick);
  const label = `${colorName(second)} / ${size}`;
  const width = page.viewportSize()!.width;

  await page.goto(`/product/${product._id}`);
  const colours = page.getByRole('group', { name: /^Colour/ });
  await expect(colours.getByRole('radio')).toHaveCount(product.colors.length);
  await expect(colours.getByRole('radio', { name: colorName(first), exact: true })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath(`product-${width}.png`) });

  // The shopper taps the second colour's swatch.
  await colours.getByTitle(colorName(second), { exact: true }).click();
  await expect(colours.getByRole('radio', { name: colorName(second), exact: true })).toBeChecked();
  await expect(page.getByRole('group', { name: `Colour: ${colorName(second)}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]color=${encodeURIComponent(second).replace(/%20/g, '(\\+|%20)')}`));
  await expect(mainImage(page)).toHaveAttribute('src', ownPhoto);
  const sizes = page.getByRole('list', { name: 'Sizes' });
  if (soldOut) await expect(sizes.getByRole('button', { name: `${soldOut} (sold out)` })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath(`product-${width}-${second.replace(/ /g, '-')}.png`) });

  await sizes.getByRole('button', { name: size, exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart' })).toBeVisible();
  const cart = await cartOf(request, token);
  expect(cart.items).toMatchObject([{ productId: product._id, color: second, size }]);

  // The cart names the variant, with its photo.
  await page.goto('/cart');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText(label);
  await expect(row.locator('img')).toHaveAttribute('src', ownPhoto);

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(`${label} · 1 ×`)).toBeVisible();
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const [order] = await ordersOf(request, token);
  const card = page.getByRole('article', { name: `Order ${order!.orderNumber}` });
  await expect(card).toContainText(`${product.name} (${label}) × 1`);
  await expect(card.locator('img').first()).toHaveAttribute('src', ownPhoto);
}

test.describe('choosing a colour', () => {
  // Whole journeys: sign-up, a colour and size chosen, the cart, an order.
  test.slow();

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    test('a shopper taps a colour, its photos and sizes follow, and the order holds "Colour / Size"', async ({
      page,
      request,
    }, testInfo) => {
      await chooseColourAndOrder(page, request, testInfo, 0);
    });
  });

  test.describe('on a 1280 px desktop', () => {
    test.use({ viewport: { width: 1280, height: 900 } });
    test('a shopper chooses a colour, its photos and sizes follow, and the order holds "Colour / Size"', async ({
      page,
      request,
    }, testInfo) => {
      await chooseColourAndOrder(page, request, testInfo, 1);
    });

    test('the colours are one tab stop, moved with the arrow keys; the server renders the colour asked for', async ({
      page,
      request,
    }) => {
      const { product, second } = await productWithColours(request, 2);
      await page.goto(`/product/${product._id}?color=${encodeURIComponent(second)}`);
      await expect(page.getByRole('group', { name: `Colour: ${colorName(second)}` })).toBeVisible();
      const colours = page.getByRole('group', { name: /^Colour/ });
      const secondRadio = colours.getByRole('radio', { name: colorName(second), exact: true });
      await expect(secondRadio).toBeChecked();
      await secondRadio.focus();
      await page.keyboard.press('ArrowLeft');
      const first = product.colors[0]!;
      await expect(colours.getByRole('radio', { name: colorName(first), exact: true })).toBeChecked();
      await expect(colours.getByRole('radio', { name: colorName(first), exact: true })).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`[?&]color=${encodeURIComponent(first).replace(/%20/g, '(\\+|%20)')}`));
      // The swatches keep to one row.
      const tops = await colours
        .locator('label')
        .evaluateAll((labels) => labels.map((l) => Math.round(l.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
    });

    test('a card shows the colours as swatches: pointing at one shows its photo, choosing it opens the product in it', async ({
      page,
      request,
    }, testInfo) => {
      await page.goto('/products');
      const card = page.locator('main a[href^="/product/"]:has(h3)').first();
      const cardImage = card.locator('img');
      const shown = (await cardImage.getAttribute('src'))!;
      const id = decodeURIComponent((await card.getAttribute('href'))!.split('/')[2]!);
      const product = (await (await request.get(`/api/product/${id}`)).json()).data as VariantProduct;
      // A colour whose photo the card does not show yet.
      const color = product.colors.find((c) => product.photos.find((p) => p.color === c)?.url !== shown)!;
      const colourPhoto = product.photos.find((p) => p.color === color)!.url;
      const swatch = page
        .getByRole('list', { name: `Colours of ${product.name}` })
        .getByRole('link', { name: `${product.name} in ${colorName(color)}` });
      const href = (await swatch.getAttribute('href'))!;
      expect(new URL(href, 'http://x').searchParams.get('color')).toBe(color);
      await swatch.hover();
      await expect(cardImage).toHaveAttribute('src', colourPhoto);
      await page.screenshot({ path: testInfo.outputPath('cards-1280.png') });
      await swatch.click();
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[?+]/g, '\\$&')}$`));
      await expect(page.getByRole('radio', { name: colorName(color), exact: true })).toBeChecked();
    });
  });
});
