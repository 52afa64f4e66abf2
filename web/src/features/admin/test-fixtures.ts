/** Staff-area answers as the server gives them, and the staff pages rendered on them, for component tests. */
import {
  couponLabel,
  type AdminCoupon,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrderRow,
  type AuditEntry,
  type Order,
  type User,
} from '@shop/core';
import type { ReactElement } from 'react';
import { ApiError } from '../../lib/http.ts';
import { createFakeApi, type FakeHandler } from '../../test/fake-api.ts';
import { makeCart, makeOrder, makeProductPage, makeStoreInfo, makeUser } from '../../test/fixtures.ts';
import { renderAppAt } from '../../test/render-app.tsx';
import { renderWithProviders, signIn } from '../../test/render.tsx';

type Handlers = Record<string, FakeHandler>;

let counter = 0;

export function makeAdminUser(overrides: Partial<User> = {}): User {
  return makeUser({
    _id: 'staff1',
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi@kapas.in',
    role: 'admin',
    ...overrides,
  });
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  counter += 1;
  return {
    _id: `audit${counter}`,
    at: '2026-11-21T11:00:00.000Z',
    actor: { _id: 'staff1', name: 'Ravi Kumar', email: 'ravi@kapas.in' },
    entityType: 'order',
    entityId: 'o1',
    action: 'order.status',
    summary: 'Status: pending → confirmed',
    ...overrides,
  };
}

/** A cash order waiting for its confirmation, as staff see it. */
const awaitingCod = { state: 'awaiting', confirmedAt: null, via: null } as const;

export function makeAdminOrderRow(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  counter += 1;
  return {
    _id: `o${counter}`,
    orderNumber: `KP-20261121-${String(counter).padStart(4, '0')}`,
    createdAt: '2026-11-21T10:00:00.000Z',
    customer: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com' },
    status: 'pending',
    paymentMethod: 'cod',
    paymentStatus: 'cod',
    itemCount: 2,
    total: 2842,
    codConfirmation: overrides.paymentMethod === 'razorpay' ? null : awaitingCod,
    ...overrides,
  };
}

/** One page of a staff list (`{ orders }`, `{ messages }`, `{ products }`): all the rows, on one page. */
export function makeListPage<Key extends string, Row>(key: Key, rows: Row[], limit = 20) {
  return { [key]: rows, page: 1, limit, total: rows.length, totalPages: 1 } as Record<Key, Row[]> & {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
  };
}

export function makeAdminOrderPage(orders: AdminOrderRow[], overrides: Partial<AdminOrderPage> = {}): AdminOrderPage {
  return { ...makeListPage('orders', orders), ...overrides };
}

export function makeAdminOrderDetail(
  order: Partial<Order> = {},
  overrides: Partial<Omit<AdminOrderDetail, 'order'>> = {},
): AdminOrderDetail {
  return {
    order: makeOrder(order),
    customer: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
    payment: null,
    nextStatuses: ['confirmed', 'cancelled'],
    refundable: false,
    codConfirmation: order.paymentMethod === 'razorpay' ? null : awaitingCod,
    audit: [],
    ...overrides,
  };
}

/** A captured online payment, as the detail shows it when a refund is possible. */
export function makePaidOnlineDetail(order: Partial<Order> = {}): AdminOrderDetail {
  return makeAdminOrderDetail(
    { paymentMethod: 'razorpay', paymentStatus: 'paid', status: 'confirmed', ...order },
    {
      payment: {
        provider: 'razorpay',
        providerOrderId: 'order_abc123',
        providerPaymentId: 'pay_xyz789',
        amount: 2842,
        status: 'paid',
        refundId: null,
      },
      nextStatuses: ['shipped', 'cancelled'],
      refundable: true,
    },
  );
}

/** A coupon as the staff list gives it, its label worked out as the server does. */
export function makeAdminCoupon(overrides: Partial<Omit<AdminCoupon, 'label'>> = {}): AdminCoupon {
  const coupon = {
    _id: 'c1',
    code: 'DIWALI10',
    discountType: 'percentage' as const,
    value: 10,
    minPurchase: 999,
    buyX: 0,
    getY: 0,
    applicableCategories: [],
    startsAt: null,
    endsAt: null,
    usageLimit: 100,
    perCustomerLimit: 1,
    isActive: true,
    timesRedeemed: 3,
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
  return { label: couponLabel(coupon), ...coupon };
}

/** "Buy 2 get 1" on men's T-shirts, with no overall limit: the staff tests' second coupon. */
export const makeTeesCoupon = (overrides: Partial<Omit<AdminCoupon, 'label'>> = {}) =>
  makeAdminCoupon({
    _id: 'c2',
    code: 'TEES3',
    discountType: 'buyXgetY',
    value: 0,
    minPurchase: 0,
    buyX: 2,
    getY: 1,
    applicableCategories: ['mens-t-shirts'],
    usageLimit: null,
    perCustomerLimit: null,
    timesRedeemed: 0,
    ...overrides,
  });

/** The server's refusal of a body, naming each refused field (400 VALIDATION_FAILED). */
export function refusedFields(issues: { path: string; message: string }[], message = 'Invalid body'): ApiError {
  return new ApiError(message, { status: 400, code: 'VALIDATION_FAILED', issues });
}

/** What the shop's frame asks for on every page (the store, the header's cart), for `user`. */
export function shopFrameAnswers(user: User): Handlers {
  return {
    'GET /store': () => makeStoreInfo(),
    'GET /product': () => makeProductPage([]),
    'GET /auth/profile': () => user,
    'GET /cart/details': () => makeCart(),
  };
}

/** The whole app at `route` for a signed-in admin; `handlers` answer what the staff pages ask. */
export function renderAppAsAdmin(route: string, handlers: Handlers = {}) {
  const admin = makeAdminUser();
  signIn(admin);
  return renderAppAt(route, createFakeApi({ ...shopFrameAnswers(admin), ...handlers }));
}

/** One staff page alone, mounted on its route `path` and opened at `route`. */
export function renderStaffPage(page: ReactElement, path: string, handlers: Handlers, route = path) {
  return renderWithProviders(page, { api: createFakeApi(handlers), route, path });
}
