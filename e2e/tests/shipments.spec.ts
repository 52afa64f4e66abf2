import { createHmac } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { openAsStaff } from './admin-support.ts';
import { shopperWithCodOrder } from './cart-support.ts';

/** The secret the journeys' server signs the couriers' webhook with (e2e/playwright.config.ts). */
const WEBHOOK_SECRET = 'e2e-shipment-webhook-secret';

test.describe('shipments', () => {
  test.slow();

  test('staff ship an order with its courier and AWB, the courier reports, the shopper follows the timeline', async ({
    page,
    request,
    browser,
    staff,
  }) => {
    const {
      context: shopperContext,
      page: shopper,
      orderId,
      orderNumber,
    } = await shopperWithCodOrder(browser, request);
    const awb = `DL${Date.now()}`;

    // Staff confirm the order, then ship it: the courier and the AWB number, confirmed.
    await openAsStaff(page, staff, `/admin/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
    await page.getByRole('button', { name: 'Mark confirmed' }).click();
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${orderNumber}` });
    await dialog.getByLabel('Courier').selectOption('Delhivery');
    await dialog.getByLabel('AWB number').fill(awb);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog).toHaveCount(0);
    const parcel = page.getByRole('region', { name: 'Parcel' });
    await expect(parcel).toContainText(`Delhivery · AWB ${awb}`);
    await expect(parcel.getByRole('link', { name: /Track on Delhivery/ })).toHaveAttribute(
      'href',
      `https://www.delhivery.com/track/package/${awb}`,
    );

    // The courier's aggregator reports the parcel out for delivery, signed; sent twice, taken once.
    const body = JSON.stringify({
      eventId: `e2e-${awb}-ofd`,
      awb,
      kind: 'out_for_delivery',
      location: 'Andheri East hub',
      occurredAt: new Date().toISOString(),
    });
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    for (const outcome of ['applied', 'duplicate']) {
      const res = await request.post('/api/shipments/events', {
        headers: { 'content-type': 'application/json', 'x-shipment-signature': signature },
        data: body,
      });
      expect(res.status(), await res.text()).toBe(200);
      expect((await res.json()).data).toEqual({ outcome, status: 'out_for_delivery' });
    }
    const forged = await request.post('/api/shipments/events', {
      headers: { 'content-type': 'application/json', 'x-shipment-signature': '0'.repeat(64) },
      data: body.replace('out_for_delivery', 'delivered'),
    });
    expect(forged.status()).toBe(400);

    // The shopper follows the parcel in My Orders: AWB, tracking link, and its timeline.
    await shopper.goto('/profile?view=orders');
    const card = shopper.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card).toContainText('Status: shipped');
    const panel = card.getByRole('region', { name: `Parcel of order ${orderNumber}` });
    await expect(panel).toContainText('Out for delivery');
    await expect(panel).toContainText(`Delhivery · AWB ${awb}`);
    await panel.getByRole('button', { name: 'Track parcel' }).click();
    const timeline = panel.getByRole('list', { name: 'Parcel timeline' });
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    await expect(timeline.getByRole('listitem').nth(0)).toContainText('Shipped');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('Out for delivery');
    await expect(timeline).toContainText('Andheri East hub');

    // Staff record the delivery; the shopper's timeline and status follow.
    await page.reload();
    await page.getByRole('region', { name: 'Parcel' }).getByLabel('What happened').selectOption('Delivered');
    await page.getByRole('button', { name: 'Record event' }).click();
    await expect(page.getByRole('region', { name: 'Parcel' })).toContainText('Delivered');
    await shopper.reload();
    await expect(card).toContainText('Status: delivered');
    await card.getByRole('button', { name: 'Track parcel' }).click();
    await expect(card.getByRole('list', { name: 'Parcel timeline' }).getByRole('listitem')).toHaveCount(3);
    await shopperContext.close();
  });
});
