import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Cart, Order, User } from '@shop/core';
import type { Dialect } from '../db/connect.ts';
import { createDevelopmentProvider } from '../modules/identity/development-provider.ts';
import { googleSignInFailed, type IdentityProvider } from '../modules/identity/oidc-identity-provider.ts';
import { createOutboxWorker } from '../modules/messages/outbox-worker.ts';
import { createMailboxTransport } from '../modules/messages/transports.ts';
import { createSandboxGateway, hmacHex } from '../modules/payments/payment-gateway.ts';
import { shipmentSignature } from '../modules/shipments/shipments.routes.ts';
import { markEmailVerified, signedInAdmin, verifiedShopper } from '../test/accounts.ts';
import { orderAddress } from '../test/addresses.ts';
import { declared } from '../test/catalogue.ts';
import { createTestShop, type TestShop } from '../test/databases.ts';
import { queueMessage } from '../test/messages.ts';

/** Shared by the access matrix and the fuzz suite: a shop with every optional route mounted. */

export { orderAddress };

export const KEY_SECRET = 'security-suite-key-secret';
export const WEBHOOK_SECRET = 'security-suite-webhook-secret';
export const SHIPMENT_WEBHOOK_SECRET = 'security-suite-shipment-secret';
export const COOKIE_SECRET = 'security-suite-cookie-secret-0123456789';
/** The only authorization code the stub identity provider accepts. */
export const GOOD_CODE = 'stub-good-code';

/** An address as the profile takes it. */
export const profileAddress = {
  name: 'Home',
  addressLine1: '7 Park Street',
  addressLine2: 'Flat 3',
  city: 'Kolkata',
  state: 'West Bengal',
  pinCode: '700016',
  isDefault: true,
};

/**
 * "Sign in with Google" without Google: start() makes real checks and a provider URL carrying
 * the state; finish() accepts GOOD_CODE with the matching state and answers a new, verified
 * identity each time.
 */
export function stubIdentityProvider(): IdentityProvider {
  return {
    async start() {
      const checks = {
        state: randomBytes(16).toString('base64url'),
        nonce: randomBytes(16).toString('base64url'),
        codeVerifier: randomBytes(32).toString('base64url'),
        redirectUri: 'http://shop.test/auth/google/callback',
      };
      const authorizationUrl = new URL('https://accounts.example.test/o/oauth2/v2/auth');
      authorizationUrl.searchParams.set('state', checks.state);
      return { checks, authorizationUrl };
    },
    async finish(returned, checks) {
      if (returned.code !== GOOD_CODE || returned.state !== checks.state) throw googleSignInFailed();
      const subject = randomBytes(8).toString('hex');
      return {
        provider: 'google',
        subject,
        email: `g.${subject}@example.com`,
        emailVerified: true,
        firstName: 'Gita',
        lastName: 'Rao',
      };
    },
  };
}

/** The shop as the security suites test it: sandbox payments with known secrets, Google sign-in on. */
export function createSecurityShop(dialect: Dialect): Promise<TestShop> {
  return createTestShop(dialect, {
    payments: createSandboxGateway(KEY_SECRET, WEBHOOK_SECRET),
    // Callers come from many addresses (per-address limits): the sandbox answers them all, as
    // with DEMO_FEATURES=on. That the demo features answer only this machine is demo-mode.test.ts.
    demoRequestsFrom: 'anywhere',
    // Every route the shop can have, the API description's too.
    apiDocs: true,
    uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-security-uploads-')),
    identity: { provider: stubIdentityProvider() },
    cookieSecret: COOKIE_SECRET,
    mailbox: true,
    shipmentWebhookSecret: SHIPMENT_WEBHOOK_SECRET,
  });
}

/**
 * The shop with every optional part on: Google sign-in and the development provider, the API
 * description, the development mailbox, and the SPA built into `webDist`.
 */
export function createWholeShop(webDist: string): Promise<TestShop> {
  return createTestShop('sqlite', {
    mailbox: true,
    cookieSecret: COOKIE_SECRET,
    apiDocs: true,
    webDist,
    identity: {
      provider: stubIdentityProvider(),
      development: {
        prefix: '/dev-oidc',
        provider: createDevelopmentProvider({
          issuer: 'http://127.0.0.1:1/dev-oidc',
          clientSecret: 'whole-shop-client-secret',
          redirectUri: 'http://127.0.0.1:1/auth/google/callback',
          cookieKey: 'whole-shop-cookie-key',
        }),
      },
    },
  });
}

let messageCounter = 0;

/** A message of the shop's, delivered to the development mailbox: its id. */
export async function deliveredMessage(shop: TestShop): Promise<string> {
  messageCounter += 1;
  const id = await queueMessage(shop.handle.db, {
    template: 'order-shipped',
    to: `security.${messageCounter}@example.com`,
    data: { firstName: 'Asha', orderNumber: `KP-SEC-${messageCounter}` },
  });
  const worker = createOutboxWorker({
    db: shop.handle.db,
    dialect: shop.handle.dialect,
    transport: createMailboxTransport(),
    publicUrl: 'http://localhost:3000',
  });
  await worker.drain();
  return id;
}

