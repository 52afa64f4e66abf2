import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addToCartBody,
  adminMessageListQuery,
  adminOrderListQuery,
  adminProductListQuery,
  applyDiscountBody,
  couponCreateBody,
  couponUpdateBody,
  serviceableCsvBody,
  serviceableRangeBody,
  serviceableRangeCodBody,
  shopSettingsBody,
  lowStockQuery,
  productPhotosBody,
  variantGridBody,
  productVisibilityBody,
  refundBody,
  sellerDetailsBody,
  categoryTaxBody,
  stockChangesBody,
  categoryProductsQuery,
  colorSwatches,
  googleSignInBody,
  initiatePaymentBody,
  loginBody,
  orderStatusBody,
  paymentSuccessBody,
  placeOrderBody,
  productCreateBody,
  productListQuery,
  productSearchQuery,
  productSuggestionsQuery,
  productUpdateBody,
  profileUpdateBody,
  sandboxPayBody,
  signupBody,
  forgotPasswordBody,
  resetPasswordBody,
  verifyEmailBody,
  updateCartItemBody,
} from '@shop/core';
import type { Dialect } from '../db/connect.ts';
import { createTokenService } from '../modules/auth/tokens.ts';
import { hmacHex } from '../modules/payments/payment-gateway.ts';
import { signedInShopper } from '../test/accounts.ts';
import { relaxedShopSettings, testDialects, type TestShop } from '../test/databases.ts';
import {
  accountSnapshot,
  createCallers,
  createSecurityShop,
  createStockedProduct,
  deliveredMessage,
  GOOD_CODE,
  orderAddress,
  profileAddress,
  shopperActions,
  WEBHOOK_SECRET,
  type Caller,
  type Callers,
} from './fixtures.ts';

/**
 * Property-based fuzzing of every API route (fast-check, fixed seeds). Requests are built
 * from the contract's zod schemas (plausible values) and from far outside them (wrong types,
 * null, arrays for objects, 300 KB strings, 1000-deep nesting, unicode/RTL/NUL, odd numbers,
 * prototype-pollution keys, invalid JSON, wrong content types, absurd headers). Callers are
 * customer A, anonymous, junk tokens and (for staff routes) an admin; customer B only looks on.
 *
 * Properties: never a 5xx; every refusal is `{ success: false, message, code }` with no stack
 * trace or internals; junk credentials get 401 and a shopper's token on a staff route 403;
 * B's profile, cart and orders are unchanged; Object.prototype is not polluted.
 */

const SEED = 20_261_121;
const fuzzRequests: Partial<Record<Dialect, number>> = {};
/** How the answers were spread, per dialect: status → count (printed at the end). */
const statuses: Partial<Record<Dialect, Record<number, number>>> = {};

// ---------------------------------------------------------------------------------------------
// JSON as text: keys may repeat or be `__proto__`, numbers may be written as JSON cannot hold them.

type J = null | boolean | number | string | { raw: string } | J[] | { entries: [string, J][] };

const isEntries = (j: J): j is { entries: [string, J][] } =>
  typeof j === 'object' && j !== null && !Array.isArray(j) && 'entries' in j;
const isRaw = (j: J): j is { raw: string } => typeof j === 'object' && j !== null && 'raw' in j;

