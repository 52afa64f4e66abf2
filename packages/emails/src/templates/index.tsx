import {
  businessDaysText,
  DELIVERY_BUSINESS_DAYS,
  formatRupees,
  SHOP_TIME_ZONE,
  STORE_NAME,
  type MessageTemplate,
} from '@shop/core';
import type { ReactElement } from 'react';
import type { MessageData } from '../data.ts';
import { ActionButton, Layout, Paragraph, shopUrl, Title, type RenderContext } from '../layout.tsx';
import {
  AddressBlock,
  OrderLines,
  OrderTotals,
  paymentMethodNames,
  paymentMethodPhrases,
  SectionLabel,
} from './order-parts.tsx';

const returnSteps: Record<MessageData<'return-update'>['step'], string> = {
  requested: 'We have your return request',
  approved: 'Your return is approved',
  rejected: 'Your return was not approved',
  pickup: 'Your return pickup is booked',
  received: 'We have your returned items',
  inspected: 'We have checked your returned items',
  refunded: 'Your return is refunded',
  exchanged: 'Your exchange is on its way',
};

/** What a return's email says at each step. */
function returnLines(data: MessageData<'return-update'>): string[] {
  const about = `return ${data.returnNumber} of order ${data.orderNumber}`;
  switch (data.step) {
    case 'requested':
      return [`We have received ${about}. We look at it within 2 business days and write to you with our answer.`];
    case 'approved':
      return [`We have approved ${about}. We will book a pickup and send you the courier and AWB number.`];
    case 'rejected':
      return [`We could not approve ${about}${data.reason ? `: ${data.reason}` : '.'}`];
    case 'pickup':
      return [
        `${data.pickup?.courierName ?? 'The courier'} will pick up ${about}${data.pickup ? ` (AWB ${data.pickup.awb})` : ''}. Please keep the items packed, with their tags.`,
      ];
    case 'received':
      return [`The items of ${about} have reached us. We check them within 2 business days.`];
    case 'inspected':
      return [
        `We have checked the items of ${about}. ${data.exchangeSizes?.length ? 'We send your new size next.' : 'Your refund follows within 7-10 business days.'}`,
      ];
    case 'refunded':
      return data.refund
        ? [
            `We have refunded ${formatRupees(data.refund.amount)} for ${about} to ${data.refund.destination} (reference ${data.refund.reference}; credit note ${data.refund.creditNote}).`,
            'Banks usually take 5-7 business days to show it.',
          ]
        : [`We have refunded ${about}.`];
    case 'exchanged':
      return [
        `We are sending you ${data.exchangeSizes?.length ? `size ${data.exchangeSizes.join(', ')}` : 'your new size'} for ${about}.`,
      ];
  }
}

/** A message's subject line and its body, written from the template's data. */
export interface MessageDefinition<T extends MessageTemplate> {
  subject(data: MessageData<T>): string;
  body(data: MessageData<T>, context: RenderContext): ReactElement;
}

/** Where a shopper finds their orders. */
const MY_ORDERS = '/profile?view=orders';
const ORDER_REASON = 'You receive this email because you placed an order with';
const ACCOUNT_REASON = 'You receive this email because someone asked for it on your account at';

/** A time of day as the shop tells it: "4:35 pm", Indian Standard Time. */
const shopClock = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: SHOP_TIME_ZONE });
/** A day and time as the shop tells it: "29 Nov, 4:35 pm", Indian Standard Time. */
const shopDateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

function ordersButton(context: RenderContext) {
  return <ActionButton href={shopUrl(context, MY_ORDERS)}>View My Orders</ActionButton>;
}

/** A short message about an order: a heading, a few lines, and the way to My Orders. */
function orderNotice(
  data: { firstName: string; orderNumber: string },
  context: RenderContext,
  title: string,
  lines: string[],
  parcel?: Parcel,
) {
  return (
    <Layout context={context} preview={`${title}: order ${data.orderNumber}`} reason={ORDER_REASON}>
      <Title>{title}</Title>
      <Paragraph>Hello {data.firstName},</Paragraph>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      {parcel && <ParcelBlock parcel={parcel} />}
      {ordersButton(context)}
    </Layout>
  );
}

type Parcel = NonNullable<MessageData<'order-shipped'>['parcel']>;

