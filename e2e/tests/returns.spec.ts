import { expect, test } from './fixtures.ts';
import { openAsStaff, tinyPng } from './admin-support.ts';
import { shopperWithCodOrder } from './cart-support.ts';

test.describe('returns', () => {
  test.slow();

  test('a shopper returns a damaged item with a photo; staff approve, receive, inspect and refund it', async ({
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

    // Staff move the cash order to delivered.
    const staffAuth = { Authorization: `Bearer ${staff.token}` };
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const res = await request.patch(`/api/order/${orderId}/status`, { headers: staffAuth, data: { status } });
      expect(res.status(), await res.text()).toBe(200);
    }

    // The shopper asks for the return from My Orders: the item, "Damaged", a photo, a UPI ID.
    await shopper.goto('/profile?view=orders');
    const card = shopper.getByRole('article', { name: `Order ${orderNumber}` });
    await card.getByRole('button', { name: `Return items of Order ${orderNumber}` }).click();
    const dialog = shopper.getByRole('dialog', { name: `Return items of ${orderNumber}` });
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByRole('radio', { name: 'Damaged' }).check();
    await dialog.getByRole('button', { name: 'Ask for the return' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Add a photo of the damage.');
    await dialog.locator('input[type=file]').setInputFiles(tinyPng);
    await expect(dialog.getByRole('list', { name: 'Photos added' }).getByRole('img')).toHaveCount(1);
    await dialog.getByLabel('UPI ID').fill('asha.rao@okicici');
    await shopper.setViewportSize({ width: 375, height: 812 });
    await shopper.screenshot({ path: test.info().outputPath('return-dialog-phone.png'), fullPage: true });
    await shopper.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Ask for the return' }).click();
    await expect(dialog).toHaveCount(0);
    const returns = card.getByRole('region', { name: `Returns of order ${orderNumber}` });
    await expect(returns).toContainText(`Return ${orderNumber}-R1: Requested`);

    // Staff approve, mark received, inspect (back to stock), and record the UPI transfer.
    await openAsStaff(page, staff, '/admin/returns');
    const entry = page.getByRole('article', { name: `Return ${orderNumber}-R1` });
    await expect(entry).toContainText('Damaged');
    await expect(entry.getByRole('img', { name: `Photo 1 of return ${orderNumber}-R1` })).toBeVisible();
    await expect(entry).toContainText('UPI asha.rao@okicici');
    await page.screenshot({ path: test.info().outputPath('returns-queue-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: test.info().outputPath('returns-queue-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await entry.getByRole('button', { name: 'Approve' }).click();
    await expect(entry).toContainText('Approved');
    await entry.getByRole('button', { name: 'Mark received' }).click();
    await expect(entry).toContainText('Received');
    await entry.getByRole('button', { name: 'Record inspection' }).click();
    await expect(entry).toContainText('Inspected');
    await entry.getByLabel(/Transfer reference/).fill('UTR424242424242');
    await entry.getByRole('button', { name: 'Record refund' }).click();
    // A refunded return leaves the queue of open ones.
    await expect(entry).toHaveCount(0);

    // The shopper sees it refunded, with the transfer's reference, in the return's timeline.
    await shopper.reload();
    await expect(returns).toContainText(`Return ${orderNumber}-R1: Refunded`);
    await expect(returns).toContainText('UTR424242424242');
    const timeline = returns.getByRole('list', { name: `Timeline of return ${orderNumber}-R1` });
    await expect(timeline.getByRole('listitem')).toHaveCount(5);
    await shopperContext.close();
  });
});
