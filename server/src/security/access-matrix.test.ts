import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_CSV_COLUMNS, productCsvHeader, serialiseCsv } from '@shop/core';
import { markEmailVerified, newShopper, signedInShopper } from '../test/accounts.ts';
import { declared, declaredCsvCells } from '../test/catalogue.ts';
import { testDialects, type TestShop } from '../test/databases.ts';
import { linkTokenFor } from '../test/messages.ts';
import {
  accountSnapshot,
  createCallers,
  createSecurityShop,
  createStockedProduct,
  createWholeShop,
  deliveredMessage,
  deliveredOrder,
  freshAddress,
  freshAwb,
  freshPin,
  GOOD_CODE,
  orderAddress,
  newCouponBody,
  pngUpload,
  profileAddress,
  returnOf,
  returnRequest,
  shippedOrder,
  shopperActions,
  signedShipmentEvent,
  signedWebhook,
  staffCoupon,
  staffRange,
  type Caller,
  type CallerName,
  type Callers,
} from './fixtures.ts';

/**
 * Who may call what: every route of the API × {anonymous, customer A, customer B, staff},
 * with the status each must get. Resources in paths belong to A and are made afresh for each
 * case. Any refused call, and every call of B's, must leave A's profile, cart and orders as
 * they were. The last test fails when the app has a route this table does not list.
 */

// Every route the app registers, recorded as Fastify announces it (an onRoute hook added to
// each instance the moment `Fastify()` makes it), for the completeness check at the end.
const registered = vi.hoisted(() => new Map<object, { method: string; url: string }[]>());
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const recording = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    const routes: { method: string; url: string }[] = [];
    registered.set(app, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    return app;
  }) as unknown as typeof actual.default;
  return { ...actual, default: Object.assign(recording, actual.default) };
});

/** Expected status for [anonymous, A, B, admin]. */
type Expected = readonly [number, number, number, number];
const callerNames: CallerName[] = ['anonymous', 'A', 'B', 'admin'];

const publicRead: Expected = [200, 200, 200, 200];
const signedIn: Expected = [401, 200, 200, 200];
const staffOnly: Expected = [401, 403, 403, 200];
/** A shopper's call on A's resource: A may, B and staff do not see it (404). */
const ownerOnly: Expected = [401, 200, 404, 404];

interface Fixtures {
  shop: TestShop;
  callers: Callers;
  /** A product of the suite's own (staff-created) with stock in S, M, L, XL. */
  productId: string;
  size: string;
  categoryId: string;
  /** A seeded product, and its drawn image. */
  seededProductId: string;
  seededImage: string;
}

interface Case {
  who: Caller;
  fx: Fixtures;
  /** What A can do (to make A's resources for the case). */
  a: ReturnType<typeof shopperActions>;
  /** What the caller can do to their own account (null for anonymous). */
  self: ReturnType<typeof shopperActions> | null;
}

interface Prepared {
  url: string;
  payload?: string | object;
  headers?: Record<string, string>;
  /** Checks of the answer beyond its status. */
  check?: (res: LightMyRequestResponse) => void | Promise<void>;
  /** Runs after the call (e.g. signing in again after a log-out). */
  after?: (res: LightMyRequestResponse) => Promise<void>;
}

interface Row {
  method: HTTPMethods;
  /** The route as registered, e.g. /api/cart/:itemId. */
  route: string;
  expect: Expected;
  prepare: (c: Case) => Prepared | Promise<Prepared>;
  /** Why B's call may change A's data (only where authority is not the bearer's). */
  bMayChangeA?: string;
}

const row = (
  method: HTTPMethods,
  route: string,
  expected: Expected,
  prepare: Row['prepare'] = () => ({ url: route }),
  extra: Pick<Row, 'bMayChangeA'> = {},
): Row => ({ method, route, expect: expected, prepare, ...extra });

const json = (res: LightMyRequestResponse) => res.json() as { data: never };

/** A new account of nobody in the table: its email. */
async function freshAccount(fx: Fixtures): Promise<string> {
  const body = newShopper();
  const res = await fx.shop.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: body,
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
  return body.email;
}

const dealPayload = {
  title: 'Monsoon Week',
  discountText: '20% OFF',
  link: '/products',
  startsAt: '2026-01-01T00:00:00+05:30',
  endsAt: '2099-01-01T00:00:00+05:30',
};
const testimonialPayload = { name: 'Neha Rao', text: 'Soft cotton, fair price.', rating: 4 };

/** A deal or a testimonial staff add for the case: its id. */
async function staffHomeEntry(fx: Fixtures, kind: 'deals' | 'testimonials'): Promise<string> {
  const res = await fx.callers.admin.call({
    method: 'POST',
    url: `/api/admin/${kind}`,
    payload: kind === 'deals' ? dealPayload : testimonialPayload,
  });
  if (res.statusCode !== 201) throw new Error(`adding to ${kind} failed: ${res.body}`);
  return (res.json() as { data: { _id: string } }).data._id;
}

let complaintCounter = 0;