/** The courier, the AWB number, and the courier's tracking page when it has one. */
function ParcelBlock({ parcel }: { parcel: Parcel }) {
  return (
    <>
      <SectionLabel>Your parcel</SectionLabel>
      <Paragraph>
        {parcel.courierName}, AWB number {parcel.awb}
      </Paragraph>
      {parcel.trackingUrl && <ActionButton href={parcel.trackingUrl}>Track your parcel</ActionButton>}
    </>
  );
}

const COMPLAINT_REASON = 'You receive this email because you made a complaint to';

/** A deadline as the shopper reads it: "30 Nov 2026, 3:30 pm" in India's time. */
function deadlineText(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(
    new Date(iso),
  );
}

const complaintSteps = {
  acknowledgement: { subject: 'We are looking into your complaint', title: 'Your complaint is acknowledged' },
  reply: { subject: 'A reply to your complaint', title: 'A reply to your complaint' },
  resolution: { subject: 'Your complaint is resolved', title: 'Your complaint is resolved' },
} as const;

export const definitions: { [T in MessageTemplate]: MessageDefinition<T> } = {
  'password-reset': {
    subject: () => `Reset your ${STORE_NAME} password`,
    body: (data, context) => (
      <Layout context={context} preview="A link to choose a new password" reason={ACCOUNT_REASON}>
        <Title>Choose a new password</Title>
        <Paragraph>Hello,</Paragraph>
        <Paragraph>
          Someone, hopefully you, asked to reset the password of your account. The link below works once, for{' '}
          {data.expiresInMinutes} minutes.
        </Paragraph>
        <ActionButton href={shopUrl(context, data.link)}>Choose a new password</ActionButton>
        <Paragraph>If you did not ask for this, ignore this email: your password stays as it is.</Paragraph>
      </Layout>
    ),
  },
  'verify-email': {
    subject: () => 'Confirm your email address',
    body: (data, context) => (
      <Layout
        context={context}
        preview="One click to confirm your email address"
        reason="You receive this email because this address was used to create an account at"
      >
        <Title>Confirm your email address</Title>
        <Paragraph>Hello,</Paragraph>
        <Paragraph>Welcome! Please confirm that this email address is yours.</Paragraph>
        <ActionButton href={shopUrl(context, data.link)}>Confirm my email</ActionButton>
        <Paragraph>
          So that the account is yours alone, confirming signs out every device and clears what was saved on it before
          (its password, addresses and phone number). You then choose your password.
        </Paragraph>
        <Paragraph>
          If you did not create an account, someone else used your address: ignore this email, or confirm it to take the
          account over.
        </Paragraph>
      </Layout>
    ),
  },
  'order-placed': {
    subject: (data) => `Order ${data.orderNumber} placed`,
    body: (data, context) => (
      <Layout
        context={context}
        preview={`Thank you for your order: ${formatRupees(data.totals.total)}`}
        reason={ORDER_REASON}
      >
        <Title>Thank you for your order</Title>
        <Paragraph>Hello {data.firstName},</Paragraph>
        <Paragraph>
          We have received your order <strong>{data.orderNumber}</strong>
          {data.paymentMethod === 'razorpay' ? ' and your payment' : ''}. We will write again when it ships.
        </Paragraph>
        <SectionLabel>Your order</SectionLabel>
        <OrderLines lines={data.lines} />
        <OrderTotals totals={data.totals} couponCode={data.couponCode} />
        <SectionLabel>Delivering to</SectionLabel>
        <AddressBlock address={data.shippingAddress} />
        <SectionLabel>Payment</SectionLabel>
        <Paragraph>
          {paymentMethodNames[data.paymentMethod]}
          {data.paymentMethod === 'cod'
            ? `: please keep ${formatRupees(data.totals.total)} ready on delivery.`
            : `: ${formatRupees(data.totals.total)} paid.`}
        </Paragraph>
        {ordersButton(context)}
      </Layout>
    ),
  },
  'payment-received': {
    subject: (data) => `Payment received for order ${data.orderNumber}`,
    body: (data, context) =>
      orderNotice(data, context, 'Payment received', [
        `We have received your payment of ${formatRupees(data.amount)} for order ${data.orderNumber}. Your order is confirmed.`,
      ]),
  },
  'payment-reminder': {
    subject: (data) => `Complete your payment for order ${data.orderNumber}`,
    body: (data, context) => (
      <Layout
        context={context}
        preview={`Your order ${data.orderNumber} is waiting for its payment`}
        reason={ORDER_REASON}
      >
        <Title>Complete your payment</Title>
        <Paragraph>Hello {data.firstName},</Paragraph>
        <Paragraph>
          Your order <strong>{data.orderNumber}</strong> for {formatRupees(data.total)} is waiting for its payment. We
          keep its items for you until {shopClock.format(new Date(data.payBy))} (India time); after that the order is
          cancelled.
        </Paragraph>
        <ActionButton href={shopUrl(context, data.link)}>Complete your payment</ActionButton>
        <Paragraph>Changed your mind? Do nothing: nothing has been charged.</Paragraph>
      </Layout>
    ),
  },
  'order-cancelled': {
    subject: (data) => `Order ${data.orderNumber} cancelled`,
    body: (data, context) =>
      orderNotice(data, context, 'Your order is cancelled', [
        `Order ${data.orderNumber} has been cancelled.`,
        data.refundAmount === null
          ? 'Nothing was paid for it, so there is nothing to refund.'
          : `We are refunding ${formatRupees(data.refundAmount)} to the way you paid; banks usually take 5-7 business days to show it.`,
      ]),
  },
  'cod-confirmation': {
    subject: (data) => `Please confirm your order ${data.orderNumber}`,
    body: (data, context) => (
      <Layout
        context={context}
        preview={`One click to confirm your cash-on-delivery order ${data.orderNumber}`}
        reason={ORDER_REASON}
      >
        <Title>Please confirm your order</Title>
        <Paragraph>Hello {data.firstName},</Paragraph>
        <Paragraph>
          You ordered <strong>{data.orderNumber}</strong>, to pay {formatRupees(data.total)} in cash on delivery. Please
          confirm that you want it, so that we can send it.
          {data.confirmBy
            ? ` An order not confirmed by ${shopDateTime.format(new Date(data.confirmBy))} (India time) is cancelled.`
            : ''}
        </Paragraph>
        <ActionButton href={shopUrl(context, data.confirmLink)}>Confirm order</ActionButton>
        <Paragraph>Did not mean to order, or changed your mind?</Paragraph>
        <ActionButton href={shopUrl(context, data.cancelLink)}>Cancel order</ActionButton>
        <Paragraph>Each link works once and needs no sign-in.</Paragraph>
      </Layout>
    ),
  },
  'order-shipped': {
    subject: (data) => `Order ${data.orderNumber} is on its way`,
    body: (data, context) =>
      orderNotice(
        data,
        context,
        'Your order is on its way',
        [
          // The shop's delivery policy, from the one place it is defined.
          `Good news: order ${data.orderNumber} has shipped. Delivery takes ${businessDaysText(DELIVERY_BUSINESS_DAYS)} after dispatch.`,
        ],
        data.parcel,
      ),
  },
  'delivery-failed': {
    subject: (data) =>
      data.returning
        ? `Order ${data.orderNumber} is coming back to us`
        : `We could not deliver order ${data.orderNumber}`,
    body: (data, context) =>
      orderNotice(
        data,
        context,
        data.returning ? 'Your parcel is coming back to us' : 'We could not deliver your parcel',
        [
          `${data.parcel.courierName} tried to deliver order ${data.orderNumber} but could not${data.reason ? `: ${data.reason}` : ''}.`,
          data.returning
            ? `That was attempt ${data.attempt} of ${data.maxAttempts}, so the parcel is now on its way back to us. Once it arrives we put the items back and close the order; anything you paid online is refunded.`
            : `That was attempt ${data.attempt} of ${data.maxAttempts}: the courier will try again. In My Orders you can ask for the next attempt and give a phone number that reaches you, if yours has changed.`,
        ],
        data.parcel,
      ),
  },
  'order-delivered': {
    subject: (data) => `Order ${data.orderNumber} delivered`,
    body: (data, context) =>
      orderNotice(data, context, 'Your order was delivered', [
        `Order ${data.orderNumber} has been delivered. We hope you enjoy it.`,
        'Something damaged, defective or not what you ordered? Tell us within 3 days of delivery.',
      ]),
  },
  'refund-recorded': {
    subject: (data) => `Refund for order ${data.orderNumber}`,
    body: (data, context) =>
      orderNotice(data, context, 'Your refund is on its way', [
        `We have refunded ${formatRupees(data.amount)} for order ${data.orderNumber}${data.reference ? ` (reference ${data.reference})` : ''}.`,
        'Banks usually take 5-7 business days to show it.',
      ]),
  },
  'return-update': {
    subject: (data) => `${returnSteps[data.step]} (return ${data.returnNumber})`,
    body: (data, context) => orderNotice(data, context, returnSteps[data.step], returnLines(data)),
  },
  'staff-new-order': {
    subject: (data) => `New order ${data.orderNumber}: ${formatRupees(data.total)}`,
    body: (data, context) => (
      <Layout
        context={context}
        preview={`${data.customerName} placed an order`}
        reason="You receive this email because this address is the shop's address for new orders at"
      >
        <Title>New order {data.orderNumber}</Title>
        <Paragraph>
          {data.customerName} ({data.customerEmail}) ordered {data.itemCount} {data.itemCount === 1 ? 'item' : 'items'}{' '}
          for {formatRupees(data.total)}, paying by {paymentMethodPhrases[data.paymentMethod]}.
        </Paragraph>
        <ActionButton href={shopUrl(context, `/admin/orders/${encodeURIComponent(data.orderId)}`)}>
          Open the order
        </ActionButton>
      </Layout>
    ),
  },
  'complaint-received': {
    subject: (data) => `Complaint ${data.ticketNumber} received`,
    body: (data, context) => (
      <Layout context={context} preview={`Your ticket number is ${data.ticketNumber}`} reason={COMPLAINT_REASON}>
        <Title>We have received your complaint</Title>
        <Paragraph>Hello {data.name},</Paragraph>
        <Paragraph>
          Your ticket number is <strong>{data.ticketNumber}</strong>. Our grievance officer will acknowledge it by{' '}
          {deadlineText(data.acknowledgeBy)} and resolve it by {deadlineText(data.resolveBy)}.
        </Paragraph>
        <ActionButton href={shopUrl(context, data.link)}>Follow your complaint</ActionButton>
        <Paragraph>Keep this email: the link above is the only way to open your ticket without signing in.</Paragraph>
      </Layout>
    ),
  },
  'complaint-updated': {
    subject: (data) => `${complaintSteps[data.step].subject} (${data.ticketNumber})`,
    body: (data, context) => (
      <Layout
        context={context}
        preview={`${complaintSteps[data.step].title}: ${data.ticketNumber}`}
        reason={COMPLAINT_REASON}
      >
        <Title>{complaintSteps[data.step].title}</Title>
        <Paragraph>Hello {data.name},</Paragraph>
        <Paragraph>Our grievance officer wrote about ticket {data.ticketNumber}:</Paragraph>
        {data.message.split(/\n+/).map((line, i) => (
          <Paragraph key={i}>{line}</Paragraph>
        ))}
        <ActionButton href={shopUrl(context, data.link)}>Open your ticket</ActionButton>
      </Layout>
    ),
  },
  'staff-low-stock': {
    subject: (data) =>
      data.variants.length === 1
        ? `Low stock: ${data.variants[0]!.name} ${data.variants[0]!.variant} (${data.variants[0]!.stock} left)`
        : `Low stock: ${data.variants.length} variants`,
    body: (data, context) => (
      <Layout
        context={context}
        preview={`${data.variants.length === 1 ? 'A variant has' : `${data.variants.length} variants have`} fallen to the low-stock threshold`}
        reason="You receive this email because this address is the shop's address for new orders at"
      >
        <Title>Low stock</Title>
        <Paragraph>
          {data.variants.length === 1 ? 'This variant has' : 'These variants have'} fallen to the low-stock threshold:
        </Paragraph>
        {data.variants.map((v) => (
          <Paragraph key={`${v.productId} ${v.sku}`}>
            {v.name} {v.variant} (SKU {v.sku}): {v.stock} left, threshold {v.threshold}.
          </Paragraph>
        ))}
        <ActionButton href={shopUrl(context, '/admin')}>Open the low-stock list</ActionButton>
      </Layout>
    ),
  },
};
