import { variantLabel, type Order } from '@shop/core';
import { ItemImage } from '../../../components/item-image.tsx';
import { formatPrice } from '../../../lib/format.ts';

/** What was bought, at the prices of the day it was ordered, and the order's totals. */
export function OrderLines({ order }: { order: Order }) {
  const { totals } = order;
  return (
    <>
      <ul className="divide-y divide-line" aria-label="Items">
        {order.items.map((line, i) => (
          <li key={`${line.productId}-${line.size}-${i}`} className="flex gap-3 py-3 first:pt-0">
            <ItemImage src={line.image} alt="" className="w-14" />
            <div className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4 gap-y-1 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-words">{line.name}</p>
                <p className="text-muted">
                  {line.color === null ? `Size ${line.size}` : variantLabel({ color: line.color, size: line.size })} ·
                  Qty {line.quantity} × {formatPrice(line.price)}
                </p>
                {line.sku && <p className="text-xs text-muted">SKU {line.sku}</p>}
              </div>
              <p className="font-semibold tabular-nums">{formatPrice(line.lineTotal)}</p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1.5 border-t border-line pt-4 text-sm tabular-nums">
        <TotalRow label="Subtotal" value={formatPrice(totals.subtotal)} />
        {totals.discountAmount > 0 && (
          <TotalRow
            label={order.coupon ? `Discount (${order.coupon.code}, ${order.coupon.label})` : 'Discount'}
            value={`−${formatPrice(totals.discountAmount)}`}
          />
        )}
        <TotalRow label="Shipping" value={formatPrice(totals.shipping)} />
        <TotalRow label={totals.gstIncluded ? 'GST included' : 'GST'} value={formatPrice(totals.gst)} />
        <TotalRow label="Total" value={formatPrice(totals.total)} strong />
      </dl>
    </>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-line pt-2 text-base font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