/** A complaint filed by someone signed out: its ticket number, the link its email carries, and its id. */
async function filedComplaint(fx: Fixtures): Promise<{ ticketNumber: string; link: string; id: string }> {
  complaintCounter += 1;
  const res = await fx.shop.app.inject({
    method: 'POST',
    url: '/api/complaints',
    payload: {
      name: 'Chitra Nair',
      email: `complaint.${complaintCounter}@example.com`,
      topic: 'delivery',
      description: 'The parcel was marked delivered but never arrived.',
    },
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`complaint failed: ${res.body}`);
  const { ticket, link } = res.json().data as { ticket: { ticketNumber: string }; link: string };
  const { id } = await fx.shop.handle.db
    .selectFrom('complaints')
    .select('id')
    .where('ticket_number', '=', ticket.ticketNumber)
    .executeTakeFirstOrThrow();
  return { ticketNumber: ticket.ticketNumber, link, id };
}

let csvCounter = 0;

/** A staff CSV of one product of its own (a new handle each time): one variant. */
function productCsv(): string {
  csvCounter += 1;
  const cells: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>> = {
    handle: `matrix-csv-tee-${Date.now().toString(36)}-${csvCounter}`,
    name: 'Matrix Csv Tee',
    category: 'mens-t-shirts',
    colour: 'navy',
    size: 'M',
    price: '499.00',
    stock: '3',
    ...declaredCsvCells,
  };
  return serialiseCsv([[...PRODUCT_CSV_COLUMNS], PRODUCT_CSV_COLUMNS.map((c) => cells[c] ?? '')]);
}

/** The token of the "Confirm order" link emailed for a cash order. */
async function codLinkOf(fx: Fixtures, orderId: string): Promise<string> {
  const message = await fx.shop.handle.db
    .selectFrom('messages')
    .select('data')
    .where('order_id', '=', orderId)
    .where('template', '=', 'cod-confirmation')
    .executeTakeFirstOrThrow();
  const { confirmLink } = JSON.parse(message.data) as { confirmLink: string };
  return new URL(confirmLink, 'http://shop.test').searchParams.get('token')!;
}

const table: Row[] = [
  // Operations and documentation.
  row('GET', '/api/health/live', publicRead),
  row('GET', '/api/health/ready', publicRead),
  row('GET', '/api/docs', publicRead),
  row('GET', '/api/docs/', publicRead),
  row('GET', '/api/docs/json', publicRead),
  row('GET', '/api/docs/yaml', publicRead),
  row('GET', '/api/docs/static/index.html', [302, 302, 302, 302]),
  row('GET', '/api/docs/static/swagger-initializer.js', publicRead),
  row('GET', '/api/docs/static/*', publicRead, () => ({ url: '/api/docs/static/index.css' })),
  // CORS is off by default: a preflight from another origin gets no permission.
  row('OPTIONS', '*', [404, 404, 404, 404], () => ({
    url: '/api/cart/details',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    check: (res) => expect(res.headers['access-control-allow-origin']).toBeUndefined(),
  })),

  // Catalogue: public reads, staff writes.
  row('GET', '/api/product', publicRead, () => ({ url: '/api/product?page=1&limit=5&sort=-price' })),
  row('GET', '/api/product/search', publicRead, () => ({ url: '/api/product/search?q=shirt' })),
  row('GET', '/api/product/suggestions', publicRead, () => ({ url: '/api/product/suggestions?q=shi' })),
  row('GET', '/api/product/category/:categoryId', publicRead, ({ fx }) => ({
    url: `/api/product/category/${fx.categoryId}`,
  })),
  row('GET', '/api/product/:id', publicRead, ({ fx }) => ({ url: `/api/product/${fx.seededProductId}` })),
  row('GET', '/api/product/:id/sizes', publicRead, ({ fx }) => ({ url: `/api/product/${fx.productId}/sizes` })),
  // The product page's heartbeat: anyone with the page open, signed in or not (the visitor id is anonymous).
  row('POST', '/api/product/:id/viewers', publicRead, ({ fx }) => ({
    url: `/api/product/${fx.seededProductId}/viewers`,
    payload: { visitor: 'matrix-visitor-0123456789' },
  })),
  row('GET', '/api/categories', publicRead),
  row('GET', '/images/products/:file', publicRead, ({ fx }) => ({ url: fx.seededImage })),
  row('POST', '/api/product/create', [401, 403, 403, 201], ({ fx }) => ({
    url: '/api/product/create',
    payload: {
      name: 'Matrix Linen Shirt',
      ...declared,
      categoryId: fx.categoryId,
      price: 999,
      sizes: [{ size: 'M', stock: 3 }],
    },
  })),
  row('PATCH', '/api/product/update/:id', staffOnly, ({ fx }) => ({
    url: `/api/product/update/${fx.productId}`,
    payload: { description: `Updated ${Date.now()}` },
  })),
  row('GET', '/api/discount/code/:code', publicRead, () => ({ url: '/api/discount/code/save10' })),

  // Staff area: products.
  row('GET', '/api/admin/products', staffOnly, () => ({ url: '/api/admin/products?status=all&q=matrix' })),
  row('GET', '/api/admin/products/:id', staffOnly, ({ fx }) => ({ url: `/api/admin/products/${fx.productId}` })),
  row('PATCH', '/api/admin/products/:id/visibility', staffOnly, ({ fx }) => ({
    url: `/api/admin/products/${fx.productId}/visibility`,
    payload: { isActive: true },
  })),
  row('PATCH', '/api/admin/products/stock', staffOnly, ({ fx }) => ({
    url: '/api/admin/products/stock',
    payload: { changes: [{ productId: fx.productId, size: 'XL', stock: 40 }] },
  })),
  row('PUT', '/api/admin/products/:id/variants', staffOnly, ({ fx }) => ({
    url: `/api/admin/products/${fx.productId}/variants`,
    payload: { colors: [], sizes: ['S', 'M', 'L', 'XL'], cells: [{ color: '', size: 'XL', stock: 1_000_000 }] },
  })),
  row('PUT', '/api/admin/products/:id/photos', staffOnly, ({ fx }) => ({
    url: `/api/admin/products/${fx.productId}/photos`,
    payload: { photos: [] },
  })),
  row('GET', '/api/admin/low-stock', staffOnly, () => ({ url: '/api/admin/low-stock?threshold=3' })),
  row('POST', '/api/admin/uploads', [401, 403, 403, 201], () => ({ url: '/api/admin/uploads', payload: pngUpload() })),
  // Staff area: orders (A's) and coupons.
  row('GET', '/api/admin/orders', staffOnly, async ({ a }) => {
    const orderOfA = await a.placeOrder();
    return {
      url: `/api/admin/orders?q=${orderOfA.orderNumber}`,
      check: (res) => expect(json(res).data).toMatchObject({ orders: [{ _id: orderOfA._id }] }),
    };
  }),
  row('GET', '/api/admin/orders/:id', staffOnly, async ({ a }) => ({
    url: `/api/admin/orders/${(await a.placeOrder())._id}`,
  })),
  row('POST', '/api/admin/orders/:id/refund', staffOnly, async ({ a }) => ({
    url: `/api/admin/orders/${await a.paidOrder()}/refund`,
    payload: {},
  })),
  row('POST', '/api/admin/orders/:id/cod-confirmation', staffOnly, async ({ a }) => ({
    url: `/api/admin/orders/${(await a.placeOrder())._id}/cod-confirmation`,
  })),
  row('GET', '/api/admin/orders/:id/invoice', staffOnly, async ({ a }) => ({
    url: `/api/admin/orders/${(await a.placeOrder())._id}/invoice`,
    check: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
  })),
  row('GET', '/api/admin/orders/:id/credit-note', staffOnly, async ({ a }) => ({
    url: `/api/admin/orders/${await a.creditedOrder()}/credit-note`,
    check: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
  })),
  // Staff area: the seller's details and category taxes invoices print.
  row('GET', '/api/admin/tax-settings', staffOnly),
  row('PUT', '/api/admin/tax-settings/seller', staffOnly, () => ({
    url: '/api/admin/tax-settings/seller',
    payload: {
      legalName: 'Kapas Apparel Private Limited',
      addressLine1: 'Unit 4, Kamala Mills Compound, Senapati Bapat Marg',
      addressLine2: 'Lower Parel',
      city: 'Mumbai',
      pinCode: '400013',
      stateCode: '27',
      gstin: '27AAKCK4821L1Z6',
      invoicePrefix: 'KP',
      creditNotePrefix: 'KPCN',
    },
  })),
  row('PUT', '/api/admin/tax-settings/categories/:id', staffOnly, ({ fx }) => ({
    url: `/api/admin/tax-settings/categories/${fx.categoryId}`,
    payload: { hsn: '6205', gstRate: 18 },
  })),
  row('GET', '/api/admin/coupons', staffOnly),
  row('GET', '/api/admin/coupons/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/coupons/${await staffCoupon(fx.callers.admin)}`,
  })),
  row('POST', '/api/admin/coupons', [401, 403, 403, 201], () => ({
    url: '/api/admin/coupons',
    payload: newCouponBody(),
  })),
  row('PATCH', '/api/admin/coupons/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/coupons/${await staffCoupon(fx.callers.admin)}`,
    payload: { isActive: false },
  })),
  // Staff area: the shop's messages.
  row('GET', '/api/admin/messages', staffOnly, async ({ fx }) => {
    const id = await deliveredMessage(fx.shop);
    return {
      url: '/api/admin/messages?status=sent&limit=100',
      check: (res) =>
        expect((json(res).data as { messages: { _id: string }[] }).messages).toContainEqual(
          expect.objectContaining({ _id: id }),
        ),
    };
  }),
  row('GET', '/api/admin/messages/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/messages/${await deliveredMessage(fx.shop)}`,
  })),
  row('POST', '/api/admin/messages/:id/resend', [401, 403, 403, 201], async ({ fx }) => ({
    url: `/api/admin/messages/${await deliveredMessage(fx.shop)}/resend`,
  })),
  // A cash order's emailed links: the signed token is the permission, whoever holds it.
  row('GET', '/api/cod-confirmation', publicRead, async ({ a, fx }) => ({
    url: `/api/cod-confirmation?token=${encodeURIComponent(await codLinkOf(fx, (await a.placeOrder())._id))}`,
    check: (res) => expect(json(res).data).toMatchObject({ action: 'confirm', outcome: null }),
  })),
  row(
    'POST',
    '/api/cod-confirmation',
    publicRead,
    async ({ a, fx }) => ({
      url: '/api/cod-confirmation',
      payload: { token: await codLinkOf(fx, (await a.placeOrder())._id) },
      check: (res) => expect(json(res).data).toMatchObject({ outcome: 'CONFIRMED' }),
    }),
    { bMayChangeA: 'the emailed link is the authority: whoever holds it confirms the order, signed in or not' },
  ),
  // Where the shop delivers: public answers, staff settings and PIN ranges.
  row('GET', '/api/store', publicRead),
  row('GET', '/api/delivery/:pin', publicRead, () => ({
    url: '/api/delivery/744101',
    check: (res) => expect(json(res).data).toMatchObject({ serviceable: false }),
  })),
  row('GET', '/api/admin/settings', staffOnly),
  row('PUT', '/api/admin/settings', staffOnly, () => ({
    url: '/api/admin/settings',
    // The suite's own relaxed limits (see createTestShop): A places many COD orders.
    payload: { freeShippingThreshold: null, codMaxOrderValue: 10_000_000, codMaxOpenOrders: 100 },
  })),
  row('GET', '/api/admin/delivery', staffOnly),
  row('POST', '/api/admin/delivery', [401, 403, 403, 201], () => ({
    url: '/api/admin/delivery',
    payload: { from: freshPin(), cod: false },
  })),
  row('PATCH', '/api/admin/delivery/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/delivery/${await staffRange(fx.callers.admin)}`,
    payload: { cod: true },
  })),
  row('DELETE', '/api/admin/delivery/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/delivery/${await staffRange(fx.callers.admin)}`,
  })),
  // Staff area: products as CSV.
  row('GET', '/api/admin/products/export.csv', staffOnly, () => ({
    url: '/api/admin/products/export.csv',
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body.startsWith(productCsvHeader())).toBe(true);
    },
  })),
  row('POST', '/api/admin/products/import/preview', staffOnly, () => ({
    url: '/api/admin/products/import/preview',
    payload: { csv: productCsv() },
  })),
  row('POST', '/api/admin/products/import', staffOnly, () => ({
    url: '/api/admin/products/import',
    payload: { csv: productCsv() },
    check: (res) => expect(json(res).data).toMatchObject({ created: 1 }),
  })),
  // Staff area: complaints, and the seller page's contact details.
  row('GET', '/api/admin/complaints', staffOnly, async ({ fx }) => {
    await filedComplaint(fx);
    return { url: '/api/admin/complaints?status=open&limit=5' };
  }),
  row('GET', '/api/admin/complaints/:id', staffOnly, async ({ fx }) => {
    const { id, ticketNumber } = await filedComplaint(fx);
    return {
      url: `/api/admin/complaints/${id}`,
      check: (res) => expect(json(res).data).toMatchObject({ complaint: { _id: id, ticketNumber } }),
    };
  }),
  row('POST', '/api/admin/complaints/:id/:action', staffOnly, async ({ fx }) => ({
    url: `/api/admin/complaints/${(await filedComplaint(fx)).id}/acknowledge`,
    payload: { message: 'We have asked the courier and will write again within a day.' },
    check: (res) => expect(json(res).data).toMatchObject({ complaint: { status: 'acknowledged' } }),
  })),
  row('GET', '/api/admin/seller-contact', staffOnly),
  // Staff area: the home page's deals, testimonials and featured product.
  row('GET', '/api/admin/deals', staffOnly),
  row('POST', '/api/admin/deals', [401, 403, 403, 201], () => ({ url: '/api/admin/deals', payload: dealPayload })),
  row('PUT', '/api/admin/deals/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/deals/${await staffHomeEntry(fx, 'deals')}`,
    payload: { ...dealPayload, title: 'Monsoon Fortnight' },
  })),
  row('DELETE', '/api/admin/deals/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/deals/${await staffHomeEntry(fx, 'deals')}`,
  })),
  row('GET', '/api/admin/testimonials', staffOnly),
  row('POST', '/api/admin/testimonials', [401, 403, 403, 201], () => ({
    url: '/api/admin/testimonials',
    payload: testimonialPayload,
  })),
  row('PUT', '/api/admin/testimonials/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/testimonials/${await staffHomeEntry(fx, 'testimonials')}`,
    payload: { ...testimonialPayload, rating: 5 },
  })),
  row('DELETE', '/api/admin/testimonials/:id', staffOnly, async ({ fx }) => ({
    url: `/api/admin/testimonials/${await staffHomeEntry(fx, 'testimonials')}`,
  })),
  row('GET', '/api/admin/home-feature', staffOnly),
  // Saved back as staff read it: the banner stays as the rest of the suite sees it.
  row('PUT', '/api/admin/home-feature', staffOnly, async ({ fx }) => {
    const current = await fx.callers.admin.call({ url: '/api/admin/home-feature' });
    return {
      url: '/api/admin/home-feature',
      payload: { productId: (json(current).data as { productId: string | null }).productId },
    };
  }),
  // Saved back as staff read it: the seller page stays as the rest of the suite sees it.
  row('PUT', '/api/admin/seller-contact', staffOnly, async ({ fx }) => {
    const current = await fx.callers.admin.call({ url: '/api/admin/seller-contact' });
    return { url: '/api/admin/seller-contact', payload: json(current).data };
  }),
  row('GET', '/api/admin/delivery.csv', staffOnly, () => ({
    url: '/api/admin/delivery.csv',
    check: (res) => expect(res.body).toContain('from,to,cod'),
  })),
  row('PUT', '/api/admin/delivery.csv', staffOnly, () => ({
    url: '/api/admin/delivery.csv',
    payload: { csv: 'from,to,cod\n100000,743999,yes\n190000,194999,no\n745000,899999,yes\n' },
  })),
  // Shipments: staff ship and follow parcels; the shopper sees their own; couriers sign their events.
  row('POST', '/api/admin/orders/:id/shipment', staffOnly, async ({ a, fx }) => {
    const placed = await a.placeOrder();
    await fx.callers.admin.call({
      method: 'PATCH',
      url: `/api/order/${placed._id}/status`,
      payload: { status: 'confirmed' },
    });
    return { url: `/api/admin/orders/${placed._id}/shipment`, payload: { courier: 'delhivery', awb: freshAwb() } };
  }),
  row('GET', '/api/admin/orders/:id/shipment', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/orders/${(await shippedOrder(fx.callers.admin, await a.placeOrder())).orderId}/shipment`,
    check: (res) => expect(json(res).data).toMatchObject({ courier: 'dtdc' }),
  })),
  row('POST', '/api/admin/shipments/:id/events', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/shipments/${(await shippedOrder(fx.callers.admin, await a.placeOrder())).shipmentId}/events`,
    payload: { kind: 'in_transit' },
  })),
  row('POST', '/api/admin/shipments/import', staffOnly, () => ({
    url: '/api/admin/shipments/import',
    payload: { csv: 'awb,status,time\n' },
  })),
  row('GET', '/api/admin/delivery-problems', staffOnly),
  row('GET', '/api/admin/couriers', staffOnly),
  row('PUT', '/api/admin/couriers/:courier', staffOnly, () => ({
    url: '/api/admin/couriers/other',
    payload: { trackingUrlTemplate: '' },
  })),
  row('GET', '/api/admin/shipment-settings', staffOnly),
  row('PUT', '/api/admin/shipment-settings', staffOnly, () => ({
    url: '/api/admin/shipment-settings',
    payload: { maxDeliveryAttempts: 3, rtoCodThresholdPercent: null, rtoCodMinOrders: 10 },
  })),
  row('GET', '/api/admin/returns-by-pin', staffOnly),
  row('GET', '/api/admin/rto-by-pin', staffOnly),
  row('GET', '/api/order/shipments', signedIn),
  // Returns: A's delivered cash orders and their returns.
  row('GET', '/api/order/returns', signedIn),
  row('GET', '/api/order/:id/return-options', ownerOnly, async ({ a, fx }) => ({
    url: `/api/order/${await deliveredOrder(fx.callers.admin, await a.placeOrder())}/return-options`,
  })),
  row('POST', '/api/order/:id/returns', [401, 201, 404, 404], async ({ a, fx }) => ({
    url: `/api/order/${await deliveredOrder(fx.callers.admin, await a.placeOrder())}/returns`,
    payload: returnRequest,
  })),
  // Only a shopper with an order in its return window (A's, delivered here) uploads return photos.
  row('POST', '/api/order/return-photos', [401, 201, 409, 409], async ({ a, fx }) => {
    await deliveredOrder(fx.callers.admin, await a.placeOrder());
    return { url: '/api/order/return-photos', payload: pngUpload() };
  }),
  row('GET', '/api/order/returns/:id/credit-note', ownerOnly, async ({ a, fx }) => ({
    url: `/api/order/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder(), 'refunded')}/credit-note`,
  })),
  row('GET', '/api/admin/returns', staffOnly),
  row('GET', '/api/admin/returns/:id', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder())}`,
  })),
  row('POST', '/api/admin/returns/:id/decision', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder())}/decision`,
    payload: { decision: 'approve' },
  })),
  row('POST', '/api/admin/returns/:id/pickup', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder(), 'approved')}/pickup`,
    payload: { courier: 'delhivery', awb: freshAwb() },
  })),
  row('POST', '/api/admin/returns/:id/received', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder(), 'approved')}/received`,
  })),
  row('POST', '/api/admin/returns/:id/inspection', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder(), 'received')}/inspection`,
    payload: { lines: [{ position: 0, outcome: 'write_off' }] },
  })),
  row('POST', '/api/admin/returns/:id/refund', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder(), 'inspected')}/refund`,
    payload: { reference: 'UTR0002' },
  })),
  // A return asking for money, not another size: staff are let in and refused the step.
  row('POST', '/api/admin/returns/:id/exchange', [401, 403, 403, 409], async ({ a, fx }) => ({
    url: `/api/admin/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder(), 'inspected')}/exchange`,
  })),
  row('GET', '/api/admin/returns/:id/credit-note', staffOnly, async ({ a, fx }) => ({
    url: `/api/admin/returns/${await returnOf(fx.callers.A, fx.callers.admin, await a.placeOrder(), 'refunded')}/credit-note`,
    check: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
  })),
  row('GET', '/api/admin/return-stats', staffOnly),
  row('POST', '/api/order/:id/shipment/reattempt', ownerOnly, async ({ a, fx }) => {
    const { shipmentId, orderId } = await shippedOrder(fx.callers.admin, await a.placeOrder());
    await fx.callers.admin.call({
      method: 'POST',
      url: `/api/admin/shipments/${shipmentId}/events`,
      payload: { kind: 'delivery_failed', reason: 'Nobody home' },
    });
    return { url: `/api/order/${orderId}/shipment/reattempt`, payload: { phone: '9123456780' } };
  }),
  row(
    'POST',
    '/api/shipments/events',
    publicRead,
    async ({ a, fx }) => {
      const { awb } = await shippedOrder(fx.callers.admin, await a.placeOrder());
      const event = { eventId: `sec-${awb}`, awb, kind: 'in_transit', occurredAt: new Date().toISOString() };
      return {
        url: '/api/shipments/events',
        ...signedShipmentEvent(event),
        check: (res) => expect(json(res).data).toEqual({ outcome: 'applied', status: 'in_transit' }),
      };
    },
    { bMayChangeA: 'a courier event is authorised by its signature, not by who delivers it' },
  ),

  // The development mailbox: a demo feature with no account (this suite's shop answers every address, as with DEMO_FEATURES=on).
  row('GET', '/dev/mailbox', publicRead),
  row('GET', '/dev/mailbox/', publicRead),
  row('GET', '/dev/mailbox/:id', publicRead, async ({ fx }) => ({
    url: `/dev/mailbox/${await deliveredMessage(fx.shop)}`,
  })),
  row('GET', '/uploads/:file', publicRead, async ({ fx }) => {
    const upload = await fx.callers.admin.call({ method: 'POST', url: '/api/admin/uploads', payload: pngUpload() });
    return { url: (json(upload).data as { url: string }).url };
  }),

  // Accounts.
  row('POST', '/api/auth/signup', [201, 201, 201, 201], () => ({ url: '/api/auth/signup', payload: newShopper() })),
  row('POST', '/api/auth/login', publicRead, ({ fx }) => ({
    url: '/api/auth/login',
    payload: { email: fx.callers.A.email, password: fx.callers.A.password },
    check: (res) => expect(json(res).data).toMatchObject({ user: { email: fx.callers.A.email } }),
  })),
  row('GET', '/api/auth/profile', signedIn, ({ who }) => ({
    url: '/api/auth/profile',
    check: (res) => expect(json(res).data).toMatchObject({ email: who.email, _id: who.user!._id }),
  })),
  row('PATCH', '/api/auth/profile', signedIn, ({ who }) => ({
    url: '/api/auth/profile',
    payload: { phone: '9123456780', shippingAddress: profileAddress },
    check: (res) => expect(json(res).data).toMatchObject({ email: who.email, phone: '9123456780' }),
  })),
  row('POST', '/api/auth/logout', signedIn, ({ who }) => ({
    url: '/api/auth/logout',
    after: async (res) => {
      if (res.statusCode !== 200) return;
      expect((await who.call({ url: '/api/auth/profile' })).statusCode).toBe(401);
      await who.relogin();
    },
  })),
  // Account recovery and verification: the link's token is the authority, not the bearer.
  row('POST', '/api/auth/forgot-password', [202, 202, 202, 202], () => ({
    url: '/api/auth/forgot-password',
    payload: { email: newShopper().email },
    headers: {},
  })),
  row('POST', '/api/auth/reset-password', publicRead, async ({ fx }) => {
    const email = await freshAccount(fx);
    await fx.shop.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: freshAddress(),
    });
    const token = await linkTokenFor(fx.shop.handle.db, email, 'password-reset');
    return {
      url: '/api/auth/reset-password',
      payload: { token, password: 'Fresh-Cotton-Passphrase-8' },
      check: (res) => expect(json(res).data).toMatchObject({ user: { email, emailVerified: true } }),
    };
  }),
  row('POST', '/api/auth/verify-email', publicRead, async ({ fx }) => {
    const token = await linkTokenFor(fx.shop.handle.db, await freshAccount(fx), 'verify-email');
    return { url: '/api/auth/verify-email', payload: { token } };
  }),
  // Asked for by an account whose email is not verified yet (the callers' are, as they order).
  row('POST', '/api/auth/verification-email', [401, 202, 202, 202], async ({ fx, who }) => {
    const url = '/api/auth/verification-email';
    if (!who.user) return { url };
    const id = who.user._id;
    await fx.shop.handle.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', id).execute();
    return { url, after: () => markEmailVerified(fx.shop.handle.db, id) };
  }),
  row('GET', '/api/auth/providers', publicRead),
  row('GET', '/api/payments/options', publicRead),
  row('GET', '/api/auth/google/start', [302, 302, 302, 302]),
  row('POST', '/api/auth/google', publicRead, async ({ fx }) => {
    const start = await fx.shop.app.inject('/api/auth/google/start');
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    return { url: '/api/auth/google', payload: { code: GOOD_CODE, state }, headers: { cookie } };
  }),

  // The home page: the same for everyone.
  row('GET', '/api/home', publicRead, () => ({
    url: '/api/home',
    check: (res) => expect(json(res).data).toMatchObject({ newArrivals: { tab: 't-shirts' } }),
  })),
  row('GET', '/api/home/new-arrivals', publicRead, () => ({ url: '/api/home/new-arrivals?tab=shirts&page=2' })),

  // The seller page and complaints: public; a complaint's link (its key) is the authority.
  row('GET', '/api/seller', publicRead, () => ({
    url: '/api/seller',
    check: (res) => expect(json(res).data).toMatchObject({ legalName: 'Kapas Apparel Private Limited' }),
  })),
  row('POST', '/api/complaints', [201, 201, 201, 201], () => ({
    url: '/api/complaints',
    payload: {
      name: 'Chitra Nair',
      email: newShopper().email,
      topic: 'order',
      description: 'The kurta I received is not the colour I ordered.',
    },
  })),
  row('GET', '/api/complaints/:ticket', publicRead, async ({ fx }) => {
    const { link, ticketNumber } = await filedComplaint(fx);
    return { url: `/api${link}`, check: (res) => expect(json(res).data).toMatchObject({ ticketNumber }) };
  }),

  // The shopper's rights over their data: the caller's own.
  row('GET', '/api/account/data', signedIn, ({ who }) => ({
    url: '/api/account/data',
    check: (res) => expect(json(res).data).toMatchObject({ account: { _id: who.user!._id, email: who.email } }),
  })),
  // A shopper erases an account made for the case (A and B have open orders, and the rest of
  // the table needs them): only that account goes. Staff accounts are not erased (409).
  row('DELETE', '/api/account', [401, 200, 200, 409], async ({ fx, who }) => {
    if (who.name !== 'A' && who.name !== 'B') return { url: '/api/account' };
    const own = await signedInShopper(fx.shop.app);
    const profileOf = (auth: Record<string, string>) =>
      fx.shop.app.inject({ url: '/api/auth/profile', headers: auth, remoteAddress: freshAddress() });
    return {
      url: '/api/account',
      headers: own.auth,
      check: (res) => expect(json(res).data).toEqual({ keptDocuments: [] }),
      after: async () => {
        expect((await profileOf(own.auth)).statusCode).toBe(401);
        expect((await who.call({ url: '/api/auth/profile' })).statusCode).toBe(200);
        const other = who.name === 'A' ? fx.callers.B : fx.callers.A;
        expect((await other.call({ url: '/api/auth/profile' })).statusCode).toBe(200);
      },
    };
  }),

  // Cart: each shopper's own. Item ids are A's.
  row('GET', '/api/cart/details', signedIn, async ({ a, who }) => {
    const itemOfA = await a.freshCartItem();
    return {
      url: '/api/cart/details',
      check: (res) => {
        const ids = (json(res).data as { items: { _id: string }[] }).items.map((i) => i._id);
        if (who.name === 'A') expect(ids).toContain(itemOfA);
        else expect(ids).not.toContain(itemOfA);
      },
    };
  }),
  row('POST', '/api/cart', signedIn, ({ fx }) => ({
    url: '/api/cart',
    payload: { product: fx.productId, size: 'L', quantity: 1 },
  })),
  row('DELETE', '/api/cart/clear', signedIn),
  row('POST', '/api/cart/apply-discount', signedIn, async ({ self }) => {
    await self?.freshCartItem();
    return { url: '/api/cart/apply-discount', payload: { code: 'save10' } };
  }),
  row('DELETE', '/api/cart/coupon', signedIn, async ({ self, who }) => {
    if (self) {
      await self.freshCartItem();
      await who.call({ method: 'POST', url: '/api/cart/apply-discount', payload: { code: 'SAVE10' } });
    }
    return { url: '/api/cart/coupon', check: (res) => expect(json(res).data).toMatchObject({ coupon: null }) };
  }),
  row('PUT', '/api/cart/:itemId', ownerOnly, async ({ a }) => ({
    url: `/api/cart/${await a.freshCartItem()}`,
    payload: { quantity: 2 },
  })),
  row('DELETE', '/api/cart/:itemId', ownerOnly, async ({ a }) => ({ url: `/api/cart/${await a.freshCartItem()}` })),

  // Orders. Order ids are A's.
  row('POST', '/api/order', [401, 201, 201, 201], async ({ self }) => {
    await self?.freshCartItem();
    return { url: '/api/order', payload: { shippingAddress: orderAddress, paymentMethod: 'cod' } };
  }),
  row('GET', '/api/order/orders', signedIn, async ({ a, who }) => {
    const orderOfA = (await a.placeOrder())._id;
    return {
      url: '/api/order/orders',
      check: (res) => {
        const ids = (json(res).data as { orders: { _id: string }[] }).orders.map((o) => o._id);
        if (who.name === 'A') expect(ids).toContain(orderOfA);
        else expect(ids).not.toContain(orderOfA);
      },
    };
  }),
  row('POST', '/api/order/:id/cancel', ownerOnly, async ({ a }) => ({
    url: `/api/order/${(await a.placeOrder())._id}/cancel`,
  })),
  row('GET', '/api/order/:id/invoice', ownerOnly, async ({ a }) => ({
    url: `/api/order/${(await a.placeOrder())._id}/invoice`,
  })),
  row('GET', '/api/order/:id/credit-note', ownerOnly, async ({ a }) => ({
    url: `/api/order/${await a.creditedOrder()}/credit-note`,
  })),
  row('PATCH', '/api/order/:id/status', staffOnly, async ({ a }) => ({
    url: `/api/order/${(await a.placeOrder())._id}/status`,
    payload: { status: 'confirmed' },
  })),
  row('GET', '/api/order/stats', staffOnly),

  // Payments. Orders are A's online orders.
  row('POST', '/api/payments/initiate', ownerOnly, async ({ a }) => ({
    url: '/api/payments/initiate',
    payload: { orderId: (await a.placeOrder('razorpay'))._id },
  })),
  row('POST', '/api/payments/sandbox/pay', ownerOnly, async ({ a }) => ({
    url: '/api/payments/sandbox/pay',
    payload: { razorpay_order_id: await a.initiate((await a.placeOrder('razorpay'))._id) },
  })),
  row('POST', '/api/payments/success', [401, 200, 400, 400], async ({ a }) => {
    const providerOrderId = await a.initiate((await a.placeOrder('razorpay'))._id);
    return { url: '/api/payments/success', payload: await a.sandboxPay(providerOrderId) };
  }),
  row(
    'POST',
    '/api/payments/webhook',
    publicRead,
    async ({ a }) => {
      const providerOrderId = await a.initiate((await a.placeOrder('razorpay'))._id);
      const event = {
        entity: 'event',
        event: 'payment.captured',
        payload: { payment: { entity: { id: `pay_${Date.now()}`, order_id: providerOrderId, amount: 59000 } } },
      };
      return {
        url: '/api/payments/webhook',
        ...signedWebhook(event),
        check: (res) => expect(res.json()).toMatchObject({ success: true, message: 'handled' }),
      };
    },
    { bMayChangeA: 'a webhook is authorised by its signature, not by who delivers it' },
  ),
];