function toJson(j: J): string {
  if (j === null || typeof j === 'boolean') return String(j);
  if (typeof j === 'number') return Number.isFinite(j) ? JSON.stringify(j) : 'null';
  if (typeof j === 'string') return JSON.stringify(j);
  if (isRaw(j)) return j.raw;
  if (Array.isArray(j)) return `[${j.map(toJson).join(',')}]`;
  return `{${j.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
}

function deepObject(depth: number, key = 'a'): J {
  let node: J = 1;
  for (let i = 0; i < depth; i++) node = { entries: [[key, node]] };
  return node;
}
function deepArray(depth: number): J {
  let node: J = [];
  for (let i = 0; i < depth; i++) node = [node];
  return node;
}

// ---------------------------------------------------------------------------------------------
// Values outside every schema.

const specialStrings = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e-400',
  '-0',
  '0x1F',
  '1_000',
  ' 12 ',
  '00001',
  '9007199254740993',
  '١٢٣',
  '１２',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '👨‍👩‍👧‍👦🧵',
  '\u200B',
  'e\u0301',
  '\uFEFF',
  '\ud800',
  '\r\n',
  '\t',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '%00',
  '%',
  '%%25',
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  'Z̴̡̛̖a̷̢l̵̨g̸o̵',
  'SAVE10',
  ' save10 ',
  'M',
  'ß',
  'İ',
  'ﬀ',
  '%_\\',
];

const weirdString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...specialStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 101, maxLength: 600 }) },
);

const hugeString = fc.oneof(
  fc.integer({ min: 5_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.constant('€'.repeat(100_000)),
  fc.constant('🧵'.repeat(75_000)),
  fc.constant('\u0000'.repeat(1000)),
);

const deepValues: J[] = [deepObject(1000), deepArray(1000), deepObject(1000, '__proto__'), deepObject(1000, 'entries')];

const oddNumbers: J[] = [
  1e308,
  -1e308,
  5e-324,
  -0,
  2 ** 53 + 1,
  0.1 + 0.2,
  -1,
  0,
  1000,
  1001,
  10_000_001,
  2 ** 31,
  { raw: '-0' },
  { raw: '1e400' },
  { raw: '-1e400' },
  { raw: '1E-400' },
  { raw: '0.10000000000000000001' },
  { raw: '123456789012345678901234567890' },
];

const keyArb = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted', 'isAdmin', 'role', 'toString', 'hasOwnProperty'),
  fc.string({ maxLength: 8 }),
);

const junkLeaf: fc.Arbitrary<J> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<J>(null, true, false) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 3, arbitrary: fc.constantFrom(...oddNumbers) },
  { weight: 4, arbitrary: weirdString },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.constantFrom(...deepValues) },
);

const junkValue: fc.Arbitrary<J> = fc.letrec<{ node: J }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    junkLeaf,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.array(fc.tuple(keyArb, tie('node')), { maxLength: 3 }).map((entries) => ({ entries })),
  ),
})).node;

const pollution: J[] = [
  { entries: [['__proto__', { entries: [['polluted', 'yes']] }]] },
  { entries: [['constructor', { entries: [['prototype', { entries: [['polluted', 'yes']] }]] }]] },
  { entries: [['prototype', { entries: [['polluted', 'yes']] }]] },
];

/** Every replaceable place in a JSON tree. */
function slots(j: J): { get: () => J; set: (v: J) => void; drop: () => void }[] {
  const found: { get: () => J; set: (v: J) => void; drop: () => void }[] = [];
  const walk = (node: J) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        found.push({ get: () => node[i]!, set: (v) => (node[i] = v), drop: () => node.splice(i, 1) });
        walk(child);
      });
    } else if (isEntries(node)) {
      node.entries.forEach((entry, i) => {
        found.push({ get: () => entry[1], set: (v) => (entry[1] = v), drop: () => node.entries.splice(i, 1) });
        walk(entry[1]);
      });
    }
  };
  walk(j);
  return found;
}

/** A plausible value with one thing wrong: a field replaced, dropped, wrapped in an array, or a pollution key added. */
function mutate(valid: fc.Arbitrary<J>): fc.Arbitrary<J> {
  return fc
    .tuple(valid, fc.nat(), junkValue, fc.constantFrom('replace', 'replace', 'drop', 'wrap', 'pollute', 'root'))
    .map(([original, index, junk, how]) => {
      let tree: J;
      let places: ReturnType<typeof slots>;
      try {
        tree = structuredClone(original);
        places = slots(tree);
      } catch (error) {
        // A plausible value may hold one of the 1000-deep junk values (a webhook's payment id,
        // say): copying or walking it inside fast-check's own deep stack can overflow. Such a
        // value is junk already; send the junk instead.
        if (error instanceof RangeError) return junk;
        throw error;
      }
      if (how === 'root' || places.length === 0) return junk;
      const place = places[index % places.length]!;
      if (how === 'replace') place.set(junk);
      else if (how === 'drop') place.drop();
      else if (how === 'wrap') place.set([place.get()]);
      else {
        const objects = [tree, ...places.map((p) => p.get())].filter(isEntries);
        const target = objects[index % Math.max(objects.length, 1)];
        const extra = pollution[index % pollution.length]! as { entries: [string, J][] };
        if (target) target.entries.push(...extra.entries);
        else return { entries: [...extra.entries, ['value', tree]] };
      }
      return tree;
    });
}

// ---------------------------------------------------------------------------------------------
// Plausible values, read off the contract's zod schemas.

interface Pools {
  productIds: string[];
  categoryIds: string[];
  cartItemIds: string[];
  orderIds: string[];
  messageIds: string[];
  providerOrderIds: string[];
  imageFiles: string[];
  couponCodes: string[];
  emails: string[];
  flows: { state: string; cookie: string }[];
  forgedAuth: string[];
  signedJunkCookies: string[];
  /** A target's own plausible strings by field name, where its names mean other things elsewhere. */
  strings?: Record<string, fc.Arbitrary<J>>;
}

const idChars = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'.split('')),
  minLength: 1,
  maxLength: 64,
});
const words = fc.constantFrom('shirt', 'kurta', 'cotton', 'linen', 'black', 'navy', 'cap', 'Men', 'sale', 'new');
const text = fc.oneof(words, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), weirdString);
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: min, maxLength: max });
const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')), minLength: length, maxLength: length });
/** Lone surrogates replaced, so the text can be percent-encoded. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function stringFor(key: string, pools: Pools): fc.Arbitrary<J> {
  const pool = (values: string[], fallback: fc.Arbitrary<string> = idChars) =>
    values.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fallback })
      : fallback;
  switch (key) {
    case 'email':
      return fc.oneof(
        fc.tuple(words, fc.nat()).map(([w, n]) => `${w.toLowerCase()}.${n}@example.com`),
        fc.emailAddress(),
        fc.constantFrom(...pools.emails),
      );
    case 'password':
      return fc.oneof(fc.string({ minLength: 8, maxLength: 40 }), fc.constant('Monsoon-Kurta-2026!'));
    case 'phone':
      return fc.oneof(digits(10, 12), fc.constant('98765 43210'), fc.constant('+91 98765-43210'));
    case 'firstName':
    case 'lastName':
      // Names as shoppers write them (any script, . ' -), and anything else a client may send.
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom('Asha', 'Ravi Kumar', 'रवि', 'முருகன்', "D'Souza", 'A.P.J.', 'Sen-Gupta'),
        },
        { weight: 1, arbitrary: text },
      );
    case 'pinCode':
      // 560001 is Karnataka's, the state drawn most: an address is valid only when they agree.
      return fc.oneof({ weight: 4, arbitrary: fc.constant('560001') }, { weight: 1, arbitrary: digits(6, 6) });
    case 'country':
      return fc.constantFrom('India', 'india', 'Nepal');
    case 'product':
    case 'productId':
    case 'id':
      return pool(pools.productIds);
    case 'categoryId':
    case 'category':
    case 'applicableCategories':
      return pool(pools.categoryIds);
    case 'orderId':
      return pool(pools.orderIds);
    case 'itemId':
      return pool(pools.cartItemIds);
    case 'size':
      return fc.oneof(fc.constantFrom('S', 'M', 'l', 'xl', ' M '), text);
    case 'code':
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...pools.couponCodes, GOOD_CODE) },
        { weight: 1, arbitrary: idChars.map((s) => `NEW-${s}`) },
        { weight: 1, arbitrary: text },
      );
    case 'state':
      // An address's state (first: nested in an order, fast-check favours the first choice) or a
      // sign-in flow's.
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('Karnataka', 'karnataka') },
        { weight: 1, arbitrary: fc.constantFrom(...pools.flows.map((f) => f.state)) },
        { weight: 1, arbitrary: text },
      );
    case 'razorpay_order_id':
      return pool(pools.providerOrderIds);
    case 'from':
    case 'to':
      return fc.oneof(
        fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        text,
      );
    case 'saleEndsAt':
      return fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString()),
        },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: text },
      );
    case 'startsAt':
    case 'endsAt':
      return fc.oneof(
        fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString()),
        text,
      );
    case 'razorpay_payment_id':
      return fc.oneof(
        idChars.map((s) => `pay_${s}`),
        text,
      );
    case 'razorpay_signature':
      return fc.oneof(hex(64), text);
    case 'images':
      return fc.oneof(fc.constantFrom(...pools.imageFiles.map((f) => `/images/products/${f}`), '/uploads/a.jpg'), text);
    case 'colors':
    case 'color':
      return fc.oneof(fc.constantFrom(...Object.keys(colorSwatches)), text);
    case 'q':
    case 'tag':
    case 'tags':
      return fc.oneof(words, text);
    case 'stateCode':
      return fc.oneof({ weight: 3, arbitrary: fc.constant('27') }, { weight: 1, arbitrary: digits(2, 2) });
    case 'gstin':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom('27AAKCK4821L1Z6', '27AAPFU0939F1ZV') }, text);
    case 'invoicePrefix':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom('KP', 'INV') }, text);
    case 'creditNotePrefix':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom('KPCN', 'CN') }, text);
    case 'hsn':
      return fc.oneof(fc.constantFrom('6109', '62052000'), digits(4, 8), text);
    // The staff list's switches, which a link carries as text.
    case 'needsColorStock':
    case 'needsDeclarations':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom('true', 'false') }, { weight: 1, arbitrary: text });
    default:
      return text;
  }
}

function numberFor(key: string): fc.Arbitrary<J> {
  switch (key) {
    case 'quantity':
      return fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1000 }));
    case 'price':
    case 'originalPrice':
    case 'minPrice':
    case 'maxPrice':
      return fc.oneof(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 100, max: 500_000 }).map((p) => p / 100),
      );
    case 'stock':
      return fc.integer({ min: 0, max: 100 });
    case 'gstRate':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(0, 5, 12, 18, 28) }, fc.integer({ min: -5, max: 40 }));
    case 'page':
      return fc.integer({ min: 1, max: 4 });
    case 'limit':
      return fc.integer({ min: 1, max: 100 });
    default:
      return fc.integer({ min: 0, max: 100 });
  }
}

type AnySchema = z.ZodType;
interface Def {
  type: string;
  shape?: Record<string, AnySchema>;
  innerType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  element?: AnySchema;
  entries?: Record<string, string>;
  values?: unknown[];
}
const defOf = (schema: AnySchema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isOptional = (schema: AnySchema) => ['optional', 'default', 'prefault'].includes(defOf(schema).type);

/** Plausible values for a schema: its shape, with values chosen by field name. */
function fromSchema(schema: AnySchema, pools: Pools, key = ''): fc.Arbitrary<J> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).map(([name, field]) => {
        const value = fromSchema(field, pools, name).map((v): [string, J] => [name, v]);
        return isOptional(field) ? fc.option(value, { nil: undefined, freq: 3 }) : value;
      });
      return fc
        .tuple(...fields)
        .map((list) => ({ entries: list.filter((e): e is [string, J] => e !== undefined) }) as J);
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
      return fromSchema(def.innerType!, pools, key);
    case 'nullable':
      return fc.oneof(fromSchema(def.innerType!, pools, key), fc.constant(null));
    case 'pipe':
      return defOf(def.in!).type === 'transform' ? fromSchema(def.out!, pools, key) : fromSchema(def.in!, pools, key);
    case 'string':
      return pools.strings?.[key] ?? stringFor(key, pools);
    case 'number':
      return numberFor(key);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...((def.values ?? []) as J[]));
    case 'array':
      return fc.array(fromSchema(def.element!, pools, key), { maxLength: 4 });
    default:
      return junkValue;
  }
}

// ---------------------------------------------------------------------------------------------
// Requests.

type Guard = 'public' | 'shopper' | 'staff';
type FuzzCaller = 'A' | 'anonymous' | 'junk' | 'admin';

interface Target {
  method: HTTPMethods;
  route: string;
  guard: Guard;
  query?: AnySchema;
  body?: AnySchema;
  webhook?: boolean;
  google?: boolean;
  strings?: Pools['strings'];
  idempotency?: boolean;
  etag?: boolean;
}

const families: Record<string, Target[]> = {
  accounts: [
    { method: 'POST', route: '/api/auth/signup', guard: 'public', body: signupBody },
    { method: 'POST', route: '/api/auth/login', guard: 'public', body: loginBody },
    { method: 'GET', route: '/api/auth/profile', guard: 'shopper' },
    { method: 'PATCH', route: '/api/auth/profile', guard: 'shopper', body: profileUpdateBody },
    { method: 'POST', route: '/api/auth/logout', guard: 'shopper' },
    { method: 'POST', route: '/api/auth/forgot-password', guard: 'public', body: forgotPasswordBody },
    { method: 'POST', route: '/api/auth/reset-password', guard: 'public', body: resetPasswordBody },
    { method: 'POST', route: '/api/auth/verify-email', guard: 'public', body: verifyEmailBody },
    { method: 'POST', route: '/api/auth/verification-email', guard: 'shopper' },
    { method: 'GET', route: '/api/auth/providers', guard: 'public' },
    { method: 'GET', route: '/api/payments/options', guard: 'public' },
    { method: 'GET', route: '/api/auth/google/start', guard: 'public' },
    { method: 'POST', route: '/api/auth/google', guard: 'public', body: googleSignInBody, google: true },
  ],
  catalogue: [
    { method: 'GET', route: '/api/product', guard: 'public', query: productListQuery, etag: true },
    { method: 'GET', route: '/api/product/search', guard: 'public', query: productSearchQuery, etag: true },
    {
      method: 'GET',
      route: '/api/product/suggestions',
      guard: 'public',
      query: productSuggestionsQuery,
      etag: true,
    },
    {
      method: 'GET',
      route: '/api/product/category/:categoryId',
      guard: 'public',
      query: categoryProductsQuery,
      etag: true,
    },
    { method: 'GET', route: '/api/product/:id', guard: 'public', etag: true },
    { method: 'GET', route: '/api/product/:id/sizes', guard: 'public' },
    { method: 'GET', route: '/api/categories', guard: 'public', etag: true },
    { method: 'GET', route: '/images/products/:file', guard: 'public' },
    { method: 'GET', route: '/api/discount/code/:code', guard: 'public' },
    { method: 'POST', route: '/api/product/create', guard: 'staff', body: productCreateBody },
    { method: 'PATCH', route: '/api/product/update/:id', guard: 'staff', body: productUpdateBody },
  ],
  cart: [
    { method: 'GET', route: '/api/cart/details', guard: 'shopper' },
    { method: 'POST', route: '/api/cart', guard: 'shopper', body: addToCartBody },
    { method: 'DELETE', route: '/api/cart/clear', guard: 'shopper' },
    { method: 'POST', route: '/api/cart/apply-discount', guard: 'shopper', body: applyDiscountBody },
    { method: 'DELETE', route: '/api/cart/coupon', guard: 'shopper' },
    { method: 'PUT', route: '/api/cart/:itemId', guard: 'shopper', body: updateCartItemBody },
    { method: 'DELETE', route: '/api/cart/:itemId', guard: 'shopper' },
  ],
  orders: [
    { method: 'POST', route: '/api/order', guard: 'shopper', body: placeOrderBody, idempotency: true },
    { method: 'GET', route: '/api/order/orders', guard: 'shopper' },
    { method: 'POST', route: '/api/order/:id/cancel', guard: 'shopper' },
    { method: 'PATCH', route: '/api/order/:id/status', guard: 'staff', body: orderStatusBody },
    { method: 'GET', route: '/api/order/stats', guard: 'staff' },
  ],
  payments: [
    { method: 'POST', route: '/api/payments/initiate', guard: 'shopper', body: initiatePaymentBody },
    { method: 'POST', route: '/api/payments/success', guard: 'shopper', body: paymentSuccessBody },
    { method: 'POST', route: '/api/payments/sandbox/pay', guard: 'shopper', body: sandboxPayBody },
    { method: 'POST', route: '/api/payments/webhook', guard: 'public', webhook: true },
  ],
  staff: [
    { method: 'GET', route: '/api/admin/products', guard: 'staff', query: adminProductListQuery },
    { method: 'GET', route: '/api/admin/products/:id', guard: 'staff' },
    { method: 'PATCH', route: '/api/admin/products/:id/visibility', guard: 'staff', body: productVisibilityBody },
    { method: 'PATCH', route: '/api/admin/products/stock', guard: 'staff', body: stockChangesBody },
    {
      method: 'PUT',
      route: '/api/admin/products/:id/variants',
      guard: 'staff',
      body: variantGridBody,
      // Sizes and SKUs as staff type them, so that most grids get past their checks.
      strings: {
        sizes: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('S', 'M', 'L', 'XL', '32', '34', '36') }, text),
        size: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('S', 'M', 'L', 'XL', '32') }, text),
        sku: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('', 'KP-FUZ-S', 'kp-fuz-m') }, text),
        colors: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...Object.keys(colorSwatches)) }, text),
        color: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('', 'navy', 'white', 'black') }, text),
      },
    },
    { method: 'PUT', route: '/api/admin/products/:id/photos', guard: 'staff', body: productPhotosBody },
    { method: 'GET', route: '/api/admin/low-stock', guard: 'staff', query: lowStockQuery },
    { method: 'POST', route: '/api/admin/uploads', guard: 'staff' },
    { method: 'GET', route: '/uploads/:file', guard: 'public' },
    { method: 'GET', route: '/api/admin/orders', guard: 'staff', query: adminOrderListQuery },
    { method: 'GET', route: '/api/admin/orders/:id', guard: 'staff' },
    { method: 'POST', route: '/api/admin/orders/:id/refund', guard: 'staff', body: refundBody },
    { method: 'GET', route: '/api/admin/coupons', guard: 'staff' },
    { method: 'GET', route: '/api/admin/coupons/:id', guard: 'staff' },
    { method: 'POST', route: '/api/admin/coupons', guard: 'staff', body: couponCreateBody },
    { method: 'PATCH', route: '/api/admin/coupons/:id', guard: 'staff', body: couponUpdateBody },
  ],
  messages: [
    { method: 'GET', route: '/api/admin/messages', guard: 'staff', query: adminMessageListQuery },
    { method: 'GET', route: '/api/admin/messages/:id', guard: 'staff' },
    { method: 'POST', route: '/api/admin/messages/:id/resend', guard: 'staff' },
    { method: 'GET', route: '/dev/mailbox', guard: 'public' },
    { method: 'GET', route: '/dev/mailbox/:id', guard: 'public' },
  ],
  invoices: [
    { method: 'GET', route: '/api/order/:id/invoice', guard: 'shopper' },
    { method: 'GET', route: '/api/order/:id/credit-note', guard: 'shopper' },
    { method: 'GET', route: '/api/admin/orders/:id/invoice', guard: 'staff' },
    { method: 'GET', route: '/api/admin/orders/:id/credit-note', guard: 'staff' },
    { method: 'GET', route: '/api/admin/tax-settings', guard: 'staff' },
    { method: 'PUT', route: '/api/admin/tax-settings/seller', guard: 'staff', body: sellerDetailsBody },
    { method: 'PUT', route: '/api/admin/tax-settings/categories/:id', guard: 'staff', body: categoryTaxBody },
  ],
  delivery: [
    { method: 'GET', route: '/api/store', guard: 'public' },
    { method: 'GET', route: '/api/delivery/:pin', guard: 'public' },
    { method: 'GET', route: '/api/admin/settings', guard: 'staff' },
    { method: 'PUT', route: '/api/admin/settings', guard: 'staff', body: shopSettingsBody },
    { method: 'GET', route: '/api/admin/delivery', guard: 'staff' },
    {
      method: 'POST',
      route: '/api/admin/delivery',
      guard: 'staff',
      body: serviceableRangeBody,
      // PIN codes here, where `from` and `to` are dates elsewhere.
      strings: {
        from: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('560001', '190001', '744101') },
          { weight: 1, arbitrary: digits(6, 6) },
          { weight: 1, arbitrary: text },
        ),
        to: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('560099', '199999', '744999') },
          { weight: 1, arbitrary: digits(6, 6) },
          { weight: 1, arbitrary: text },
        ),
      },
    },
    { method: 'PATCH', route: '/api/admin/delivery/:id', guard: 'staff', body: serviceableRangeCodBody },
    { method: 'DELETE', route: '/api/admin/delivery/:id', guard: 'staff' },
    { method: 'GET', route: '/api/admin/delivery.csv', guard: 'staff' },
    { method: 'PUT', route: '/api/admin/delivery.csv', guard: 'staff', body: serviceableCsvBody },
  ],
  operations: [
    { method: 'GET', route: '/api/health/live', guard: 'public' },
    { method: 'GET', route: '/api/health/ready', guard: 'public' },
    { method: 'GET', route: '/api/docs/json', guard: 'public' },
  ],
};
const allTargets = Object.values(families).flat();

interface FuzzRequest {
  target: Target;
  caller: FuzzCaller;
  method: HTTPMethods;
  url: string;
  payload?: string;
  headers: Record<string, string>;
  remoteAddress: string;
}

/** `value` once in `every` draws, else null. */
const sometimes = <T>(value: fc.Arbitrary<T>, every: number) =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

const headerChars = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 200,
});
const headerValue = fc.oneof(
  { weight: 4, arbitrary: headerChars },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'A'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)) }),
  },
);
const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'x-forwarded-for',
    'if-none-match',
    'accept',
    'accept-language',
    'origin',
    'referer',
    'user-agent',
    'cookie',
    'x-http-method-override',
    'range',
    'x-razorpay-event-id',
    'idempotency-key',
  ),
  headerValue,
  { maxKeys: 2 },
);

const contentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/jsonp',
  'application/vnd.api+json',
  'application/json;;',
  ';',
  'image/svg+xml',
  '*/*',
  'application/xml',
);

const rawBodies = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":}',
    "{'a':1}",
    '{"a":1,}',
    '[1,2',
    'undefined',
    'NaN',
    '\u0000',
    '{"a":"\u0000"}',
    '\uFEFF{}',
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"a":1}{"b":2}',
    '1 2',
    '"\\ud800"',
    ' ',
    '\n',
    'true',
    '-0',
    '1e400',
    'null',
    '[]',
    '"text"',
    '{'.repeat(1000),
    '['.repeat(1000) + ']'.repeat(999),
  ),
  fc.string({ maxLength: 100 }),
  hugeString,
);

function pathArb(route: string, pools: Pools): fc.Arbitrary<string> {
  const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(route);
  const poolFor = (name: string): string[] =>
    ({
      id: /^\/api\/(admin\/)?orders?\//.test(route)
        ? pools.orderIds
        : /messages|mailbox/.test(route)
          ? pools.messageIds
          : pools.productIds,
      categoryId: pools.categoryIds,
      itemId: pools.cartItemIds,
      code: pools.couponCodes,
      file: pools.imageFiles,
      pin: ['560001', '744101', '190001', '110001'],
    })[name] ?? [];
  // Values a client can put in a path: percent-encoded, within the router's 100-character
  // limit (longer or malformed ones are the known gap tested below).
  const junk = fc
    .oneof(weirdString, idChars, fc.constantFrom('clear', 'coupon', 'search', 'create', 'stats', '...'))
    .map((s) => encodeURIComponent(wellFormed(s)))
    // "." and ".." are dot segments: the URL resolves them away and names another route.
    .filter((s) => s.length > 0 && s.length <= 100 && s !== '.' && s !== '..');
  return fc
    .tuple(
      ...names.map((name) => {
        const pool = poolFor(name).map(encodeURIComponent);
        return pool.length > 0
          ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 2, arbitrary: junk })
          : junk;
      }),
    )
    .map((values) => {
      let i = 0;
      return route.replace(/:(\w+)/g, () => values[i++]!);
    });
}

function queryArb(schema: AnySchema | undefined, pools: Pools): fc.Arbitrary<string> {
  const plausible = schema
    ? fromSchema(schema, pools).map((j) =>
        isEntries(j) ? j.entries.map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : toJson(v)]) : [],
      )
    : fc.constant([] as [string, string][]);
  const junkPairs = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'page',
          'limit',
          'sort',
          'q',
          'minPrice',
          'maxPrice',
          'category',
          'color',
          '__proto__',
          'constructor[prototype][polluted]',
          '__proto__[polluted]',
          'page[]',
          'q[0]',
        ),
        fc.string({ maxLength: 6 }),
      ),
      fc.oneof(weirdString, hugeString, fc.constantFrom('1e308', '-0', 'NaN', '0.001', '100001', '101')),
    ),
    { maxLength: 3 },
  );
  return fc
    .record({ plausible, junk: sometimes(junkPairs, 3), malformed: sometimes(fc.constant(true), 6) })
    .map(({ plausible, junk, malformed }) => {
      const pairs = [...plausible, ...(junk ?? [])].map(
        ([k, v]) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`,
      );
      if (malformed) pairs.push('page=%E0%A4%A', 'q=%', '&&=&');
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });
}

