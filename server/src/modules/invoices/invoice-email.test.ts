import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { apiShopper } from '../../test/shoppers.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { freshSize } from '../../test/stock.ts';
import { createOutboxWorker } from '../messages/outbox-worker.ts';
import { createSmtpTransport } from '../messages/transports.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';
import { documentAttachments } from './invoices.service.ts';

/** The order emails carry their tax documents, as the shopper's mail server receives them. */
describe.each(testDialects)('tax documents attached to the order emails, on %s', (dialect) => {
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: createSandboxGateway('key-secret', 'hook-secret') });
    smtp = await startSmtpServer(dialect === 'sqlite' ? 3565 : 3566);
  });
  afterAll(async () => {
    await smtp?.close();
    await shop?.close();
  });

  const deliverAll = async () => {
    const worker = createOutboxWorker({
      db: shop.handle.db,
      dialect,
      transport: createSmtpTransport({ url: smtp.url, from: 'KAPAS <orders@kapas.test>', messageIdHost: 'shop.test' }),
      publicUrl: 'https://shop.test',
      attachmentsFor: documentAttachments(shop.handle.db),
    });
    await worker.drain();
    await worker.stop();
  };
  const mailsTo = (email: string, subject: RegExp) =>
    smtp.received.filter((r) => r.rcptTo.includes(email) && subject.test(r.mail.subject ?? '')).map((r) => r.mail);

  it("a cash order's confirmation carries its invoice, its cancellation the credit note", async () => {
    const me = await apiShopper(shop.app);
    await me.add(await freshSize(shop.handle.db, 5, 499_00), 2);
    const placed = await me.order('cod');
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    const invoiceNumber: string = order.documents[0].number;
    expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
    await deliverAll();

    const [confirmation] = mailsTo(me.email, /placed/);
    expect(confirmation!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${invoiceNumber.replaceAll('/', '-')}.pdf`, 'application/pdf'],
    ]);
    const invoice = await pdfText(new Uint8Array(confirmation!.attachments[0]!.content));
    expect(invoice).toContain('Tax invoice');
    expect(invoice).toContain(invoiceNumber);

    const [cancellation] = mailsTo(me.email, /cancelled/);
    expect(cancellation!.attachments).toHaveLength(1);
    expect(await pdfText(new Uint8Array(cancellation!.attachments[0]!.content))).toContain('Credit note');
  });

  it('an online order: no email while unpaid; once paid, one order email carrying its invoice', async () => {
    const me = await apiShopper(shop.app);
    await me.add(await freshSize(shop.handle.db, 5, 299_00));
    const placed = await me.order('razorpay');
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data;
    const aboutOrder = () =>
      smtp.received
        .filter((r) => r.rcptTo.includes(me.email) && (r.mail.subject ?? '').includes(order.orderNumber))
        .map((r) => r.mail);
    await deliverAll();
    expect(aboutOrder()).toEqual([]);

    const signed = await me.sandboxPay(await me.initiate(order._id));
    expect((await me.call('POST', '/api/payments/success', signed)).statusCode).toBe(200);
    await deliverAll();
    const mails = aboutOrder();
    expect(mails.map((m) => m.subject)).toEqual([`Order ${order.orderNumber} placed`]);
    expect(mails[0]!.text).toContain(`${order.orderNumber} and your payment`);
    expect(mails[0]!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(await pdfText(new Uint8Array(mails[0]!.attachments[0]!.content))).toContain('Tax invoice');
  });
});