/** Extra rows: the same routes where the answer must not depend on who asks. */
const variants: Row[] = [
  row('POST', '/api/auth/google', [400, 400, 400, 400], () => ({
    url: '/api/auth/google',
    payload: { code: GOOD_CODE, state: 'not-from-this-browser' },
  })),
  row('GET', '/api/discount/code/:code', [404, 404, 404, 404], () => ({ url: '/api/discount/code/NO-SUCH' })),
  row('GET', '/api/product/:id', [404, 404, 404, 404], () => ({ url: '/api/product/no-such-product' })),
];

/** Every GET also answers HEAD, with the same guard. */
const headRows: Row[] = table
  .filter((r) => r.method === 'GET')
  .map((r) => ({
    ...r,
    method: 'HEAD' as const,
    prepare: async (c: Case) => {
      const { check: _check, ...prepared } = await r.prepare(c);
      return prepared;
    },
  }));

const allRows = [...table, ...variants, ...headRows];

const cases = allRows.flatMap((r) =>
  callerNames.map((name, i) => ({
    row: r,
    caller: name,
    status: r.expect[i]!,
    title: `${r.method} ${r.route} as ${name} → ${r.expect[i]}`,
  })),
);

function expectEnvelope(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toEqual({
    success: false,
    code: expect.any(String),
    message: expect.any(String),
    ...(body.issues && { issues: expect.any(Array) }),
  });
  if (res.statusCode === 401) expect(body.code).toBe('UNAUTHORIZED');
  if (res.statusCode === 403) expect(body.code).toBe('FORBIDDEN');
}

