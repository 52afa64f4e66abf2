import type { AdminOrderDetail, Order } from '@shop/core';
import { useParams } from 'react-router';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { DocumentDownloads } from '../../../components/document-downloads.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { AdminPageHeader, AdminSection, ErrorState } from '../shared/admin-page.tsx';
import { AuditTrail } from '../shared/audit-trail.tsx';
import { formatDateTime } from '../shared/format.ts';
import { Fact, Facts, RecordPage } from '../shared/record-page.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../shared/status-badge.tsx';
import { asResource, type AdminResource } from '../shared/use-resource.ts';
import { useGetAdminOrderQuery } from './api.ts';
import { CodConfirmationBadge, ConfirmCodButton } from './cod-confirmation.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderLines } from './order-lines.tsx';
import { ParcelSection } from '../shipments/index.ts';

/** One order as staff handle it: what, for whom, where to, how it is paid, and what happened to it. */
export function AdminOrderDetailPage() {
  const { id = '' } = useParams();
  const detail = asResource(useGetAdminOrderQuery(id));

  return (
    <RecordPage back={{ to: '/admin/orders', label: '← All orders' }} resource={detail} label="Loading the order…">
      {(data) => <OrderDetail detail={data} resource={detail} />}
    </RecordPage>
  );
}

/** The order's page once loaded; a failed reload shows above what was loaded before. */
function OrderDetail({ detail, resource }: { detail: AdminOrderDetail; resource: AdminResource<AdminOrderDetail> }) {
  const { order, customer, payment } = detail;
  return (
    <>
      <AdminPageHeader
        title={`Order ${order.orderNumber}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>
              Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
            <CodConfirmationBadge confirmation={detail.codConfirmation} />
          </span>
        }
        actions={
          <span className="flex flex-wrap gap-2">
            <ConfirmCodButton detail={detail} />
            <OrderActions detail={detail} />
          </span>
        }
      />
      {resource.error && (
        <ErrorState
          className="mb-4"
          message={resource.error.message}
          onRetry={resource.reload}
          retrying={resource.loading}
        />
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <AdminSection title={`Items (${order.itemCount})`}>
            <OrderLines order={order} />
          </AdminSection>
          <AdminSection title="Status history">
            <StatusHistory history={order.history} />
          </AdminSection>
        </div>
        <div className="space-y-4">
          <AdminSection title="Customer">
            <Facts>
              <Fact label="Name">{customer.name}</Fact>
              <Fact label="Email">
                <a href={`mailto:${customer.email}`} className="rounded-md break-all text-accent hover:underline">
                  {customer.email}
                </a>
              </Fact>
              {customer.phone && <Fact label="Phone">{customer.phone}</Fact>}
            </Facts>
          </AdminSection>
          <ParcelSection order={order} />
          <AdminSection title="Delivery">
            <Address address={order.shippingAddress} />
            {order.notes && <p className="mt-3 text-sm text-muted">Note: {order.notes}</p>}
            {!sameAddress(order.shippingAddress, order.billingAddress) && (
              <>
                <h3 className="mt-4 text-sm font-semibold">Billing address</h3>
                <Address address={order.billingAddress} />
              </>
            )}
          </AdminSection>
          <AdminSection title="Payment">
            <PaymentFacts order={order} payment={payment} />
          </AdminSection>
          <AdminSection title="Tax documents">
            <TaxDocuments order={order} />
          </AdminSection>
        </div>
      </div>
      <AuditTrail entries={detail.audit} className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-6" />
    </>
  );
}

type OrderAddress = Order['shippingAddress'];

function sameAddress(a: OrderAddress, b: OrderAddress): boolean {
  return (Object.keys(a) as (keyof OrderAddress)[]).every((key) => a[key] === b[key]);
}

function Address({ address }: { address: OrderAddress }) {
  return (
    <address className="text-sm leading-6 not-italic">
      <span className="block font-medium">{address.name}</span>
      <span className="block">{address.addressLine1}</span>
      {address.addressLine2 && <span className="block">{address.addressLine2}</span>}
      <span className="block">
        {address.city}, {address.state} {address.pinCode}
      </span>
      <span className="block">{address.country}</span>
      <span className="block text-muted">Phone {address.phone}</span>
    </address>
  );
}

function PaymentFacts({ order, payment }: { order: Order; payment: AdminOrderDetail['payment'] }) {
  return (
    <Facts>
      <Fact label="Method">{order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Online (Razorpay)'}</Fact>
      <Fact label="Status">
        <PaymentStatusBadge status={order.paymentStatus} />
      </Fact>
      {payment && (
        <>
          <Fact label="Amount">{formatPrice(payment.amount)}</Fact>
          <Fact label="Provider">{payment.provider}</Fact>
          <Fact label="Provider order">
            <span className="font-mono text-xs break-all">{payment.providerOrderId}</span>
          </Fact>
          {payment.providerPaymentId && (
            <Fact label="Payment id">
              <span className="font-mono text-xs break-all">{payment.providerPaymentId}</span>
            </Fact>
          )}
          {payment.refundId && (
            <Fact label="Refund">
              <span className="font-mono text-xs break-all">{payment.refundId}</span>
            </Fact>
          )}
        </>
      )}
    </Facts>
  );
}

function StatusHistory({ history }: { history: Order['history'] }) {
  if (history.length === 0) return <p className="text-sm text-muted">No status changes yet.</p>;
  return (
    <ol className="space-y-3 border-l border-line pl-4" aria-label="Status changes">
      {history.map((event, i) => (
        <li key={`${event.at}-${i}`} className="relative text-sm">
          <span className="absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full bg-accent" aria-hidden="true" />
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={event.status} />
            <time dateTime={event.at} className="text-muted">
              {formatDateTime(event.at)}
            </time>
          </div>
          {event.note && <p className="mt-1 break-words text-ink-soft">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/** The order's tax invoice and credit note: numbers, dates, and their PDFs. */
function TaxDocuments({ order }: { order: Order }) {
  if (order.documents.length === 0) {
    return (
      <p className="text-sm text-muted">
        {order.paymentMethod === 'razorpay' && order.status !== 'cancelled'
          ? 'No tax invoice yet: an online order is invoiced once it is paid.'
          : 'No tax invoice was issued for this order.'}
      </p>
    );
  }
  return (
    <>
      <Facts>
        {order.documents.map((document) => (
          <Fact key={document.kind} label={document.kind === 'invoice' ? 'Invoice' : 'Credit note'}>
            <span className="font-mono">{document.number}</span>
            <span className="text-muted"> · {formatDateTime(document.issuedAt)}</span>
          </Fact>
        ))}
      </Facts>
      <DocumentDownloads
        documents={order.documents}
        basePath={`/admin/orders/${order._id}`}
        orderNumber={order.orderNumber}
        onError={(message) => toast.error(message, { autoClose: toastDurations.orders })}
        className="mt-4"
      />
    </>
  );
}
