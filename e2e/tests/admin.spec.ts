import { expect, test } from './fixtures.ts';
import { openAsStaff, signInAsStaff, tinyPng } from './admin-support.ts';
import { addByApi, findProducts, signInNewShopper } from './cart-support.ts';

/** Where the journeys' orders go (the API takes the address with the order). */
const orderAddress = {
  name: 'Home',
  addressLine1: '7, Marine Drive',
  addressLine2: '',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400001',
  country: 'India',
  phone: '9876543210',
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test.describe('staff area', () => {
  // Whole journeys: a staff account, a shopper, and the storefront in between.
  test.slow();

  test('staff sign in through the form and the header takes them to the staff area', async ({ page, staff }) => {
    await signInAsStaff(page, staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('staff create a product with an uploaded image, shoppers find it, staff change its stock', async ({
    page,
    request,
    staff,
  }) => {
    await openAsStaff(page, staff);

    const name = `Indigo Linen Shirt ${Date.now().toString(36)}`;
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Breathable linen, cut for Indian summers.');
    await page.getByLabel('Category').selectOption({ label: "Men's clothing › Men's Shirts" });
    await page.getByLabel('Price (₹)', { exact: true }).fill('1299');
    await page.getByLabel('Size of row 1').fill('M');
    await page.getByLabel('Stock of row 1').fill('5');
    // What Legal Metrology asks every listing to declare before it goes on sale.
    await page.getByLabel('Generic name').fill('Shirt');
    await page.getByLabel('Net quantity').fill('1 N');
    await page.getByLabel('Country of origin').fill('India');
    await page.getByLabel('Who answers for the goods').selectOption('manufacturer');
    await page.getByLabel("Manufacturer's, packer's or importer's name").fill('Kapas Apparel Private Limited');
    await page.getByLabel('Their address').fill('Unit 4, Kamala Mills Compound, Lower Parel, Mumbai 400013');
    await page.getByLabel('Upload an image').setInputFiles(tinyPng);
    const images = page.getByRole('list', { name: 'Product images' });
    await expect(images.getByRole('img')).toHaveCount(1);
    await page.getByRole('button', { name: 'Create product' }).click();

    await expect(page.getByText('Product created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/[\w-]+$/);
    const productId = page.url().split('/').pop()!;
    await expect(page.getByText(`Created “${name}”`)).toBeVisible();

    // The shopper's catalogue has it, with the uploaded picture.
    const shopper = await page.context().browser()!.newPage();
    await shopper.goto(`/products?q=${encodeURIComponent(name)}`);
    const card = shopper.getByRole('link', { name }).first();
    await expect(card).toBeVisible();
    // The card's picture is decorative (the card's text names it), so found inside the card.
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute('src', /^\/uploads\/[\w-]+\.png$/);
    // The browser takes the variant of the upload the card needs from its srcset, and it decodes.
    await expect
      .poll(() =>
        picture.evaluate(async (img: HTMLImageElement) => {
          await img.decode();
          return img.currentSrc;
        }),
      )
      .toMatch(/\/uploads\/[\w-]+\.w\d+\.(avif|webp|jpg)$/);
    await shopper.close();

    // Bulk stock edit from the products table.
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('searchbox').fill(name);
    const stock = page.getByLabel(`Stock of ${name}, size M`);
    await expect(stock).toHaveValue('5');
    await stock.fill('12');
    await page.getByRole('button', { name: 'Save stock (1 change)' }).click();
    await expect(page.getByText('Stock updated')).toBeVisible();
    const sizes = (await (await request.get(`/api/product/${productId}/sizes`)).json()).data;
    expect(sizes).toEqual([{ size: 'M', stock: 12 }]);

    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByText('Stock M: 5 → 12')).toBeVisible();
    await expect(page.getByText(staff.email).first()).toBeVisible();
  });

  test('staff create a coupon that a shopper then applies in the cart', async ({ page, request, browser, staff }) => {
    await openAsStaff(page, staff);
    const code = `MONSOON${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Discount (%)').fill('15');
    await page.getByRole('button', { name: 'Save coupon' }).click();
    await expect(page.getByText('Coupon created')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('15% OFF');

    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    const { token } = await signInNewShopper(shopper, request);
    const { tee, teeSizes } = await findProducts(request, 3);
    await addByApi(request, token, { product: tee._id, size: teeSizes[0], quantity: 1 });
    await shopper.goto('/cart');
    await shopper.getByLabel('Coupon code').fill(code.toLowerCase());
    await shopper.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(shopper.getByRole('status').filter({ hasText: `Coupon ${code} applied` })).toBeVisible();
    await shopperContext.close();

    // Its use shows to staff once an order is placed with it.
    const placed = await request.post('/api/order', {
      headers: bearer(token),
      data: { shippingAddress: orderAddress, paymentMethod: 'cod' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('1 / no limit');
  });

  test('staff ship an order and the shopper sees "Status: shipped"', async ({ page, request, browser, staff }) => {
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    const { token } = await signInNewShopper(shopper, request);
    const { other, otherSize } = await findProducts(request, 4);
    await addByApi(request, token, { product: other._id, size: otherSize, quantity: 1 });
    const placed = await request.post('/api/order', {
      headers: bearer(token),
      data: { shippingAddress: orderAddress, paymentMethod: 'cod' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orderNumber } = (await placed.json()).data as { orderNumber: string };

    await openAsStaff(page, staff);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Order number or email').fill(orderNumber);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${orderNumber}`));
    await page.getByRole('link', { name: orderNumber }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);

    await page.getByRole('button', { name: 'Mark confirmed' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Order status updated' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${orderNumber}` });
    await dialog.getByLabel('Courier').selectOption('DTDC');
    await dialog.getByLabel('AWB number').fill(`DT${Date.now()}`);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(page.getByText(/Shipped with DTDC, AWB DT\d+/)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Order marked shipped' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();

    await shopper.goto('/profile');
    await shopper.getByRole('button', { name: /^Orders/ }).click();
    const card = shopper.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card).toContainText('Status: shipped');
    await expect(card.getByRole('button', { name: /^Cancel Order/ })).toHaveCount(0);
    await shopperContext.close();
  });

  test('on a 375 px phone every staff tab is in sight, and the order filters show their whole texts', async ({
    page,
    staff,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAsStaff(page, staff, '/admin/messages');
    const tabs = page.getByRole('navigation', { name: 'Staff' }).getByRole('link');
    await expect(tabs).toHaveCount(12);
    for (const tab of await tabs.all()) {
      await expect(tab).toBeInViewport({ ratio: 1 });
    }

    await tabs.filter({ hasText: 'Orders' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    // What each box must show whole: the date format Chromium draws (with its calendar button),
    // and the search's placeholder.
    const fits = (selector: string, text: string, extra: number) =>
      page.locator(selector).evaluateAll(
        (inputs, [text, extra]) =>
          inputs.map((input) => {
            const style = getComputedStyle(input);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = `${style.fontSize} ${style.fontFamily}`;
            const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return context.measureText(String(text)).width + Number(extra) <= room;
          }),
        [text, extra] as const,
      );
    expect(await fits('input[type="date"]', 'mm/dd/yyyy', 32)).toEqual([true, true]);
    const search = page.getByLabel('Order number or email');
    const placeholder = (await search.getAttribute('placeholder'))!;
    expect(await fits('input[type="search"]', placeholder, 0)).toEqual([true]);
  });

  test('on a 768 px tablet the product list is compact: each product on one row, its stock side by side', async ({
    page,
    staff,
  }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await openAsStaff(page, staff, '/admin/products');
    const stockLists = page.getByRole('list', { name: /^Stock of / });
    await expect(stockLists).toHaveCount(20);
    // The demo catalogue's products have at most five sizes: all on one line, at any of them.
    const linesPerList = await stockLists.evaluateAll((lists) =>
      lists.map(
        (list) => new Set(Array.from(list.querySelectorAll('input'), (i) => i.getBoundingClientRect().top)).size,
      ),
    );
    expect(linesPerList).toEqual(Array(20).fill(1));
    // 20 products used to take 4,868 px here, one stock input per line.
    const table = page.getByRole('table');
    expect((await table.boundingBox())!.height).toBeLessThan(2_600);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);

    // A focused staff input shows the storefront's 2 px outline, not a 1 px border alone.
    for (const input of [stockLists.first().locator('input').first(), page.getByLabel('Status')]) {
      await input.focus();
      await expect.poll(() => input.evaluate((element) => parseFloat(getComputedStyle(element).outlineWidth))).toBe(2);
    }
  });

  test('shoppers get no staff area, and no staff code', async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push(res.url());
    });
    await signInNewShopper(page, request);
    await page.goto('/admin/orders');
    await expect(page.getByText('You do not have access to this page.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Staff' })).toHaveCount(0);
    const bodies = await Promise.all(scripts.map(async (url) => (await request.get(url)).text()));
    expect(bodies.some((body) => body.includes('Record refund'))).toBe(false);
  });
});