describe.each(testDialects)('access matrix on %s', (dialect) => {
  let fx: Fixtures;

  beforeAll(async () => {
    const shop = await createSecurityShop(dialect);
    const callers = await createCallers(shop);
    const own = await createStockedProduct(shop, callers.admin, 'Matrix Cotton Kurta');
    const seeded = (await shop.app.inject('/api/product?limit=1')).json().data.products[0];
    fx = { shop, callers, ...own, seededProductId: seeded._id, seededImage: seeded.image };
  });
  afterAll(async () => {
    await fx?.shop.close();
  });

  it(`lists ${cases.length} cases over ${new Set(allRows.map((r) => `${r.method} ${r.route}`)).size} routes`, () => {
    expect(cases.length).toBe(allRows.length * 4);
  });

  for (const c of cases) {
    it(c.title, async () => {
      const who = fx.callers[c.caller];
      const context: Case = {
        who,
        fx,
        a: shopperActions(fx.callers.A, fx),
        self: c.caller === 'anonymous' ? null : shopperActions(who, fx),
      };
      const prepared = await c.row.prepare(context);
      const watchA = c.status >= 400 || (c.caller === 'B' && !c.row.bMayChangeA);
      const before = watchA ? await accountSnapshot(fx.callers.A) : null;

      const res = await who.call({
        method: c.row.method,
        url: prepared.url,
        headers: prepared.headers ?? {},
        remoteAddress: freshAddress(),
        ...(prepared.payload !== undefined && { payload: prepared.payload }),
      });

      expect(res.statusCode, `${c.title}: ${res.body.slice(0, 300)}`).toBe(c.status);
      if (res.statusCode >= 400 && c.row.method !== 'HEAD') expectEnvelope(res);
      if (res.statusCode < 300) await prepared.check?.(res);
      await prepared.after?.(res);
      if (before) expect(await accountSnapshot(fx.callers.A)).toEqual(before);
    });
  }
});