interface Env {
  shop: TestShop;
  callers: Callers;
  pools: Pools;
}

function requestArb(target: Target, env: Env, only?: FuzzCaller[]): fc.Arbitrary<FuzzRequest> {
  const { pools } = env;
  const callerArb: fc.Arbitrary<FuzzCaller> = only
    ? fc.constantFrom(...only)
    : target.guard === 'staff'
      ? fc.constantFrom<FuzzCaller>('admin', 'admin', 'admin', 'A', 'anonymous', 'junk')
      : fc.constantFrom<FuzzCaller>('A', 'A', 'A', 'A', 'anonymous', 'junk');
  const junkAuth = fc.oneof(
    fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer null', 'Bearer undefined', 'Token abc'),
    fc.constantFrom(...pools.forgedAuth),
    headerChars.map((s) => `Bearer ${s}`),
    fc.integer({ min: 1_000, max: 100_000 }).map((n) => `Bearer ${'x'.repeat(n)}`),
  );

  let body: fc.Arbitrary<{ text?: string; contentType?: string }>;
  if (target.webhook) {
    const event = fc
      .record({
        event: fc.oneof(fc.constantFrom('payment.captured', 'order.paid', 'payment.failed'), text),
        id: fc.oneof(
          idChars.map((s) => `pay_${s}`),
          junkValue,
        ),
        orderId: fc.oneof(fc.constantFrom(...pools.providerOrderIds, 'order_none'), junkValue),
      })
      .map(({ event: name, id, orderId }): J => ({
        entries: [
          ['entity', 'event'],
          ['event', name],
          [
            'payload',
            {
              entries: [
                [
                  'payment',
                  {
                    entries: [
                      [
                        'entity',
                        {
                          entries: [
                            ['id', id],
                            ['order_id', orderId],
                            ['error_description', 'Declined'],
                          ],
                        },
                      ],
                    ],
                  },
                ],
              ],
            },
          ],
        ],
      }));
    const text_ = fc.oneof(event.map(toJson), mutate(event).map(toJson), rawBodies, junkValue.map(toJson));
    body = fc
      .record({ text: text_, signed: fc.boolean(), contentType: sometimes(contentTypes, 5) })
      .map(({ text: raw, signed, contentType }) => ({
        text: raw,
        contentType: contentType ?? 'application/json',
        ...(signed && { signature: hmacHex(WEBHOOK_SECRET, raw) }),
      }));
  } else if (target.body) {
    const plausible = fromSchema(target.body, { ...pools, strings: target.strings });
    const text_ = fc.oneof(
      { weight: 5, arbitrary: plausible.map(toJson) },
      { weight: 5, arbitrary: mutate(plausible).map(toJson) },
      { weight: 1, arbitrary: junkValue.map(toJson) },
      { weight: 1, arbitrary: rawBodies },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
    body = fc.record({ text: text_, contentType: sometimes(contentTypes, 6) }).map(({ text: raw, contentType }) => ({
      text: raw,
      contentType: contentType ?? (raw === undefined ? undefined : 'application/json'),
    }));
  } else {
    // Routes that take no body still get one now and then.
    body = fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.record({ text: rawBodies, contentType: fc.constant('application/json') }) },
      { weight: 1, arbitrary: fc.record({ text: junkValue.map(toJson), contentType: contentTypes }) },
    );
  }

  const cookie = target.google
    ? fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(...pools.flows.map((f) => f.cookie)),
        fc.constantFrom(...pools.signedJunkCookies),
        headerChars.map((s) => `shop_google_flow=${s}`),
      )
    : fc.constant(undefined);
  const idempotencyKey = target.idempotency
    ? sometimes(fc.oneof(idChars, headerChars, fc.constant('same-key-0001')), 2)
    : fc.constant(null);
  const ifNoneMatch = target.etag ? sometimes(fc.oneof(headerChars, fc.constant('W/"x"')), 4) : fc.constant(null);
  const headOrGet = target.method === 'GET' ? fc.constantFrom<HTTPMethods>('GET', 'GET', 'GET', 'HEAD') : null;

  return fc
    .record({
      caller: callerArb,
      junkAuth,
      path: pathArb(target.route, pools),
      query: queryArb(target.query, pools),
      body,
      cookie,
      idempotencyKey,
      ifNoneMatch,
      extra: sometimes(extraHeaders, 3),
      method: headOrGet ?? fc.constant(target.method),
      remoteAddress: fc.ipV4(),
    })
    .map((r) => {
      const headers: Record<string, string> = { ...(r.extra ?? {}) };
      if (r.caller === 'junk') headers.authorization = r.junkAuth;
      if (r.caller === 'A' || r.caller === 'admin') Object.assign(headers, env.callers[r.caller].auth());
      const b = r.body as { text?: string; contentType?: string; signature?: string };
      if (b.contentType !== undefined) headers['content-type'] = b.contentType;
      if (b.signature) headers['x-razorpay-signature'] = b.signature;
      if (r.cookie) headers.cookie = r.cookie;
      if (r.idempotencyKey) headers['idempotency-key'] = r.idempotencyKey;
      if (r.ifNoneMatch) headers['if-none-match'] = r.ifNoneMatch;
      return {
        target,
        caller: r.caller,
        method: r.method,
        url: `${r.path}${r.query}`,
        headers,
        remoteAddress: r.remoteAddress,
        ...(b.text !== undefined && { payload: b.text }),
      };
    });
}

