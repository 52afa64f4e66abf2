import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAddress } from './test/addresses.ts';
import { pdfText } from './test/pdf-text.ts';
import { processesOn, processShopper } from './test/processes.ts';
import { startSmtpServer } from './test/smtp-server.ts';
import { freshSize } from './test/stock.ts';

/** Nice values of a process's threads (Linux keeps one per thread). */
function threadNiceValues(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** The built server writes its emails and their PDFs in its rendering thread. */
describe('order emails from the built server', () => {
  let shop: Awaited<ReturnType<typeof processesOn>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer(3754);
    shop = await processesOn('sqlite', [3753], { SMTP_URL: smtp.url, MAIL_FROM: 'KAPAS <orders@kapas.test>' });
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("sends a cash order's confirmation with its invoice, written by a thread of lower priority", async () => {
    const server = shop.servers[0]!;
    const me = await processShopper(server, shop.database.handle.db);
    const s = await freshSize(shop.database.handle.db, 5);
    expect(
      (await me.call('POST', '/api/cart', { product: s.productId, color: s.color, size: s.size, quantity: 1 })).status,
    ).toBe(200);
    const placed = await me.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' });
    expect(placed.status).toBe(201);
    const invoiceNumber: string = placed.body.data.documents[0].number;

    const deadline = Date.now() + 30_000;
    const confirmation = () =>
      smtp.received.find((r) => r.rcptTo.includes(me.email) && /placed/.test(r.mail.subject ?? ''));
    while (!confirmation() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const mail = confirmation()!.mail;
    expect(mail.text).toContain(placed.body.data.orderNumber);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${invoiceNumber.replaceAll('/', '-')}.pdf`]);
    expect(await pdfText(new Uint8Array(mail.attachments[0]!.content))).toContain(invoiceNumber);

    if (process.platform === 'linux') expect(threadNiceValues(server.child.pid!)).toContain(10);
  });
});
