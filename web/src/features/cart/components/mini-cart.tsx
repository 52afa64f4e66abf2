/**
 * The slide-in mini cart (spec §2): after a successful add on screens 768 px or wider, the
 * cart's lines, its subtotal and View Cart. A modal drawer: labelled by its title, focus moves
 * in and stays in, Escape or the backdrop closes it, and focus goes back where it was.
 */
import { INCLUSIVE_TAX_NOTE } from '@shop/core';
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { buttonClass } from '../../../components/button.ts';
import { CloseIcon } from '../../../components/icons/close.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { ModalFrame } from '../../../components/modal-frame.tsx';
import { useModalFocus } from '../../../components/use-modal-focus.ts';
import { formatPrice, variantText } from '../../../lib/format.ts';
import { selectCart } from '../cart-api.ts';

/** The width from which Add to Cart opens the mini cart instead of only a toast. */
const MINI_CART_MEDIA_QUERY = '(min-width: 768px)';

export function wantsMiniCart(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(MINI_CART_MEDIA_QUERY).matches;
}

export function MiniCart({ open, onClose }: { open: boolean; onClose: () => void }) {
  const cart = useAppSelector(selectCart);
  const navigate = useNavigate();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useModalFocus(open, panelRef, onClose);

  // While open, the toasts move to the left of the panel (index.css), so however many there
  // are ("Item added to cart" and an earlier one), none covers its heading, lines or buttons.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.dataset.miniCart = 'open';
    return () => {
      delete root.dataset.miniCart;
    };
  }, [open]);

  if (!open) return null;
  const lines = cart?.items ?? [];
  const count = cart?.itemCount ?? 0;

  return (
    <ModalFrame
      panelRef={panelRef}
      onClose={onClose}
      label={{ 'aria-labelledby': titleId }}
      layerClassName="flex items-start justify-end p-4 pt-24"
      backdropClassName="bg-ink/40"
      panelClassName="relative flex max-h-full w-full max-w-md translate-x-0 flex-col overflow-hidden rounded-2xl bg-paper opacity-100 shadow-2xl outline-none transition duration-300 ease-out starting:translate-x-8 starting:opacity-0"
    >
      <div className="flex items-center justify-between gap-4 border-b border-line px-6 py-5">
        <h2 id={titleId} className="font-display text-2xl">
          Your Cart{' '}
          <span className="align-middle font-sans text-sm font-normal text-muted">
            ({count} {count === 1 ? 'item' : 'items'})
          </span>
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close cart"
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-sand"
        >
          <CloseIcon size={20} />
        </button>
      </div>

      <ul className="min-h-0 flex-1 divide-y divide-line overflow-y-auto px-6" aria-label="Items in your cart">
        {lines.map((line) => (
          <li key={line._id} className="flex gap-4 py-4">
            <ItemImage src={line.product.image || line.product.images[0]} alt="" className="w-16" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium leading-snug">{line.product.name}</p>
              <p className="mt-1 text-xs text-muted">
                {variantText(line)} · Qty {line.quantity}
              </p>
            </div>
            <p className="text-sm font-semibold tabular-nums">{formatPrice(line.lineTotal)}</p>
          </li>
        ))}
      </ul>

      <div className="border-t border-line bg-white px-6 pt-5 pb-6">
        <p className="flex items-baseline justify-between text-base">
          <span className="font-medium">Subtotal</span>
          <span className="font-semibold tabular-nums">{formatPrice(cart?.totals.subtotal ?? 0)}</span>
        </p>
        <p className="mt-1 text-xs text-muted">
          {/* With prices that include GST nothing is added for it: only shipping and coupons change the total. */}
          {cart?.totals.gstIncluded
            ? `${INCLUSIVE_TAX_NOTE}. Shipping and coupons are worked out in the cart.`
            : 'Shipping, GST and coupons are worked out in the cart.'}
        </p>
        <div className="mt-5 grid gap-3">
          <button
            type="button"
            className={buttonClass('primary', 'lg', 'w-full')}
            onClick={() => {
              onClose();
              navigate('/cart');
            }}
          >
            View Cart
          </button>
          <button type="button" className={buttonClass('secondary', 'md', 'w-full')} onClick={onClose}>
            Continue Shopping
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}