/**
 * Unknown paths and methods, traversal attempts, and HEAD on everything. (A preflight with a
 * body is a known gap, tested at the end.)
 */
function strayRequestArb(env: Env): fc.Arbitrary<FuzzRequest> {
  const segment = weirdString.map((s) => encodeURIComponent(wellFormed(s))).filter((s) => s.length <= 100);
  const url = fc.oneof(
    fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/api/${parts.join('/')}`),
    fc.constantFrom(
      '/api/docs/static/..%2F..%2F..%2Fpackage.json',
      '/api/docs/static/../../../../etc/passwd',
      '/api/docs/static/%2e%2e/%2e%2e/package.json',
      '/images/products/..%2F..%2Fsrc%2Fapp.ts',
      '/images/products/%2e%2e%2fsecrets.ts',
      '/api//cart//details',
      '/api/cart/details/',
      '/API/CART/DETAILS',
      '/api/product?',
      '/api/product#fragment',
      '/api/docs/json?%00',
    ),
    fc.constantFrom(...allTargets.map((t) => t.route.replace(/:(\w+)/g, 'x'))),
  );
  return fc
    .record({
      method: fc.constantFrom<HTTPMethods>('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND'),
      url,
      caller: fc.constantFrom<FuzzCaller>('A', 'anonymous'),
      text: sometimes(fc.oneof(rawBodies, junkValue.map(toJson)), 2),
      remoteAddress: fc.ipV4(),
    })
    .map((r) => ({ ...r, text: ['GET', 'HEAD', 'OPTIONS'].includes(r.method) ? null : r.text }))
    .map((r) => ({
      target: { method: r.method, route: '(stray)', guard: 'public' },
      caller: r.caller,
      method: r.method,
      url: r.url,
      headers: {
        ...(r.caller === 'A' ? env.callers.A.auth() : {}),
        ...(r.text !== null && { 'content-type': 'application/json' }),
      },
      remoteAddress: r.remoteAddress,
      ...(r.text !== null && { payload: r.text }),
    }));
}

// ---------------------------------------------------------------------------------------------
// What every answer must be.

const leaks = [
  /\n\s+at \S/, // stack frames
  /\bat \S+ \(\S+:\d+:\d+\)/,
  /\.(?:ts|js|mjs|cjs):\d+/, // file:line
  /node_modules\/|\/work\/main|file:\/\//,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|EvalError|URIError|DatabaseError|SqliteError|Error):/,
  /"stack"\s*:/,
  /\bSQLITE_[A-Z]+|\bduplicate key value\b|\bviolates (?:unique|foreign key|check) constraint\b/,
  /root:x:0:0|"devDependencies"/, // files from outside what is served
];

function describeRequest(req: FuzzRequest): string {
  const cut = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, cut(v, 80)]));
  return `${req.method} ${cut(req.url)} as ${req.caller}, headers ${JSON.stringify(headers)}, body ${
    req.payload === undefined ? '(none)' : JSON.stringify(cut(req.payload))
  }`;
}

function checkAnswer(req: FuzzRequest, res: LightMyRequestResponse) {
  const where = () => `${describeRequest(req)}\n→ ${res.statusCode} ${res.body.slice(0, 400)}`;
  if (res.statusCode >= 500) throw new Error(`server error for ${where()}`);
  for (const pattern of leaks) {
    if (pattern.test(res.body)) throw new Error(`leak (${pattern}) in ${where()}`);
  }
  const protectedRoute = req.target.guard !== 'public';
  if (protectedRoute && (req.caller === 'junk' || req.caller === 'anonymous') && res.statusCode !== 401) {
    throw new Error(`expected 401 for ${where()}`);
  }
  if (req.target.guard === 'staff' && req.caller === 'A' && res.statusCode !== 403) {
    throw new Error(`expected 403 for ${where()}`);
  }
  if (res.statusCode < 400 || req.method === 'HEAD') return;
  if (!String(res.headers['content-type']).startsWith('application/json')) {
    throw new Error(`refusal is not JSON: ${where()}`);
  }
  const body = res.json() as Record<string, unknown>;
  // Only a changed cart comes back with the refusal (the cart as it is now, for the shopper to see).
  const envelopeKeys = ['success', 'message', 'code', 'issues', ...(body.code === 'CART_CHANGED' ? ['data'] : [])];
  const keys = Object.keys(body).filter((k) => !envelopeKeys.includes(k));
  const issuesOk =
    body.issues === undefined ||
    (Array.isArray(body.issues) &&
      body.issues.every(
        (i: { path?: unknown; message?: unknown }) => typeof i.path === 'string' && typeof i.message === 'string',
      ));
  if (
    body.success !== false ||
    typeof body.message !== 'string' ||
    body.message === '' ||
    typeof body.code !== 'string' ||
    body.code === '' ||
    keys.length > 0 ||
    !issuesOk
  ) {
    throw new Error(`refusal is not the error envelope: ${where()}`);
  }
}

const prototypeState = () => ({
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  polluted: ['polluted', 'isAdmin', 'role', 'x'].map((k) => (Object.prototype as Record<string, unknown>)[k]),
});

// ---------------------------------------------------------------------------------------------

describe.each(testDialects)('fuzzing the API on %s', (dialect) => {
  const runs = dialect === 'sqlite' ? 150 : 60;
  let env: Env;
  let snapshotOfB: Awaited<ReturnType<typeof accountSnapshot>>;
  const prototypesBefore = prototypeState();
  fuzzRequests[dialect] = 0;

  beforeAll(async () => {
    const shop = await createSecurityShop(dialect);
    const callers = await createCallers(shop);
    const own = await createStockedProduct(shop, callers.admin, 'Fuzz Cotton Kurta');
    // B's things are out of every pool: nothing the fuzzer sends names them.
    const bProduct = await createStockedProduct(shop, callers.admin, 'Private Linen Shirt');
    const b = shopperActions(callers.B, bProduct);
    await b.placeOrder();
    await b.addToCart(2);
    await callers.B.call({ method: 'POST', url: '/api/cart/apply-discount', payload: { code: 'SAVE10' } });
    await callers.B.call({ method: 'PATCH', url: '/api/auth/profile', payload: { shippingAddress: profileAddress } });
    snapshotOfB = await accountSnapshot(callers.B);

    const a = shopperActions(callers.A, own);
    const cod = await a.placeOrder();
    const online = await a.placeOrder('razorpay');
    const providerOrderId = await a.initiate(online._id);
    const cartItem = await a.freshCartItem();
    const other = await signedInShopper(shop.app, { firstName: 'Chandra' });

    const products = (await shop.app.inject('/api/product?limit=5')).json().data.products as {
      _id: string;
      image: string;
    }[];
    const categories = (await shop.app.inject('/api/categories')).json().data as { _id: string }[];
    const flows = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const start = await shop.app.inject('/api/auth/google/start');
        return {
          state: new URL(String(start.headers.location)).searchParams.get('state')!,
          cookie: String(start.headers['set-cookie']).split(';')[0]!,
        };
      }),
    );
    const foreign = createTokenService(randomBytes(32), 3600);
    const none = (claims: object) =>
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
        JSON.stringify(claims),
      ).toString('base64url')}.`;
    const aToken = callers.A.auth().authorization!.slice('Bearer '.length);
    const [header, , signature] = aToken.split('.');
    const claimsOf = (userId: string) => ({
      sub: userId,
      tv: 0,
      iss: 'kapas-shop',
      aud: 'kapas-shop-web',
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    const adminId = callers.admin.user!._id;
    const forgedAuth = [
      `Bearer ${await foreign.sign({ userId: adminId, tokenVersion: 0 })}`,
      `Bearer ${await foreign.sign({ userId: callers.A.user!._id, tokenVersion: 0 })}`,
      `Bearer ${none(claimsOf(adminId))}`,
      `Bearer ${header}.${Buffer.from(JSON.stringify(claimsOf(adminId))).toString('base64url')}.${signature}`,
      `Bearer ${aToken.slice(0, -2)}${aToken.endsWith('A') ? 'BB' : 'AA'}`,
      `Bearer ${aToken}.${signature}`,
      `Bearer ${aToken} ${aToken}`,
      `Basic ${aToken}`,
    ];
    const signedJunkCookies = ['{"state":1}', 'not-base64!', '', JSON.stringify({ state: 'x', nonce: 'y' })].map(
      (value) => `shop_google_flow=${shop.app.signCookie(Buffer.from(value).toString('base64url'))}`,
    );

    env = {
      shop,
      callers,
      pools: {
        productIds: [own.productId, ...products.map((p) => p._id)],
        categoryIds: categories.map((c) => c._id),
        cartItemIds: [cartItem],
        orderIds: [cod._id, online._id],
        messageIds: [await deliveredMessage(shop), await deliveredMessage(shop)],
        providerOrderIds: [providerOrderId],
        imageFiles: products.map((p) => p.image.split('/').pop()!),
        couponCodes: ['SAVE10', 'TEES3', 'WELCOME20', 'save10'],
        emails: [other.email, 'nobody@example.com'],
        flows,
        forgedAuth,
        signedJunkCookies,
      },
    };
  });
  afterAll(async () => {
    await env?.shop.close();
  });

  async function send(req: FuzzRequest) {
    fuzzRequests[dialect]! += 1;
    const res = await env.shop.app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers,
      remoteAddress: req.remoteAddress,
      ...(req.payload !== undefined && { payload: req.payload }),
    });
    const seen = (statuses[dialect] ??= {});
    seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
    checkAnswer(req, res);
    // A log-out revokes every token of the caller: sign in again to keep fuzzing as them.
    if (req.url.startsWith('/api/auth/logout') && res.statusCode === 200 && req.caller !== 'junk') {
      await env.callers[req.caller === 'admin' ? 'admin' : 'A'].relogin();
    }
    return res;
  }

  async function fuzz(arb: fc.Arbitrary<FuzzRequest>, seedOffset: number, numRuns = runs) {
    await fc.assert(
      fc.asyncProperty(arb, async (req) => {
        await send(req);
      }),
      { seed: SEED + seedOffset, numRuns, endOnFailure: true },
    );
    // Staff may have set a free-shipping threshold or prices including GST, which rightly change
    // every cart's totals.
    await relaxedShopSettings(env.shop.handle.db);
    expect(await accountSnapshot(env.callers.B)).toEqual(snapshotOfB);
    expect(prototypeState()).toEqual(prototypesBefore);
  }

  Object.entries(families).forEach(([family, targets], index) => {
    it(`${family}: ${targets.map((t) => `${t.method} ${t.route}`).join(', ')}`, async () => {
      await fuzz(
        fc.constantFrom(...targets).chain((t) => requestArb(t, env)),
        index,
      );
    });
  });

  it('every route, with bodies that are not JSON, or not what the content type says', async () => {
    const withBody = allTargets.filter((t) => t.body || t.webhook);
    const arb = fc
      .record({ target: fc.constantFrom(...withBody), text: rawBodies, contentType: sometimes(contentTypes, 2) })
      .chain(({ target, text: raw, contentType }) =>
        requestArb(target, env).map((req) => ({
          ...req,
          payload: raw,
          headers: { ...req.headers, 'content-type': contentType ?? 'application/json' },
        })),
      );
    await fuzz(arb, 100);
  });

  it('every route, with absurd credentials and headers', async () => {
    const arb = fc.constantFrom(...allTargets).chain((t) => requestArb(t, env, ['junk', 'junk', 'anonymous']));
    await fuzz(arb, 200);
  });

  it('sequences of plausible actions by A and staff (cart, coupons, orders, payments, restocking)', async () => {
    const { callers, shop } = env;
    // Products of this test's own (the families above restocked the others at random).
    const products = [
      (await createStockedProduct(shop, callers.admin, 'Sequence Cotton Shirt')).productId,
      (await createStockedProduct(shop, callers.admin, 'Zari Silk Sherwani', 10_000_000)).productId,
    ];
    const as = (caller: 'A' | 'admin', method: HTTPMethods, url: string, payload?: unknown) =>
      send({
        target: { method, route: '(sequence)', guard: 'public' },
        caller,
        method,
        url,
        headers: {
          ...callers[caller].auth(),
          ...(payload !== undefined && { 'content-type': 'application/json' }),
        },
        remoteAddress: '10.1.2.3',
        ...(payload !== undefined && { payload: JSON.stringify(payload) }),
      });
    const cartLines = async () =>
      ((await as('A', 'GET', '/api/cart/details')).json().data?.items ?? []) as {
        _id: string;
        productId: string;
        size: string;
        quantity: number;
      }[];
    const ordersOfA = async () =>
      ((await as('A', 'GET', '/api/order/orders')).json().data?.orders ?? []) as { _id: string }[];
    const pick = <T>(list: T[], i: number) => (list.length > 0 ? list[i % list.length] : undefined);

    const size = fc.constantFrom('S', 'M', 'M', 'L', 'XL', 'XS');
    const quantity = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom(999, 1000, 1001, 0) },
    );
    const add = fc.record({ kind: fc.constant('add' as const), product: fc.nat(), size, quantity });
    const placeOrder = fc.record({
      kind: fc.constant('order' as const),
      method: fc.constantFrom('cod', 'razorpay'),
      key: fc.option(fc.constantFrom('sequence-key-1', 'sequence-key-2')),
      items: fc.constantFrom('none', 'cart', 'stale'),
    });
    const action = fc.oneof(
      { weight: 4, arbitrary: add },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('quantity' as const), line: fc.nat(), quantity }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), line: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const) }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('coupon' as const),
          code: fc.constantFrom('SAVE10', 'TEES3', 'WELCOME20', 'welcome20', 'NOPE'),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropCoupon' as const) }) },
      { weight: 3, arbitrary: placeOrder },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat() }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('pay' as const),
          order: fc.nat(),
          via: fc.constantFrom('success', 'captured', 'failed'),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('status' as const),
          order: fc.nat(),
          status: fc.constantFrom('pending', 'confirmed', 'shipped', 'delivered', 'cancelled'),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('restock' as const),
          product: fc.nat(),
          price: fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.constant(10_000_000)),
          sizes: fc.uniqueArray(
            fc.record({ size, stock: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5000 })) }),
            { selector: (s) => s.size, maxLength: 4 },
          ),
        }),
      },
    );
    type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

    async function perform(a: Action) {
      switch (a.kind) {
        case 'add':
          return as('A', 'POST', '/api/cart', {
            product: pick(products, a.product),
            size: a.size,
            quantity: a.quantity,
          });
        case 'quantity': {
          const line = pick(await cartLines(), a.line);
          return line && as('A', 'PUT', `/api/cart/${line._id}`, { quantity: a.quantity });
        }
        case 'remove': {
          const line = pick(await cartLines(), a.line);
          return line && as('A', 'DELETE', `/api/cart/${line._id}`);
        }
        case 'clear':
          return as('A', 'DELETE', '/api/cart/clear');
        case 'coupon':
          return as('A', 'POST', '/api/cart/apply-discount', { code: a.code });
        case 'dropCoupon':
          return as('A', 'DELETE', '/api/cart/coupon');
        case 'order': {
          const lines = a.items === 'none' ? [] : await cartLines();
          const items = lines.map((l) => ({
            productId: l.productId,
            size: l.size,
            quantity: a.items === 'stale' ? l.quantity + 1 : l.quantity,
          }));
          return send({
            target: { method: 'POST', route: '(sequence)', guard: 'public' },
            caller: 'A',
            method: 'POST',
            url: '/api/order',
            headers: {
              ...callers.A.auth(),
              'content-type': 'application/json',
              ...(a.key && { 'idempotency-key': a.key }),
            },
            remoteAddress: '10.1.2.3',
            payload: JSON.stringify({
              shippingAddress: orderAddress,
              paymentMethod: a.method,
              ...(a.items !== 'none' && { items }),
            }),
          });
        }
        case 'cancel': {
          const order = pick(await ordersOfA(), a.order);
          return order && as('A', 'POST', `/api/order/${order._id}/cancel`);
        }
        case 'status': {
          const order = pick(await ordersOfA(), a.order);
          return order && as('admin', 'PATCH', `/api/order/${order._id}/status`, { status: a.status });
        }
        case 'pay': {
          const order = pick(await ordersOfA(), a.order);
          if (!order) return;
          const initiated = await as('A', 'POST', '/api/payments/initiate', { orderId: order._id });
          const providerOrderId = initiated.json().data?.order?.id as string | undefined;
          if (!providerOrderId) return initiated;
          if (a.via === 'success') {
            const signed = await as('A', 'POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId });
            return as('A', 'POST', '/api/payments/success', signed.json().data);
          }
          const event = {
            event: a.via === 'captured' ? 'payment.captured' : 'payment.failed',
            payload: { payment: { entity: { id: `pay_${providerOrderId}`, order_id: providerOrderId } } },
          };
          const raw = JSON.stringify(event);
          return send({
            target: { method: 'POST', route: '(sequence)', guard: 'public' },
            caller: 'anonymous',
            method: 'POST',
            url: '/api/payments/webhook',
            headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, raw) },
            remoteAddress: '10.1.2.3',
            payload: raw,
          });
        }
        case 'restock':
          return as('admin', 'PATCH', `/api/product/update/${pick(products, a.product)}`, {
            price: a.price,
            ...(a.sizes.length > 0 && { sizes: a.sizes }),
          });
      }
    }

    await fc.assert(
      // Each sequence fills the cart, does anything, and tries to check out.
      fc.asyncProperty(
        fc.tuple(fc.array(add, { minLength: 1, maxLength: 3 }), fc.array(action, { maxLength: 8 }), placeOrder),
        async ([adds, actions, checkout]) => {
          await as('A', 'DELETE', '/api/cart/clear');
          for (const a of [...adds, ...actions, checkout]) await perform(a);
          const db = shop.handle.db;
          const lowestStock = await db
            .selectFrom('product_variants')
            .select((e) => e.fn.min('stock').as('n'))
            .executeTakeFirst();
          const lowestUse = await db
            .selectFrom('coupons')
            .select((e) => e.fn.min('times_redeemed').as('n'))
            .executeTakeFirst();
          expect(Number(lowestStock?.n ?? 0)).toBeGreaterThanOrEqual(0);
          expect(Number(lowestUse?.n ?? 0)).toBeGreaterThanOrEqual(0);
        },
      ),
      { seed: SEED + 400, numRuns: dialect === 'sqlite' ? 40 : 20, endOnFailure: true },
    );
    expect(await accountSnapshot(callers.B)).toEqual(snapshotOfB);
  });

  it('unknown paths and methods, path traversal, HEAD', async () => {
    await fuzz(strayRequestArb(env), 300);
  });

  it('tried the planned number of requests', () => {
    const tried = fuzzRequests[dialect]!;
    console.info(`fuzz (${dialect}): ${tried} requests; answers by status ${JSON.stringify(statuses[dialect])}`);
    expect(tried).toBeGreaterThanOrEqual(runs * (Object.keys(families).length + 3));
    if (dialect === 'sqlite') expect(tried).toBeGreaterThan(1000);
  });
});

