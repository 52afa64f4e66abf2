import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { holdSession, markEmailVerified, newShopper, signUpByApi } from './accounts-support.ts';

export interface SizeStock {
  size: string;
  stock: number;
}

export interface FullProduct {
  _id: string;
  name: string;
  price: number;
  categoryId: string;
  sizes: SizeStock[];
}

export interface CartAnswer {
  items: { _id: string; productId: string; size: string; quantity: number; lineTotal: number }[];
  itemCount: number;
  totals: { subtotal: number; discountAmount: number; shipping: number; gst: number; total: number };
  coupon: { code: string; label: string } | null;
}

export interface SignedIn {
  token: string;
  user: { _id: string; email: string; addresses: unknown[]; emailVerified: boolean };
}

export const homeAddress = {
  name: 'Home',
  addressLine1: '7, Marine Drive',
  addressLine2: 'Opp. the sea face',
  city: 'Mumbai',
  state: 'Maharashtra',
  pinCode: '400001',
  isDefault: true,
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Rupees the way the shop shows them (core's formatRupees): 1234.5 → "₹1,234.50". */
export function rupees(amount: number): string {
  const paise = Math.round(amount * 100);
  const whole = Math.floor(paise / 100).toString();
  const grouped =
    whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`;
  return `₹${grouped}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * A fresh shopper, signed up and signed in through the API, with the session put where the
 * app keeps it (token and user in localStorage); optionally with a saved address. Their email
 * is verified (the shop takes orders only then) unless asked otherwise.
 */
export async function signInNewShopper(
  page: Page,
  request: APIRequestContext,
  { withAddress = false, verified = true }: { withAddress?: boolean; verified?: boolean } = {},
): Promise<SignedIn> {
  const shopper = await signUpByApi(request, newShopper());
  if (verified) markEmailVerified(shopper.email);
  const login = await request.post('/api/auth/login', { data: { email: shopper.email, password: shopper.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = (await login.json()).data.accessToken as string;
  if (withAddress) {
    const res = await request.patch('/api/auth/profile', { headers: auth(token), data: { addresses: [homeAddress] } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const user = (await (await request.get('/api/auth/profile', { headers: auth(token) })).json()).data;
  await holdSession(page, token, user);
  return { token, user };
}

export async function cartOf(request: APIRequestContext, token: string): Promise<CartAnswer> {
  const res = await request.get('/api/cart/details', { headers: auth(token) });
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** The first colour of a product that has `size` in stock: what a shopper would pick. */
export async function colorWithSize(request: APIRequestContext, product: string, size: string): Promise<string> {
  const answer = await request.get(`/api/product/${product}`);
  expect(answer.ok()).toBe(true);
  const variants = (await answer.json()).data.variants as { color: string; size: string; stock: number }[];
  const variant = variants.find((v) => v.size === size.toUpperCase() && v.stock > 0);
  expect(variant, `${product} has ${size} in stock`).toBeDefined();
  return variant!.color;
}

/** Adds to the cart through the API; without a colour, the first colour with that size in stock. */
export async function addByApi(
  request: APIRequestContext,
  token: string,
  item: { product: string; color?: string; size: string; quantity: number },
): Promise<CartAnswer> {
  const color = item.color ?? (await colorWithSize(request, item.product, item.size));
  const res = await request.post('/api/cart', {
    headers: auth(token),
    data: { ...item, color, size: item.size.toLowerCase() },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

export async function ordersOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/order/orders', { headers: auth(token) });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.orders as {
    _id: string;
    orderNumber: string;
    status: string;
    total: number;
    shippingAddress: { addressLine1: string; pinCode: string };
    documents: { kind: string; number: string; issuedAt: string }[];
  }[];
}

/** The catalogue with sizes and stock, read once per worker. */
let catalogue: Promise<FullProduct[]> | null = null;

async function readCatalogue(request: APIRequestContext): Promise<FullProduct[]> {
  const list = (await (await request.get('/api/product?limit=100&sort=name')).json()).data.products as {
    _id: string;
  }[];
  return Promise.all(list.map(async ({ _id }) => (await (await request.get(`/api/product/${_id}`)).json()).data));
}

/**
 * A T-shirt (coupon TEES3 counts them) with two sizes well in stock, and a product of
 * another category with a size well in stock. The journeys run in parallel on one database,
 * so `pick` spreads them over different products.
 */
export async function findProducts(request: APIRequestContext, pick = 0) {
  catalogue ??= readCatalogue(request);
  const products = await catalogue;
  const plenty = (p: FullProduct) => p.sizes.filter((s) => s.stock >= 8);
  const tees = products.filter((p) => p.categoryId === 'mens-t-shirts' && plenty(p).length >= 2);
  const others = products.filter((p) => p.categoryId !== 'mens-t-shirts' && plenty(p).length >= 1);
  if (tees.length === 0 || others.length === 0) throw new Error('no products in the catalogue fit these journeys');
  const tee = tees[pick % tees.length]!;
  const other = others[pick % others.length]!;
  const [first, second] = plenty(tee);
  return { tee, teeSizes: [first!.size, second!.size] as const, other, otherSize: plenty(other)[0]!.size };
}

/** The summary rows of the cart or checkout, as label → amount text. */
export async function summaryRows(page: Page): Promise<Record<string, string>> {
  const summary = page.getByLabel('Order summary');
  const labels = await summary.locator('dt').allInnerTexts();
  const values = await summary.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, i) => [label.trim(), values[i]!.trim()]));
}

/** What the cart page's summary must read for this cart. */
export function cartSummaryFor(cart: CartAnswer): Record<string, string> {
  return {
    'Items Total': rupees(cart.totals.subtotal),
    ...(cart.totals.discountAmount > 0 && { Discount: `−${rupees(cart.totals.discountAmount)}` }),
    'Shipping Charges': rupees(cart.totals.shipping),
    'GST (18%)': rupees(cart.totals.gst),
    'Subtotal (Payable)': rupees(cart.totals.total),
  };
}

/**
 * A new shopper signed in on a browser context of their own, with a cash-on-delivery order of one
 * piece placed through the API to their home address: where the journeys after checkout start.
 */
export async function shopperWithCodOrder(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { token } = await signInNewShopper(page, request);
  const { other, otherSize } = await findProducts(request, 3);
  await addByApi(request, token, { product: other._id, size: otherSize, quantity: 1 });
  const { isDefault: _default, ...address } = homeAddress;
  const placed = await request.post('/api/order', {
    headers: { Authorization: `Bearer ${token}` },
    data: { shippingAddress: { ...address, country: 'India', phone: '9876543210' }, paymentMethod: 'cod' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId, orderNumber } = (await placed.json()).data as { orderId: string; orderNumber: string };
  return { context, page, orderId, orderNumber };
}
