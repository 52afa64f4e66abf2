import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { invoiceSnapshot } from '@shop/core';
import { renderMessage } from '@shop/emails';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTaxDocument } from './modules/invoices/invoice-pdf.ts';
import { CallTimedOut } from './lib/worker-thread.ts';
import { inProcessRendering, offThreadRendering, type Rendering } from './rendering.ts';
import { copiedText, embeddedFonts, pdfText } from './test/pdf-text.ts';
import { workerEntry } from './test/worker-entry.ts';

const builtEntry = path.resolve(import.meta.dirname, '../dist/render-worker.js');
const context = { publicUrl: 'https://shop.example.in' };
const verifyEmail = { link: '/verify-email?token=xyz789' };
const address = {
  addressLine1: '7 Park Street',
  addressLine2: '',
  city: 'Kolkata',
  state: 'West Bengal',
  pinCode: '700016',
  phone: '9876543210',
};
const invoice = invoiceSnapshot({
  number: 'KP/26-27/000042',
  issuedAt: '2026-11-24T10:00:00.000Z',
  seller: {
    legalName: 'KAPAS Clothing',
    addressLine1: '1 Road',
    addressLine2: '',
    city: 'Pune',
    pinCode: '411001',
    stateCode: '27',
    gstin: '27AAAAA0000A1Z5',
    invoicePrefix: 'KP',
    creditNotePrefix: 'KC',
  },
  buyerName: 'Asha Rao',
  billingAddress: address,
  shippingAddress: address,
  orderNumber: 'KP261124-ABCDE',
  orderPlacedAt: '2026-11-24T10:00:00.000Z',
  goods: [{ description: 'Linen Shirt (M)', hsn: '6205', quantity: 1, unitPrice: 1199_00, ratePercent: 12 }],
  discount: 0,
  shipping: 0,
  shippingRatePercent: 12,
  gst: 128_46,
});

describe('rendering emails and tax documents off the main thread', () => {
  let dir: string;
  const started: Rendering[] = [];
  const rendering = (entry: URL) => {
    const r = offThreadRendering(entry);
    started.push(r);
    return r;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendering-'));
  });
  afterAll(async () => {
    for (const r of started) await r.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes in this thread when there is no built thread's entry (the tests' source)", () => {
    expect(offThreadRendering(pathToFileURL(path.join(dir, 'missing.js')))).toBe(inProcessRendering);
  });

  /** The build's own thread, started once for the tests that use it. */
  const built = () => {
    if (!fs.existsSync(builtEntry)) throw new Error('run `npm run build` first: this test loads the built thread');
    builtThread ??= rendering(pathToFileURL(builtEntry));
    return builtThread;
  };
  let builtThread: Rendering | undefined;

  it('the built thread writes the same email and draws the same invoice as this thread', async () => {
    const thread = built();
    expect(await thread.renderMessage('verify-email', verifyEmail, context)).toEqual(
      await renderMessage('verify-email', verifyEmail, context),
    );
    const pdf = await thread.renderTaxDocument(invoice);
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(await pdfText(pdf)).toBe(await pdfText(await renderTaxDocument(invoice)));
    expect(await pdfText(pdf)).toContain('KP/26-27/000042');
  });

  it('the built thread draws names in Hindi and Urdu with the fonts the build carries beside it', async () => {
    for (const [name, font] of [
      ['आशा राव', 'NotoSansDevanagari-Bold'],
      ['محمد علی خان', 'NotoNaskhArabic-Bold'],
    ] as const) {
      const pdf = await built().renderTaxDocument({ ...invoice, buyer: { ...invoice.buyer, name } });
      expect(embeddedFonts(pdf)).toEqual([font]);
      expect(await copiedText(pdf)).toContain(`BILL TO ${name}`);
    }
  });

  it('refuses data that does not fit the template, as this thread would', async () => {
    const thread = built();
    const here = await renderMessage('verify-email', { firstName: 'Asha' }, context).catch((e: Error) => e.message);
    await expect(thread.renderMessage('verify-email', { firstName: 'Asha' }, context)).rejects.toThrow(here as string);
  });

  it('writes here what a thread that ended could not: no message fails for it', async () => {
    const crashing = await workerEntry(
      dir,
      'crashing',
      `import { serveCalls } from './lib/worker-thread.ts';
       serveCalls({ renderMessage: () => process.exit(1), renderTaxDocument: () => process.exit(1) });`,
    );
    const thread = rendering(crashing);
    expect((await thread.renderMessage('verify-email', verifyEmail, context)).subject).toBe(
      'Confirm your email address',
    );
    expect(await pdfText(await thread.renderTaxDocument(invoice))).toContain('KP/26-27/000042');
  });

  it('never writes here what the thread took too long over, however often: it stays for later', async () => {
    const hanging = await workerEntry(
      dir,
      'hanging',
      `import { serveCalls } from './lib/worker-thread.ts';
       serveCalls({ renderMessage: () => new Promise(() => {}), renderTaxDocument: () => new Promise(() => {}) });`,
    );
    const thread = offThreadRendering(hanging, { callTimeoutMs: 100, failedStartsAllowed: 2 });
    started.push(thread);
    // Past the thread's rest after two stops too: written here, the next would hang this thread.
    for (let attempt = 0; attempt < 4; attempt++) {
      await expect(thread.renderMessage('verify-email', verifyEmail, context)).rejects.toBeInstanceOf(CallTimedOut);
    }
  });
});