afterAll(() => {
  const total = Object.values(fuzzRequests).reduce((n, v) => n + (v ?? 0), 0);
  console.info(`fuzz: ${total} requests in all (${JSON.stringify(fuzzRequests)})`);
  expect(total).toBeGreaterThan(1000);
});

describe('the plausible values', () => {
  const pools: Pools = {
    productIds: ['product1'],
    categoryIds: ['category1'],
    cartItemIds: ['item1'],
    orderIds: ['order1'],
    messageIds: ['message1'],
    providerOrderIds: ['order_1'],
    imageFiles: ['cap--black--front.svg'],
    couponCodes: ['SAVE10'],
    emails: ['someone@example.com'],
    flows: [{ state: 'state1', cookie: 'shop_google_flow=x' }],
    forgedAuth: ['Bearer x'],
    signedJunkCookies: ['shop_google_flow=y'],
  };
  const asQuery = (value: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

  // Else the fuzzer would only ever test validation, never what lies behind it.
  it.each(allTargets.filter((t) => t.body || t.query).map((t) => [`${t.method} ${t.route}`, t] as const))(
    'read off the schema of %s mostly pass it',
    (_name, target) => {
      const schema = (target.body ?? target.query)!;
      const samples = fc.sample(fromSchema(schema, { ...pools, strings: target.strings }), {
        numRuns: 200,
        seed: SEED,
      });
      const passing = samples.filter((j) => {
        const value = JSON.parse(toJson(j));
        return schema.safeParse(target.query ? asQuery(value) : value).success;
      });
      expect(passing.length).toBeGreaterThan(samples.length * 0.2);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Inputs the fuzzer found answered with a 500, kept as plain regression cases.

describe.each(testDialects)('fuzz findings, fixed, on %s', (dialect) => {
  let shop: TestShop;
  let callers: Callers;
  let own: { productId: string; size: string; categoryId: string };

  beforeAll(async () => {
    shop = await createSecurityShop(dialect);
    callers = await createCallers(shop);
    own = await createStockedProduct(shop, callers.admin, 'Regression Kurta');
  });
  afterAll(async () => {
    await shop?.close();
  });

  // PostgreSQL refuses text holding U+0000 ("invalid byte sequence"): every query with one
  // was a 500 there. The contract now refuses NUL in every free-text input (inputText).
  const address = {
    name: 'Home',
    addressLine1: '12B, MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560001',
    phone: '9876543210',
  };
  const nul: [string, (c: Callers, p: { productId: string; categoryId: string }) => object, CallerKey][] = [
    ['product list q', () => ({ url: '/api/product?q=a%00b' }), 'anonymous'],
    ['product list category', () => ({ url: '/api/product?category=%00' }), 'anonymous'],
    ['product list color', () => ({ url: '/api/product?color=%00' }), 'anonymous'],
    ['product search q', () => ({ url: '/api/product/search?q=a%00b' }), 'anonymous'],
    ['search suggestions q', () => ({ url: '/api/product/suggestions?q=a%00b' }), 'anonymous'],
    ['coupon code in the path', () => ({ url: '/api/discount/code/%00' }), 'anonymous'],
    [
      'sign-up name',
      () => ({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          firstName: 'A\u0000',
          lastName: 'B',
          email: `nul.${Date.now()}@example.com`,
          phone: '9876543210',
          password: 'Monsoon-Kurta-2026!',
        },
      }),
      'anonymous',
    ],
    [
      'profile address',
      () => ({
        method: 'PATCH',
        url: '/api/auth/profile',
        payload: { shippingAddress: { ...address, city: 'P\u0000' } },
      }),
      'A',
    ],
    [
      'add to cart size',
      (_c, p) => ({
        method: 'POST',
        url: '/api/cart',
        payload: { product: p.productId, size: 'M\u0000', quantity: 1 },
      }),
      'A',
    ],
    ['coupon code', () => ({ method: 'POST', url: '/api/cart/apply-discount', payload: { code: 'SAVE\u0000' } }), 'A'],
    [
      'order notes',
      () => ({
        method: 'POST',
        url: '/api/order',
        payload: { shippingAddress: address, paymentMethod: 'cod', notes: '\u0000' },
      }),
      'A',
    ],
    [
      'payment confirmation',
      () => ({
        method: 'POST',
        url: '/api/payments/success',
        payload: { razorpay_order_id: 'order_\u0000', razorpay_payment_id: 'pay_1', razorpay_signature: 'ab' },
      }),
      'A',
    ],
    [
      'sandbox payment',
      () => ({ method: 'POST', url: '/api/payments/sandbox/pay', payload: { razorpay_order_id: 'order_\u0000' } }),
      'A',
    ],
    [
      'product name',
      (_c, p) => ({
        method: 'POST',
        url: '/api/product/create',
        payload: { name: 'N\u0000', categoryId: p.categoryId, price: 5 },
      }),
      'admin',
    ],
  ];
  type CallerKey = 'anonymous' | 'A' | 'admin';

  it.each(nul)('NUL in the %s is a 400, not a 500', async (_what, build, who) => {
    const res = await callers[who].call(build(callers, own) as Parameters<Caller['call']>[0]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.json().message).toMatch(/NUL/);
  });

  it('a signed webhook whose body is JSON but not an object ("null") is a 400, not a 500', async () => {
    for (const raw of ['null', '1', '"text"', '[]']) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'text/plain', 'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, raw) },
        payload: raw,
      });
      if (raw === '[]') {
        expect(res.json()).toMatchObject({ success: true, message: 'ignored' });
      } else {
        expect(res.statusCode, `${raw}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'INVALID_WEBHOOK' });
      }
    }
  });

  it('a signed webhook with NUL in its ids is ignored, not a 500', async () => {
    const raw = JSON.stringify({
      event: 'payment.failed',
      payload: { payment: { entity: { id: 'pay_\u0000', order_id: 'order_\u0000', error_description: '\u0000' } } },
    });
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, raw) },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'ignored' });
  });

  it('an order beyond what an integer column holds (3 × ₹1 crore) is refused with a 400, stock untouched', async () => {
    const pricey = await createStockedProduct(shop, callers.admin, 'Gold Thread Sherwani', 10_000_000);
    const a = shopperActions(callers.A, pricey);
    await a.clearCart();
    await a.addToCart(3);
    const stockBefore = (await shop.app.inject(`/api/product/${pricey.productId}/sizes`)).json().data;
    const res = await callers.A.call({
      method: 'POST',
      url: '/api/order',
      payload: { shippingAddress: address, paymentMethod: 'cod' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'ORDER_TOO_LARGE' });
    expect((await shop.app.inject(`/api/product/${pricey.productId}/sizes`)).json().data).toEqual(stockBefore);
    expect((await callers.A.call({ url: '/api/cart/details' })).json().data.items).toHaveLength(1);
    // One of them is still an order like any other.
    await a.clearCart();
    await a.addToCart(1);
    const one = await callers.A.call({
      method: 'POST',
      url: '/api/order',
      payload: { shippingAddress: address, paymentMethod: 'cod' },
    });
    expect(one.statusCode, one.body).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------
// Refusals made before the app's error handler is reached (the router, CORS's preflight):
// they answer the envelope too.

describe('refusals outside the error handler', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createSecurityShop('sqlite');
  });
  afterAll(async () => {
    await shop?.close();
  });

  const envelope = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message: expect.any(String) });
  };

  it('a malformed percent-encoding in a path (FST_ERR_BAD_URL) answers the envelope', async () => {
    envelope(await shop.app.inject('/api/product/%E0%A4%A'));
  });

  it('a path parameter over 100 characters (FST_ERR_MAX_PARAM_LENGTH) answers the envelope', async () => {
    envelope(await shop.app.inject(`/api/product/${'a'.repeat(101)}`));
  });

  it('a preflight (OPTIONS) with a body that is not JSON answers the envelope', async () => {
    envelope(
      await shop.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    );
  });
});
