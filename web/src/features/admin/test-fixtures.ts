/** Staff-area answers as the server gives them, for component tests. */
import type { AdminOrderDetail, AdminOrderPage, AdminOrderRow, AuditEntry, Order, User } from '@shop/core';
import { makeOrder, makeUser } from '../../test/fixtures.ts';

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
    ...overrides,
  };
}

export function makeAdminOrderPage(orders: AdminOrderRow[], overrides: Partial<AdminOrderPage> = {}): AdminOrderPage {
  return { orders, page: 1, limit: 20, total: orders.length, totalPages: 1, ...overrides };
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
