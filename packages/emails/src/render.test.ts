import { formatRupees, messageTemplates, type MessageTemplate } from '@shop/core';
import { describe, expect, it } from 'vitest';
import type { MessageData } from './data.ts';
import { renderMessage } from './render.ts';

const context = { publicUrl: 'https://shop.example.in' };
const address = {
  name: 'Home',
  addressLine1: '7 Park Street',
  addressLine2: 'Flat 3',
  city: 'Kolkata',
  state: 'West Bengal',
  pinCode: '700016',
  country: 'India',
  phone: '9876543210',
};

/** One example of every template's data, and the facts its text part must carry. */
const examples: { [T in MessageTemplate]: { data: MessageData<T>; subject: RegExp; facts: string[] } } = {
  'password-reset': {
    data: { link: '/reset-password?token=abc123', expiresInMinutes: 30 },
    subject: /^Reset your KAPAS password$/,
    facts: ['Hello,', 'https://shop.example.in/reset-password?token=abc123', '30 minutes'],
  },
  'verify-email': {
    data: { link: '/verify-email?token=xyz789' },
    subject: /^Confirm your email address$/,
    facts: [
      'https://shop.example.in/verify-email?token=xyz789',
      'You then choose your password.',
      'take the account over',
    ],
  },
  'order-placed': {
    data: {
      firstName: 'Asha',
      orderNumber: 'KP-2611-ABCD',
      lines: [
        { name: 'Linen Shirt', size: 'M', quantity: 2, lineTotal: 239_800 },
        { name: 'Navy Tee', size: 'XL', quantity: 1, lineTotal: 59_900 },
      ],
      totals: { subtotal: 299_700, discount: 29_970, shipping: 1000, gst: 48_600, total: 319_330 },
      couponCode: 'SAVE10',
      shippingAddress: address,
      paymentMethod: 'cod',
    },
    subject: /^Order KP-2611-ABCD placed$/,
    facts: [
      'KP-2611-ABCD',
      'Linen Shirt',
      'Size M · Qty 2',
      'Size XL · Qty 1',
      '₹2,398.00',
      '₹599.00',
      '₹2,997.00',
      '−₹299.70',
      'SAVE10',
      '₹10.00',
      '₹486.00',
      '₹3,193.30',
      '7 Park Street',
      'Kolkata, West Bengal 700016',
      'Cash on delivery',
      'https://shop.example.in/profile?view=orders',
    ],
  },
  'payment-received': {
    data: { firstName: 'Asha', orderNumber: 'KP-2611-ABCD', amount: 1_23_45_600 },
    subject: /^Payment received for order KP-2611-ABCD$/,
    facts: ['KP-2611-ABCD', '₹1,23,456.00', 'https://shop.example.in/profile?view=orders'],
  },
  'payment-reminder': {
    data: {
      firstName: 'Asha',
      orderNumber: 'KP-2611-ABCD',
      total: 319_330,
      payBy: '2026-11-28T11:05:00.000Z',
      link: '/profile?view=orders',
    },
    subject: /^Complete your payment for order KP-2611-ABCD$/,
    facts: ['KP-2611-ABCD', '₹3,193.30', '4:35 pm', 'https://shop.example.in/profile?view=orders'],
  },
  'order-cancelled': {
    data: { firstName: 'Asha', orderNumber: 'KP-2611-ABCD', refundAmount: 319_330 },
    subject: /^Order KP-2611-ABCD cancelled$/,
    facts: ['KP-2611-ABCD', 'refunding ₹3,193.30', 'https://shop.example.in/profile?view=orders'],
  },
  'cod-confirmation': {
    data: {
      firstName: 'Asha',
      orderNumber: 'KP-2611-ABCD',
      total: 319_330,
      confirmLink: '/cod-confirmation?token=confirm.abc.sig',
      cancelLink: '/cod-confirmation?token=cancel.abc.sig',
      confirmBy: '2026-11-29T11:05:00.000Z',
    },
    subject: /^Please confirm your order KP-2611-ABCD$/,
    facts: [
      '₹3,193.30',
      'https://shop.example.in/cod-confirmation?token=confirm.abc.sig',
      'https://shop.example.in/cod-confirmation?token=cancel.abc.sig',
      '29 Nov',
      '4:35 pm',
    ],
  },
  'order-shipped': {
    data: { firstName: 'Asha', orderNumber: 'KP-2611-ABCD' },
    subject: /^Order KP-2611-ABCD is on its way$/,
    // The delivery time the shop's policy gives (4-8 business days after dispatch), no other.
    facts: [
      'KP-2611-ABCD has shipped',
      'Delivery takes 4-8 business days after dispatch.',
      'https://shop.example.in/profile?view=orders',
    ],
  },
  'delivery-failed': {
    data: {
      firstName: 'Asha',
      orderNumber: 'KP-2611-ABCD',
      parcel: { courierName: 'Delhivery', awb: 'DL1234567', trackingUrl: 'https://track.example/DL1234567' },
      reason: 'Customer not reachable',
      attempt: 1,
      maxAttempts: 3,
      returning: false,
    },
    subject: /^We could not deliver order KP-2611-ABCD$/,
    facts: [
      'Delhivery tried to deliver order KP-2611-ABCD but could not: Customer not reachable.',
      'attempt 1 of 3',
      'phone number',
      'DL1234567',
      'https://track.example/DL1234567',
      'https://shop.example.in/profile?view=orders',
    ],
  },
  'order-delivered': {
    data: { firstName: 'Asha', orderNumber: 'KP-2611-ABCD' },
    subject: /^Order KP-2611-ABCD delivered$/,
    facts: ['KP-2611-ABCD has been delivered', 'https://shop.example.in/profile?view=orders'],
  },
  'refund-recorded': {
    data: { firstName: 'Asha', orderNumber: 'KP-2611-ABCD', amount: 59_900, reference: 'rfnd_9Xq' },
    subject: /^Refund for order KP-2611-ABCD$/,
    facts: ['₹599.00', 'rfnd_9Xq', 'https://shop.example.in/profile?view=orders'],
  },
  'return-update': {
    data: {
      firstName: 'Asha',
      orderNumber: 'KP-2611-ABCD',
      returnNumber: 'KP-2611-ABCD-R1',
      step: 'refunded',
      refund: { amount: 52_500, destination: 'asha@okicici', reference: 'UTR123456', creditNote: 'KPCN/26-27/000002' },
    },
    subject: /^Your return is refunded \(return KP-2611-ABCD-R1\)$/,
    facts: ['₹525.00', 'asha@okicici', 'UTR123456', 'KPCN/26-27/000002'],
  },
  'staff-new-order': {
    data: {
      orderNumber: 'KP-2611-ABCD',
      orderId: 'ord_123',
      customerName: 'Asha Rao',
      customerEmail: 'asha@example.com',
      itemCount: 3,
      total: 319_330,
      paymentMethod: 'razorpay',
    },
    subject: /^New order KP-2611-ABCD: ₹3,193\.30$/,
    facts: ['Asha Rao', 'asha@example.com', '3 items', '₹3,193.30', 'https://shop.example.in/admin/orders/ord_123'],
  },
  'complaint-received': {
    data: {
      name: 'Asha Rao',
      ticketNumber: 'GRV-AB23-CD45',
      link: '/complaints/GRV-AB23-CD45?key=k3y',
      acknowledgeBy: '2026-11-30T10:00:00.000Z',
      resolveBy: '2026-12-28T10:00:00.000Z',
    },
    subject: /^Complaint GRV-AB23-CD45 received$/,
    facts: [
      'Hello Asha Rao,',
      'GRV-AB23-CD45',
      '30 Nov 2026, 3:30 pm',
      '28 Dec 2026, 3:30 pm',
      'https://shop.example.in/complaints/GRV-AB23-CD45?key=k3y',
    ],
  },
  'complaint-updated': {
    data: {
      name: 'Asha Rao',
      ticketNumber: 'GRV-AB23-CD45',
      link: '/complaints/GRV-AB23-CD45?key=k3y',
      step: 'resolution',
      message: 'We have refunded the order.\nSorry for the trouble.',
    },
    subject: /^Your complaint is resolved \(GRV-AB23-CD45\)$/,
    facts: [
      'We have refunded the order.',
      'Sorry for the trouble.',
      'https://shop.example.in/complaints/GRV-AB23-CD45?key=k3y',
    ],
  },
  'staff-low-stock': {
    data: {
      variants: [
        { productId: 'p1', name: 'Oxford Shirt', variant: 'Navy / M', sku: 'KP-OXF-NAV-M', stock: 2, threshold: 5 },
        { productId: 'p2', name: 'Linen Cap', variant: 'S', sku: 'KP-LIN-S', stock: 0, threshold: 0 },
      ],
    },
    subject: /^Low stock: 2 variants$/,
    facts: [
      'Oxford Shirt Navy / M (SKU KP-OXF-NAV-M): 2 left, threshold 5.',
      'Linen Cap S (SKU KP-LIN-S): 0 left, threshold 0.',
      'https://shop.example.in/admin',
    ],
  },
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('every message', () => {
  it('has an example here', () => {
    expect(Object.keys(examples).sort()).toEqual([...messageTemplates].sort());
  });

  it.each(messageTemplates.map((template) => [template]))('%s: renders a subject, HTML and text', async (template) => {
    const example = examples[template];
    const message = await renderMessage(template, example.data, context);
    expect(message.subject).toMatch(example.subject);
    expect(message.html).toMatch(/^<!DOCTYPE html/);
    expect(message.html).toMatch(/<html[^>]* lang="en"/);

    // The text part carries the same facts as the HTML.
    for (const fact of example.facts) {
      expect(message.text, fact).toContain(fact);
      expect(message.html.replace(/&amp;/g, '&').replace(/<!-- -->/g, ''), fact).toContain(fact);
    }
    // Brand and contact in the frame of every message.
    expect(message.html).toContain('KAPAS');
    expect(message.text).toContain('care@kapas.in');
    expect(message.text).toMatch(/You receive this email because/);

    // Nothing is fetched when the message is opened: no images, scripts, frames, styles or fonts from elsewhere.
    expect(message.html).not.toMatch(/<img|<script|<iframe|<link|<object|<embed|@import|url\(/i);
    expect(message.html).not.toMatch(/\ssrc=/i);
    // Every link is the shop's own (or its support address, or the courier's tracking page).
    for (const href of hrefs(message.html)) {
      expect(href).toMatch(/^(https:\/\/shop\.example\.in(\/|$)|mailto:|https:\/\/track\.example\/)/);
    }
  });

  it('formats every amount as the storefront does', async () => {
    const amounts = [0, 1, 99, 100_00, 12_345_67, 1_00_00_000_00];
    const message = await renderMessage(
      'order-placed',
      {
        ...examples['order-placed'].data,
        lines: amounts.map((lineTotal, i) => ({ name: `Line ${i}`, size: 'M', quantity: 1, lineTotal })),
      },
      context,
    );
    for (const paise of amounts) expect(message.text).toContain(formatRupees(paise));
    expect(message.text).toContain('₹1,00,00,000.00');
  });

  it('leaves out the discount row when there is none, and says how an online order was paid', async () => {
    const data = examples['order-placed'].data;
    const message = await renderMessage(
      'order-placed',
      {
        ...data,
        couponCode: null,
        paymentMethod: 'razorpay',
        totals: { ...data.totals, discount: 0 },
      },
      context,
    );
    expect(message.text).not.toContain('Discount');
    expect(message.text).toContain('Online payment (Razorpay)');
    expect(message.text).not.toContain('ready on delivery');
  });

  it('says the GST is included when the order’s prices included it, and not otherwise', async () => {
    const data = examples['order-placed'].data;
    const gstRow = async (gstIncluded?: boolean) =>
      (await renderMessage('order-placed', { ...data, totals: { ...data.totals, gstIncluded } }, context)).text
        .split('\n')
        .find((line) => line.includes('GST'));
    expect(await gstRow(true)).toMatch(/^GST included\b/);
    for (const gstIncluded of [false, undefined]) expect(await gstRow(gstIncluded)).toMatch(/^GST\s+₹/);
  });

  it('says when a cancelled order had nothing to refund', async () => {
    const message = await renderMessage(
      'order-cancelled',
      { firstName: 'Asha', orderNumber: 'KP-1', refundAmount: null },
      context,
    );
    expect(message.text).toContain('nothing to refund');
  });

  it('order-shipped names the parcel and links to its tracking page when there is one', async () => {
    const parcel = { courierName: 'Blue Dart', awb: 'BD998877', trackingUrl: 'https://track.example/?n=BD998877' };
    const message = await renderMessage('order-shipped', { firstName: 'Asha', orderNumber: 'KP-1', parcel }, context);
    expect(message.text).toContain('Blue Dart, AWB number BD998877');
    expect(hrefs(message.html)).toContain('https://track.example/?n=BD998877');
    const untracked = await renderMessage(
      'order-shipped',
      { firstName: 'Asha', orderNumber: 'KP-1', parcel: { ...parcel, trackingUrl: null } },
      context,
    );
    expect(untracked.text).toContain('AWB number BD998877');
    expect(untracked.text).not.toContain('Track your parcel');
  });

  it('escapes what shoppers typed', async () => {
    const message = await renderMessage(
      'order-shipped',
      { firstName: '<script>alert(1)</script>', orderNumber: 'KP-1' },
      context,
    );
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;');
  });

  // Anyone may sign up (or ask for a reset) with any address: what they typed must not go out
  // under the shop's name to a mailbox that never asked for it.
  it.each(['verify-email', 'password-reset'] as const)(
    'writes %s without any text someone typed, even from a message queued with a name',
    async (template) => {
      const typed = 'Winner\nClaim your prize at https://evil.example';
      const data = { ...examples[template].data, firstName: typed };
      const message = await renderMessage(template, data, context);
      for (const part of [message.subject, message.html, message.text]) {
        expect(part).not.toContain('Winner');
        expect(part).not.toContain('evil.example');
      }
      expect(message.text).toMatch(/^Hello,$/m);
    },
  );

  it.each<[MessageTemplate, unknown, RegExp]>([
    ['password-reset', { link: 'https://evil.example/x', expiresInMinutes: 30 }, /link: must be a path/],
    ['password-reset', { link: '//evil.example/x', expiresInMinutes: 30 }, /link: must be a path/],
    ['order-shipped', { firstName: 'A' }, /orderNumber/],
    ['refund-recorded', { firstName: 'A', orderNumber: 'KP-1', amount: 1.5, reference: null }, /amount/],
    ['no-such-template' as MessageTemplate, {}, /No such message template/],
  ])('refuses data that does not fit %s', async (template, data, problem) => {
    await expect(renderMessage(template, data, context)).rejects.toThrow(problem);
  });
});