describe('the access matrix covers the whole app', () => {
  let shop: TestShop;
  let appRoutes: { method: string; url: string }[];
  let webDist: string;

  /** Mounted only in some set-ups and not part of the API: the SPA's files and the development sign-in provider. */
  const outsideTheApi = [
    { url: '/*', why: 'the built SPA (web/dist), served when WEB_DIST is set' },
    { url: '/', why: "the SPA's shell (index.html, kept in memory), served when WEB_DIST is set" },
    { url: '/index.html', why: "the SPA's shell (index.html, kept in memory), served when WEB_DIST is set" },
    ...[
      '/robots.txt',
      '/sitemap.xml',
      '/sitemaps/pages.xml',
      '/sitemaps/products-:page.xml',
      '/og/site.jpg',
      '/og/product/:file',
    ].map((url) => ({
      url,
      why: 'what search engines and link previews read (public, tested in modules/pages), served when WEB_DIST is set',
    })),
    { url: '/dev-oidc', why: 'the local development OpenID provider, never mounted in production' },
    { url: '/dev-oidc/*', why: 'the local development OpenID provider, never mounted in production' },
  ];

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shop</title>');
    // Every optional part on: the sandbox, Google sign-in, the development provider, the API
    // description, the development mailbox and the SPA.
    shop = await createWholeShop(webDist);
    appRoutes = registered.get(shop.app as FastifyInstance) ?? [];
  });
  afterAll(async () => {
    await shop?.close();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('has a row for every route the app registers', () => {
    expect(appRoutes.length).toBeGreaterThan(40);
    const listed = new Set(allRows.map((r) => `${r.method} ${r.route}`));
    const missing = appRoutes
      .filter((r) => !outsideTheApi.some((o) => o.url === r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !listed.has(key));
    expect(missing, 'routes without a row in the access matrix: add them to the table').toEqual([]);
  });

  it('lists no route the app does not have', () => {
    const recorded = new Set(appRoutes.map((r) => `${r.method} ${r.url}`));
    const absent = allRows.filter(
      (r) => !recorded.has(`${r.method} ${r.route}`) && !shop.app.hasRoute({ method: r.method, url: r.route }),
    );
    expect(absent.map((r) => `${r.method} ${r.route}`)).toEqual([]);
  });
});
