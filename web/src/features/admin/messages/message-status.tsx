import type { MessageStatus } from '@shop/core';
import { Badge, type BadgeTone } from '../shared/status-badge.tsx';

export const messageStatusLabels: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

const tones: Record<MessageStatus, BadgeTone> = {
  queued: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
};

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <Badge tone={tones[status]}>{messageStatusLabels[status]}</Badge>;
}

/** What a template is, in words. */
export const templateLabels: Record<string, string> = {
  'password-reset': 'Password reset',
  'verify-email': 'Email verification',
  'order-placed': 'Order placed',
  'payment-received': 'Payment received',
  'payment-reminder': 'Payment reminder',
  'order-cancelled': 'Order cancelled',
  'cod-confirmation': 'Cash on delivery: confirm',
  'order-shipped': 'Order shipped',
  'order-delivered': 'Order delivered',
  'refund-recorded': 'Refund recorded',
  'staff-new-order': 'New order (staff)',
  'complaint-received': 'Complaint received',
  'complaint-updated': 'Complaint update',
  'staff-low-stock': 'Low stock (staff)',
};
