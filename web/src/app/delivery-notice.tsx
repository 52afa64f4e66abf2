import { deliveryRefusal, toPaise, type Address, type DeliveryAnswerData } from '@shop/core';
import { Link } from 'react-router';
import { useDeliveryTo } from '../lib/api/delivery.ts';
import { useStoreInfo } from '../lib/store/store-info.ts';

export interface DeliveryVerdict {
  delivery: DeliveryAnswerData | null;
  /** Why no order can go to this address ("We don't deliver to 744101 yet"), or null. */
  noDelivery: string | null;
  /** Why this order cannot be paid on delivery ("Cash on delivery isn't available for 190001"), or null. */
  noCod: string | null;
}

/**
 * What the shop's rules (core's `deliveryRefusal`, the one the server applies) say of the saved
 * address and this total, as soon as the PIN's answer arrives. The open-orders limit is the
 * server's to tell: it counts orders this page does not hold.
 */
export function useDeliveryVerdict(address: Pick<Address, 'pinCode'> | null, totalRupees: number): DeliveryVerdict {
  const delivery = useDeliveryTo(address?.pinCode.trim() || null);
  const info = useStoreInfo();
  if (!delivery) return { delivery, noDelivery: null, noCod: null };
  const settings = info
    ? { codMaxOrderValue: toPaise(info.codMaxOrderValue), codMaxOpenOrders: info.codMaxOpenOrders }
    : { codMaxOrderValue: Number.MAX_SAFE_INTEGER, codMaxOpenOrders: Number.MAX_SAFE_INTEGER };
  const facts = { delivery, total: toPaise(totalRupees), openCodOrders: 0 };
  const noDelivery = deliveryRefusal({ ...facts, paymentMethod: 'razorpay' }, settings)?.message ?? null;
  const noCod = noDelivery ? null : (deliveryRefusal({ ...facts, paymentMethod: 'cod' }, settings)?.message ?? null);
  return { delivery, noDelivery, noCod };
}

/** The verdict said at once where the shopper looks: a refusal in red, no cash on delivery in amber. */
export function DeliveryNotice({ verdict, className = '' }: { verdict: DeliveryVerdict; className?: string }) {
  if (verdict.noDelivery) {
    return (
      <div
        role="alert"
        className={`rounded-xl border border-sale/20 bg-sale/5 px-4 py-3 text-sm text-sale ${className}`}
      >
        <p className="font-medium">{verdict.noDelivery}</p>
        <p className="mt-1">
          Please{' '}
          <Link to="/profile" state={{ view: 'address' }} className="underline underline-offset-4">
            use another address
          </Link>{' '}
          to order.
        </p>
      </div>
    );
  }
  if (verdict.noCod) {
    // The spec's messages end without a full stop; the cap's already says to pay online.
    const ended = /[.!?]$/.test(verdict.noCod);
    return (
      <p role="status" className={`rounded-xl border border-accent/30 bg-sand px-4 py-3 text-sm text-ink ${className}`}>
        <span className="font-medium">{verdict.noCod}</span>
        {ended ? '' : '. You can pay online.'}
      </p>
    );
  }
  return null;
}
