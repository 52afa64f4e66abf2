/** Small coloured labels for where an order, its payment or a record stands. */
import type { OrderStatus, PaymentStatus } from '@shop/core';
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-sand text-ink-soft',
  info: 'bg-ink/5 text-ink ring-1 ring-ink/15',
  warning: 'bg-accent-soft text-accent',
  success: 'bg-success/10 text-success',
  danger: 'bg-sale/10 text-sale',
};

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const orderStatusTones: Record<OrderStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'info',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'danger',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={orderStatusTones[status]}>{orderStatusLabels[status]}</Badge>;
}

/** An order's payment state, or a payment attempt's own (`created` is an attempt not yet paid). */
export type PaymentBadgeStatus = PaymentStatus | 'created';

const paymentStatusLabels: Record<PaymentBadgeStatus, string> = {
  cod: 'Cash on delivery',
  awaiting_payment: 'Awaiting payment',
  created: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

const paymentStatusTones: Record<PaymentBadgeStatus, BadgeTone> = {
  cod: 'neutral',
  awaiting_payment: 'warning',
  created: 'warning',
  paid: 'success',
  failed: 'danger',
  refunded: 'neutral',
};

export function PaymentStatusBadge({ status }: { status: PaymentBadgeStatus }) {
  return <Badge tone={paymentStatusTones[status]}>{paymentStatusLabels[status]}</Badge>;
}
