import fs from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openAsStaff } from './admin-support.ts';
import { addByApi, cartOf, findProducts, ordersOf, rupees, signInNewShopper } from './cart-support.ts';

/** The text of a PDF, every page, as a reader would copy it. */
async function pdfText(file: string): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await fs.readFile(file)), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

/** The amount as the invoice prints it: the site's format, "Rs." for the rupee sign. */
const invoiceRupees = (amount: number) => rupees(amount).replace('₹', 'Rs. ');

test.describe('tax invoices', () => {
  test.slow();

  test('a cash order’s invoice downloads from My Orders, numbered and restating the total', async ({
    page,
    request,
    staff,
  }) => {
    const { token } = await signInNewShopper(page, request, { withAddress: true });
    const { tee, teeSizes } = await findProducts(request, 2);
    await addByApi(request, token, { product: tee._id, size: teeSizes[0], quantity: 2 });
    const cart = await cartOf(request, token);

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    const [order] = await ordersOf(request, token);
    const invoice = order!.documents[0]!;
    expect(invoice).toMatchObject({ kind: 'invoice', number: expect.stringMatching(/^KP\/\d\d-\d\d\/\d{6}$/) });
    const card = page.getByRole('article', { name: `Order ${order!.orderNumber}` });
    const button = card.getByRole('button', { name: /^Download invoice/ });
    await expect(button).toBeVisible();
    await expect(card.getByRole('button', { name: /^Download credit note/ })).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`${invoice.number.replaceAll('/', '-')}.pdf`);
    const text = await pdfText(await download.path());
    expect(text).toContain('Tax invoice');
    expect(text).toContain(invoice.number);
    expect(text).toContain('GSTIN 27AAKCK4821L1Z6');
    expect(text).toContain(`Invoice total ${invoiceRupees(cart.totals.total)}`);
    expect(text).toContain(tee.name);

    // Staff download the same invoice from the order's page (the shopper's session set aside).
    await openAsStaff(page, staff, `/admin/orders/${order!._id}`);
    const documents = page.getByRole('region', { name: 'Tax documents' });
    await expect(documents).toContainText(invoice.number);
    const [staffCopy] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('button', { name: /^Download invoice/ }).click(),
    ]);
    expect(await pdfText(await staffCopy.path())).toContain(invoice.number);
  });
});
