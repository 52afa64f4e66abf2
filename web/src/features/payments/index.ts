/** What other features may use of payments: paying for an order already placed, and whether online payment is offered. */
export { usePayForOrder, type PayHandlers } from './use-pay-for-order.tsx';
export { useOnlinePaymentAvailable } from './use-online-payment.ts';