let addressCounter = 0;
/** A client address of its own, so per-address sign-in limits never couple requests. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

export type CallerName = 'anonymous' | 'A' | 'B' | 'admin';

/** Someone calling the API: their bearer header (none for anonymous), renewed after a log-out. */
export interface Caller {
  name: CallerName;
  user: User | null;
  email: string | null;
  password: string | null;
  auth(): Record<string, string>;
  /** Signs in again (after a log-out revoked every token). */
  relogin(): Promise<void>;
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
}

function caller(
  app: FastifyInstance,
  name: CallerName,
  account: { token: string; user: User; email: string; password: string } | null,
): Caller {
  let token = account?.token ?? null;
  const auth = () => (token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>));
  return {
    name,
    user: account?.user ?? null,
    email: account?.email ?? null,
    password: account?.password ?? null,
    auth,
    async relogin() {
      if (!account) return;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
        remoteAddress: freshAddress(),
      });
      if (res.statusCode !== 200) throw new Error(`re-login of ${name} failed: ${res.body}`);
      token = res.json().data.accessToken;
    },
    call: (options) =>
      app.inject({ ...options, headers: { ...auth(), ...(options.headers as Record<string, string> | undefined) } }),
  };
}

export interface Callers {
  anonymous: Caller;
  A: Caller;
  B: Caller;
  admin: Caller;
}

export async function createCallers(shop: TestShop): Promise<Callers> {
  // Every caller places orders, so their emails are verified.
  const [a, b, admin] = [
    await verifiedShopper(shop.app, { firstName: 'Asha' }),
    await verifiedShopper(shop.app, { firstName: 'Bala' }),
    await signedInAdmin(shop),
  ];
  await markEmailVerified(shop.handle.db, admin.user._id);
  return {
    anonymous: caller(shop.app, 'anonymous', null),
    A: caller(shop.app, 'A', a),
    B: caller(shop.app, 'B', b),
    admin: caller(shop.app, 'admin', admin),
  };
}

