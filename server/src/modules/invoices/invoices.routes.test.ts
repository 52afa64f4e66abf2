import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { colorName, financialYearOf, formatRupees, rupeesInWords, toPaise, type Order } from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { orderAddress } from '../../test/addresses.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { copiedText, embeddedFonts, pdfText } from '../../test/pdf-text.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';
import { freshSize } from '../../test/stock.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { noStaffMail } from '../orders/order-messages.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';
import { paymentsForOrders } from '../payments/refunds.ts';
import { renderTaxDocument } from './invoice-pdf.ts';
import { nextSequence } from './invoices.repository.ts';

// The renderer as it is, its calls counted.
vi.mock('./invoice-pdf.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./invoice-pdf.ts')>();
  return { ...actual, renderTaxDocument: vi.fn(actual.renderTaxDocument) };
});

const gateway = createSandboxGateway('sandbox-key-secret-for-tests', 'sandbox-webhook-secret-for-tests');
const maharashtra = {
  ...orderAddress,
  addressLine1: '7 Linking Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400050',
};
const rs = (rupees: number) => formatRupees(toPaise(rupees)).replace('₹', 'Rs. ');

describe.each(testDialects)('tax invoices and credit notes on %s', (dialect) => {
  let shop: TestShop;
  let staff: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: gateway });
    staff = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.handle.db;
  const asStaff = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: staff.auth, ...(payload && { payload }) });

  /** A shopper with one piece of a fresh size in their cart, priced at `price` paise. */
  async function shopperWithCart(price = 499_00): Promise<ApiShopper> {
    const me = await apiShopper(shop.app);
    const s = await freshSize(db(), 10, price);
    expect((await me.add(s)).statusCode).toBe(200);
    return me;
  }

  async function placeCod(me: ApiShopper, shippingAddress = orderAddress): Promise<Order> {
    const res = await me.call('POST', '/api/order', { shippingAddress, paymentMethod: 'cod' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  const sequenceOf = (number: string) => Number(number.split('/').at(-1));

  it('a cash order is invoiced when placed: numbered, listed on the order, downloadable as a PDF that restates it', async () => {
    const me = await shopperWithCart();
    const order = await placeCod(me);
    const fy = financialYearOf(new Date());
    expect(order.documents).toEqual([
      { kind: 'invoice', number: expect.stringMatching(new RegExp(`^KP/${fy}/\\d{6}$`)), issuedAt: expect.any(String) },
    ]);
    const number = order.documents[0]!.number;
    expect((await me.orders())[0]!.documents).toEqual(order.documents);

    const res = await me.call('GET', `/api/order/${order._id}/invoice`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number.replaceAll('/', '-')}.pdf"`);
    const text = await pdfText(res.rawPayload);
    // Seller in Maharashtra, delivery to Karnataka: IGST, never CGST/SGST.
    for (const expected of [
      'Tax invoice',
      number,
      'Kapas Apparel Private Limited',
      'GSTIN 27AAKCK4821L1Z6',
      'Place of supply Karnataka (29)',
      'Ravi Kumar',
      '9965',
      // The line names the variant ordered: its colour and size, and its SKU.
      `${colorName(order.items[0]!.color!)} /`,
      `SKU ${order.items[0]!.sku}`,
      'IGST',
      rs(order.totals.gst),
      rs(order.total),
      rupeesInWords(toPaise(order.total)),
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');

    // Staff download the same document.
    const staffCopy = await asStaff('GET', `/api/admin/orders/${order._id}/invoice`);
    expect(staffCopy.statusCode).toBe(200);
    expect(await pdfText(staffCopy.rawPayload)).toContain(number);
    // No credit note yet; another shopper sees nothing of it.
    expect((await me.call('GET', `/api/order/${order._id}/credit-note`)).statusCode).toBe(404);
    const other = await apiShopper(shop.app);
    const theirs = await other.call('GET', `/api/order/${order._id}/invoice`);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect((await me.call('GET', `/api/order/missing-order/invoice`)).statusCode).toBe(404);
  });

  it('a shopper who writes in Hindi finds their name and address on the invoice and the credit note as written', async () => {
    const me = await apiShopper(shop.app, { firstName: 'राहुल', lastName: 'शर्मा' });
    expect((await me.add(await freshSize(db(), 10, 499_00))).statusCode).toBe(200);
    const order = await placeCod(me, {
      ...orderAddress,
      addressLine1: 'मकान नं. 12, गांधी नगर',
      addressLine2: 'श्री कृष्ण मार्ग',
      city: 'बेंगलुरु',
    });
    expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
    for (const kind of ['invoice', 'credit-note']) {
      const res = await me.call('GET', `/api/order/${order._id}/${kind}`);
      expect(res.statusCode).toBe(200);
      const text = await copiedText(res.rawPayload);
      for (const expected of [
        'BILL TO राहुल शर्मा',
        'मकान नं. 12, गांधी नगर',
        'श्री कृष्ण मार्ग',
        'बेंगलुरु 560001',
        'Karnataka (state code 29)',
        rs(order.total),
      ]) {
        expect(text).toContain(expected);
      }
      expect(embeddedFonts(res.rawPayload)).toEqual(['NotoSansDevanagari-Bold', 'NotoSansDevanagari-Regular']);
    }
  });

  it('a document is drawn once: downloaded again, by its shopper or by staff, it is the same bytes, not drawn again', async () => {
    const me = await shopperWithCart();
    const order = await placeCod(me);
    const drawn = vi.mocked(renderTaxDocument).mock.calls.length;
    const first = await me.call('GET', `/api/order/${order._id}/invoice`);
    expect(first.statusCode).toBe(200);
    const again = await Promise.all(Array.from({ length: 5 }, () => me.call('GET', `/api/order/${order._id}/invoice`)));
    const staffCopy = await asStaff('GET', `/api/admin/orders/${order._id}/invoice`);
    for (const res of [...again, staffCopy]) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    // Drawn at most once for all seven (the order email may have drawn it already).
    expect(vi.mocked(renderTaxDocument).mock.calls.length - drawn).toBeLessThanOrEqual(1);
    expect(await pdfText(first.rawPayload)).toContain(order.documents[0]!.number);
  });

  it('delivery within the seller’s state splits the tax into CGST and SGST that add up to the order’s GST', async () => {
    const me = await shopperWithCart(1_299_00);
    const order = await placeCod(me, maharashtra);
    const text = await pdfText((await me.call('GET', `/api/order/${order._id}/invoice`)).rawPayload);
    expect(text).toContain('Place of supply Maharashtra (27)');
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
    // GST ₹236 on ₹1,309 → ₹118.00 each.
    expect(order.totals.gst).toBe(236);
    expect(text).toContain(`CGST ${rs(118)} SGST ${rs(118)}`);
  });

  it('an online order is invoiced when paid, not before', async () => {
    const me = await shopperWithCart();
    const placed = await me.order('razorpay');
    const orderId: string = placed.json().data._id;
    expect(placed.json().data.documents).toEqual([]);
    expect((await me.call('GET', `/api/order/${orderId}/invoice`)).statusCode).toBe(404);
    const signed = await me.sandboxPay(await me.initiate(orderId));
    expect((await me.call('POST', '/api/payments/success', signed)).statusCode).toBe(200);
    const [order] = await me.orders();
    expect(order!.documents.map((d) => d.kind)).toEqual(['invoice']);
    expect((await me.call('GET', `/api/order/${orderId}/invoice`)).statusCode).toBe(200);
  });

  it('cancelling an invoiced order gives it one credit note, in its own series, that names the invoice', async () => {
    const me = await shopperWithCart();
    const order = await placeCod(me);
    const cancelled = await me.call('POST', `/api/order/${order._id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const documents: Order['documents'] = cancelled.json().data.documents;
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const note = documents[1]!;
    expect(note.number).toMatch(new RegExp(`^KPCN/${financialYearOf(new Date())}/\\d{5}$`));
    const text = await pdfText((await me.call('GET', `/api/order/${order._id}/credit-note`)).rawPayload);
    for (const expected of ['Credit note', note.number, `Against invoice ${documents[0]!.number}`, rs(order.total)]) {
      expect(text).toContain(expected);
    }
    const staffCopy = await asStaff('GET', `/api/admin/orders/${order._id}/credit-note`);
    expect(staffCopy.headers['content-disposition']).toContain(note.number.replaceAll('/', '-'));
  });

  it('a paid order cancelled and refunded gets one credit note; an unpaid one cancelled gets none', async () => {
    const me = await shopperWithCart();
    const orderId: string = (await me.order('razorpay')).json().data._id;
    await me.call('POST', '/api/payments/success', await me.sandboxPay(await me.initiate(orderId)));
    expect((await me.call('POST', `/api/order/${orderId}/cancel`)).statusCode).toBe(200);
    const [order] = await me.orders();
    expect(order!.paymentStatus).toBe('refunded');
    expect(order!.documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);

    const other = await shopperWithCart();
    const unpaid: string = (await other.order('razorpay')).json().data._id;
    expect((await other.call('POST', `/api/order/${unpaid}/cancel`)).statusCode).toBe(200);
    const docs = await db().selectFrom('tax_documents').select('kind').where('order_id', '=', unpaid).execute();
    expect(docs).toEqual([]);
  });

  it('staff refunding a paid order that stays delivered gives it a credit note', async () => {
    const me = await shopperWithCart();
    const orderId: string = (await me.order('razorpay')).json().data._id;
    await me.call('POST', '/api/payments/success', await me.sandboxPay(await me.initiate(orderId)));
    for (const status of ['shipped', 'delivered']) {
      const moved = await shop.app.inject({
        method: 'PATCH',
        url: `/api/order/${orderId}/status`,
        headers: staff.auth,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const refunded = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: staff.auth,
      payload: {},
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const { order } = refunded.json().data;
    expect(order.status).toBe('delivered');
    expect(order.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice', 'credit_note']);
  });

  it('numbers run on with no gap or repeat when many orders are placed at once (30 rounds)', async () => {
    for (let round = 0; round < 30; round++) {
      const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopperWithCart()));
      const orders = await Promise.all(shoppers.map((me) => placeCod(me)));
      const sequences = orders.map((o) => sequenceOf(o.documents[0]!.number)).sort((a, b) => a - b);
      const first = sequences[0]!;
      expect(sequences, `round ${round}`).toEqual([0, 1, 2, 3, 4].map((i) => first + i));
    }
    const all = await db()
      .selectFrom('tax_documents')
      .select(['sequence', 'series'])
      .where('kind', '=', 'invoice')
      .execute();
    const numbers = all.map((d) => d.sequence).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  }, 120_000);

  it('a transaction rolled back gives its number back', async () => {
    const taken = await db()
      .transaction()
      .execute((trx) => nextSequence(trx, 'ZZ', '26-27'));
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          expect(await nextSequence(trx, 'ZZ', '26-27')).toBe(taken + 1);
          throw new Error('order refused');
        }),
    ).rejects.toThrow('order refused');
    const next = await db()
      .transaction()
      .execute((trx) => nextSequence(trx, 'ZZ', '26-27'));
    expect(next).toBe(taken + 1);
  });

  it('numbering starts again at 1 in a new financial year, which begins on 1 April in India', async () => {
    const me = await shopperWithCart();
    const s = await freshSize(db(), 10, 99_00);
    // Five years from today, whatever today is: no other test numbers documents in that year.
    const year = new Date().getUTCFullYear() + 5;
    const yy = (n: number) => String(n % 100).padStart(2, '0');
    const body = { shippingAddress: { ...orderAddress, country: 'India' as const }, paymentMethod: 'cod' as const };
    const lastEvening = await placeOrder(
      db(),
      paymentsForOrders(gateway),
      noStaffMail,
      me.user._id,
      body,
      undefined,
      new Date(`${year}-03-31T18:29:00Z`),
    );
    await me.add(s);
    const nextMorning = await placeOrder(
      db(),
      paymentsForOrders(gateway),
      noStaffMail,
      me.user._id,
      body,
      undefined,
      new Date(`${year}-03-31T18:30:00Z`),
    );
    expect(lastEvening.documents[0]!.number).toBe(`KP/${yy(year - 1)}-${yy(year)}/000001`);
    expect(nextMorning.documents[0]!.number).toBe(`KP/${yy(year)}-${yy(year + 1)}/000001`);
  });

  describe('tax settings', () => {
    it('staff read the seller and every category with its HSN code and rate', async () => {
      const res = await asStaff('GET', '/api/admin/tax-settings');
      expect(res.statusCode).toBe(200);
      const settings = res.json().data;
      expect(settings.seller).toMatchObject({
        gstin: '27AAKCK4821L1Z6',
        stateCode: '27',
        stateName: 'Maharashtra',
        updatedAt: null,
      });
      expect(settings.categories).toContainEqual({
        categoryId: 'mens-t-shirts',
        name: "Men's T-Shirts",
        hsn: '6109',
        gstRate: 18,
        isDefault: true,
      });
      expect(settings.rates).toEqual([0, 3, 5, 12, 18, 28]);
    });

    it.each([
      [{ gstin: '27AAKCK4821L1Z7' }, 'mistyped'],
      [{ gstin: '29AAGCR4375J1ZU' }, 'must begin with the code of the state'],
      [{ gstin: 'ABC' }, '15 characters'],
      [{ stateCode: '40' }, 'stateCode'],
      [{ invoicePrefix: 'KP/1' }, 'prefix'],
      // Five characters would leave room for 9,999 invoices a year only.
      [{ invoicePrefix: 'ABCDE' }, '1 to 4 capital letters'],
      [{ creditNotePrefix: 'KP' }, 'series of their own'],
      [{ legalName: '' }, 'Legal name is required'],
    ])('refuses seller details %j with a clear message', async (change, message) => {
      const before = (await asStaff('GET', '/api/admin/tax-settings')).json().data.seller;
      const { stateName: _, updatedAt: __, ...current } = before;
      const res = await asStaff('PUT', '/api/admin/tax-settings/seller', { ...current, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect((await asStaff('GET', '/api/admin/tax-settings')).json().data.seller).toEqual(before);
    });

    it("the storefront's tax texts name the rates the categories carry", async () => {
      const texts = async () => (await shop.app.inject('/api/store')).json().data.texts;
      expect(await texts()).toMatchObject({ taxNote: '+ 18% GST, added at checkout', gstLabel: 'GST (18%)' });
      const shirts = await asStaff('PUT', '/api/admin/tax-settings/categories/mens-shirts', {
        hsn: '6205',
        gstRate: 5,
      });
      expect(shirts.statusCode).toBe(200);
      try {
        expect(await texts()).toMatchObject({
          taxNote: '+ GST of 5% to 18% by item, added at checkout',
          gstLabel: 'GST',
        });
      } finally {
        await asStaff('PUT', '/api/admin/tax-settings/categories/mens-shirts', { hsn: '6205', gstRate: 18 });
      }
    });

    it('refuses a prefix that has numbered the other kind of document (no invoice in a credit-note series)', async () => {
      const me = await shopperWithCart();
      const order = await placeCod(me);
      expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
      const before = (await asStaff('GET', '/api/admin/tax-settings')).json().data.seller;
      const { stateName: _, updatedAt: __, ...current } = before;
      const swapped = { ...current, invoicePrefix: current.creditNotePrefix, creditNotePrefix: current.invoicePrefix };
      const res = await asStaff('PUT', '/api/admin/tax-settings/seller', swapped);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PREFIX_IN_USE' });
      expect((await asStaff('GET', '/api/admin/tax-settings')).json().data.seller).toEqual(before);
    });

    it.each([
      [{ hsn: '61', gstRate: 18 }, 'HSN'],
      [{ hsn: '61091', gstRate: 18 }, 'HSN'],
      [{ hsn: '6109', gstRate: 7 }, 'GST rate'],
      [{ hsn: '6109', gstRate: 18, extra: 1 }, 'extra'],
    ])('refuses category tax %j', async (body, message) => {
      const res = await asStaff('PUT', '/api/admin/tax-settings/categories/mens-shirts', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('a category taxed at 5% prices carts and orders at 5%, and documents already issued keep what they printed', async () => {
      const earlier = await placeCod(await shopperWithCart(1_000_00));
      const product = await db()
        .selectFrom('order_items')
        .innerJoin('products', 'products.id', 'order_items.product_id')
        .select('products.category_id')
        .where('order_items.order_id', '=', earlier._id)
        .executeTakeFirstOrThrow();

      const seller = await asStaff('PUT', '/api/admin/tax-settings/seller', {
        legalName: 'Kapas Retail LLP',
        addressLine1: '12 Anna Salai',
        city: 'Chennai',
        pinCode: '600002',
        stateCode: '33',
        gstin: '33AAACK1234M1ZS',
        invoicePrefix: 'KR',
        creditNotePrefix: 'KRCN',
      });
      expect(seller.statusCode, seller.body).toBe(200);
      expect(seller.json().data.seller).toMatchObject({ legalName: 'Kapas Retail LLP', updatedAt: expect.any(String) });
      const set = await asStaff('PUT', `/api/admin/tax-settings/categories/${product.category_id}`, {
        hsn: '62052000',
        gstRate: 5,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().data.categories).toContainEqual(
        expect.objectContaining({ categoryId: product.category_id, hsn: '62052000', gstRate: 5, isDefault: false }),
      );

      // ₹1,000 at 5% + ₹10 shipping at 5% (the highest line rate) = ₹50.50 → ₹51.
      const me = await shopperWithCart(1_000_00);
      expect((await me.cart()).totals).toMatchObject({ subtotal: 1000, shipping: 10, gst: 51, total: 1061 });
      const later = await placeCod(me, maharashtra);
      expect(later.totals.gst).toBe(51);
      expect(later.documents[0]!.number).toMatch(/^KR\//);
      const text = await pdfText((await me.call('GET', `/api/order/${later._id}/invoice`)).rawPayload);
      for (const expected of [
        'Kapas Retail LLP',
        'GSTIN 33AAACK1234M1ZS',
        '62052000',
        '5%',
        'Place of supply Maharashtra (27)',
        'IGST',
      ]) {
        expect(text).toContain(expected);
      }

      const kept = await pdfText((await asStaff('GET', `/api/admin/orders/${earlier._id}/invoice`)).rawPayload);
      expect(kept).toContain('Kapas Apparel Private Limited');
      expect(kept).not.toContain('Kapas Retail LLP');
      expect(
        (await asStaff('PUT', '/api/admin/tax-settings/categories/no-such-category', { hsn: '6109', gstRate: 5 }))
          .statusCode,
      ).toBe(404);
    });
  });
});