async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200) {
  const answer = await res;
  if (answer.statusCode !== status) {
    throw new Error(`fixture call answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  }
  return answer.json();
}

/** A product of the suite's own with plenty of stock in a few sizes, created by staff. */
export async function createStockedProduct(shop: TestShop, admin: Caller, name: string, price = 500) {
  const categories: { _id: string; parentId: string | null }[] = (await ok(shop.app.inject('/api/categories'))).data;
  const category = categories.find((c) => c.parentId !== null) ?? categories[0]!;
  const body = {
    name,
    categoryId: category._id,
    price,
    description: 'A product the security suite owns.',
    ...declared,
    sizes: ['S', 'M', 'L', 'XL'].map((size) => ({ size, stock: 1_000_000 })),
  };
  const product = (await ok(admin.call({ method: 'POST', url: '/api/product/create', payload: body }), 201)).data as {
    _id: string;
  };
  return { productId: product._id, size: 'M', categoryId: category._id };
}

/** What the security suites do to a shopper's account through the API. */
export function shopperActions(who: Caller, product: { productId: string; size: string }) {
  const addToCart = async (quantity = 1, size = product.size): Promise<Cart> =>
    (await ok(who.call({ method: 'POST', url: '/api/cart', payload: { product: product.productId, size, quantity } })))
      .data;
  const clearCart = async () => ok(who.call({ method: 'DELETE', url: '/api/cart/clear' }));
  return {
    addToCart,
    clearCart,
    /** A cart holding exactly one fresh line: its id. */
    async freshCartItem(): Promise<string> {
      await clearCart();
      const cart = await addToCart(1);
      return cart.items[0]!._id;
    },
    /** A new order of one item (the cart emptied first so it holds just that). */
    async placeOrder(paymentMethod: 'cod' | 'razorpay' = 'cod'): Promise<Order> {
      await clearCart();
      await addToCart(1);
      return (
        await ok(
          who.call({ method: 'POST', url: '/api/order', payload: { shippingAddress: orderAddress, paymentMethod } }),
          201,
        )
      ).data;
    },
    /** A cash order placed (so invoiced) and cancelled (so given a credit note): its id. */
    async creditedOrder(): Promise<string> {
      const placed = await this.placeOrder();
      await ok(who.call({ method: 'POST', url: `/api/order/${placed._id}/cancel` }));
      return placed._id;
    },
    /** Starts paying an online order: the provider's order id. */
    async initiate(orderId: string): Promise<string> {
      return (await ok(who.call({ method: 'POST', url: '/api/payments/initiate', payload: { orderId } }))).data.order
        .id;
    },
    /** What Razorpay Checkout would hand back for a successful payment (the sandbox signs it). */
    async sandboxPay(providerOrderId: string) {
      return (
        await ok(
          who.call({
            method: 'POST',
            url: '/api/payments/sandbox/pay',
            payload: { razorpay_order_id: providerOrderId },
          }),
        )
      ).data as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
    },
    /** A new online order, paid: its id. */
    async paidOrder(): Promise<string> {
      const order = await this.placeOrder('razorpay');
      const signed = await this.sandboxPay(await this.initiate(order._id));
      await ok(who.call({ method: 'POST', url: '/api/payments/success', payload: signed }));
      return order._id;
    },
  };
}

let couponCounter = 0;

/** A percentage coupon body with a code of its own. */
export function newCouponBody() {
  couponCounter += 1;
  return {
    code: `MATRIX${Date.now().toString(36)}${couponCounter}`.toUpperCase(),
    discountType: 'percentage',
    value: 5,
  };
}

/** A coupon made by staff through the API: its id. */
export async function staffCoupon(admin: Caller): Promise<string> {
  return (await ok(admin.call({ method: 'POST', url: '/api/admin/coupons', payload: newCouponBody() }), 201)).data._id;
}

let pinCounter = 0;
/** A PIN code no other case of the suite has listed as its own range. */
export function freshPin(): string {
  pinCounter += 1;
  return String(560_100 + pinCounter);
}

/** A single code listed by staff (no cash on delivery), for a case to change or remove. */
export async function staffRange(admin: Caller): Promise<string> {
  const body = { from: freshPin(), cod: false };
  return (await ok(admin.call({ method: 'POST', url: '/api/admin/delivery', payload: body }), 201)).data._id;
}

/** A Razorpay webhook delivery, signed with the suite's webhook secret. */
export function signedWebhook(body: unknown, eventId = `evt_${randomBytes(6).toString('hex')}`) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, raw),
      'x-razorpay-event-id': eventId,
    },
  };
}

/** A couriers' webhook delivery, signed with the suite's shipment secret. */
export function signedShipmentEvent(body: object) {
  const raw = JSON.stringify(body);
  return {
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-shipment-signature': shipmentSignature(SHIPMENT_WEBHOOK_SECRET, raw),
    },
  };
}

let awbCounter = 0;

/** An AWB number of its own. */
export function freshAwb(): string {
  awbCounter += 1;
  return `SEC${Date.now().toString(36).toUpperCase()}${awbCounter}`;
}

/** A cash order, confirmed and shipped by staff: its id, its parcel's id and AWB. */
export async function shippedOrder(admin: Caller, placed: Order) {
  await ok(admin.call({ method: 'PATCH', url: `/api/order/${placed._id}/status`, payload: { status: 'confirmed' } }));
  const awb = freshAwb();
  const shipment = await ok(
    admin.call({ method: 'POST', url: `/api/admin/orders/${placed._id}/shipment`, payload: { courier: 'dtdc', awb } }),
  );
  return { orderId: placed._id, shipmentId: shipment.data._id as string, awb };
}

/** A cash order moved by staff to delivered: its id. */
export async function deliveredOrder(admin: Caller, placed: Order): Promise<string> {
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    await ok(admin.call({ method: 'PATCH', url: `/api/order/${placed._id}/status`, payload: { status } }));
  }
  return placed._id;
}

/** The body of a return of a delivered cash order's one item. */
export const returnRequest = {
  lines: [{ position: 0, quantity: 1 }],
  reason: 'defective',
  refundTo: { method: 'upi', upiId: 'asha.rao@okicici' },
};

/**
 * A return of the shopper's delivered cash order, taken by staff as far as `until`: its id.
 * "refunded" is recorded with a transfer reference.
 */
export async function returnOf(
  shopper: Caller,
  admin: Caller,
  placed: Order,
  until: 'requested' | 'approved' | 'received' | 'inspected' | 'refunded' = 'requested',
): Promise<string> {
  const orderId = await deliveredOrder(admin, placed);
  const created = await ok(
    shopper.call({ method: 'POST', url: `/api/order/${orderId}/returns`, payload: returnRequest }),
    201,
  );
  const id = created.data._id as string;
  const steps: [string, object | undefined][] = [
    ['decision', { decision: 'approve' }],
    ['received', undefined],
    ['inspection', { lines: [{ position: 0, outcome: 'restock' }] }],
    ['refund', { reference: 'UTR0001' }],
  ];
  const last = ['requested', 'approved', 'received', 'inspected', 'refunded'].indexOf(until);
  for (const [step, payload] of steps.slice(0, last)) {
    await ok(admin.call({ method: 'POST', url: `/api/admin/returns/${id}/${step}`, ...(payload && { payload }) }));
  }
  return id;
}

/** Everything of one shopper's the API shows them: profile, cart and orders. */
export async function accountSnapshot(who: Caller) {
  const [profile, cart, orders] = await Promise.all([
    who.call({ url: '/api/auth/profile' }),
    who.call({ url: '/api/cart/details' }),
    who.call({ url: '/api/order/orders' }),
  ]);
  for (const res of [profile, cart, orders]) {
    if (res.statusCode !== 200) throw new Error(`snapshot of ${who.name} failed: ${res.statusCode} ${res.body}`);
  }
  return { profile: profile.json().data, cart: cart.json().data, orders: orders.json().data.orders };
}

/** The smallest valid PNG (1×1), as staff upload it: multipart, field `image`. */
export function pngUpload(): FormData {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'pixel.png');
  return form;
}
